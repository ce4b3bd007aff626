// The templates that wait for a person (a payment run approved on an n8n form) or serve one (a
// direct debit onboarding form), imported as they are into a real n8n and driven over HTTP as a
// browser would: what reached the sandbox is what is asserted.
import { readExample, withCredential } from '../../tools/n8n/examples';
import { seededSupplierInvoiceId, supplierInvoicesOf, type SupplierInvoice } from '../../sandbox/modules/supplierInvoices';
import { externalTransfers } from '../../sandbox/modules/transfers/store';
import { SEED } from '../../sandbox/core/seed';
import { clientsOf } from '../../sandbox/modules/clients';
import { sepaOf } from '../../sandbox/modules/sepa';
import type { TestSandbox } from '../helpers/sandbox';
import { useBankInN8n } from './helpers/bankInN8n';
import { describeInN8n, type E2eN8n, waitFor } from './helpers/n8n';
import { clearRequestLog, requestsTo } from './helpers/sandbox';
import { submitFormTrigger, submitWaitingForm } from './helpers/forms';

jest.setTimeout(10 * 60_000);

const FR = SEED.organizations.fr;

/** The ids of the invoices the tests add. */
const seededInvoice = (n: number) => `5b1e0000-0000-4000-8000-0000000091${String(n).padStart(2, '0')}`;

/** A supplier invoice to review, due today, payable to one of the seeded beneficiaries' IBANs. */
function dueInvoice(sandbox: TestSandbox, n: number, supplier: string, iban: string, total: string): SupplierInvoice {
	const template = supplierInvoicesOf(sandbox.ctx).get(FR, seededSupplierInvoiceId('fr', 1)) as SupplierInvoice;
	const id = seededInvoice(n);
	const amount = { value: total, currency: 'EUR' };
	const invoice: SupplierInvoice = {
		...template,
		id,
		status: 'to_review',
		payment_date: null,
		available_actions: { ...template.available_actions, pay: true, reasons: { ...template.available_actions.reasons, pay: [] } },
		invoice_number: `E2E-${n}`,
		supplier_name: supplier,
		iban,
		total_amount: amount,
		payable_amount: amount,
		due_date: new Date().toISOString().slice(0, 10),
	};
	return supplierInvoicesOf(sandbox.ctx).insert(FR, invoice);
}

