import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runNode } from '../helpers/engine/runNode';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, createParameters, out, type Out } from './invoiceFixtures';

/**
 * The sandbox of an invoice node test file (kept across its tests), a client of the French
 * organization created before them (read `client.id` inside hooks and tests only), and the node's
 * runs against it: the node's answer with what the sandbox received from it.
 */
export function useInvoiceSandbox() {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	const client = { id: '' };
	beforeAll(async () => {
		client.id = await createClient(sandbox);
	});

	/** Every write to invoices the sandbox received. */
	const invoiceWrites = () => sandbox.ctx.requests.all().filter((r) => r.path.startsWith('/v2/client_invoices') && r.method !== 'GET');

	/** Runs the node and returns what the sandbox received from it. */
	async function run(parameters: INodeParameters, options: { items?: IDataObject[]; continueOnFail?: boolean; organization?: 'fr' | 'it' | 'es'; typeVersion?: number } = {}) {
		const seqBefore = sandbox.ctx.requests.all().at(-1)?.seq ?? 0;
		const result = await runNode({
			sandbox,
			node: { parameters, continueOnFail: options.continueOnFail, typeVersion: options.typeVersion },
			items: options.items,
			credentialOptions: { organization: options.organization ?? 'fr' },
		});
		const sent = sandbox.ctx.requests.all().filter((r) => r.seq > seqBefore);
		return { ...result, sent };
	}

	/** A draft invoice of the file's client, created by the node. */
	async function draftInvoice(overrides: Record<string, unknown> = {}): Promise<Out> {
		const { items, error } = await run(createParameters(client.id, { status: 'draft', ...overrides }));
		expect(error).toBeUndefined();
		return out(items[0]);
	}

	return { sandbox, client, invoiceWrites, run, draftInvoice };
}
