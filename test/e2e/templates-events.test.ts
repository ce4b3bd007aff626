// The templates for events, international payouts and dunning, imported into a real n8n as they are
// (only the credential id, and for the trigger its webhook id, pointed at this run's).
import { randomUUID } from 'crypto';

import { SEED } from '../../sandbox/core/seed';
import { readExample, withCredential, type Workflow } from '../../tools/n8n/examples';
import type { TestSandbox } from '../helpers/sandbox';
import { clientNamed, declinedTransfer, issueInvoice, payInvoice } from './helpers/bank';
import { runFromEditor } from './helpers/manualRun';
import { useBankInN8n } from './helpers/bankInN8n';
import { describeInN8n, type E2eN8n, waitFor, type ExecutionOutput } from './helpers/n8n';
import { clearRequestLog, requestsTo } from './helpers/sandbox';

jest.setTimeout(10 * 60_000);

describeInN8n('templates: dunning, international payout, events', (state) => {
	let sandbox: TestSandbox;
	let n8n: E2eN8n;
	let credential: { id: string; name: string };
	let activeWorkflow: string | undefined;

	const template = (file: string): Workflow => withCredential(readExample(file), credential);

	// Declared first so that it runs before the sandbox closes (jest runs afterAll hooks in order).
	afterAll(async () => {
		if (activeWorkflow) await n8n.client.publicApi('POST', `/workflows/${activeWorkflow}/deactivate`, {}).catch(() => undefined);
	});

	useBankInN8n(state, 'Business Banking (e2e templates)', (parts) => ({ n8n, sandbox, credential } = parts));

	describe('dunning-overdue-invoices.json', () => {
		it('lists overdue unpaid invoices per client with decimal totals, one reminder each, and only reads', async () => {
			const editions = await clientNamed(sandbox, 'Éditions Côte d’Azur SARL');
			const jeanne = await clientNamed(sandbox, 'Jeanne Dupont');
			const past = { issueDate: '2025-01-02', dueDate: '2025-02-01' };
			// 100.10 + 200.20 and 0.10 + 0.20: sums a float would get wrong (300.29999…, 0.30000…4).
			await issueInvoice(sandbox, editions.id, { number: 'DUN-1', amount: '100.10', ...past });
			await issueInvoice(sandbox, editions.id, { number: 'DUN-2', amount: '200.20', issueDate: '2025-03-01', dueDate: '2025-03-31' });
			await issueInvoice(sandbox, jeanne.id, { number: 'DUN-3', amount: '0.10', ...past });
			await issueInvoice(sandbox, jeanne.id, { number: 'DUN-4', amount: '0.20', ...past });
			// Not overdue: due in the future, or already paid.
			await issueInvoice(sandbox, editions.id, { number: 'DUN-5', amount: '999.00', issueDate: '2025-01-02', dueDate: '2099-12-31' });
			await payInvoice(sandbox, (await issueInvoice(sandbox, jeanne.id, { number: 'DUN-6', amount: '55.00', ...past })).id);

			const workflowId = await n8n.importWorkflow(template('dunning-overdue-invoices.json'));
			await clearRequestLog(sandbox);
			const run = await n8n.executeOk(workflowId);

			const lines = run.items('Overdue, per client');
			expect(lines.map((line) => [line.client, line.currency, line.invoice_count, line.total_due, line.oldest_due_date])).toEqual([
				['Éditions Côte d’Azur SARL', 'EUR', 2, '300.30', '2025-02-01'],
				['Jeanne Dupont', 'EUR', 2, '0.30', '2025-02-01'],
			]);
			expect((lines[0].invoices as Array<{ number: string; amount_due: string }>).map((invoice) => [invoice.number, invoice.amount_due])).toEqual([
				['DUN-1', '100.10'],
				['DUN-2', '200.20'],
			]);
			const reminders = run.items('Reminder e-mail');
			expect(reminders.map((reminder) => [reminder.to, reminder.subject])).toEqual([
				[editions.email, 'Payment reminder: 300.30 EUR overdue'],
				[jeanne.email, 'Payment reminder: 0.30 EUR overdue'],
			]);
			expect(String(reminders[1].text)).toMatch(/^Jeanne Dupont: 2 overdue invoice\(s\) \(DUN-3, DUN-4\), 0\.30 EUR due, the oldest since 2025-02-01 \(\d+ days\)\.$/);

			const sent = await requestsTo(sandbox, '', '/*'); // every method, every path
			expect(sent.map((request) => request.method)).toEqual(sent.map(() => 'GET'));
			expect(sent.map((request) => [request.path, request.query['filter[status]']])).toContainEqual(['/v2/client_invoices', 'unpaid']);
		});
	});

	describe('international-payout.json', () => {
		const transfersPosted = () => requestsTo(sandbox, 'POST', '/v2/international/transfers');
		const beneficiariesPosted = () => requestsTo(sandbox, 'POST', '/v2/international/beneficiaries');
		const quotesPosted = () => requestsTo(sandbox, 'POST', '/v2/international/quotes');
		/** Its Data tables need the server: run as from the editor's Execute workflow. */
		async function runPayout(workflowId: string) {
			const run = await runFromEditor(n8n, workflowId, 'Run now');
			expect({ status: run.status, error: run.error }).toEqual({ status: 'success', error: undefined });
			return run;
		}
		let firstTransfer: Record<string, unknown> | undefined;

		it('runs as imported: quote, beneficiary from the form, transfer keyed by the payout id, result recorded', async () => {
			const workflowId = await n8n.importWorkflow(template('international-payout.json'));
			await clearRequestLog(sandbox);
			const run = await runPayout(workflowId);

			const [quote] = (await quotesPosted()).map((request) => request.body as Record<string, unknown>);
			expect(quote).toEqual({ source_currency: 'EUR', target_currency: 'GBP', source_amount: { value: '1000.00', currency: 'EUR' } });
			const [beneficiary] = await beneficiariesPosted();
			expect(beneficiary.body).toMatchObject({
				payload: {
					currency: 'GBP',
					type: 'sort_code',
					details: { accountHolderName: 'Thames Tooling Ltd', sortCode: '401276', accountNumber: '31926819', address: { country: 'GB', city: 'London', postCode: 'EC1A 1BB', firstLine: '12 King Street' } },
				},
			});
			const transfers = await transfersPosted();
			expect(transfers).toHaveLength(1);
			expect(transfers[0].status).toBe(201);
			expect(transfers[0].body).toMatchObject({ source_amount: { value: '1000.00', currency: 'EUR' }, details: { reference: 'INV 2026-117', sourceOfFunds: 'business_revenue' } });

			const [made] = run.items('Create transfer');
			const [recorded] = run.items('Record payout');
			expect(recorded).toMatchObject({
				payout_id: 'PAYOUT-2026-0001',
				payee_key: 'SUPPLIER-0042',
				transfer_id: made.id,
				beneficiary_id: (await sandbox.api('fr').get(`/v2/international/transfers/${String(made.id)}`)).data.transfer.beneficiary_id,
				status: 'TRANSACTION_STATUS_PROCESSING',
				source_amount: '1000.00',
				source_currency: 'EUR',
				target_currency: 'GBP',
				quote_renewed: 'false',
			});
			expect(recorded.target_amount).toMatch(/^\d+\.\d{2}$/);
			firstTransfer = made;
		});

		it('run again on the same rows: the recorded payout is skipped, nothing is sent to the bank', async () => {
			expect(firstTransfer).toBeDefined();
			const workflowId = await n8n.importWorkflow(template('international-payout.json'));
			await clearRequestLog(sandbox);
			const run = await runPayout(workflowId);
			expect(run.items('Payouts')).toHaveLength(1);
			expect(run.items('Not paid yet')).toEqual([]);
			expect(await quotesPosted()).toEqual([]);
			expect(await beneficiariesPosted()).toEqual([]);
			expect(await transfersPosted()).toEqual([]);
		});

		it('a new payout to the same payee finds the saved beneficiary; a quote about to expire is replaced before the transfer', async () => {
			expect(firstTransfer).toBeDefined();
			const workflow = template('international-payout.json');
			const rows = workflow.nodes.find((node) => node.name === 'Payouts');
			const check = workflow.nodes.find((node) => node.name === 'Quote still valid?');
			const code = String(rows?.parameters.jsCode);
			const condition = JSON.stringify(check?.parameters);
			expect(code).toContain("'PAYOUT-2026-0001'");
			expect(condition).toContain('minutes: 2 }');
			rows!.parameters.jsCode = code.replace("'PAYOUT-2026-0001'", "'PAYOUT-2026-0002'");
			// Quotes live 30 minutes: asking for 45 left makes every quote count as about to expire.
			check!.parameters = JSON.parse(condition.replace('minutes: 2 }', 'minutes: 45 }'));

			const workflowId = await n8n.importWorkflow(workflow);
			await clearRequestLog(sandbox);
			const run = await runPayout(workflowId);

			expect(await beneficiariesPosted()).toEqual([]);
			const quotes = run.items('Get quote').concat(run.items('Get new quote')).map((item) => (item.quote as { id: string }).id);
			expect(await quotesPosted()).toHaveLength(2);
			const transfers = await transfersPosted();
			expect(transfers).toHaveLength(1);
			expect((transfers[0].body as { quote_id: string }).quote_id).toBe(quotes[1]);
			expect((transfers[0].body as { beneficiary_id: string }).beneficiary_id).toBe(firstTransfer?.beneficiary_id);
			expect(transfers[0].headers['x-service-idempotency-key']).not.toBe(undefined);
			expect(run.items('Record payout')).toEqual([expect.objectContaining({ payout_id: 'PAYOUT-2026-0002', quote_id: quotes[1], status: 'TRANSACTION_STATUS_PROCESSING' })]);
		});
	});

	describe('paid-and-declined.json', () => {
		let workflowId: string;

		/** Which of the template's end nodes each successful execution reached, with their output. */
		async function outcomes(count: number): Promise<Array<{ ended: string; json: Record<string, unknown> }>> {
			const ends = ['Notify finance: invoice paid', 'Notify payments: transfer declined', 'Notify admin: reconnect the credential', 'Ignore other events'];
			const runs = await waitFor(`${count} executions of the events template`, async () => {
				const found = (await n8n.executions(workflowId)).filter((execution) => execution.status === 'success');
				return found.length >= count ? found : undefined;
			});
			return runs.map((execution) => {
				const runData = (execution.data as ExecutionOutput['raw']['data']).resultData.runData;
				const ended = ends.filter((name) => runData[name]);
				expect(ended).toHaveLength(1);
				return { ended: ended[0], json: runData[ended[0]][0].data?.main[0]?.[0]?.json ?? {} };
			});
		}

		it('routes a paid invoice, a declined transfer and a revoked consent; a replayed delivery runs nothing twice', async () => {
			const workflow = template('paid-and-declined.json');
			const webhookId = randomUUID();
			workflow.nodes = workflow.nodes.map((node) => (node.webhookId ? { ...node, webhookId } : node));
			workflowId = await n8n.importWorkflow(workflow);
			await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
			activeWorkflow = workflowId;
			const subscription = await waitFor('the subscription at the sandbox', async () => {
				const found = (await sandbox.api('fr').get('/v2/webhook_subscriptions')).data.webhook_subscriptions as Array<{ types: string[] }>;
				return found[0];
			});
			expect(subscription.types.sort()).toEqual(['v1/client-invoices', 'v1/consent-revocations', 'v1/transactions']);

			// Five events: invoice issued (ignored), invoice paid, transfer created (ignored), transfer declined, consent revoked.
			const client = await clientNamed(sandbox, 'Éditions Côte d’Azur SARL');
			const invoice = await issueInvoice(sandbox, client.id, { number: 'EVT-2026-0042', amount: '1250.40', issueDate: '2026-01-10', dueDate: '2026-02-10' });
			await payInvoice(sandbox, invoice.id);
			const transfer = await declinedTransfer(sandbox, 'Supplier run 2026-07', '310.25');
			// The bank delivers the revocation twice (at-least-once delivery): the trigger drops the repeat.
			const revocation = await sandbox.http.post('/sandbox/events', {
				organization_id: SEED.organizations.fr,
				type: 'v1/consent-revocations',
				data: { membership_id: randomUUID(), revoked_at: new Date().toISOString() },
				duplicate: true,
			});
			expect(revocation.status).toBe(201);
			const deliveries = await waitFor('both deliveries of the revocation', async () => {
				const found = (await sandbox.http.get('/sandbox/deliveries', { params: { event_id: revocation.data.event.id } })).data.deliveries as Array<{ status_code: number }>;
				return found.length >= 2 ? found : undefined;
			});
			expect(deliveries.map((delivery) => delivery.status_code)).toEqual([200, 200]);

			const seen = await outcomes(5);
			// Give a sixth execution (the replay) time to show up, should there be one.
			await new Promise((resolve) => setTimeout(resolve, 3000));
			expect(await n8n.executions(workflowId)).toHaveLength(5);
			const by = (ended: string) => seen.filter((outcome) => outcome.ended === ended).map((outcome) => outcome.json);

			expect(by('Ignore other events')).toHaveLength(2);
			expect(by('Notify finance: invoice paid')).toEqual([{ to: 'finance', text: 'Invoice EVT-2026-0042 from Éditions Côte d’Azur SARL is paid: 1250.40 EUR.' }]);
			expect(by('Notify payments: transfer declined')).toEqual([
				{ to: 'payments', text: `Transfer "Supplier run 2026-07" of 310.25 EUR was declined (${transfer.declined_reason}). Check the beneficiary and pay again.` },
			]);
			expect(transfer.declined_reason).toBe('beneficiary_bic_invalid');
			expect(by('Notify admin: reconnect the credential')).toEqual([
				expect.objectContaining({ to: 'n8n admin', organization_id: SEED.organizations.fr, text: expect.stringContaining('clicks Connect my account again') }),
			]);

			const rows = (await n8n.executions(workflowId)).flatMap((execution) => execution.data?.resultData.runData['Payment log row']?.[0]?.data?.main[0] ?? []);
			expect(rows.map((row) => row.json)).toEqual([
				expect.objectContaining({ invoice_number: 'EVT-2026-0042', client: 'Éditions Côte d’Azur SARL', amount: '1250.40', currency: 'EUR', invoice_id: invoice.id }),
			]);
		});
	});
});
