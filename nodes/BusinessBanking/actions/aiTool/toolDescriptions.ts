import type { INodeProperties } from 'n8n-workflow';

import { OPERATION_CLASSES, type OperationClass } from '../operationClasses';

/**
 * What an AI agent's model reads about each operation when the node is its tool: what it does,
 * what it needs and where the ids come from, what it returns. Money is a decimal string with a
 * currency ("120.50" EUR), dates are ISO dates (YYYY-MM-DD). The class sentence is added from
 * OPERATION_CLASSES (below), so a money-moving operation always carries its caution.
 */
export const TOOL_DESCRIPTIONS: Record<string, string> = {
	'client.create':
		'Creates a client (a customer you invoice): a company (name) or an individual (first and last name), with optional e-mail, addresses, VAT number and currency. Returns the new client with its id, which Client Invoice › Create and Direct Debit need.',
	'client.update':
		'Changes fields of an existing client (name, e-mail, addresses, VAT number…). Needs the client id (from Client › Get Many or Get). Returns the updated client.',
	'client.get': 'Gets one client by its id (from Client › Get Many). Returns its name, e-mail, addresses, VAT and tax numbers and currency.',
	'client.getMany':
		'Lists clients, newest first unless sorted; filter by name, e-mail, VAT number, tax id or last update (ISO dates). Returns one result per client with its id, to use in other tools. Set a limit: results are capped.',
	'clientInvoice.create':
		'Creates an invoice to a client, as a draft unless the workflow’s author allowed issuing. Needs the client id (from Client › Get Many), issue and due dates (YYYY-MM-DD), the currency (e.g. EUR), the IBAN to be paid on (one of the organization’s own accounts, from Business Account › Get Many) and the lines: title, quantity, unit price as a decimal string ("120.50") and VAT rate as a fraction ("0.2" is 20 %). Returns the invoice with its id, status and totals.',
	'clientInvoice.update':
		'Changes a draft invoice: lines, dates (YYYY-MM-DD), client, the IBAN to be paid on (only one of the organization’s own accounts), notes. Needs the invoice id (from Client Invoice › Get Many). Only drafts can change. Returns the updated invoice.',
	'clientInvoice.get': 'Gets one client invoice by its id (from Client Invoice › Get Many). Returns its number, status, client, dates, lines and totals (decimal strings with a currency).',
	'clientInvoice.getMany':
		'Lists client invoices; filter by client id, status (draft, unpaid, paid) or creation date (YYYY-MM-DD). Returns one result per invoice with id, number, status, total and due date. Set a limit: results are capped.',
	'clientInvoice.finalize':
		'Finalizes a draft invoice: it gets its legal number, is sent for payment and can no longer be changed or deleted. Needs the invoice id of a draft (from Client Invoice › Get Many, status draft). Returns the finalized invoice.',
	'clientInvoice.downloadFacturX':
		'Gets the Factur-X PDF (and optionally its embedded XML) of a finalized invoice. Needs the invoice id. Returns the invoice and, under files, the name, type and size of each file; a model cannot read the files themselves.',
	'clientInvoice.upload':
		'Uploads a PDF already in the workflow (a binary field of the input item, named by the workflow) as an invoice document. Returns the upload id, which Client Invoice › Create can attach.',
	'attachment.get': 'Gets an attachment (e.g. of a transfer or supplier invoice) by its id, found on that record. Returns its file name, type, size and a temporary download link.',
	'bankAccount.create': 'Opens a new business account (a sub-account) with the given name. Returns the account with its id and IBAN.',
	'bankAccount.update': 'Renames a business account. Needs the account id (from Business Account › Get Many). Returns the updated account.',
	'bankAccount.getMany':
		'Lists the organization’s business accounts with their id, name, IBAN, status and balance (decimal strings with a currency). Use it to find the IBAN to pay from or an account id.',
	'externalTransfer.create':
		'Sends a SEPA transfer to an existing beneficiary. Needs the beneficiary id, the IBAN of your account to pay from (from Business Account › Get Many), the amount as a decimal string ("120.50"), the currency (EUR) and a reference; optionally a scheduled date (YYYY-MM-DD). The payee is verified first. Returns the transfer with its id and status.',
	'externalTransfer.get': 'Gets one external transfer by its id (from the transfer’s creation). Returns its status, amount (decimal string with a currency), beneficiary and dates.',
	'externalTransfer.verifyPayee':
		'Checks that an IBAN belongs to the named payee before paying (Verification of Payee). Needs the IBAN and the beneficiary’s name. Returns the match result (match, close match with the suggested name, no match). Sends no money.',
	'internationalBeneficiary.create':
		'Creates an international beneficiary (someone you can pay abroad). Needs a quote id (from International Transfer › Get Quote), the currency, the account type and the account details the requirements ask for (International Beneficiary › Get Requirements). Returns the beneficiary and its target account id.',
	'internationalBeneficiary.update':
		'Changes the account details of an international beneficiary. Needs its id, a quote id (from Get Quote), the currency, the account type and the details the requirements ask for. Returns the updated beneficiary.',
	'internationalBeneficiary.getRequirements':
		'Lists the account types and the details a beneficiary needs for a quote (fields, labels, allowed values). Needs a quote id (from International Transfer › Get Quote). Returns the forms to fill in.',
	'internationalTransfer.create':
		'Sends money abroad on a quote. Needs the quote id (from Get Quote), the international beneficiary id and its target account id (from International Beneficiary › Create), the source and target amounts as decimal strings with their currencies (those of the quote) and the details the requirements ask for. Returns the transfer with its id and status.',
	'internationalTransfer.getQuote':
		'Prices an international transfer: source and target currency (e.g. EUR → USD), which side is fixed and the amount as a decimal string ("1000.00"). Returns the quote with its id, rate, fees and both amounts; the id is what beneficiaries and transfers need.',
	'internationalTransfer.getRequirements':
		'Lists the details a transfer on a quote to a beneficiary needs (e.g. its purpose). Needs the quote id (from Get Quote) and the international beneficiary id. Returns the fields to fill in.',
	'directDebit.createMandate':
		'Creates a SEPA direct-debit mandate for a client, optionally e-mailing the signature request. Needs the client id (from Client › Get Many). Returns the mandate with its id and status.',
	'directDebit.createSubscription':
		'Sets up direct-debit collections from a client: once or recurring. Needs the client id (from Client › Get Many), the business account id to collect to (from Business Account › Get Many), the amount as a decimal string ("49.90"), the first collection date (YYYY-MM-DD), a reference and a mandate (new or an existing mandate id). Returns the subscription with its id.',
	'supplierInvoice.get': 'Gets one supplier invoice by its id (from Supplier Invoice › Get Many). Returns its supplier, number, status, amounts (decimal strings with a currency) and dates.',
	'supplierInvoice.getMany':
		'Lists supplier invoices (bills you received), optionally only some statuses (to_review, paid). Returns one result per invoice with id, supplier, total and due date. Set a limit: results are capped.',
	'supplierInvoice.markAsPaid':
		'Records a supplier invoice as paid on a date (YYYY-MM-DD), e.g. paid outside the bank. Needs the supplier invoice id (from Supplier Invoice › Get Many). Returns the updated invoice.',
	'card.get': 'Gets one card by its id. Returns its holder, status, limits and restrictions (active days, merchant categories).',
	'card.updateRestrictions':
		'Changes where and when a card can pay: the days of the week it is active and the merchant categories it may pay. Needs the card id. Returns the card’s new restrictions.',
	'insuranceContract.create':
		'Records an insurance contract for the organization: name, the provider’s contract id and slug, type, status, start date (YYYY-MM-DD), payment frequency and price as a decimal string with a currency. Returns the contract with its id.',
	'webhookSubscription.get': 'Gets a webhook subscription by its id. Returns its callback URL, the events it sends and whether it is enabled (no secrets).',
	'webhookSubscription.updatePartnerEndpoint':
		'Changes where a partner webhook endpoint sends events (callback URL) and whether it is enabled. Needs the endpoint id. Returns the updated endpoint.',
};

