import { NodeApiError, type IExecuteFunctions, type INodeProperties, type INodePropertyCollection } from 'n8n-workflow';

import { isShown } from '../common/parameterTypes';

/** A place in the operation's form: the parameter names down to it and what the editor shows for them. */
interface FormField {
	/** Names the API path may repeat, outermost first, with whether each is only the form's grouping. */
	steps: Array<{ name: string; label: string; grouping: boolean; repeated: boolean; entry?: string }>;
}

/** "unit_price", "unitPrice" and "unitprice" are one name. */
const normalized = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Every field an operation shows (top-level ones by their display rules), with the collections around it. */
function formFields(this: IExecuteFunctions, description: INodeProperties[], itemIndex: number): FormField[] {
	const fields: FormField[] = [];
	const walk = (property: INodeProperties, outer: FormField['steps']) => {
		const repeated = property.type === 'fixedCollection' && property.typeOptions?.multipleValues === true;
		// "Additional Fields", "Italy / Spain Only": the form's grouping; the API may or may not name it.
		const grouping = property.type === 'collection' || property.type === 'fixedCollection';
		const steps = [...outer, { name: property.name, label: property.displayName, grouping, repeated }];
		fields.push({ steps });
		for (const option of property.options ?? []) {
			if ('values' in option) {
				// A repeated entry is shown by its group's name ("Invoice Line").
				const group = option as INodePropertyCollection;
				const withEntry = [...outer, { ...steps[steps.length - 1], entry: group.displayName }];
				for (const value of group.values) walk(value, withEntry);
			} else if ('displayName' in option && 'type' in option) walk(option as INodeProperties, steps);
		}
	};
	for (const property of description) if (property.type !== 'notice' && isShown.call(this, property, itemIndex)) walk(property, []);
	return fields;
}

/**
 * How well a field explains the API path's names: the names it repeats, in order, must spell
 * the path exactly (a grouping may be left out), e.g. `items/0/unit_price/currency` is
 * Invoice Lines › Unit Price Currency. Undefined when it does not; else the names it used.
 */
function explains(field: FormField, names: string[], indexed: boolean): number | undefined {
	const wanted = normalized(names.join(''));
	const { steps } = field;
	if (steps.some((step) => step.repeated) && !indexed) return undefined;
	// Each grouping may be left out; the field itself never.
	const optional = steps.slice(0, -1).map((step, index) => (step.grouping ? index : -1)).filter((index) => index >= 0);
	let best: number | undefined;
	for (let mask = 0; mask < 1 << optional.length; mask++) {
		const kept = steps.filter((_, index) => !optional.some((at, bit) => at === index && mask & (1 << bit)));
		if (normalized(kept.map((step) => step.name).join('')) === wanted && (best === undefined || kept.length > best)) best = kept.length;
	}
	return best;
}

/** "Invoice Lines › Invoice Line 2 › Unit Price": the labels down to the field, a repeated entry by its number. */
function labelOf(field: FormField, index: number | undefined): string {
	return field.steps
		.map((step) => (step.repeated && step.entry && index !== undefined ? `${step.label} › ${step.entry} ${index + 1}` : step.label))
		.join(' › ');
}

/**
 * The form field an API error's `source.pointer` names, as the editor shows it ("Additional Fields ›
 * Number"), read from the operation's own description: the pointer's names, less the API's
 * wrappers in front (`/client_invoice/…`, `/payment_methods/…`) and a money object's `value`, spell
 * the field's parameter names. Undefined when no shown field does.
 */
export function fieldShownFor(this: IExecuteFunctions, pointer: string, description: INodeProperties[], itemIndex: number): string | undefined {
	const segments = pointer.split('/').filter(Boolean);
	const index = segments.map(Number).find((segment) => Number.isInteger(segment));
	const names = segments.filter((segment) => !/^\d+$/.test(segment));
	if (names.at(-1) === 'value' && names.length > 1) names.pop();
	const fields = formFields.call(this, description, itemIndex);
	for (let start = 0; start < names.length; start++) {
		let found: { field: FormField; kept: number } | undefined;
		for (const field of fields) {
			const kept = explains(field, names.slice(start), index !== undefined);
			if (kept !== undefined && (!found || kept > found.kept || (kept === found.kept && field.steps.length < found.field.steps.length))) found = { field, kept };
		}
		if (found) return labelOf(found.field, index);
	}
	return undefined;
}

const NOT_ABOUT_A_FIELD = new Set(['401', '403', '429']);

/**
 * A refusal of the API's that points at a field (a 4xx other than access and rate limits) names
 * the form field where the user fixes it, before the API's own words: "Additional Fields ›
 * Number: number is required: …". The API's entries stay in the error's context as they came.
 */
export function pointToFormFields(this: IExecuteFunctions, error: unknown, description: INodeProperties[], itemIndex: number): void {
	if (!(error instanceof NodeApiError) || !error.httpCode || !/^4\d\d$/.test(error.httpCode) || NOT_ABOUT_A_FIELD.has(error.httpCode)) return;
	if (error.context.mayExist) return;
	const entries = (error.context.errors ?? []) as Array<{ code?: string; detail?: string; source?: { pointer?: string } }>;
	const said = entries.map((entry) => {
		const pointer = entry.source?.pointer;
		const field = pointer ? fieldShownFor.call(this, pointer, description, itemIndex) : undefined;
		return field ? `${field}: ${entry.detail ?? entry.code ?? 'refused'}` : undefined;
	});
	if (said[0]) error.message = said[0];
	if (entries.length > 1 && error.description) {
		const lines = error.description.split('\n');
		if (lines.length === entries.length) error.description = lines.map((line, at) => said[at] ?? line).join('\n');
	}
}
