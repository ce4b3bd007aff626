import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import type { ZodError, ZodTypeAny } from 'zod/v3';

import { invoiceCreateSchema, invoiceUpdateSchema } from '../../../shared/schemas/invoice';
import { rateReader, readItems, type ItemBody } from './items';
import { inputError } from '../common/inputError';
import { InputProblem, readText } from '../common/values';
import { nodeVersion } from '../versions';
import { pickedValue } from '../../n8n/locatorInCollection';
import { COUNTRY_FIELD, COUNTRY_FIELDS, SETTINGS_NAMES } from './fieldsV2';
import { FieldError, compact, describeField, toDate, toDecimalString, toText } from './values';

type Body = Record<string, unknown>;

/** The optional scalar fields of "Additional Fields" / "Update Fields", in the API's names. */
function optionalFields(fields: IDataObject, zone: string, rate: ReturnType<typeof rateReader>): Body {
	return compact({
		number: toText(fields.number, ['number']),
		purchase_order: toText(fields.purchaseOrder, ['purchase_order']),
		terms_and_conditions: toText(fields.termsAndConditions, ['terms_and_conditions']),
		header: toText(fields.header, ['header']),
		footer: toText(fields.footer, ['footer']),
		upload_id: toText(fields.uploadId, ['upload_id']),
		performance_date: toDate(fields.performanceDate, ['performance_date'], zone),
		performance_start_date: toDate(fields.performanceStartDate, ['performance_start_date'], zone),
		performance_end_date: toDate(fields.performanceEndDate, ['performance_end_date'], zone),
		discount:
			fields.discountValue !== undefined && fields.discountValue !== ''
				? { type: fields.discountType ?? 'percentage', value: (fields.discountType ?? 'percentage') === 'percentage' ? rate(fields.discountValue, ['discount', 'value']) : toDecimalString(fields.discountValue, ['discount', 'value']) }
				: undefined,
	});
}

/** "Settings Overrides": text values as given; the capital share becomes a money object. */
function settings(raw: IDataObject, currency: () => string | undefined): Body | undefined {
	const entries = Object.entries(raw).filter(([, value]) => value !== '' && value !== undefined);
	if (entries.length === 0) return undefined;
	const body: Body = Object.fromEntries(entries.map(([key, value]) => [key, toText(value, ['settings', key])]));
	if (raw.legal_capital_share !== undefined && raw.legal_capital_share !== '') {
		body.legal_capital_share = { value: toDecimalString(raw.legal_capital_share, ['settings', 'legal_capital_share']), currency: currency() };
	}
	return body;
}

/** "Italy / Spain Only": grouped into the API's objects; a block is sent only when one of its fields is. */
function italySpain(this: IExecuteFunctions, fields: IDataObject): Body {
	const rate = rateReader.call(this);
	const block = (object: Body) => {
		const given = compact(object);
		return Object.keys(given).length > 0 ? given : undefined;
	};
	const welfare = block({ type: toText(fields.welfareFundType, ['welfare_fund', 'type']), rate: rate(fields.welfareFundRate, ['welfare_fund', 'rate']) });
	const withholding = block({
		reason: toText(fields.withholdingTaxReason, ['withholding_tax', 'reason']),
		rate: rate(fields.withholdingTaxRate, ['withholding_tax', 'rate']),
		payment_reason: toText(fields.withholdingTaxPaymentReason, ['withholding_tax', 'payment_reason']),
	});
	return compact({
		report_einvoicing: typeof fields.reportEinvoicing === 'boolean' ? fields.reportEinvoicing : undefined,
		payment_reporting: block({ conditions: toText(fields.paymentReportingConditions, ['payment_reporting', 'conditions']), method: toText(fields.paymentReportingMethod, ['payment_reporting', 'method']) }),
		welfare_fund: welfare,
		withholding_tax: withholding,
		stamp_duty_amount: toDecimalString(fields.stampDutyAmount, ['stamp_duty_amount']),
	});
}

/**
 * Create's Settings Overrides and Italy / Spain fields. Version 1 has them in collections of their
 * own; version 2 in its one Additional Fields, where a country's field counts only while that
 * country is chosen (the editor shows it only then: fieldsV2.ts).
 */
function settingsAndCountryFields(this: IExecuteFunctions, itemIndex: number, additional: IDataObject): { settings: IDataObject; country: IDataObject } {
	if (nodeVersion(this) < 2) {
		return { settings: this.getNodeParameter('settings', itemIndex, {}) as IDataObject, country: this.getNodeParameter('italySpain', itemIndex, {}) as IDataObject };
	}
	const chosen = String(additional[COUNTRY_FIELD] ?? '');
	const pick = (keep: (name: string) => boolean) => Object.fromEntries(Object.entries(additional).filter(([name]) => keep(name))) as IDataObject;
	return {
		settings: pick((name) => SETTINGS_NAMES.includes(name)),
		country: pick((name) => (COUNTRY_FIELDS[name] as string[] | undefined)?.includes(chosen) === true),
	};
}

