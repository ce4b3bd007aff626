import type { SandboxModule } from '../../module';
import { registerAuthorize } from './authorize';
import { PendingAuthorizations } from './pending';
import { registerToken } from './token';

export { SANDBOX_REGISTRATION_IDS } from './registrations';

/** The authorization server: consent pages at /oauth2/auth, the token endpoint at /oauth2/token. */
export const oauthModule: SandboxModule = {
	name: 'oauth',
	register(app, ctx) {
		const pending = new PendingAuthorizations(ctx.clock, ctx.storedMap('pending_authorizations'));
		ctx.onReset(() => pending.clear());
		registerAuthorize(app, ctx, pending);
		registerToken(app, ctx);
	},
};
