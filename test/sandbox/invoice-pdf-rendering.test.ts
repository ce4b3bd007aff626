import { writeFileSync } from 'fs';
import { join } from 'path';

import type { AxiosInstance } from 'axios';
import Big from 'big.js';
import { XMLParser } from 'fast-xml-parser';

import { createClient, frCompanyClient, itCompanyClient, uniqueNumber } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { readPdf } from './facturx-reader';
import { price, SCENARIOS, type Scenario } from './invoice-pdf-scenarios';
import { invoiceBody } from './invoices-fixtures';
import { requirePoppler, pdfFirstPagePng, pdfFonts, pdfText } from './poppler';

// Rendering, poppler runs and the Factur-X wait, several times per test on a shared machine.
jest.setTimeout(60_000);

/**
 * `UPDATE_INVOICE_PICTURES=1 npx jest test/sandbox/invoice-pdf-rendering.test.ts` rewrites
 * docs/invoice-<locale>.png (fixed numbers and dates: the same invoice gives the same picture).
 */
const UPDATE_PICTURES = process.env.UPDATE_INVOICE_PICTURES === '1';
const DOCS = join(__dirname, '..', '..', 'docs');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const REPEATED = ['ram:ApplicableTradeTax', 'ram:SpecifiedTradeAllowanceCharge', 'ram:IncludedSupplyChainTradeLineItem'];
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => REPEATED.includes(name) });
const text = (node: unknown): string => (typeof node === 'object' && node !== null ? (node as Json)['#text'] : node) as string;

