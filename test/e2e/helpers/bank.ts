// What a bank's day looks like, made in the sandbox through its public API and its simulation
// controls: invoices issued and paid, a transfer that the bank declines.
import { randomUUID } from 'crypto';

import { beneficiaryId } from '../../../sandbox/modules/beneficiaries/store';
import type { TestSandbox } from '../../helpers/sandbox';

export interface Invoice {
	id: string;
	number: string;
	status: string;
	due_date: string;
	total_amount: { value: string; currency: string };
	client: { id: string; name: string };
}

/** A seeded French client that can be invoiced, by its name. */
export async function clientNamed(sandbox: TestSandbox, name: string): Promise<{ id: string; name: string; email: string }> {
	const response = await sandbox.api('fr').get('/v2/clients', { params: { 'filter[name]': name } });
	const found = (response.data.clients as Array<{ id: string; name: string; email: string }>).find((client) => client.name === name);
	if (!found) throw new Error(`no seeded client named ${name}`);
	return found;
}

/** An unpaid invoice of one line (quantity 1, no VAT): its total is `amount`. */
export async function issueInvoice(sandbox: TestSandbox, clientId: string, fields: { number: string; amount: string; currency?: string; issueDate: string; dueDate: string }): Promise<Invoice> {
	const currency = fields.currency ?? 'EUR';
	const response = await sandbox.api('fr').post('/v2/client_invoices', {
		client_invoice: {
			client_id: clientId,
			number: fields.number,
			issue_date: fields.issueDate,
			due_date: fields.dueDate,
			currency,
			payment_methods: { iban: 'FR7630006000011234567890189' },
			items: [{ title: 'Services', quantity: '1', unit_price: { value: fields.amount, currency }, vat_rate: '0' }],
		},
	});
	if (response.status !== 201) throw new Error(`invoice ${fields.number}: ${response.status} ${JSON.stringify(response.data)}`);
	return response.data.client_invoice as Invoice;
}

export async function payInvoice(sandbox: TestSandbox, id: string): Promise<Invoice> {
	const response = await sandbox.http.post(`/sandbox/client_invoices/${id}/pay`);
	if (response.status !== 200) throw new Error(`pay ${id}: ${response.status} ${JSON.stringify(response.data)}`);
	return response.data.client_invoice as Invoice;
}

/** A transfer to the seeded beneficiary whose BIC is invalid, settled: the bank declines it. */
export async function declinedTransfer(sandbox: TestSandbox, reference: string, amount: string): Promise<{ id: string; declined_reason: string }> {
	const api = sandbox.api('fr');
	const organization = await api.get('/organization');
	const account = (organization.data.organization.bank_accounts as Array<{ iban: string; main: boolean }>).find((candidate) => candidate.main);
	const beneficiary = (await api.get(`/v2/beneficiaries/${beneficiaryId('fr', 'invalidBic')}`)).data.beneficiary as { id: string; iban: string };
	const proof = await api.post('/v2/payee_verifications/skip', { iban: beneficiary.iban });
	const created = await api.post(
		'/v2/external_transfers',
		{ vop_proof_token: proof.data.vop_proof_token, external_transfer: { beneficiary_id: beneficiary.id, debit_iban: account?.iban, reference, currency: 'EUR', amount } },
		{ headers: { 'X-Service-Idempotency-Key': randomUUID() } },
	);
	if (created.status !== 201) throw new Error(`transfer: ${created.status} ${JSON.stringify(created.data)}`);
	const settled = await sandbox.http.post(`/sandbox/external_transfers/${created.data.external_transfer.id}/settle`, {});
	if (settled.data.external_transfer?.status !== 'declined') throw new Error(`the transfer was not declined: ${JSON.stringify(settled.data)}`);
	return settled.data.external_transfer;
}
