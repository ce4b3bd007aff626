// The client invoices API's rules by country: the client's fields an invoice needs, and the fields of Italian
// and Spanish organizations.
import type { AxiosInstance } from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { useTestSandbox } from '../helpers/sandbox';
import { createClient, deCompanyClient, esCompanyClient, frCompanyClient, itCompanyClient } from '../helpers/fixtures';
import { invoiceBody, pointers } from './invoices-fixtures';

describe('client invoices API', () => {
	const sandbox = useTestSandbox({ facturxDelayMs: 60_000 }, { resetEachTest: false });
	let fr: AxiosInstance;

	beforeAll(() => {
		fr = sandbox.api('fr');
	});

	describe('client invoicing rules', () => {
		it('refuses a client without currency, locale or address, pointing at the client fields', async () => {
			const bare = await createClient(fr, { kind: 'company', name: 'Prospect sans adresse' });
			const response = await fr.post('/v2/client_invoices', invoiceBody(bare));
			expect(response.status).toBe(422);
			expect(pointers(response.data)).toEqual(
				expect.arrayContaining(['/client/currency', '/client/locale', '/client/billing_address/street_address', '/client/billing_address/country_code']),
			);
			expect(response.data.errors[0].detail).toContain('Update the client, then retry');
		});

		it('checks the tax identification number by the client country, and accepts it once the client is fixed', async () => {
			const client = await createClient(fr, { ...frCompanyClient, name: 'SIREN trop court', tax_identification_number: '12345' });
			const refused = await fr.post('/v2/client_invoices', invoiceBody(client));
			expect(refused.status).toBe(422);
			expect(refused.data.errors[0]).toMatchObject({ code: 'invalid_client', source: { pointer: '/client/tax_identification_number' } });

			expect((await fr.patch(`/v2/clients/${client}`, { tax_identification_number: '30326504500012' })).status).toBe(200);
			const retried = await fr.post('/v2/client_invoices', invoiceBody(client));
			expect(retried.status).toBe(201);
			expect(retried.data.client_invoice.client.tax_identification_number).toBe('30326504500012');
		});

		it('requires a tax identification number on every client of an Italian or Spanish organization', async () => {
			const es = sandbox.api('es');
			const { tax_identification_number: _omitted, ...withoutTaxId } = esCompanyClient;
			const client = await createClient(es, withoutTaxId);
			const response = await es.post('/v2/client_invoices', invoiceBody(client, { payment_methods: { iban: 'ES9121000418450200051332' } }));
			expect(response.status).toBe(422);
			expect(pointers(response.data)).toEqual(['/client/tax_identification_number']);
		});

		it('checks German Steuernummern: 10 to 13 digits with optional slashes', async () => {
			const de = sandbox.api('de');
			const good = await createClient(de, deCompanyClient);
			expect((await de.post('/v2/client_invoices', invoiceBody(good, { payment_methods: { iban: 'DE89370400440532013000' } }))).status).toBe(201);
			const bad = await createClient(de, { ...deCompanyClient, tax_identification_number: '12/34' });
			const response = await de.post('/v2/client_invoices', invoiceBody(bad, { payment_methods: { iban: 'DE89370400440532013000' } }));
			expect(response.status).toBe(422);
			expect(pointers(response.data)).toEqual(['/client/tax_identification_number']);
		});
	});

	describe('Italian and Spanish organizations', () => {
		let it_: AxiosInstance;
		let itClient: string;
		beforeAll(async () => {
			it_ = sandbox.api('it');
			itClient = await createClient(it_, itCompanyClient);
		});
		const itBody = (overrides: Record<string, unknown> = {}) =>
			invoiceBody(itClient, { payment_methods: { iban: 'IT60X0542811101000000123456' }, ...overrides });

		it('defaults report_einvoicing to true: a draft is pending, a finalized invoice is submitted', async () => {
			const draft = await it_.post('/v2/client_invoices', itBody({ status: 'draft' }));
			expect(draft.status).toBe(201);
			expect(draft.data.client_invoice.einvoicing_status).toBe('pending');
			const finalized = await it_.post(`/v2/client_invoices/${draft.data.client_invoice.id}/finalize`);
			expect(finalized.data.client_invoice.einvoicing_status).toBe('submitted');
			expect(finalized.data.client_invoice.einvoicing_lifecycle_events).toEqual([
				expect.objectContaining({ status_code: 1, reason: 'submitted', timestamp: finalized.data.client_invoice.finalized_at }),
			]);
			const notSent = await it_.post('/v2/client_invoices', itBody({ report_einvoicing: false }));
			expect(notSent.data.client_invoice.einvoicing_status).toBe('not_sent');
		});

		it('refuses every invoice while e-invoicing is not activated', async () => {
			sandbox.ctx.organization(SEED.organizations.it).einvoicing_activated = false;
			try {
				const response = await it_.post('/v2/client_invoices', itBody({ report_einvoicing: false }));
				expect(response.status).toBe(422);
				expect(response.data.errors[0].code).toBe('einvoicing_not_activated');
			} finally {
				sandbox.ctx.organization(SEED.organizations.it).einvoicing_activated = true;
			}
		});

		it('adds the welfare fund, deducts withholding and reports their amounts', async () => {
			const response = await it_.post(
				'/v2/client_invoices',
				itBody({
					items: [{ title: 'Consulenza', quantity: '1', unit_price: { value: '100', currency: 'EUR' }, vat_rate: '0.22' }],
					welfare_fund: { type: 'TC22', rate: '0.04' },
					withholding_tax: { reason: 'RT01', rate: '0.2', payment_reason: 'A' },
					payment_reporting: { conditions: 'TP02', method: 'MP05' },
				}),
			);
			expect(response.status).toBe(201);
			expect(response.data.client_invoice).toMatchObject({
				welfare_fund: { type: 'TC22', rate: '0.04', amount: '4.00' },
				withholding_tax: { reason: 'RT01', rate: '0.2', payment_reason: 'A', amount: '20.80' },
				payment_reporting: { conditions: 'TP02', method: 'MP05' },
				vat_amount: { value: '22.88' },
				total_amount: { value: '106.08' },
			});
		});

		it('accepts stamp duty of 2.00 on an invoice without VAT above 77.47 EUR, and refuses it otherwise', async () => {
			const noVat = (price: string) => [{ title: 'Servizio esente', quantity: '1', unit_price: { value: price, currency: 'EUR' }, vat_rate: '0', vat_exemption_reason: 'N4' }];
			const ok = await it_.post('/v2/client_invoices', itBody({ items: noVat('100'), stamp_duty_amount: '2.00' }));
			expect(ok.status).toBe(201);
			expect(ok.data.client_invoice).toMatchObject({ stamp_duty_amount: '2.00', total_amount: { value: '102.00' }, vat_amount: { value: '0.00' } });

			for (const [overrides, words] of [
				[{ items: noVat('77.47'), stamp_duty_amount: '2.00' }, 'exceeds 77.47'],
				[{ stamp_duty_amount: '2.00' }, 'without VAT'],
				[{ items: noVat('100'), stamp_duty_amount: '3.00' }, 'is 2.00'],
				[{ items: noVat('100'), stamp_duty_amount: '2.0' }, 'at least 4'],
			] as const) {
				const response = await it_.post('/v2/client_invoices', itBody(overrides));
				expect(response.status).toBe(422);
				expect(response.data.errors[0].source.pointer).toBe('/client_invoice/stamp_duty_amount');
				expect(response.data.errors[0].detail).toContain(words);
			}
		});

		it('lets a Spanish freelancer withhold IRPF with a rate only, and numbers automatically', async () => {
			const es = sandbox.api('es');
			const client = await createClient(es, esCompanyClient);
			const body = invoiceBody(client, { number: undefined, payment_methods: { iban: 'ES9121000418450200051332' }, withholding_tax: { rate: '0.15' } });
			const first = await es.post('/v2/client_invoices', body);
			expect(first.status).toBe(201);
			expect(first.data.client_invoice.number).toBe('F-2026-0001');
			expect(first.data.client_invoice.withholding_tax).toEqual({ rate: '0.15', amount: '8.10' });
			const second = await es.post('/v2/client_invoices', body);
			expect(second.data.client_invoice.number).toBe('F-2026-0002');
			const given = await es.post('/v2/client_invoices', { ...body, number: 'ES-MANUAL-1' });
			expect(given.data.client_invoice.number).toBe('ES-MANUAL-1');

			const withReason = await es.post('/v2/client_invoices', { ...body, withholding_tax: { rate: '0.15', reason: 'RT01' } });
			expect(withReason.status).toBe(422);
			expect(withReason.data.errors[0].source.pointer).toBe('/client_invoice/withholding_tax/reason');
		});

		it('refuses withholding tax for a German organization', async () => {
			const de = sandbox.api('de');
			const client = await createClient(de, deCompanyClient);
			const response = await de.post('/v2/client_invoices', invoiceBody(client, { payment_methods: { iban: 'DE89370400440532013000' }, withholding_tax: { rate: '0.15' } }));
			expect(response.status).toBe(422);
			expect(response.data.errors[0]).toMatchObject({ code: 'not_allowed', source: { pointer: '/client_invoice/withholding_tax' } });
		});
	});

});