/** An IBAN as the API takes it: picked from the organization's accounts or typed, spaces removed. */
const ibanText = (value: unknown) => (toText(pickedValue(value), ['payment_methods', 'iban']) ?? '').replace(/\s+/g, '');

/** A resource locator's value (the ID), whatever mode it was picked in. */
export function locatorValue(this: IExecuteFunctions, name: string, itemIndex: number): string {
	return readText(this.getNodeParameter(name, itemIndex, '', { extractValue: true }), `${name === 'clientId' ? 'Client' : 'Invoice'} (${name})`) ?? '';
}

/** The body of POST /v2/client_invoices for one input item, checked against the spec's rules. */
export function buildCreateBody(this: IExecuteFunctions, itemIndex: number): Body {
	return withFieldErrors(this, itemIndex, () => {
		const currency = this.getNodeParameter('currency', itemIndex) as string;
		const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const { settings: overrides, country } = settingsAndCountryFields.call(this, itemIndex, additional);
		const body: Body = {
			client_id: locatorValue.call(this, 'clientId', itemIndex),
			issue_date: toDate(this.getNodeParameter('issueDate', itemIndex), ['issue_date'], this.getTimezone()),
			due_date: toDate(this.getNodeParameter('dueDate', itemIndex), ['due_date'], this.getTimezone()),
			currency,
			// Read as stored (a version-2 locator's value is picked here): one read per run where the IBAN is fixed.
			payment_methods: { iban: ibanText(this.getNodeParameter('iban', itemIndex, '')) },
			status: this.getNodeParameter('status', itemIndex, nodeVersion(this) >= 2 ? 'draft' : 'unpaid'),
			items: readItems.call(this, itemIndex, () => currency),
			...optionalFields(additional, this.getTimezone(), rateReader.call(this)),
			...compact({ settings: settings(overrides, () => currency) }),
			...italySpain.call(this, country),
		};
		return validate(invoiceCreateSchema, body);
	});
}

/**
 * The body of PATCH /v2/client_invoices/{id}: only the fields given. `currency` is the invoice's own
 * (asked lazily: only lines or a capital share without a currency need it).
 */
export async function buildUpdateBody(this: IExecuteFunctions, itemIndex: number, currency: () => Promise<string>): Promise<Body> {
	// Every local check runs first, with a stand-in currency: a bad field stops the item before the GET.
	let needsCurrency = false;
	updateBody.call(this, itemIndex, () => {
		needsCurrency = true;
		return 'EUR';
	});
	const invoiceCurrency = needsCurrency ? await currency() : undefined;
	return updateBody.call(this, itemIndex, () => invoiceCurrency);
}

function updateBody(this: IExecuteFunctions, itemIndex: number, currency: () => string | undefined): Body {
	return withFieldErrors(this, itemIndex, () => {
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body: Body = compact({
			client_id: toText(pickedValue(fields.clientId), ['client_id']),
			issue_date: toDate(fields.issueDate, ['issue_date'], this.getTimezone()),
			due_date: toDate(fields.dueDate, ['due_date'], this.getTimezone()),
			payment_methods: ibanText(fields.iban) ? { iban: ibanText(fields.iban) } : undefined,
			items: readItems.call(this, itemIndex, currency) as ItemBody[] | undefined,
			...optionalFields(fields, this.getTimezone(), rateReader.call(this)),
			settings: settings(this.getNodeParameter('settings', itemIndex, {}) as IDataObject, currency),
			...italySpain.call(this, this.getNodeParameter('italySpain', itemIndex, {}) as IDataObject),
		});
		if (Object.keys(body).length === 0) throw new FieldError([], 'Nothing to update: set at least one field or replace the items');
		return validate(invoiceUpdateSchema, body);
	});
}

function validate(schema: ZodTypeAny, body: Body): Body {
	const result = schema.safeParse(body);
	if (result.success) return body;
	throw zodToFieldError(result.error);
}

function zodToFieldError(error: ZodError): FieldError {
	const messages = error.issues.map((issue) => `${describeField(issue.path)}: ${issue.message}`);
	return new FieldError(error.issues[0].path, messages.join('; '), true);
}

/** Runs `build`; a bad field becomes a NodeOperationError that names the item and the field. */
export function withFieldErrors<T>(context: IExecuteFunctions, itemIndex: number, build: () => T): T {
	try {
		return build();
	} catch (error) {
		if (error instanceof InputProblem) throw inputError(context, error, itemIndex);
		if (!(error instanceof FieldError)) throw new NodeOperationError(context.getNode(), error as Error, { itemIndex });
		const message = error.described || error.path.length === 0 ? error.message : `${describeField(error.path)}: ${error.message}`;
		throw new NodeOperationError(context.getNode(), `Item ${itemIndex}: ${message}`, {
			itemIndex,
			description: 'Nothing was sent to the API. Fix the field and run the node again.',
		});
	}
}