describeInN8n('templates that wait for a person, in a real n8n', (state) => {
	let sandbox: TestSandbox;
	let n8n: E2eN8n;
	let credential: { id: string; name: string };

	useBankInN8n(state, 'Business Banking (e2e templates)', (parts) => ({ n8n, sandbox, credential } = parts));

	describe('supplier-payment-run-approval.json', () => {
		let workflowId: string;

		/** Runs the workflow by hand up to its Wait node; the form link the approver gets, and the execution. */
		async function runToApproval(): Promise<{ executionId: string; approvalUrl: string; proposal: Record<string, unknown> }> {
			const execution = await n8n.executeOk(workflowId);
			const request = execution.items('Approval request')[0];
			if (!request) throw new Error('the run did not reach the approval request');
			const waiting = await n8n.executions(workflowId);
			const found = waiting.find((e) => e.status === 'waiting');
			if (!found) throw new Error(`no waiting execution: ${JSON.stringify(waiting.map((e) => [e.id, e.status]))}`);
			return { executionId: found.id, approvalUrl: String(request.approval_url), proposal: request };
		}

		async function finished(executionId: string) {
			return await waitFor(`execution ${executionId} to finish`, async () => {
				const all = await n8n.executions(workflowId);
				const execution = all.find((e) => e.id === executionId);
				return execution && execution.status !== 'waiting' && execution.status !== 'running' && execution.status !== 'new' ? execution : undefined;
			});
		}

		beforeAll(async () => {
			workflowId = await n8n.importWorkflow(withCredential(readExample('supplier-payment-run-approval.json'), credential));
		});

		/** The mark_as_paid requests that reached the sandbox, by invoice id. */
		async function markedPaid(): Promise<string[]> {
			const requests = await requestsTo(sandbox, 'POST', '/v2/supplier_invoices/*');
			return requests.filter((r) => r.path.endsWith('/mark_as_paid')).map((r) => r.path.split('/')[3]);
		}

		const statusOf = (id: string) => supplierInvoicesOf(sandbox.ctx).get(FR, id)?.status;

		it('approved: each invoice of the proposal paid once, payee verified first, with an idempotency key, and marked paid', async () => {
			const seeded = [
				dueInvoice(sandbox, 1, 'Kontor Süd GmbH', 'DE44500105175407324931', '1234.56'),
				dueInvoice(sandbox, 2, 'Papeterie Martin SARL', 'FR1420041010050500013M02606', '0.10'),
				dueInvoice(sandbox, 3, 'Papeterie Martin SARL', 'FR1420041010050500013M02606', '0.20'),
			];
			// The seeded invoice 1 (240.00, overdue) is to the same IBAN; invoices 2 and 3 have no beneficiary, 4 no amount.
			const payable = [seededSupplierInvoiceId('fr', 1), ...seeded.map((invoice) => invoice.id)];
			await clearRequestLog(sandbox);

			const { executionId, approvalUrl, proposal } = await runToApproval();
			// 240.00 + 1234.56 + 0.10 + 0.20: 0.10 + 0.20 is 0.30 here, not 0.30000000000000004.
			expect(proposal).toMatchObject({ count: 4, total: '1474.86', currency: 'EUR' });
			expect((proposal.invoices as Array<{ id: string }>).map((invoice) => invoice.id).sort()).toEqual([...payable].sort());
			expect((proposal.skipped as Array<{ id: string }>).map((invoice) => invoice.id).sort()).toEqual([seededSupplierInvoiceId('fr', 2), seededSupplierInvoiceId('fr', 3)].sort());
			expect(await requestsTo(sandbox, 'POST', '/v2/external_transfers')).toHaveLength(0);

			await submitWaitingForm(n8n.url, approvalUrl, { Decision: 'Approve' });
			expect((await finished(executionId)).status).toBe('success');

			const transfers = await requestsTo(sandbox, 'POST', '/v2/external_transfers');
			expect(transfers).toHaveLength(4);
			const keys = transfers.map((t) => t.headers['x-service-idempotency-key']);
			for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
			expect(new Set(keys).size).toBe(4);
			const bodies = transfers.map((t) => (t.body as { external_transfer: { amount: string; note: string } }).external_transfer);
			expect(bodies.map((body) => body.amount).sort()).toEqual(['0.10', '0.20', '1234.56', '240.00']);
			expect(bodies.map((body) => body.note).sort()).toEqual(payable.map((id) => `Supplier invoice ${id}`).sort());
			expect(await requestsTo(sandbox, 'POST', '/v2/payee_verifications')).toHaveLength(4);
			expect((await markedPaid()).sort()).toEqual([...payable].sort());
			expect(externalTransfers(sandbox.ctx).list(FR)).toHaveLength(4);
			for (const id of payable) expect(statusOf(id)).toBe('paid');
		});

		it('run again after the approved run: the paid invoices are not proposed, nothing waits, nothing is paid', async () => {
			await clearRequestLog(sandbox);
			const execution = await n8n.executeOk(workflowId);
			expect(execution.runs('Invoices to review')).toBe(1);
			expect(execution.runs('Approval request')).toBe(0);
			expect((await n8n.executions(workflowId)).filter((e) => e.status === 'waiting')).toHaveLength(0);
			expect(await requestsTo(sandbox, 'POST', '/v2/external_transfers')).toHaveLength(0);
			expect(externalTransfers(sandbox.ctx).list(FR)).toHaveLength(4);
		});

		it('rejected: nothing is paid, the invoice stays to review', async () => {
			const invoice = dueInvoice(sandbox, 4, 'Kontor Süd GmbH', 'DE44500105175407324931', '99.99');
			await clearRequestLog(sandbox);
			const { executionId, approvalUrl, proposal } = await runToApproval();
			expect(proposal).toMatchObject({ count: 1, total: '99.99' });

			await submitWaitingForm(n8n.url, approvalUrl, { Decision: 'Reject' });
			const execution = await finished(executionId);
			expect(execution.status).toBe('success');
			expect(Object.keys(execution.data?.resultData.runData ?? {})).toEqual(expect.arrayContaining(['Nothing paid']));
			expect(await requestsTo(sandbox, 'POST', '/v2/payee_verifications')).toHaveLength(0);
			expect(await requestsTo(sandbox, 'POST', '/v2/external_transfers')).toHaveLength(0);
			expect(await markedPaid()).toEqual([]);
			expect(statusOf(invoice.id)).toBe('to_review');
		});

		it('a run that failed after paying (marking failed), approved again: the transfer is not sent twice, the invoice is marked paid', async () => {
			const invoice = seededInvoice(4);
			const fault = await sandbox.http.post('/sandbox/faults', { method: 'POST', path: `/v2/supplier_invoices/${invoice}/mark_as_paid`, kind: 'status', status: 503, count: 20 });
			expect(fault.status).toBe(201);
			await clearRequestLog(sandbox);
			const first = await runToApproval();
			await submitWaitingForm(n8n.url, first.approvalUrl, { Decision: 'Approve' });
			expect((await finished(first.executionId)).status).toBe('error');
			expect(await requestsTo(sandbox, 'POST', '/v2/external_transfers')).toHaveLength(1);
			expect(externalTransfers(sandbox.ctx).list(FR)).toHaveLength(5);
			expect(statusOf(invoice)).toBe('to_review');

			await sandbox.http.delete('/sandbox/faults');
			await clearRequestLog(sandbox);
			const again = await runToApproval();
			expect(again.proposal).toMatchObject({ count: 1, total: '99.99' });
			await submitWaitingForm(n8n.url, again.approvalUrl, { Decision: 'Approve' });
			expect((await finished(again.executionId)).status).toBe('success');
			// The node remembers the transfer it made the first time: nothing is sent, it outputs that transfer (issue 35).
			expect(await requestsTo(sandbox, 'POST', '/v2/external_transfers')).toHaveLength(0);
			expect(externalTransfers(sandbox.ctx).list(FR)).toHaveLength(5);
			expect(await markedPaid()).toEqual([invoice]);
			expect(statusOf(invoice)).toBe('paid');
		});

		it('no answer before the time limit: the run ends and nothing is paid', async () => {
			const invoice = dueInvoice(sandbox, 5, 'Kontor Süd GmbH', 'DE44500105175407324931', '10.00');
			// The template's limit is 24 hours; this copy waits 2 seconds (n8n looks for expired waits every minute).
			const template = readExample('supplier-payment-run-approval.json');
			const copy = {
				...template,
				name: `${template.name} (short limit)`,
				nodes: template.nodes.map((node) => (node.name === 'Wait for approval' ? { ...node, parameters: { ...node.parameters, resumeAmount: 2, resumeUnit: 'seconds' } } : node)),
			};
			const copyId = await n8n.importWorkflow(withCredential(copy, credential));
			await clearRequestLog(sandbox);
			const run = await n8n.executeOk(copyId);
			expect(run.items('Payment proposal')[0]).toMatchObject({ count: 1, total: '10.00' });
			const expired = await waitFor(
				'the approval to expire',
				async () => (await n8n.executions(copyId)).find((e) => e.status !== 'waiting' && e.status !== 'running' && e.status !== 'new'),
				150_000,
			);
			expect(expired.status).toBe('success');
			expect(Object.keys(expired.data?.resultData.runData ?? {})).toEqual(expect.arrayContaining(['Wait for approval', 'Nothing paid']));
			expect(await requestsTo(sandbox, 'POST', '/v2/external_transfers')).toHaveLength(0);
			expect(statusOf(invoice.id)).toBe('to_review');
		});
	});

	describe('direct-debit-onboarding-form.json', () => {
		const PATH = 'direct-debit-sign-up';
		const email = `sign-up-${Date.now()}@example.com`;
		const answers = { Name: 'Atelier Lumière SARL', 'E-mail': email, 'Monthly amount (EUR)': '49.90' };
		const sepa = () => sepaOf(sandbox.ctx);
		const clientsNamed = () => clientsOf(sandbox.ctx).list(FR).filter((client) => client.email === email);
		let firstPage = '';

		beforeAll(async () => {
			const workflowId = await n8n.importWorkflow(withCredential(readExample('direct-debit-onboarding-form.json'), credential));
			await n8n.client.publicApi('POST', `/workflows/${workflowId}/activate`, {});
			await waitFor('the published form', async () => ((await fetch(`${n8n.url}/form/${PATH}`)).status === 404 ? undefined : true));
		});

		it('a first sign-up: one client, one mandate with a monthly subscription pending its signature, the signature link on the last page', async () => {
			await clearRequestLog(sandbox);
			firstPage = await submitFormTrigger(n8n.url, PATH, answers);

			expect(clientsNamed()).toHaveLength(1);
			expect(await requestsTo(sandbox, 'POST', '/v2/clients')).toHaveLength(1);
			const subscriptions = await requestsTo(sandbox, 'POST', '/v2/sepa/direct_debit_subscriptions');
			expect(subscriptions).toHaveLength(1);
			expect(subscriptions[0].body).toMatchObject({
				direct_debit_subscription: { client_id: clientsNamed()[0].id, amount: { value: '49.90', currency: 'EUR' }, schedule_type: 'monthly' },
			});
			const mandates = sepa().mandates.list(FR).filter((mandate) => mandate.client_id === clientsNamed()[0].id);
			expect(mandates).toHaveLength(1);
			expect(mandates[0].status).toBe('pending_signature');
			expect(firstPage).toContain(`${sandbox.url}/sandbox/direct_debit_mandates/${mandates[0].id}/sign`);
			const made = sepa().subscriptions.list(FR).filter((subscription) => subscription.direct_debit_mandate_id === mandates[0].id);
			expect(made.map((subscription) => [subscription.status, subscription.amount.value])).toEqual([['pending', '49.90']]);
		});

		it('the same e-mail submitted again: no second client, mandate or subscription; the first signature link again', async () => {
			expect(firstPage).not.toBe('');
			await clearRequestLog(sandbox);
			const page = await submitFormTrigger(n8n.url, PATH, answers);

			expect((await requestsTo(sandbox, 'GET', '/v2/clients')).map((request) => request.query['filter[email]'])).toEqual([email]);
			expect(await requestsTo(sandbox, 'POST', '/v2/clients')).toHaveLength(0);
			expect(await requestsTo(sandbox, 'POST', '/v2/sepa/*')).toHaveLength(0);
			expect(clientsNamed()).toHaveLength(1);
			const [mandate] = sepa().mandates.list(FR).filter((m) => m.client_id === clientsNamed()[0].id);
			expect(sepa().mandates.list(FR).filter((m) => m.client_id === clientsNamed()[0].id)).toHaveLength(1);
			expect(page).toContain(`${sandbox.url}/sandbox/direct_debit_mandates/${mandate.id}/sign`);
		});

		it('the customer signs the mandate: the one subscription becomes active, nothing new is made', async () => {
			const [mandate] = sepa().mandates.list(FR).filter((m) => m.client_id === clientsNamed()[0]?.id);
			const signed = await sandbox.http.post(`/sandbox/direct_debit_mandates/${mandate.id}/sign`, {});
			expect(signed.status).toBe(200);
			const subscriptions = sepa().subscriptions.list(FR).filter((subscription) => subscription.direct_debit_mandate_id === mandate.id);
			expect(subscriptions.map((subscription) => subscription.status)).toEqual(['active']);

			await clearRequestLog(sandbox);
			await submitFormTrigger(n8n.url, PATH, answers);
			expect(await requestsTo(sandbox, 'POST', '/v2/sepa/*')).toHaveLength(0);
			expect(sepa().subscriptions.list(FR).filter((subscription) => subscription.direct_debit_mandate_id === mandate.id)).toHaveLength(1);
		});
	});
});
