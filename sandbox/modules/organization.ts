import type { SandboxModule } from '../module';
import { organizationId } from '../core/guard';

/** GET /organization: the credential test call and the source of bank-account pickers. */
export const organizationModule: SandboxModule = {
	name: 'organization',
	register(app, ctx) {
		app.get('/organization', { config: { scope: 'organization.read' } }, async (request) => {
			const organization = ctx.organization(organizationId(request));
			return {
				organization: {
					id: organization.id,
					slug: organization.slug,
					legal_name: organization.legal_name,
					legal_country: organization.legal_country,
					bank_accounts: ctx.bankAccounts.list(organization.id),
				},
			};
		});
	},
};
