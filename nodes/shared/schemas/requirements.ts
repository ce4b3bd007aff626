/**
 * The requirements listings of international beneficiaries and transfers (docs/assumptions.md): forms whose
 * answers make the dynamic `payload.details` and `details` objects. The checks are written once:
 * the node runs them before sending, the sandbox when it validates the request.
 */

/** One field of a requirements form. */
export interface RequirementField {
	/** Where the answer goes in `details`; dots nest (`address.city` → `{address: {city}}`). */
	key: string;
	/** The label a person reads. */
	name: string;
	required: boolean;
	type: 'text' | 'select' | 'date';
	values_allowed?: Array<{ key: string; name: string }>;
	validation_regexp?: string;
	/**
	 * Answering this field can change the form (e.g. a country that has states): ask the listing
	 * again with the answer as `details[<key>]=<value>` to get the fields that depend on it.
	 */
	refresh_requirements_on_change?: boolean;
}

export interface Requirement {
	type: string;
	fields: RequirementField[];
}

/** Answers given so far, as the listing's `details[<key>]` query parameters take them. */
export type RequirementAnswers = Record<string, string>;

/** The answer to `key` in a details object: nested (`{address: {city}}`) or flat (`{'address.city'}`). */
export function answerAt(details: Record<string, unknown>, key: string): unknown {
	if (Object.prototype.hasOwnProperty.call(details, key)) return details[key];
	return key
		.split('.')
		.reduce<unknown>((node, part) => (node && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, part) ? (node as Record<string, unknown>)[part] : undefined), details);
}

export interface RequirementProblem {
	key: string;
	/** The field's label. */
	name: string;
	code: 'required' | 'invalid_type' | 'invalid_value' | 'invalid_format';
	/** What is wrong, to follow the label: "is required", "must be one of …". */
	message: string;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** Every answer of `details` that breaks its field: missing when required, not a string, not allowed, or not matching. */
export function requirementProblems(fields: RequirementField[], details: Record<string, unknown>): RequirementProblem[] {
	const problems: RequirementProblem[] = [];
	for (const field of fields) {
		const value = answerAt(details, field.key);
		const problem = (code: RequirementProblem['code'], message: string) => problems.push({ key: field.key, name: field.name, code, message });
		if (isBlank(value)) {
			if (field.required) problem('required', 'is required');
		} else if (typeof value !== 'string') {
			problem('invalid_type', 'must be text');
		} else if (field.values_allowed && !field.values_allowed.some((allowed) => allowed.key === value)) {
			problem('invalid_value', `must be one of ${field.values_allowed.map((v) => v.key).join(', ')}, got "${value}"`);
		} else if (field.validation_regexp && !new RegExp(field.validation_regexp).test(value)) {
			problem('invalid_format', `does not match ${field.validation_regexp}`);
		}
	}
	return problems;
}

/** The answers to the form's refresh fields, to ask the listing for the fields that depend on them. */
export function refreshAnswers(fields: RequirementField[], details: Record<string, unknown>): RequirementAnswers {
	const answers: RequirementAnswers = {};
	for (const field of fields) {
		const value = answerAt(details, field.key);
		if (field.refresh_requirements_on_change && typeof value === 'string' && value !== '') answers[field.key] = value;
	}
	return answers;
}
