/**
 * One date rule for every date field (README, "Input checks"): the same moment gives the same day
 * in every operation — the day of the workflow's time zone — whether it comes as an ISO timestamp,
 * a JavaScript Date or a luxon DateTime; the date picker's wall time keeps the day it shows.
 */
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { useTestSandbox } from '../helpers/sandbox';

const ID = '3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d';

/** A request body as the sandbox logged it, read by path. */
type Body = Record<string, Record<string, string>>;

/** Operations with a date field, and where the day lands in the request body. */
const OPERATIONS = [
	{
		name: 'Supplier Invoice › Mark as Paid',
		parameters: (date: string) => ({ resource: 'supplierInvoice', operation: 'markAsPaid', supplierInvoiceId: { __rl: true, mode: 'id', value: ID }, paymentDate: date }),
		day: (body: Body) => body.supplier_invoice.payment_date,
	},
	{
		name: 'Direct Debit › Create Subscription',
		parameters: (date: string) => ({
			resource: 'directDebit',
			operation: 'createSubscription',
			clientId: { __rl: true, mode: 'id', value: ID },
			bankAccountId: { __rl: true, mode: 'id', value: ID },
			amount: '10.00',
			reference: 'Dates',
			initialCollectionDate: date,
		}),
		day: (body: Body) => body.direct_debit_subscription.initial_collection_date,
	},
	{
		name: 'Client Invoice › Create',
		parameters: (date: string) => ({
			resource: 'clientInvoice',
			operation: 'create',
			clientId: { __rl: true, mode: 'id', value: ID },
			issueDate: date,
			dueDate: '2031-01-01',
			currency: 'EUR',
			iban: 'FR7630006000011234567890189',
			items: { item: [{ title: 'Line', quantity: '1', unitPrice: '10.00', vatRate: '0.2' }] },
		}),
		day: (body: Body) => body.client_invoice.issue_date,
	},
	{
		name: 'Insurance Contract › Create',
		parameters: (date: string) => ({
			resource: 'insuranceContract',
			operation: 'create',
			contractName: 'Dates',
			contractId: 'C-1',
			providerSlug: 'acme',
			startDate: date,
			price: '10.00',
		}),
		day: (body: Body) => body.insurance_contract.start_date,
	},
];

/** 23:30 UTC on 15 January 2030: already the 16th in Paris, still the 15th in New York. */
const FORMS = [
	['an ISO timestamp', '2030-01-15T23:30:00Z'],
	['a JavaScript Date', "={{ new Date('2030-01-15T23:30:00Z') }}"],
	['a luxon DateTime', "={{ DateTime.fromISO('2030-01-15T23:30:00Z') }}"],
	['a timestamp with another offset', '2030-01-16T00:30:00+01:00'],
];

describe('the date rule: one day for one moment, in every operation', () => {
	const sandbox = useTestSandbox();

	describe.each(OPERATIONS)('$name', ({ parameters, day }) => {
		async function sentDay(date: string, timezone: string): Promise<string> {
			await clearSeenRequests(sandbox);
			const { error } = await runNode({ sandbox, timezone, node: { parameters: parameters(date) } });
			const [request] = await seenRequests(sandbox, { method: 'POST' }).then((all) => all.filter((r) => r.body));
			if (!request) throw new Error(`nothing sent: ${error?.message}`);
			return day(request.body as Body);
		}

		it.each(FORMS)('%s is read in the workflow time zone', async (_form, date) => {
			expect(await sentDay(date, 'Europe/Paris')).toBe('2030-01-16');
			expect(await sentDay(date, 'America/New_York')).toBe('2030-01-15');
		});

		it('the date picker’s wall time and a plain day keep the day they show', async () => {
			expect(await sentDay('2030-01-15T23:30:00', 'Pacific/Auckland')).toBe('2030-01-15');
			expect(await sentDay('2030-01-15', 'Pacific/Auckland')).toBe('2030-01-15');
		});

		it('anything else is refused, naming the item and the field, before any request', async () => {
			await clearSeenRequests(sandbox);
			const { error } = await runNode({ sandbox, node: { parameters: parameters('15/01/2030') } });
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toMatch(/^Item 0: .*Date.* must be a date: YYYY-MM-DD/);
			expect(await seenRequests(sandbox)).toEqual([]);
		});
	});
});
