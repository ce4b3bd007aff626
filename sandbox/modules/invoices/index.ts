import type { SandboxModule } from '../../module';
import { registerInvoiceControls } from './controls';
import { resumeFacturx } from './documents';
import { registerFileRoutes } from './files';
import { registerInvoiceRoutes } from './routes';
import { invoiceState } from './state';

/**
 * Client invoices (create, update drafts, get, list, finalize), their PDFs and Factur-X swap,
 * attachments, uploads, and the pay control.
 */
export const invoicesModule: SandboxModule = {
	name: 'invoices',
	async register(app, ctx) {
		const state = invoiceState(ctx);
		// Pending Factur-X timers must not outlive the server.
		app.addHook('onClose', async () => state.cancelTimers());
		ctx.onRestore(() => resumeFacturx(ctx, state));
		registerInvoiceRoutes(app, ctx, state);
		registerInvoiceControls(app, ctx, state);
		await registerFileRoutes(app, ctx, state);
	},
};
