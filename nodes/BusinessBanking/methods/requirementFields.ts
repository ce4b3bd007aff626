import type { ILoadOptionsFunctions, INodePropertyOptions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import { BENEFICIARY_REQUIREMENTS, fetchForm, firstForm, formOfType, TRANSFER_REQUIREMENTS } from '../actions/internationalTransfer/requirements';
import { isUuid } from '../actions/common/uuid';
import type { RequirementField } from '../../shared/schemas/requirements';

/** A parameter of the node being edited, when the editor could resolve it to a UUID. */
function currentId(context: ILoadOptionsFunctions, name: string): string | undefined {
	const value = context.getCurrentNodeParameter(name);
	const text = typeof value === 'string' ? value.trim() : '';
	return isUuid(text) ? text : undefined;
}

/** The answers already in the mapper, so that a refresh shows the fields they add. */
function currentAnswers(context: ILoadOptionsFunctions): Record<string, unknown> {
	const mapper = context.getCurrentNodeParameter('details') as { value?: Record<string, unknown> | null } | undefined;
	return mapper?.value ?? {};
}

/** One field of the listing as the mapper shows it: label, required mark, a dropdown for allowed values. */
function toMapperField(field: RequirementField): ResourceMapperField {
	return {
		id: field.key,
		displayName: field.name,
		required: field.required,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		readOnly: false,
		removed: false,
		type: field.values_allowed ? 'options' : 'string',
		...(field.values_allowed ? { options: field.values_allowed.map((allowed) => ({ name: allowed.name, value: allowed.key })) } : {}),
	};
}

const notice = (text: string): ResourceMapperFields => ({ fields: [], emptyFieldsNotice: text });

/** The beneficiary form of the chosen quote and account type. */
export async function getBeneficiaryDetailFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const quoteId = currentId(this, 'quoteId');
	const type = String(this.getCurrentNodeParameter('accountType') ?? '').trim();
	if (!quoteId || !type) return notice('Enter the Quote ID and the Account Type to load the beneficiary form');
	const { forms, form } = await fetchForm.call(this, BENEFICIARY_REQUIREMENTS, { quote_id: quoteId }, formOfType(type), currentAnswers(this));
	if (!form) return notice(`The quote offers no "${type}" account form; offered: ${forms.map((f) => f.type).join(', ')}`);
	return { fields: form.fields.map(toMapperField) };
}

/** The transfer form of the chosen quote and beneficiary. */
export async function getTransferDetailFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const quoteId = currentId(this, 'quoteId');
	const beneficiaryId = currentId(this, 'internationalBeneficiaryId');
	if (!quoteId || !beneficiaryId) return notice('Enter the Quote ID and the Beneficiary ID to load the transfer form');
	const { form } = await fetchForm.call(this, TRANSFER_REQUIREMENTS, { quote_id: quoteId, beneficiary_id: beneficiaryId }, firstForm, currentAnswers(this));
	return form ? { fields: form.fields.map(toMapperField) } : notice('The listing has no transfer form for this quote');
}

const ACCOUNT_TYPE_NAMES: Record<string, string> = {
	swift_code: 'SWIFT / BIC',
	aba: 'ABA (US Routing Number)',
	sort_code: 'UK Sort Code',
	iban: 'IBAN',
};

/** "Account Type": the forms the quote's currency offers, each described by its fields. */
export async function getBeneficiaryAccountTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const quoteId = currentId(this, 'quoteId');
	if (!quoteId) return [];
	const { forms } = await fetchForm.call(this, BENEFICIARY_REQUIREMENTS, { quote_id: quoteId }, () => undefined, {});
	return forms.map((form) => ({
		name: ACCOUNT_TYPE_NAMES[form.type] ?? form.type,
		value: form.type,
		description: form.fields.map((field) => field.name).join(', '),
	}));
}