const INTL: Record<Scenario['locale'], string> = { fr: 'fr-FR', en: 'en-GB', it: 'it-IT', de: 'de-DE', es: 'es-ES' };
/** All kinds of spaces as one: French groups digits with (narrow) no-break spaces. */
const spaces = (value: string) => value.replace(/[\u00a0\u202f\u2009]/g, ' ');
/** An XML amount as the locale writes it (ICU's rules, independent of the renderer's code). */
const localized = (amount: string, locale: Scenario['locale']) =>
	spaces(new Intl.NumberFormat(INTL[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number));

/** The amount stands on its own in the text: no digit or decimal separator glued to either side. */
function expectAmountOnPage(page: string, amount: string, locale: Scenario['locale']): void {
	const shown = localized(amount, locale).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	expect({ amount, found: new RegExp(`(?<![\\d.,]|\\d )${shown}(?![\\d]|[.,]\\d| \\d)`).test(page) }).toEqual({ amount, found: true });
}

/** The XML's totals and VAT breakdown: what the page must show, figure for figure. */
function xmlAmounts(xml: string): { totals: Record<string, string>; breakdown: Array<{ basis: string; vat: string; rate: string }> } {
	const settlement = parser.parse(xml)['rsm:CrossIndustryInvoice']['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeSettlement'];
	const summation = settlement['ram:SpecifiedTradeSettlementHeaderMonetarySummation'] as Json;
	const totals = Object.fromEntries(Object.entries(summation).map(([key, value]) => [key.replace('ram:', ''), text(value)]));
	const breakdown = (settlement['ram:ApplicableTradeTax'] as Json[]).map((tax) => ({ basis: tax['ram:BasisAmount'], vat: tax['ram:CalculatedAmount'], rate: tax['ram:RateApplicablePercent'] }));
	return { totals, breakdown };
}

describe('the invoice PDF a person reads', () => {
	const sandbox = useTestSandbox({ facturxDelayMs: 20 }, { resetEachTest: false });
	const clients = new Map<string, string>();

	beforeAll(() => requirePoppler());

	async function clientOf(api: AxiosInstance, scenario: Scenario): Promise<string> {
		const key = `${scenario.organization}:${String(scenario.client.name)}`;
		if (!clients.has(key)) clients.set(key, await createClient(api, scenario.client));
		return clients.get(key) as string;
	}

	async function download(api: AxiosInstance, attachmentId: string): Promise<{ updatedAt: string; bytes: Uint8Array }> {
		const attachment = (await api.get(`/v2/attachments/${attachmentId}`)).data.attachment;
		const file = await sandbox.http.get(attachment.url.replace(sandbox.url, ''), { responseType: 'arraybuffer' });
		expect(file.status).toBe(200);
		return { updatedAt: attachment.updated_at, bytes: new Uint8Array(file.data as ArrayBuffer) };
	}

	/** A draft's PDF, then (finalized) its Factur-X PDF and the XML embedded in it. */
	async function renderings(scenario: Scenario, overrides: Record<string, unknown> = {}) {
		const api = sandbox.api(scenario.organization);
		const clientId = await clientOf(api, scenario);
		const created = await api.post('/v2/client_invoices', invoiceBody(clientId, { status: 'draft', ...scenario.body, ...overrides }));
		expect(created.status).toBe(201);
		const draft = created.data.client_invoice;
		const draftPdf = (await download(api, draft.attachment_id)).bytes;
		const finalized = (await api.post(`/v2/client_invoices/${draft.id}/finalize`)).data.client_invoice;
		for (let attempt = 0; attempt < 200; attempt += 1) {
			const file = await download(api, draft.attachment_id);
			if (Date.parse(file.updatedAt) > Date.parse(finalized.finalized_at)) {
				const facts = await readPdf(file.bytes);
				expect(facts.embedded.map((e) => e.name)).toEqual(['factur-x.xml']);
				return { invoice: finalized as Json, draftPdf, facturxPdf: file.bytes, xml: facts.embedded[0].bytes.toString('utf8'), pages: facts.pageCount };
			}
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
		throw new Error('the Factur-X PDF never replaced the draft PDF');
	}

	function expectFontsEmbedded(pdf: Uint8Array): void {
		const fonts = pdfFonts(pdf);
		expect(fonts.length).toBeGreaterThanOrEqual(2);
		for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
		expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
	}

	it.each(SCENARIOS.map((s) => [s.locale, s] as const))('%s: embedded fonts, the localized title, the buyer, and every total of the XML', async (_locale, scenario) => {
		const { invoice, draftPdf, facturxPdf, xml } = await renderings(scenario);
		expectFontsEmbedded(draftPdf);
		expectFontsEmbedded(facturxPdf);

		const draftPage = spaces(pdfText(draftPdf));
		const page = spaces(pdfText(facturxPdf));
		expect(draftPage).toContain(scenario.title);
		expect(page).toMatch(new RegExp(`\\b${scenario.title}\\b`));
		expect(page).toContain(invoice.number);

		const billing = invoice.client.billing_address;
		expect(page).toContain(invoice.client.name);
		expect(page).toContain(billing.street_address);
		// Postcode first on the continent, after the city in the United Kingdom.
		expect(page).toContain(billing.country_code === 'GB' ? `${billing.city} ${billing.zip_code}` : `${billing.zip_code} ${billing.city}`);
		if (invoice.client.email) expect(page).toContain(invoice.client.email);
		expect(page).toContain(invoice.organization.legal_name);
		for (const mention of scenario.mentions) expect(page).toContain(spaces(mention));

		const { totals, breakdown } = xmlAmounts(xml);
		for (const amount of Object.values(totals)) expectAmountOnPage(page, amount, scenario.locale);
		for (const tax of breakdown) {
			expectAmountOnPage(page, tax.basis, scenario.locale);
			expectAmountOnPage(page, tax.vat, scenario.locale);
		}
		for (const item of invoice.items as Json[]) {
			expectAmountOnPage(page, new Big(item.subtotal.value).minus(item.discount?.amount.value ?? 0).toFixed(2), scenario.locale);
			if (item.discount) expectAmountOnPage(page, item.discount.amount.value, scenario.locale);
		}
		// The page's last figure is what the client pays: the invoice's total_amount.
		expect(totals.DuePayableAmount).toBe(invoice.total_amount.value);

		if (UPDATE_PICTURES) writeFileSync(join(DOCS, `invoice-${scenario.locale}.png`), pdfFirstPagePng(facturxPdf, 60));
	});

	it('an Italian exempt invoice prints its stamp duty and the exemption mention of the line', async () => {
		const [italian] = SCENARIOS.filter((s) => s.locale === 'it');
		const { facturxPdf, xml } = await renderings(
			{ ...italian, client: { ...itCompanyClient, name: 'Studio Neri' } },
			{
				number: uniqueNumber(),
				welfare_fund: undefined,
				withholding_tax: undefined,
				stamp_duty_amount: '2.00',
				items: [{ title: 'Servizio esente', quantity: '1', unit_price: price('100'), vat_rate: '0', vat_exemption_reason: 'N4' }],
			},
		);
		const page = spaces(pdfText(facturxPdf));
		expect(page).toContain('Imposta di bollo');
		expect(page).toContain('Esenzione IVA: N4');
		const { totals, breakdown } = xmlAmounts(xml);
		expect(totals).toMatchObject({ ChargeTotalAmount: '2.00', DuePayableAmount: '102.00' });
		for (const amount of [...Object.values(totals), ...breakdown.flatMap((t) => [t.basis, t.vat])]) expectAmountOnPage(page, amount, 'it');
	});

	it('prints text beyond Western European letters (Cyrillic, Greek) with the same embedded fonts, and ? for what DejaVu lacks', async () => {
		const [french] = SCENARIOS.filter((s) => s.locale === 'fr');
		const client = { ...frCompanyClient, name: 'ООО Ромашка', email: 'buh@romashka.example' };
		const { draftPdf, facturxPdf } = await renderings({ ...french, client }, { number: uniqueNumber(), items: [{ title: 'Μετάφραση κειμένου', description: '翻訳 included', quantity: '1', unit_price: price('90'), vat_rate: '0.2' }] });
		expectFontsEmbedded(draftPdf);
		expectFontsEmbedded(facturxPdf);
		const page = spaces(pdfText(facturxPdf));
		expect(page).toContain('ООО Ромашка');
		expect(page).toContain('Μετάφραση κειμένου');
		// No glyph for these in DejaVu Sans: a question mark each, never the .notdef glyph (PDF/A).
		expect(page).toContain('?? included');
		expect(page).toContain('Désignation');
	});

	it('spreads many lines over several pages, the table head repeated and the totals once at the end', async () => {
		const [english] = SCENARIOS.filter((s) => s.locale === 'en');
		const items = Array.from({ length: 70 }, (_, index) => ({ title: `Consulting block ${index + 1}`, quantity: '1', unit_price: price(`${100 + index}.25`), vat_rate: index % 2 ? '0.2' : '0.1' }));
		// One description longer than a page: it goes on over the next page instead of running into the footer.
		const longDescription = Array.from({ length: 400 }, (_, index) => `term${index + 1}`).join(' ');
		items[50] = { ...items[50], description: longDescription } as (typeof items)[number];
		const { facturxPdf, xml, pages } = await renderings(english, { number: uniqueNumber(), items });
		expect(pages).toBeGreaterThanOrEqual(3);
		expectFontsEmbedded(facturxPdf);
		const sheets = spaces(pdfText(facturxPdf)).split('\f').filter((sheet) => sheet.trim());
		expect(sheets).toHaveLength(pages);
		sheets.forEach((sheet, index) => {
			expect(sheet).toContain(`Page ${index + 1} of ${pages}`);
			expect(sheet).toMatch(/Description\s+Qty\s+Unit price\s+Discount\s+VAT\s+Net/);
		});
		const all = sheets.join('\n');
		for (let index = 1; index <= 70; index += 1) expect(all).toMatch(new RegExp(`Consulting block ${index}\\b`));
		expect(all.match(/\bterm\d+\b/g)).toEqual(longDescription.split(' '));
		// Nothing is drawn over the footer: each page's text ends with its legal mentions and page number.
		for (const sheet of sheets) expect(sheet.trimEnd()).toMatch(/Atelier Lumière SAS · VAT no\.: FR44552100554\s+Page \d+ of \d+$/);
		expect(sheets.filter((sheet) => sheet.includes('Total incl. VAT'))).toHaveLength(1);
		const { totals } = xmlAmounts(xml);
		for (const amount of Object.values(totals)) expectAmountOnPage(all, amount, 'en');
	});
});
