import { NodeOperationError, type IDataObject, type IExecuteFunctions, type ResourceMapperField, type ResourceMapperValue } from 'n8n-workflow';

import { requirementProblems, type RequirementField } from '../../../shared/schemas/requirements';
import { readText } from '../common/values';
import { jsonObjectParameter } from './json';
import type { PickedForm } from './requirements';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Mapped values without the blanks, each read by the shared text rule (numbers and booleans from
 * expressions become text; NaN, objects or broken characters are refused, naming the field).
 */
function mappedAnswers(value: ResourceMapperValue['value'], fields: ResourceMapperField[], root: string): Record<string, string> {
	const answers: Record<string, string> = {};
	for (const [key, raw] of Object.entries(value ?? {})) {
		const label = fields.find((field) => field.id === key)?.displayName ?? key;
		const answer = readText(typeof raw === 'boolean' ? String(raw) : raw, `${label} (${root}.${key})`);
		if (answer !== undefined) answers[key] = answer;
	}
	return answers;
}

/** The form the user filled in, as the editor saved it from the listing: labels, required marks, allowed values. */
const savedField = (field: ResourceMapperField): RequirementField => ({
	key: field.id,
	name: field.displayName,
	required: field.required,
	type: field.options ? 'select' : 'text',
	...(field.options ? { values_allowed: field.options.map((option) => ({ key: String(option.value), name: option.name })) } : {}),
});

/** `{'address.city': 'Boston'}` → `{address: {city: 'Boston'}}`. */
function nested(this: IExecuteFunctions, answers: Record<string, unknown>, itemIndex: number): IDataObject {
	const details: IDataObject = {};
	for (const [key, value] of Object.entries(answers)) {
		const parts = key.split('.');
		if (parts.some((part) => part === '' || UNSAFE_KEYS.has(part))) {
			throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: Details has a field key that cannot be sent: "${key}"`, { itemIndex });
		}
		let node = details;
		for (const part of parts.slice(0, -1)) {
			if (node[part] === undefined) node[part] = {};
			if (typeof node[part] !== 'object' || node[part] === null) {
				throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: Details has both "${part}" and fields inside it`, { itemIndex });
			}
			node = node[part] as IDataObject;
		}
		node[parts[parts.length - 1]] = value as IDataObject[string];
	}
	return details;
}

/** Refuses the item, before anything is sent, when `details` breaks the form; names each field by label and key. */
function refuseProblems(this: IExecuteFunctions, itemIndex: number, fields: RequirementField[], details: Record<string, unknown>, root: string): void {
	const problems = requirementProblems(fields, details).map((problem) => `${problem.name} (${root}.${problem.key}) ${problem.message}`);
	if (problems.length === 0) return;
	throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${problems[0]}`, {
		itemIndex,
		description: problems.length > 1 ? `All problems of this item:\n${problems.join('\n')}` : 'Nothing was sent to the API.',
	});
}

/**
 * The details object of one item, from "Details Input": the mapped fields (checked first against the
 * form the editor saved, with no request) or the JSON object. `root` names the body's field.
 */
export function readDetails(this: IExecuteFunctions, itemIndex: number, root: string): IDataObject {
	if (this.getNodeParameter('detailsInput', itemIndex, 'mapFields') === 'json') {
		return jsonObjectParameter.call(this, this.getNodeParameter('detailsJson', itemIndex, '{}'), 'Details (JSON)', 'detailsJson');
	}
	const mapper = this.getNodeParameter('details', itemIndex, {}) as Partial<ResourceMapperValue>;
	const answers = mappedAnswers(mapper.value ?? null, mapper.schema ?? [], root);
	const saved = (mapper.schema ?? []).filter((field) => field.removed !== true).map(savedField);
	refuseProblems.call(this, itemIndex, saved, answers, root);
	return nested.call(this, answers, itemIndex);
}

/**
 * Checks `details` against the form the listing gives now (required, allowed values, patterns,
 * fields added by earlier answers), before the write is sent. `missing` explains an absent form.
 */
export function checkAgainstListing(this: IExecuteFunctions, itemIndex: number, picked: PickedForm, details: IDataObject, root: string, missing: () => string): void {
	if (!picked.form) throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${missing()}`, { itemIndex });
	refuseProblems.call(this, itemIndex, picked.form.fields, details, root);
}
