/**
 * Every OAuth scope of docs/assumptions.md, in one place: the credential asks for all of them and the
 * sandbox grants all of them to a freshly consented token.
 */
export const ALL_SCOPES = [
	'offline_access',
	'organization.read',
	'clients.read',
	'clients.write',
	'client_invoices.read',
	'client_invoices.write',
	'attachments.read',
	'transfers.write',
	'international_transfers.write',
	'bank_accounts.write',
	'sepa_direct_debit.write',
	'supplier_invoices.write',
	'cards.write',
	'insurance_contracts.write',
	'webhooks.read',
	'webhooks.write',
] as const;
