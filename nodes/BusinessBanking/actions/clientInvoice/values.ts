import { InputProblem, readDay, readDecimal, readText } from '../common/values';

/**
 * Turning node parameter values into the API's value formats, by the shared rules of
 * `common/values.ts`. A problem is a `FieldError` naming
 * the API field; operations turn it into a NodeOperationError for the item.
 */

export class FieldError extends Error {
	constructor(
		readonly path: Array<string | number>,
		message: string,
		/** The message already names its fields (several schema issues at once). */
		readonly described = false,
	) {
		super(message);
	}
}

/**
 * Money, quantities and rates travel as decimal strings. A string is taken as written (trimmed).
 * A number (from an expression) is accepted only when its shortest decimal form is exact and plain:
 * a safe magnitude and no exponent. `String(0.1 + 0.2)` is "0.30000000000000004" and is then refused by
 * the schema's digit rules rather than silently rounded, so no cent is ever invented or lost.
 */
export function toDecimalString(value: unknown, path: Array<string | number>): string | undefined {
	return asFieldError(path, () => readDecimal(value, ''));
}

/**
 * A rate written as a percentage (version 2: "20" is 20 %) as the API's fraction ("0.2"), by moving
 * the decimal point two places in the text: exact at any precision (the API sets no limit on a
 * fraction's decimals), never through binary floating point. Between 0 and 100 only.
 */
export function percentToFraction(value: unknown, path: Array<string | number>): string | undefined {
	const percent = toDecimalString(value, path);
	if (percent === undefined) return undefined;
	const [whole, decimals = ''] = percent.split('.');
	if (percent.startsWith('-') || Number(whole) > 100 || (Number(whole) === 100 && /[1-9]/.test(decimals))) {
		throw new FieldError(path, `must be a percentage between 0 and 100, e.g. "20" for 20 %, got "${percent}"`);
	}
	const digits = whole.padStart(3, '0');
	const fraction = `${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}${decimals}`.replace(/\.?0+$/, '');
	return fraction === '' ? '0' : fraction;
}

/** A date field by the node's one date rule (common/values.ts `readMoment`), in the workflow's zone. */
export function toDate(value: unknown, path: Array<string | number>, zone: string): string | undefined {
	return asFieldError(path, () => readDay(value, '', zone));
}

/** A text field: empty means "not given"; NaN, objects and the like are refused. */
export function toText(value: unknown, path: Array<string | number> = []): string | undefined {
	return asFieldError(path, () => readText(value, '', { trim: false }));
}

/** Runs a shared reader; its problem becomes a FieldError on `path`. */
function asFieldError<T>(path: Array<string | number>, read: () => T): T {
	let problem: unknown;
	let value: T | undefined;
	try {
		value = read();
	} catch (error) {
		problem = error;
	}
	if (problem !== undefined) throw new FieldError(path, problem instanceof InputProblem ? problem.problem : String(problem));
	return value as T;
}

/** Drops undefined entries so that only given fields are sent. */
export function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Names of API fields as the node shows them, for error messages. */
const LABELS: Record<string, string> = {
	client_id: 'Client',
	issue_date: 'Issue Date',
	due_date: 'Due Date',
	currency: 'Currency',
	payment_methods: 'IBAN',
	iban: 'IBAN',
	status: 'Status',
	items: 'Invoice Lines',
	title: 'Title',
	quantity: 'Quantity',
	unit_price: 'Unit Price',
	vat_rate: 'VAT Rate',
	description: 'Description',
	unit: 'Unit',
	vat_exemption_reason: 'VAT Exemption Reason',
	discount: 'Discount',
	number: 'Number',
	purchase_order: 'Purchase Order',
	terms_and_conditions: 'Terms and Conditions',
	header: 'Header',
	footer: 'Footer',
	upload_id: 'Upload ID',
	performance_date: 'Performance Date',
	performance_start_date: 'Performance Start Date',
	performance_end_date: 'Performance End Date',
	settings: 'Settings Overrides',
	report_einvoicing: 'Report E-Invoicing',
	payment_reporting: 'Payment Reporting',
	welfare_fund: 'Welfare Fund',
	withholding_tax: 'Withholding Tax',
	stamp_duty_amount: 'Stamp Duty Amount',
};

/** `['items', 1, 'unit_price', 'value']` → `Invoice Lines › Invoice Line 2 › Unit Price (items[1].unit_price.value)`. */
export function describeField(path: Array<string | number>): string {
	const labels: string[] = [];
	for (const [index, part] of path.entries()) {
		if (typeof part === 'number') labels.push(`Invoice Line ${part + 1}`);
		else if (part === 'payment_methods' && path[index + 1] === 'iban') continue;
		else if (part === 'value' && index > 0) continue;
		else if (part === 'currency' && path[index - 1] === 'unit_price') labels.push('Currency');
		else if (part === 'type' || part === 'rate' || part === 'reason' || part === 'conditions' || part === 'method') labels.push(part[0].toUpperCase() + part.slice(1));
		else labels.push(LABELS[part] ?? part);
	}
	const apiPath = path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
	return `${labels.join(' › ')} (${apiPath})`;
}
