// Client Invoice › Create with the fields of Italian and Spanish organizations (welfare fund, withholding, stamp duty).
import { esCompanyClient, itCompanyClient } from '../helpers/fixtures';
import { createClient, createParameters } from './invoiceFixtures';
import { useInvoiceSandbox } from './invoiceRuns';

const { sandbox, client, run } = useInvoiceSandbox();

describe('Client Invoice: Italy / Spain only fields', () => {
	test('an Italian invoice with welfare fund and withholding tax: body and hand-worked totals', async () => {
		const itClientId = await createClient(sandbox, itCompanyClient, 'it');
		const { items, error, sent } = await run(
			createParameters(itClientId, {
				iban: 'IT60X0542811101000000123456',
				items: { item: [{ title: 'Consulenza', quantity: '1', unitPrice: '1000.00', vatRate: '0.22' }] },
				italySpain: {
					reportEinvoicing: false,
					paymentReportingConditions: 'TP02',
					paymentReportingMethod: 'MP05',
					welfareFundType: 'TC22',
					welfareFundRate: '0.04',
					withholdingTaxReason: 'RT01',
					withholdingTaxRate: '0.2',
					withholdingTaxPaymentReason: 'A',
				},
			}),
			{ organization: 'it' },
		);
		expect(error).toBeUndefined();
		expect(sent[0].body).toMatchObject({
			client_invoice: {
				report_einvoicing: false,
				payment_reporting: { conditions: 'TP02', method: 'MP05' },
				welfare_fund: { type: 'TC22', rate: '0.04' },
				withholding_tax: { reason: 'RT01', rate: '0.2', payment_reason: 'A' },
			},
		});
		// 1000.00 + welfare 4 % = 40.00; VAT 22 % of 1040.00 = 228.80; withholding 20 % of 1040.00 = 208.00.
		// Total 1040.00 + 228.80 − 208.00 = 1060.80.
		expect(items[0].json).toMatchObject({
			vat_amount: { value: '228.80' },
			total_amount: { value: '1060.80' },
			withholding_tax: { amount: '208.00' },
		});
	});

	test('an Italian invoice without VAT above 77.47 EUR carries the 2.00 EUR stamp duty', async () => {
		const itClientId = await createClient(sandbox, { ...itCompanyClient, name: 'Libreria Neri S.r.l.', tax_identification_number: '10987654321', vat_number: 'IT10987654321' }, 'it');
		const { items, error, sent } = await run(
			createParameters(itClientId, {
				iban: 'IT60X0542811101000000123456',
				items: { item: [{ title: 'Formazione', quantity: '1', unitPrice: '100.00', vatRate: '0', vatExemptionReason: 'N4', discountType: 'none' }] },
				italySpain: { stampDutyAmount: '2.00', reportEinvoicing: false },
			}),
			{ organization: 'it' },
		);
		expect(error).toBeUndefined();
		expect(sent[0].body).toMatchObject({ client_invoice: { stamp_duty_amount: '2.00', report_einvoicing: false } });
		// 100.00 + VAT 0 + stamp duty 2.00 = 102.00.
		expect(items[0].json).toMatchObject({ stamp_duty_amount: '2.00', vat_amount: { value: '0.00' }, total_amount: { value: '102.00' } });
	});

	test('a Spanish freelancer gives only the withholding (IRPF) rate; a reason is refused by the API', async () => {
		const esClientId = await createClient(sandbox, esCompanyClient, 'es');
		const parameters = (italySpain: Record<string, string>) =>
			createParameters(esClientId, {
				iban: 'ES9121000418450200051332',
				items: { item: [{ title: 'Traducción', quantity: '1', unitPrice: '1000.00', vatRate: '0.21', discountType: 'none' }] },
				italySpain,
			});
		const { items, error, sent } = await run(parameters({ withholdingTaxRate: '0.15' }), { organization: 'es' });
		expect(error).toBeUndefined();
		expect((sent[0].body as { client_invoice: Record<string, unknown> }).client_invoice.withholding_tax).toEqual({ rate: '0.15' });
		// 1000.00 + VAT 21 % = 210.00 − IRPF 15 % of 1000.00 = 150.00 → 1060.00.
		expect(items[0].json).toMatchObject({ vat_amount: { value: '210.00' }, withholding_tax: { amount: '150.00' }, total_amount: { value: '1060.00' } });
		const refused = await run(parameters({ withholdingTaxRate: '0.15', withholdingTaxReason: 'RT01' }), { organization: 'es' });
		expect(refused.error?.name).toBe('NodeApiError');
		expect(`${refused.error?.message} ${refused.error?.description}`).toMatch(/withholding_tax/);
	});

	test('a French organization sending an Italian-only field gets the API refusal naming it', async () => {
		const { error } = await run(createParameters(client.id, { italySpain: { welfareFundRate: '0.04' } }));
		expect(error?.name).toBe('NodeApiError');
		expect(`${error?.message} ${error?.description}`).toMatch(/welfare_fund/);
	});
});
