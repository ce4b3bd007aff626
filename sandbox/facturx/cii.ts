import Big from 'big.js';
import { XMLBuilder } from 'fast-xml-parser';

import type { ClientInvoiceResponse } from '../../nodes/shared/schemas/invoice';
import type { InvoiceTotals } from '../modules/invoices/totals';

/**
 * The Factur-X (EN 16931 profile) CII XML of an invoice. Element order follows the official
 * Factur-X EN16931 XSD (test/fixtures/cii-xsd), which the tests validate against.
 *
 * Mapping choices where the invoice model and EN 16931 differ:
 * - Line net (BT-131) is the item subtotal less its own discount; the global discount and the
 *   Italian welfare fund become document-level allowances/charges, one per VAT category and rate.
 * - VAT per rate (BT-117) is the sum of the items' rounded VAT, so that TaxTotalAmount equals the
 *   invoice's vat_amount (docs/assumptions.md rounds VAT per item).
 * - Withholding tax has no EN 16931 element: it is reported as TotalPrepaidAmount (with a note) so
 *   that DuePayableAmount equals the invoice's total_amount and BR-CO-16 still holds.
 * - Stamp duty is a document-level charge.
 */

export const FACTURX_GUIDELINE_ID = 'urn:cen.eu:en16931:2017';

const NAMESPACES = {
	'@_xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
	'@_xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
	'@_xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
	'@_xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

type Node = Record<string, unknown>;

const date102 = (isoDate: string) => ({ 'udt:DateTimeString': { '@_format': '102', '#text': isoDate.replace(/-/g, '') } });
const percent = (fraction: string) => new Big(fraction).times(100).toString();
const sum = (values: string[]) => values.reduce((acc, v) => acc.plus(v), new Big(0));
/** Only the keys whose value is present: optional elements are left out, not emptied. */
const compact = (node: Node): Node => Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** S for a positive rate; E (exempt) for 0 %, which EN 16931 wants with an exemption reason. */
function category(vatRate: string): 'S' | 'E' {
	return new Big(vatRate).gt(0) ? 'S' : 'E';
}

interface VatGroup {
	category: 'S' | 'E';
	rate: string;
	exemptionReason?: string;
	lineNet: Big;
	discount: Big;
	welfare: Big;
	basis: Big;
	vat: Big;
}

function vatGroups(invoice: ClientInvoiceResponse, totals: InvoiceTotals): VatGroup[] {
	const groups = new Map<string, VatGroup>();
	invoice.items.forEach((item, index) => {
		const line = totals.items[index];
		const key = `${category(item.vat_rate)}:${new Big(item.vat_rate).toString()}`;
		const group = groups.get(key) ?? {
			category: category(item.vat_rate),
			rate: item.vat_rate,
			exemptionReason: category(item.vat_rate) === 'E' ? item.vat_exemption_reason ?? 'Exempt from VAT' : undefined,
			lineNet: new Big(0),
			discount: new Big(0),
			welfare: new Big(0),
			basis: new Big(0),
			vat: new Big(0),
		};
		group.lineNet = group.lineNet.plus(line.net);
		group.discount = group.discount.plus(line.globalDiscountShare);
		group.welfare = group.welfare.plus(line.welfareShare);
		group.basis = group.basis.plus(line.base);
		group.vat = group.vat.plus(line.vat);
		groups.set(key, group);
	});
	return [...groups.values()];
}

function tradeTax(group: Pick<VatGroup, 'category' | 'rate' | 'exemptionReason'>): Node {
	return compact({ 'ram:TypeCode': 'VAT', 'ram:CategoryCode': group.category, 'ram:RateApplicablePercent': percent(group.rate) });
}

function address(parts: { zip?: string | null; line1?: string | null; line2?: string | null; city?: string | null; country?: string | null }): Node {
	return compact({
		'ram:PostcodeCode': parts.zip,
		'ram:LineOne': parts.line1,
		'ram:LineTwo': parts.line2,
		'ram:CityName': parts.city,
		'ram:CountryID': parts.country ?? 'FR',
	});
}

function seller(invoice: ClientInvoiceResponse): Node {
	const org = invoice.organization as Record<string, string | null>;
	return compact({
		'ram:Name': org.legal_name,
		'ram:SpecifiedLegalOrganization': org.legal_number
			? { 'ram:ID': org.legal_country === 'FR' ? { '@_schemeID': '0002', '#text': org.legal_number } : org.legal_number }
			: undefined,
		'ram:PostalTradeAddress': address({
			zip: org.address_zipcode,
			line1: org.address_line_1,
			line2: org.address_line_2,
			city: org.address_city,
			country: org.address_country || org.legal_country,
		}),
		'ram:SpecifiedTaxRegistration': org.vat_number ? { 'ram:ID': { '@_schemeID': 'VA', '#text': org.vat_number } } : undefined,
	});
}

function buyer(invoice: ClientInvoiceResponse): Node {
	const client = invoice.client as Record<string, string | null> & { billing_address?: Record<string, string | undefined> | null };
	const billing = client.billing_address ?? {};
	const taxId = client.tax_identification_number;
	const country = billing.country_code ?? client.country_code ?? undefined;
	// SIREN (9 digits) is scheme 0002, SIRET (14 digits) 0009; other countries' numbers carry no scheme.
	const scheme = country === 'FR' && taxId ? (taxId.length === 14 ? '0009' : '0002') : undefined;
	return compact({
		'ram:Name': client.name,
		'ram:SpecifiedLegalOrganization': taxId ? { 'ram:ID': scheme ? { '@_schemeID': scheme, '#text': taxId } : taxId } : undefined,
		'ram:PostalTradeAddress': address({
			zip: billing.zip_code ?? client.zip_code,
			line1: billing.street_address ?? client.address,
			city: billing.city ?? client.city,
			country,
		}),
		'ram:URIUniversalCommunication': client.email ? { 'ram:URIID': { '@_schemeID': 'EM', '#text': client.email } } : undefined,
		'ram:SpecifiedTaxRegistration': client.vat_number ? { 'ram:ID': { '@_schemeID': 'VA', '#text': client.vat_number } } : undefined,
	});
}

function lineItem(invoice: ClientInvoiceResponse, totals: InvoiceTotals, index: number): Node {
	const item = invoice.items[index];
	const line = totals.items[index];
	return {
		'ram:AssociatedDocumentLineDocument': { 'ram:LineID': String(index + 1) },
		'ram:SpecifiedTradeProduct': compact({ 'ram:Name': item.title, 'ram:Description': item.description }),
		'ram:SpecifiedLineTradeAgreement': { 'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': item.unit_price.value } },
		'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '@_unitCode': 'C62', '#text': item.quantity } },
		'ram:SpecifiedLineTradeSettlement': compact({
			'ram:ApplicableTradeTax': tradeTax({ category: category(item.vat_rate), rate: item.vat_rate }),
			'ram:SpecifiedTradeAllowanceCharge': line.discount
				? {
						'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
						...(item.discount?.type === 'percentage' ? { 'ram:CalculationPercent': percent(item.discount.value), 'ram:BasisAmount': line.subtotal } : {}),
						'ram:ActualAmount': line.discount,
						'ram:Reason': 'Discount',
					}
				: undefined,
			'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': line.net },
		}),
	};
}

