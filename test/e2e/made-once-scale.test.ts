// Issue 42 in a real n8n 2.x (regular mode, n8n's SQLite, the packed package installed as users install
// it): a saved workflow pays 3 × 1,000 transfers from its production webhook, then the first 1,000 again
// once the bank has forgotten its keys (its clock 31 minutes on), then the latest 1,000 again: none paid
// twice, and a repeat takes less time than the first run. Figures as `[e2e made once]` lines.
import { randomUUID } from 'crypto';
import axios from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { transferByRow } from '../helpers/paymentParameters';
import type { TestSandbox } from '../helpers/sandbox';
import { useBankInN8n } from './helpers/bankInN8n';
import { describeInN8n, waitFor, type E2eN8n } from './helpers/n8n';
import { paymentWorkflow } from './helpers/paymentWorkflow';

jest.setTimeout(15 * 60_000);

const figure = (scenario: string, values: Record<string, unknown>) => process.stderr.write(`\n[e2e made once] ${scenario}: ${JSON.stringify(values)}\n`);

describeInN8n('a payment run of 1,000 transfers is made once in a real n8n, however it is repeated', (state) => {
	let sandbox: TestSandbox;
	let n8n: E2eN8n;
	let credential: { id: string; name: string };
	useBankInN8n(state, 'Business Banking (e2e made once at scale)', (parts) => ({ n8n, sandbox, credential } = parts));

	const atBank = () => {
		const references = externalTransfers(sandbox.ctx).list(SEED.organizations.fr).map((transfer) => transfer.reference);
		return { count: references.length, paidTwice: references.length - new Set(references).size };
	};

	it('3 × 1,000 new, then the first 1,000 after the bank forgot its keys, then the latest 1,000: 3,000 at the bank, none twice, repeats faster', async () => {
		const path = `made-once-scale-${randomUUID()}`;
		const workflowId = await n8n.importWorkflow(paymentWorkflow('Made once: 1,000 transfers a batch', path, transferByRow(), credential));
		await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
		/** One batch through the production webhook; the webhook answers when the workflow has run. */
		const pay = async (batch: string) => {
			// Once activated, the production webhook answers within moments (a call of 0 rows pays nothing).
			await waitFor('the workflow\'s production webhook', async () => ((await axios.get(`${n8n.url}/webhook/${path}`, { params: { batch: 'none', count: 0 }, validateStatus: () => true })).status === 404 ? undefined : true));
			const started = Date.now();
			const response = await axios.get(`${n8n.url}/webhook/${path}`, { params: { batch, count: 1000 }, timeout: 600_000, validateStatus: () => true });
			const seconds = (Date.now() - started) / 1000;
			expect({ batch, status: response.status, body: response.data }).toMatchObject({ batch, status: 200 });
			return { seconds, first: response.data as Record<string, unknown> };
		};

		const runs: Record<string, number> = {};
		for (const batch of ['A', 'B', 'C']) runs[`new ${batch}`] = (await pay(batch)).seconds;
		expect(atBank()).toEqual({ count: 3000, paidTwice: 0 });

		await sandbox.http.post('/sandbox/clock/advance', { seconds: 31 * 60 });
		const againA = await pay('A');
		runs['A again, bank clock +31 min'] = againA.seconds;
		expect(againA.first._madeEarlier).toBeDefined();
		const againC = await pay('C');
		runs['C again'] = againC.seconds;
		expect(againC.first._madeEarlier).toBeDefined();
		expect(atBank()).toEqual({ count: 3000, paidTwice: 0 });
		expect(againC.seconds).toBeLessThan(runs['new C']);
		figure('1,000 a batch', { seconds: runs, least_seconds_at_the_service_limit: 20, at_bank: atBank() });
	});
});
