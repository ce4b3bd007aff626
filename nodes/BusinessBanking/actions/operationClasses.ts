/**
 * What each operation does to the organization, in one table that the node (as an AI agent's tool),
 * the docs (docs/ai-agents.md, checked against this table by a test) and the tests read.
 * - read: looks only (lists, gets, quotes, requirements, payee checks, downloads);
 * - write: changes records that move no money and can be changed back (clients, uploads, account names);
 * - moneyMoving: moves money, commits to a payment, cannot be undone, or decides who gets paid: issues
 *   a document a client pays or sets an IBAN anyone is paid into (an invoice's create and update).
 */
export type OperationClass = 'read' | 'write' | 'moneyMoving';

export const OPERATION_CLASSES: Record<string, Record<string, OperationClass>> = {
	client: { create: 'write', update: 'write', get: 'read', getMany: 'read' },
	clientInvoice: {
		create: 'moneyMoving',
		update: 'moneyMoving',
		get: 'read',
		getMany: 'read',
		finalize: 'moneyMoving',
		downloadFacturX: 'read',
		upload: 'write',
	},
	attachment: { get: 'read' },
	bankAccount: { create: 'moneyMoving', update: 'write', getMany: 'read' },
	externalTransfer: { create: 'moneyMoving', get: 'read', verifyPayee: 'read' },
	internationalBeneficiary: { create: 'moneyMoving', update: 'moneyMoving', getRequirements: 'read' },
	internationalTransfer: { create: 'moneyMoving', getQuote: 'read', getRequirements: 'read' },
	directDebit: { createMandate: 'moneyMoving', createSubscription: 'moneyMoving' },
	supplierInvoice: { get: 'read', getMany: 'read', markAsPaid: 'moneyMoving' },
	card: { get: 'read', updateRestrictions: 'moneyMoving' },
	insuranceContract: { create: 'moneyMoving' },
	webhookSubscription: { get: 'read', updatePartnerEndpoint: 'moneyMoving' },
};

/** The class of an operation; an operation missing from the table is treated as money-moving. */
export function classOf(resource: string, operation: string): OperationClass {
	return OPERATION_CLASSES[resource]?.[operation] ?? 'moneyMoving';
}
