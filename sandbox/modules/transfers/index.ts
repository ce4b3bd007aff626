import type { SandboxModule } from '../../module';
import { externalTransfersModule } from './externalTransfers';
import { payeeVerificationModule } from './payeeVerification';

/** External transfers and the payee verification that precedes them. */
export const transfersModule: SandboxModule = {
	name: 'transfers',
	register(app, ctx) {
		payeeVerificationModule.register(app, ctx);
		externalTransfersModule.register(app, ctx);
	},
};
