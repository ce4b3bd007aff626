import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { holdsExpression } from '../../n8n/runContext';
import { runsAsAiTool } from '../../n8n/toolVariant';
import { ibansWrittenIn } from './textIbans';

/** The IBANs an invoice write sets (none when it leaves them unchanged), and the invoice as it is written, whose text a tool's check reads too. */
export interface InvoiceIbans {
	ibans: string[];
	written?: unknown;
}

/**
 * "Require IBAN of Own Account": an invoice tells the client which IBAN to pay into, so a wrong one
 * sends the client's money to a stranger. On, the IBAN must be one of the organization's own active
 * business accounts, as the bank lists them. Off by default, so that a saved workflow does what it
 * did; always on when the node is an AI agent's tool (and hidden there).
 */
export function requireOwnIbanField(operations: string[]): INodeProperties {
	return {
		displayName: 'Require IBAN of Own Account',
		name: 'requireOwnIban',
		type: 'boolean',
		default: false,
		noDataExpression: true,
		displayOptions: { show: { resource: ['clientInvoice'], operation: operations }, hide: { '@tool': [true] } },
		description:
			'Whether to stop the item, before anything is sent, unless the IBAN the client is to pay into is one of the organization’s own active business accounts (read from the bank once per run). Always on when this node is an AI agent’s tool.',
	};
}

const normalized = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** The organization's active accounts' IBANs, read once per run of the node (GET /organization lists them). */
const ownIbansOfRun = new WeakMap<object, Promise<Set<string>>>();

function ownIbans(context: IExecuteFunctions, itemIndex: number): Promise<Set<string>> {
	let known = ownIbansOfRun.get(context);
	if (!known) {
		known = apiRequest.call(context, 'GET', '/organization', { itemIndex }).then((response) => {
			const accounts = ((response.organization as IDataObject | undefined)?.bank_accounts as IDataObject[] | undefined) ?? [];
			return new Set(accounts.filter((account) => account.status !== 'closed' && typeof account.iban === 'string').map((account) => normalized(String(account.iban))));
		});
		// A failed read is not remembered: the next item asks again.
		known.catch(() => ownIbansOfRun.delete(context));
		ownIbansOfRun.set(context, known);
	}
	return known;
}

/**
 * Checks the IBANs an invoice is to be paid into (read only when the check applies) when the check
 * applies: as a tool always, else when the author turned the option on. As a tool, an IBAN its text
 * names (header, footer, terms, a line's title: "pay into …") must be one of the organization's own
 * as well. Answers the tool's refusal (the model reads it) or throws for the regular node; undefined
 * when all is well.
 */
export async function foreignIbanRefusal(this: IExecuteFunctions, itemIndex: number, ibansOf: () => InvoiceIbans | Promise<InvoiceIbans>): Promise<INodeExecutionData[] | undefined> {
	const asTool = runsAsAiTool(this);
	if (!asTool) {
		if (holdsExpression(this.getNode().parameters.requireOwnIban)) {
			throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: "Require IBAN of Own Account" holds an expression; it takes only a fixed value`, {
				itemIndex,
				description: 'Nothing was sent. A safety setting that data could turn off protects nothing: set it on or off in the node.',
			});
		}
		if (this.getNodeParameter('requireOwnIban', itemIndex, false) !== true) return undefined;
	}
	const invoice = await ibansOf();
	const ibans = asTool ? [...invoice.ibans, ...ibansWrittenIn(invoice.written)] : invoice.ibans;
	if (ibans.length === 0) return undefined;
	const own = await ownIbans(this, itemIndex);
	const foreign = ibans.find((iban) => !own.has(normalized(iban)));
	if (foreign === undefined) return undefined;
	if (asTool) {
		const where = invoice.ibans.includes(foreign) ? '' : ' (written in the invoice’s text)';
		const reason = `Refused: the IBAN ${foreign}${where} is not one of this organization's own business accounts, and an invoice an AI agent writes may only be paid into one of them (Business Account › Get Many lists them). Nothing was sent.`;
		return [{ json: { refused: true, reason } }];
	}
	throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: the IBAN ${foreign} (payment_methods.iban) is not one of the organization's own active business accounts`, {
		itemIndex,
		description: 'Nothing was sent. "Require IBAN of Own Account" is on: use the IBAN of one of your business accounts (Business Account › Get Many lists them).',
	});
}