function allowanceCharge(charge: boolean, amount: Big, reason: string, group: VatGroup): Node {
	return {
		'ram:ChargeIndicator': { 'udt:Indicator': String(charge) },
		'ram:ActualAmount': amount.toFixed(2),
		'ram:Reason': reason,
		'ram:CategoryTradeTax': tradeTax(group),
	};
}

export interface CiiInput {
	invoice: ClientInvoiceResponse;
	totals: InvoiceTotals;
}

export function buildCiiXml({ invoice, totals }: CiiInput): string {
	const currency = invoice.currency;
	const groups = vatGroups(invoice, totals);
	const stampGroup = groups.find((g) => g.category === 'E') ?? groups[0];

	const allowances = groups.filter((g) => g.discount.gt(0)).map((g) => allowanceCharge(false, g.discount, 'Discount', g));
	const charges = [
		...groups.filter((g) => g.welfare.gt(0)).map((g) => allowanceCharge(true, g.welfare, 'Welfare fund contribution', g)),
		...(totals.stampDuty ? [allowanceCharge(true, new Big(totals.stampDuty), 'Stamp duty', stampGroup)] : []),
	];
	const chargeTotal = sum([totals.welfare ?? '0', totals.stampDuty ?? '0']);
	const lineTotal = sum(totals.items.map((i) => i.net));
	const taxBasis = lineTotal.plus(chargeTotal).minus(totals.discount ?? '0');
	const grandTotal = taxBasis.plus(totals.vat);
	const prepaid = new Big(totals.withholding ?? '0');

	const notes = [invoice.header, invoice.footer, invoice.terms_and_conditions].filter((n): n is string => Boolean(n));
	if (totals.withholding) notes.push(`Withholding tax of ${totals.withholding} ${currency} reported as prepaid amount.`);

	const period =
		invoice.performance_start_date || invoice.performance_date
			? compact({
					'ram:StartDateTime': date102((invoice.performance_start_date ?? invoice.performance_date) as string),
					'ram:EndDateTime': invoice.performance_end_date ? date102(invoice.performance_end_date) : undefined,
				})
			: undefined;

	const document = {
		'?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
		'rsm:CrossIndustryInvoice': {
			...NAMESPACES,
			'rsm:ExchangedDocumentContext': {
				'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': FACTURX_GUIDELINE_ID },
			},
			'rsm:ExchangedDocument': compact({
				'ram:ID': invoice.number,
				'ram:TypeCode': '380',
				'ram:IssueDateTime': date102(invoice.issue_date),
				'ram:IncludedNote': notes.length ? notes.map((content) => ({ 'ram:Content': content })) : undefined,
			}),
			'rsm:SupplyChainTradeTransaction': {
				'ram:IncludedSupplyChainTradeLineItem': invoice.items.map((_item, index) => lineItem(invoice, totals, index)),
				'ram:ApplicableHeaderTradeAgreement': compact({
					'ram:BuyerReference': invoice.purchase_order,
					'ram:SellerTradeParty': seller(invoice),
					'ram:BuyerTradeParty': buyer(invoice),
					'ram:BuyerOrderReferencedDocument': invoice.purchase_order ? { 'ram:IssuerAssignedID': invoice.purchase_order } : undefined,
				}),
				'ram:ApplicableHeaderTradeDelivery': period ? { 'ram:ActualDeliverySupplyChainEvent': { 'ram:OccurrenceDateTime': date102((invoice.performance_end_date ?? invoice.performance_start_date ?? invoice.performance_date) as string) } } : '',
				'ram:ApplicableHeaderTradeSettlement': compact({
					'ram:PaymentReference': invoice.number,
					'ram:InvoiceCurrencyCode': currency,
					'ram:SpecifiedTradeSettlementPaymentMeans': invoice.payment_methods.map((method) => ({
						'ram:TypeCode': '58',
						'ram:PayeePartyCreditorFinancialAccount': { 'ram:IBANID': method.iban },
						...(method.bic ? { 'ram:PayeeSpecifiedCreditorFinancialInstitution': { 'ram:BICID': method.bic } } : {}),
					})),
					'ram:ApplicableTradeTax': groups.map((group) =>
						compact({
							'ram:CalculatedAmount': group.vat.toFixed(2),
							'ram:TypeCode': 'VAT',
							'ram:ExemptionReason': group.exemptionReason,
							'ram:BasisAmount': (group === stampGroup && totals.stampDuty ? group.basis.plus(totals.stampDuty) : group.basis).toFixed(2),
							'ram:CategoryCode': group.category,
							'ram:RateApplicablePercent': percent(group.rate),
						}),
					),
					'ram:BillingSpecifiedPeriod': period,
					'ram:SpecifiedTradeAllowanceCharge': [...charges, ...allowances].length ? [...charges, ...allowances] : undefined,
					'ram:SpecifiedTradePaymentTerms': { 'ram:DueDateDateTime': date102(invoice.due_date) },
					'ram:SpecifiedTradeSettlementHeaderMonetarySummation': compact({
						'ram:LineTotalAmount': lineTotal.toFixed(2),
						'ram:ChargeTotalAmount': chargeTotal.gt(0) ? chargeTotal.toFixed(2) : undefined,
						'ram:AllowanceTotalAmount': totals.discount ? totals.discount : undefined,
						'ram:TaxBasisTotalAmount': taxBasis.toFixed(2),
						'ram:TaxTotalAmount': { '@_currencyID': currency, '#text': totals.vat },
						'ram:GrandTotalAmount': grandTotal.toFixed(2),
						'ram:TotalPrepaidAmount': prepaid.gt(0) ? prepaid.toFixed(2) : undefined,
						'ram:DuePayableAmount': grandTotal.minus(prepaid).toFixed(2),
					}),
				}),
			},
		},
	};
	const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '\t', suppressEmptyNode: false });
	return builder.build(document) as string;
}
