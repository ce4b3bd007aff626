import type { IDataObject } from 'n8n-workflow';

import { refreshAnswers, type Requirement, type RequirementAnswers } from '../../../shared/schemas/requirements';
import { apiRequest, type ApiContext } from '../../transport';

export const BENEFICIARY_REQUIREMENTS = '/v2/international/beneficiaries/requirements';
export const TRANSFER_REQUIREMENTS = '/v2/international/transfers/requirements';

/** A form and the listing it was picked from. */
export interface PickedForm {
	forms: Requirement[];
	form?: Requirement;
}

/** Fields depend on answers at most this deep (a country adds a state; nothing depends on a state). */
const MAX_REFRESHES = 3;

const sameAnswers = (a: RequirementAnswers, b: RequirementAnswers) =>
	Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

const asQuery = (answers: RequirementAnswers): IDataObject => Object.fromEntries(Object.entries(answers).map(([key, value]) => [`details[${key}]`, value]));

/**
 * The requirements listing at `path`, and the form `pick` chooses from it, asked again with the
 * answers of its refresh fields (`refresh_requirements_on_change`) until the form stops changing.
 * Only those answers travel in the query (a country, not an account number).
 */
export async function fetchForm(
	this: ApiContext,
	path: string,
	qs: IDataObject,
	pick: (forms: Requirement[]) => Requirement | undefined,
	details: Record<string, unknown>,
	itemIndex?: number,
): Promise<PickedForm> {
	let answers: RequirementAnswers = {};
	let picked: PickedForm = { forms: [] };
	for (let round = 0; round < MAX_REFRESHES; round++) {
		const response = await apiRequest.call(this, 'GET', path, { qs: { ...qs, ...asQuery(answers) }, itemIndex });
		const forms = (response.requirements as Requirement[] | undefined) ?? [];
		picked = { forms, form: pick(forms) };
		if (!picked.form) return picked;
		const next = refreshAnswers(picked.form.fields, details);
		if (sameAnswers(next, answers)) return picked;
		answers = next;
	}
	return picked;
}

/** The form of an account type in a beneficiary listing. */
export const formOfType = (type: string) => (forms: Requirement[]) => forms.find((form) => form.type === type);

/** A transfer listing has one form. */
export const firstForm = (forms: Requirement[]) => forms[0];
