import { randomBytes } from 'crypto';

import type { Organization, SandboxContext } from './context';

/** Fixed ids so that tests, examples and docs can name the seeded organizations. */
export const SEED = {
	userId: '0b6a3c1e-6a55-4d8e-9d43-1c3f8f0a0001',
	userEmail: 'owner@example.com',
	userPassword: 'sandbox',
	organizations: {
		fr: '7d2f5f0c-1b8e-4f6a-9a51-2b8c0f0a0f01',
		it: '7d2f5f0c-1b8e-4f6a-9a51-2b8c0f0a0f02',
		es: '7d2f5f0c-1b8e-4f6a-9a51-2b8c0f0a0f03',
		de: '7d2f5f0c-1b8e-4f6a-9a51-2b8c0f0a0f04',
	},
	defaultRedirectUris: ['http://localhost:5678/rest/oauth2-credential/callback'],
} as const;

const base: Omit<Organization, 'id' | 'slug' | 'legal_name' | 'legal_number' | 'legal_country'> = {
	address_line_1: '',
	address_line_2: null,
	address_zipcode: '',
	address_city: '',
	address_country: '',
	vat_number: null,
	tax_number: null,
	company_leadership: null,
	district_court: null,
	commercial_register_number: null,
	legal_capital_share: null,
	transaction_type: null,
	vat_payment_condition: null,
	automatic_numbering: false,
	einvoicing_activated: false,
	freelancer: false,
};

export function seedOrganizations(): Organization[] {
	return [
		{
			...base,
			id: SEED.organizations.fr,
			slug: 'atelier-lumiere',
			legal_name: 'Atelier Lumière SAS',
			legal_number: '552100554',
			legal_country: 'FR',
			address_line_1: '12 rue de la Paix',
			address_zipcode: '75002',
			address_city: 'Paris',
			address_country: 'FR',
			vat_number: 'FR44552100554',
		},
		{
			...base,
			id: SEED.organizations.it,
			slug: 'bottega-verdi',
			legal_name: 'Bottega Verdi S.r.l.',
			legal_number: '01234567890',
			legal_country: 'IT',
			address_line_1: 'Via Roma 1',
			address_zipcode: '20121',
			address_city: 'Milano',
			address_country: 'IT',
			vat_number: 'IT01234567890',
			einvoicing_activated: true,
		},
		{
			...base,
			id: SEED.organizations.es,
			slug: 'lucia-garcia-autonoma',
			legal_name: 'Lucía García',
			legal_number: '12345678Z',
			legal_country: 'ES',
			address_line_1: 'Calle Mayor 5',
			address_zipcode: '28013',
			address_city: 'Madrid',
			address_country: 'ES',
			vat_number: 'ES12345678Z',
			freelancer: true,
			automatic_numbering: true,
		},
		{
			...base,
			id: SEED.organizations.de,
			slug: 'kontor-nord',
			legal_name: 'Kontor Nord GmbH',
			legal_number: 'HRB 12345',
			legal_country: 'DE',
			address_line_1: 'Hafenstraße 7',
			address_zipcode: '20457',
			address_city: 'Hamburg',
			address_country: 'DE',
			vat_number: 'DE123456789',
			tax_number: '22/815/08150',
			company_leadership: 'Jan Nordmann',
			district_court: 'Amtsgericht Hamburg',
			commercial_register_number: 'HRB 12345',
		},
	];
}

/** The sandbox's one OAuth application, from the options (a stored sandbox keeps its own). */
export function seedApplication(ctx: SandboxContext): void {
	// Generated once per process and kept in the options: a reset keeps the credentials printed at start.
	const clientId = (ctx.options.clientId ??= `sandbox-${randomBytes(6).toString('hex')}`);
	const clientSecret = (ctx.options.clientSecret ??= randomBytes(24).toString('base64url'));
	ctx.applications.set(clientId, {
		clientId,
		clientSecret,
		name: 'n8n (sandbox application)',
		redirectUris: ctx.options.redirectUris ?? [...SEED.defaultRedirectUris],
		partnerId: 'partner-sandbox',
	});
}

/** The core seed: one application, one user who is a member of every seeded organization. */
export function seedCore(ctx: SandboxContext): void {
	seedApplication(ctx);
	const organizations = seedOrganizations();
	for (const [index, organization] of organizations.entries()) {
		ctx.organizations.set(organization.id, organization);
		ctx.bankAccounts.insert(organization.id, mainAccount(organization, index));
	}
	ctx.users.set(SEED.userId, {
		id: SEED.userId,
		email: SEED.userEmail,
		password: SEED.userPassword,
		name: 'Camille Owner',
		memberships: Object.fromEntries(
			organizations.map((o, index) => [o.id, `5e1f0000-0000-4000-8000-00000000000${index + 1}`]),
		),
	});
}

const IBANS: Record<Organization['legal_country'], string> = {
	FR: 'FR7630006000011234567890189',
	IT: 'IT60X0542811101000000123456',
	ES: 'ES9121000418450200051332',
	DE: 'DE89370400440532013000',
};

function mainAccount(organization: Organization, index: number) {
	return {
		id: `b1a0c0de-0000-4000-8000-00000000000${index + 1}`,
		name: 'Main account',
		organization_id: organization.id,
		status: 'active' as const,
		main: true,
		iban: IBANS[organization.legal_country],
		bic: 'QNTOFRP1XXX',
		currency: 'EUR',
		balance: 125000.5,
		balance_cents: 12500050,
		authorized_balance: '125000.50',
		authorized_balance_cents: 12500050,
		updated_at: '2026-01-01T00:00:00.000Z',
		is_external_account: false,
		account_number: 1000 + index,
	};
}
