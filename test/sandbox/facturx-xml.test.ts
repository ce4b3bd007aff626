import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import Big from 'big.js';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';

import { createClient, deCompanyClient, frCompanyClient, itCompanyClient } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { invoiceBody } from './invoices-fixtures';

const XSD_DIR = join(__dirname, '..', 'fixtures', 'cii-xsd');
const ROOT_XSD = 'Factur-X_1.07.3_EN16931.xsd';

/** Validates against the official Factur-X EN16931 XSD, its three imports preloaded by file name. */
async function validateAgainstXsd(xml: string) {
	const imports = readdirSync(XSD_DIR).filter((name) => name.endsWith('.xsd') && name !== ROOT_XSD);
	expect(imports).toHaveLength(3);
	return validateXML({
		xml: { fileName: 'factur-x.xml', contents: xml },
		schema: { fileName: ROOT_XSD, contents: readFileSync(join(XSD_DIR, ROOT_XSD), 'utf8') },
		preload: imports.map((fileName) => ({ fileName, contents: readFileSync(join(XSD_DIR, fileName), 'utf8') })),
	});
}

const REPEATED = ['ram:IncludedSupplyChainTradeLineItem', 'ram:ApplicableTradeTax', 'ram:SpecifiedTradeAllowanceCharge', 'ram:SpecifiedTradeSettlementPaymentMeans', 'ram:IncludedNote'];
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => REPEATED.includes(name) });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const text = (node: unknown): string => (typeof node === 'object' && node !== null ? (node as Json)['#text'] : node) as string;
const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v), new Big(0)).toFixed(2);

/** Every figure of the XML against the invoice the API returned. */
function expectXmlMatchesInvoice(xml: string, invoice: Json) {
	const root = parser.parse(xml)['rsm:CrossIndustryInvoice'];
	expect(root['rsm:ExchangedDocumentContext']['ram:GuidelineSpecifiedDocumentContextParameter']['ram:ID']).toBe('urn:cen.eu:en16931:2017');
	const doc = root['rsm:ExchangedDocument'];
	expect(doc['ram:ID']).toBe(invoice.number);
	expect(doc['ram:TypeCode']).toBe('380');
	expect(text(doc['ram:IssueDateTime']['udt:DateTimeString'])).toBe(invoice.issue_date.replace(/-/g, ''));

	const tx = root['rsm:SupplyChainTradeTransaction'];
	const lines: Json[] = tx['ram:IncludedSupplyChainTradeLineItem'];
	expect(lines).toHaveLength(invoice.items.length);
	invoice.items.forEach((item: Json, index: number) => {
		const line = lines[index];
		expect(line['ram:SpecifiedTradeProduct']['ram:Name']).toBe(item.title);
		expect(text(line['ram:SpecifiedLineTradeDelivery']['ram:BilledQuantity'])).toBe(item.quantity);
		expect(line['ram:SpecifiedLineTradeAgreement']['ram:NetPriceProductTradePrice']['ram:ChargeAmount']).toBe(item.unit_price.value);
		const settlement = line['ram:SpecifiedLineTradeSettlement'];
		const net = new Big(item.subtotal.value).minus(item.discount?.amount.value ?? 0).toFixed(2);
		expect(settlement['ram:SpecifiedTradeSettlementLineMonetarySummation']['ram:LineTotalAmount']).toBe(net);
		expect(settlement['ram:ApplicableTradeTax'][0]['ram:RateApplicablePercent']).toBe(new Big(item.vat_rate).times(100).toString());
	});

	const agreement = tx['ram:ApplicableHeaderTradeAgreement'];
	expect(agreement['ram:SellerTradeParty']['ram:Name']).toBe(invoice.organization.legal_name);
	expect(agreement['ram:BuyerTradeParty']['ram:Name']).toBe(invoice.client.name);

	const settlement = tx['ram:ApplicableHeaderTradeSettlement'];
	expect(settlement['ram:InvoiceCurrencyCode']).toBe(invoice.currency);
	expect(settlement['ram:SpecifiedTradeSettlementPaymentMeans'][0]['ram:PayeePartyCreditorFinancialAccount']['ram:IBANID']).toBe(invoice.payment_methods[0].iban);
	expect(text(settlement['ram:SpecifiedTradePaymentTerms']['ram:DueDateDateTime']['udt:DateTimeString'])).toBe(invoice.due_date.replace(/-/g, ''));

	// One VAT breakdown per rate: its tax is the sum of the items' VAT, its basis the items' bases (+ stamp duty).
	const rates = [...new Set(invoice.items.map((i: Json) => new Big(i.vat_rate).times(100).toString()))];
	const breakdown: Json[] = settlement['ram:ApplicableTradeTax'];
	expect(breakdown.map((t) => t['ram:RateApplicablePercent'])).toEqual(rates);
	for (const tax of breakdown) {
		const items = invoice.items.filter((i: Json) => new Big(i.vat_rate).times(100).toString() === tax['ram:RateApplicablePercent']);
		expect(tax['ram:CalculatedAmount']).toBe(sum(items.map((i: Json) => i.total_vat.value)));
		const bases = sum(items.map((i: Json) => new Big(i.total_amount.value).minus(i.total_vat.value).toFixed(2)));
		const stamp = tax['ram:CategoryCode'] === 'E' && invoice.stamp_duty_amount ? invoice.stamp_duty_amount : '0';
		expect(tax['ram:BasisAmount']).toBe(new Big(bases).plus(stamp).toFixed(2));
	}
	expect(sum(breakdown.map((t) => t['ram:CalculatedAmount']))).toBe(invoice.vat_amount.value);

	const totals = settlement['ram:SpecifiedTradeSettlementHeaderMonetarySummation'];
	expect(text(totals['ram:TaxTotalAmount'])).toBe(invoice.vat_amount.value);
	expect(totals['ram:TaxTotalAmount']['@_currencyID']).toBe(invoice.currency);
	expect(totals['ram:DuePayableAmount']).toBe(invoice.total_amount.value);
	expect(totals['ram:AllowanceTotalAmount']).toBe(invoice.discount?.amount.value);
	// BR-CO-13/15/16: basis = lines − allowances + charges; grand = basis + VAT; due = grand − prepaid.
	const basis = new Big(totals['ram:LineTotalAmount']).minus(totals['ram:AllowanceTotalAmount'] ?? 0).plus(totals['ram:ChargeTotalAmount'] ?? 0);
	expect(totals['ram:TaxBasisTotalAmount']).toBe(basis.toFixed(2));
	expect(totals['ram:GrandTotalAmount']).toBe(basis.plus(invoice.vat_amount.value).toFixed(2));
	expect(totals['ram:DuePayableAmount']).toBe(new Big(totals['ram:GrandTotalAmount']).minus(totals['ram:TotalPrepaidAmount'] ?? 0).toFixed(2));
	expect(sum(breakdown.map((t) => t['ram:BasisAmount']))).toBe(totals['ram:TaxBasisTotalAmount']);
	return { root, settlement, totals };
}

