import { NodeApiError, type IExecuteFunctions, type INodeProperties, type INodePropertyCollection } from 'n8n-workflow';

import { isShown } from '../common/parameterTypes';

/** A place in the operation's form: the parameter names down to it and what the editor shows for them. */
interface FormField {
	/** Names the API path may repeat, outermost first, with whether each is only the form's grouping. */
	steps: Array<{ name: string; label: string; grouping: boolean; repeated: boolean; entry?: string }>;
}

/** "unit_price" and "unitPrice" are the words unit, price. */
const wordsOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

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
 * How a field spells the API path's words: the names down to it (a grouping may be left out, the
 * field itself never) say exactly the path's words ('exact': `items/0/unit_price/currency` is
 * Invoice Lines › Unit Price Currency), or the path names an object the form asks for field by
 * field ('part': `welfare_fund` is Welfare Fund Type and Welfare Fund Rate). With how many names it kept.
 */
function explains(field: FormField, words: string[], indexed: boolean): { match: 'exact' | 'part'; kept: number } | undefined {
	const { steps } = field;
	if (steps.slice(0, -1).some((step) => step.repeated) && !indexed) return undefined;
	const optional = steps.slice(0, -1).map((step, index) => (step.grouping ? index : -1)).filter((index) => index >= 0);
	let best: { match: 'exact' | 'part'; kept: number } | undefined;
	for (let mask = 0; mask < 1 << optional.length; mask++) {
		const kept = steps.filter((_, index) => !optional.some((at, bit) => at === index && mask & (1 << bit)));
		const spelled = kept.flatMap((step) => wordsOf(step.name));
		const outerWords = kept.slice(0, -1).flatMap((step) => wordsOf(step.name)).length;
		const sameStart = words.every((word, at) => spelled[at] === word);
		const match = sameStart && spelled.length === words.length ? 'exact' : sameStart && words.length > outerWords && words.length < spelled.length ? 'part' : undefined;
		if (match && (!best || (match === 'exact' && best.match === 'part') || (match === best.match && kept.length > best.kept))) best = { match, kept: kept.length };
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
 * the field's parameter names; an object the form asks for field by field names those fields.
 * Undefined when no shown field matches.
 */
export function fieldShownFor(this: IExecuteFunctions, pointer: string, description: INodeProperties[], itemIndex: number): string | undefined {
	const segments = pointer.split('/').filter(Boolean);
	const index = segments.map(Number).find((segment) => Number.isInteger(segment));
	const names = segments.filter((segment) => !/^\d+$/.test(segment));
	// A money object's amount is its field: `legal_capital_share/value` is Legal Capital Share.
	const moneyValue = names.length > 1 && names.at(-1) === 'value';
	const fields = formFields.call(this, description, itemIndex);
	const matchesOf = (words: string[]) =>
		fields.flatMap((field) => {
			const how = explains(field, words, index !== undefined);
			return how ? [{ field, ...how }] : [];
		});
	for (let start = 0; start < names.length; start++) {
		const words = names.slice(start).flatMap(wordsOf);
		let matches = matchesOf(words);
		if (moneyValue && !matches.some((found) => found.match === 'exact')) matches = matchesOf(words.slice(0, -1));
		const exact = matches.filter((found) => found.match === 'exact');
		if (exact.length > 0) {
			// The most names of the path explained, then the field nearest the top of the form.
			const [best] = exact.sort((one, other) => other.kept - one.kept || one.field.steps.length - other.field.steps.length);
			return labelOf(best.field, index);
		}
		const outers = new Set(matches.map((found) => labelOf({ steps: found.field.steps.slice(0, -1) }, index)));
		if (matches.length > 0 && outers.size === 1) {
			// One object of the API given as several fields of one collection: name them all there.
			const [outer] = outers;
			const labels = matches.map((found) => found.field.steps[found.field.steps.length - 1].label).join(' / ');
			return outer ? `${outer} › ${labels}` : labels;
		}
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