/** The sentence each class adds; the money-moving one tells the model why a call may be refused. */
export const CLASS_SENTENCES: Record<OperationClass, string> = {
	read: 'Read-only: changes nothing.',
	write: 'Changes records (moves no money; can be changed back).',
	moneyMoving:
		'Moves money, decides who gets paid or cannot be undone: needs a person’s approval, and is refused unless the workflow’s author allowed an AI agent to run it on this node; a refusal says why and nothing is sent.',
};

/** The description the model reads for one operation: the table's text and its class' sentence. */
export function toolDescriptionOf(resource: string, operation: string): string {
	const text = TOOL_DESCRIPTIONS[`${resource}.${operation}`];
	const kind = OPERATION_CLASSES[resource]?.[operation];
	if (!text || !kind) throw new Error(`No tool description for ${resource}.${operation}`);
	return `${text} ${CLASS_SENTENCES[kind]}`;
}

/**
 * n8n's "Description" field of the tool, one per operation, shown only on the node's `…Tool`
 * variant ('@tool'): its default is the operation's description, so that is what the model reads
 * until the author writes another. n8n adds its own generic field only when a node has none.
 */
export function toolDescriptionFields(): INodeProperties[] {
	return Object.entries(OPERATION_CLASSES).flatMap(([resource, operations]) =>
		Object.keys(operations).map(
			(operation): INodeProperties => ({
				displayName: 'Tool Description',
				name: 'toolDescription',
				type: 'string',
				default: toolDescriptionOf(resource, operation),
				typeOptions: { rows: 4 },
				displayOptions: { show: { '@tool': [true], resource: [resource], operation: [operation] } },
				description: 'What the AI agent’s model reads about this tool: what it does, what it needs, what it returns. Left empty, n8n falls back to its generic one: the operation’s name followed by “in Business Banking”.',
			}),
		),
	);
}