describe('Factur-X CII XML (EN 16931)', () => {
	const sandbox = useTestSandbox({ facturxDelayMs: 60_000 }, { resetEachTest: false });

	async function finalizedXml(organization: 'fr' | 'it' | 'de', client: Record<string, unknown>, overrides: Record<string, unknown>) {
		const api = sandbox.api(organization);
		const clientId = await createClient(api, client);
		const draft = await api.post('/v2/client_invoices', invoiceBody(clientId, { status: 'draft', ...overrides }));
		expect(draft.status).toBe(201);
		expect((await sandbox.http.get(`/sandbox/client_invoices/${draft.data.client_invoice.id}/facturx.xml`)).status).toBe(404);
		const finalized = await api.post(`/v2/client_invoices/${draft.data.client_invoice.id}/finalize`);
		expect(finalized.status).toBe(200);
		const xml = await sandbox.http.get(`/sandbox/client_invoices/${draft.data.client_invoice.id}/facturx.xml`, { responseType: 'text' });
		expect(xml.status).toBe(200);
		expect(xml.headers['content-type']).toContain('application/xml');
		return { xml: xml.data as string, invoice: finalized.data.client_invoice };
	}

	it('a French invoice with several rates, item and global discounts, an exempt line and a period validates and matches', async () => {
		const { xml, invoice } = await finalizedXml('fr', frCompanyClient, {
			purchase_order: 'PO-2026-17',
			header: 'Merci & à bientôt <3',
			performance_start_date: '2026-02-01',
			performance_end_date: '2026-02-28',
			discount: { type: 'percentage', value: '0.05' },
			items: [
				{ title: 'Pains', quantity: '3', unit_price: { value: '19.99', currency: 'EUR' }, vat_rate: '0.2', discount: { type: 'percentage', value: '0.1' } },
				{ title: 'Livres', description: 'Deux livres', quantity: '2', unit_price: { value: '12.50', currency: 'EUR' }, vat_rate: '0.055', discount: { type: 'absolute', value: '1.5' } },
				{ title: 'Formation exonérée', quantity: '0.5', unit_price: { value: '2.01', currency: 'EUR' }, vat_rate: '0', vat_exemption_reason: 'Article 261-4-4° du CGI' },
			],
		});
		const result = await validateAgainstXsd(xml);
		expect(result.errors).toEqual([]);
		expect(result.valid).toBe(true);
		const { root, settlement } = expectXmlMatchesInvoice(xml, invoice);
		expect(root['rsm:ExchangedDocument']['ram:IncludedNote'][0]['ram:Content']).toBe('Merci & à bientôt <3');
		expect(root['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeAgreement']['ram:BuyerOrderReferencedDocument']['ram:IssuerAssignedID']).toBe('PO-2026-17');
		expect(settlement['ram:ApplicableTradeTax'].map((t: Json) => t['ram:CategoryCode'])).toEqual(['S', 'S', 'E']);
		expect(settlement['ram:ApplicableTradeTax'][2]['ram:ExemptionReason']).toBe('Article 261-4-4° du CGI');
		expect(text(settlement['ram:BillingSpecifiedPeriod']['ram:StartDateTime']['udt:DateTimeString'])).toBe('20260201');
		// One allowance per VAT rate, adding up to the global discount.
		const allowances: Json[] = settlement['ram:SpecifiedTradeAllowanceCharge'];
		expect(allowances).toHaveLength(3);
		expect(sum(allowances.map((a) => a['ram:ActualAmount']))).toBe(invoice.discount.amount.value);
	});

	it('an Italian invoice with welfare fund and withholding tax validates; withholding is the prepaid amount', async () => {
		const { xml, invoice } = await finalizedXml('it', itCompanyClient, {
			payment_methods: { iban: 'IT60X0542811101000000123456' },
			items: [{ title: 'Consulenza', quantity: '1', unit_price: { value: '100', currency: 'EUR' }, vat_rate: '0.22' }],
			welfare_fund: { type: 'TC22', rate: '0.04' },
			withholding_tax: { reason: 'RT01', rate: '0.2', payment_reason: 'A' },
		});
		expect((await validateAgainstXsd(xml)).valid).toBe(true);
		const { totals, settlement } = expectXmlMatchesInvoice(xml, invoice);
		expect(totals).toMatchObject({ 'ram:ChargeTotalAmount': '4.00', 'ram:TotalPrepaidAmount': '20.80', 'ram:GrandTotalAmount': '126.88', 'ram:DuePayableAmount': '106.08' });
		expect(settlement['ram:SpecifiedTradeAllowanceCharge'][0]).toMatchObject({ 'ram:ActualAmount': '4.00', 'ram:Reason': 'Welfare fund contribution' });
	});

	it('an Italian invoice with stamp duty validates; stamp duty is a charge in the exempt basis', async () => {
		const { xml, invoice } = await finalizedXml('it', { ...itCompanyClient, name: 'Studio Neri' }, {
			payment_methods: { iban: 'IT60X0542811101000000123456' },
			items: [{ title: 'Servizio esente', quantity: '1', unit_price: { value: '100', currency: 'EUR' }, vat_rate: '0', vat_exemption_reason: 'N4' }],
			stamp_duty_amount: '2.00',
		});
		expect((await validateAgainstXsd(xml)).valid).toBe(true);
		const { totals } = expectXmlMatchesInvoice(xml, invoice);
		expect(totals).toMatchObject({ 'ram:ChargeTotalAmount': '2.00', 'ram:DuePayableAmount': '102.00' });
	});

	it('a German invoice validates', async () => {
		const { xml, invoice } = await finalizedXml('de', deCompanyClient, {
			payment_methods: { iban: 'DE89370400440532013000' },
			items: [{ title: 'Beratung', quantity: '7.5', unit_price: { value: '120', currency: 'EUR' }, vat_rate: '0.19' }],
		});
		expect((await validateAgainstXsd(xml)).valid).toBe(true);
		expectXmlMatchesInvoice(xml, invoice);
	});

	it('the XSD check can fail: a document without its seller is refused', async () => {
		const { xml } = await finalizedXml('fr', { ...frCompanyClient, name: 'Client témoin' }, {});
		const broken = xml.replace(/<ram:SellerTradeParty>[\s\S]*?<\/ram:SellerTradeParty>/, '');
		const result = await validateAgainstXsd(broken);
		expect(result.valid).toBe(false);
		expect(result.errors[0].message).toContain('BuyerTradeParty');
	});
});
