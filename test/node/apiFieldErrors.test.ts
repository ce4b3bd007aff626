// The API's refusals of a field, inside n8n's engine against the sandbox: the error names the form field
// where the user fixes it (found in the operation's description), before the API's own words.
import { uniqueNumber } from '../helpers/fixtures';
import { createParameters } from './invoiceFixtures';
import { useInvoiceSandbox } from './invoiceRuns';

const { client, run, draftInvoice } = useInvoiceSandbox();

const NUMBER_REQUIRED = 'number is required: automatic numbering is disabled for this organization';

describe("an API refusal names the node's field where the user acts", () => {
	test('a number the organization needs is asked for under Additional Fields › Number', async () => {
		const { error, sent } = await run(createParameters(client.id, { additionalFields: {} }));
		expect(sent.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /v2/client_invoices 422']);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toBe(`Additional Fields › Number: ${NUMBER_REQUIRED}`);
		// The API's own entry travels unchanged with the error.
		expect(error?.context.errors).toEqual([{ code: 'blank', detail: NUMBER_REQUIRED, source: { pointer: '/client_invoice/number' } }]);
	});

	test('under Continue On Fail the item says the same, paired with its input', async () => {
		const { items, error } = await run(createParameters(client.id, { additionalFields: {} }), { continueOnFail: true, items: [{ row: 1 }, { row: 2 }] });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.error, item.json.httpCode, item.pairedItem])).toEqual([
			[`Additional Fields › Number: ${NUMBER_REQUIRED}`, '422', { item: 0 }],
			[`Additional Fields › Number: ${NUMBER_REQUIRED}`, '422', { item: 1 }],
		]);
	});

	test("Update's field is named where Update shows it", async () => {
		const taken = uniqueNumber('T');
		await draftInvoice({ additionalFields: { number: taken } });
		const draft = await draftInvoice();
		const { error } = await run({
			resource: 'clientInvoice',
			operation: 'update',
			invoiceId: { __rl: true, mode: 'id', value: draft.id },
			itemsInput: 'keep',
			updateFields: { number: taken },
		});
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toBe(`Update Fields › Number: number ${taken} is already used by another invoice of this organization`);
	});

	test('a field of a repeated invoice line is named with the line’s number', async () => {
		const lines = [
			{ title: 'Consulting', quantity: '1', unitPrice: '100.00', vatRate: '0.2', discountType: 'none' },
			{ title: 'Workshop', quantity: '1', unitPrice: '100.00', vatRate: '0.2', discountType: 'absolute', discountValue: '500.00' },
		];
		const { error, sent } = await run(createParameters(client.id, { items: { item: lines } }));
		expect(sent.map((r) => r.status)).toEqual([422]);
		expect(error?.context.errors).toMatchObject([{ source: { pointer: '/client_invoice/items/1/discount/value' } }]);
		expect(error?.message).toBe('Invoice Lines › Invoice Line 2 › Discount Value: an absolute discount of 500.00 exceeds the 100.00 it applies to');
	});

	test('an object of the API the form asks for field by field names those fields, where they are', async () => {
		const { error } = await run(createParameters(client.id, { italySpain: { welfareFundRate: '0.04' } }));
		expect(error?.context.errors).toMatchObject([{ source: { pointer: '/client_invoice/welfare_fund' } }]);
		expect(error?.message).toBe('Italy / Spain Only › Welfare Fund Rate / Welfare Fund Type: welfare_fund is for Italian organizations only; omit it');
	});

	test('a top-level field is named by its label: an unknown client is the Client field', async () => {
		const unknown = '00000000-0000-4000-8000-0000000000c1';
		const { error } = await run(createParameters(unknown));
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toBe(`Client: No client ${unknown} in this organization`);
	});

	test('a refusal that names no field keeps the API’s message as it was', async () => {
		const { error } = await run({ resource: 'clientInvoice', operation: 'get', invoiceId: { __rl: true, mode: 'id', value: '00000000-0000-4000-8000-0000000000c2' } });
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toBe('Client invoice not found');
	});
});
