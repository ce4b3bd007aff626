/**
 * The parameter slots of every operation of the node, read from its registry (`actions/resources.ts`)
 * so that a new operation or field is fuzzed without anyone listing it here, each with the class of
 * values it belongs to (the bad values of a class are in badValues.ts).
 */
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { resources } from '../../../nodes/BusinessBanking/actions/resources';

export type ValueClass =
	| 'text'
	| 'uuid'
	| 'token'
	| 'amount'
	| 'decimal'
	| 'currency'
	| 'date'
	| 'iban'
	| 'json'
	| 'option'
	| 'list'
	| 'number'
	| 'boolean'
	| 'url'
	| 'email';

/** One fuzzable parameter: where it sits in the node's parameters and which class it belongs to. */
export interface Slot {
	/** e.g. ['options', 'note'] or ['items', 'item', 0, 'quantity']. */
	path: Array<string | number>;
	property: INodeProperties;
	valueClass: ValueClass;
	required: boolean;
	/** Other top-level parameters this one needs to be shown (its displayOptions). */
	shownWith: Record<string, unknown>;
	/** Fields of the same collection entry this one needs to be shown (e.g. a discount type). */
	siblings: Record<string, unknown>;
}

export interface OperationUnderTest {
	resource: string;
	operation: string;
	slots: Slot[];
}

/** Every operation of the node, with its fuzzable parameters. */
export function operationsUnderTest(): OperationUnderTest[] {
	return Object.entries(resources).flatMap(([resource, { operations }]) =>
		Object.entries(operations).map(([operation, { description }]) => ({
			resource,
			operation,
			slots: description.flatMap((property) => slotsOf(property, [], shownWith(property), `${resource}.${operation}`, [])),
		})),
	);
}

function shownWith(property: INodeProperties): Record<string, unknown> {
	const show = property.displayOptions?.show ?? {};
	return Object.fromEntries(
		Object.entries(show)
			.filter(([key]) => key !== 'resource' && key !== 'operation' && !key.startsWith('@'))
			.map(([key, values]) => [key.replace(/^\//, ''), (values as unknown[])[0]]),
	);
}

/** Values of `siblings` that show `property` inside a collection entry. */
function siblingsShowing(property: INodeProperties, siblings: INodeProperties[]): Record<string, unknown> {
	const result: Record<string, unknown> = {};
	for (const [key, values] of Object.entries(property.displayOptions?.show ?? {})) result[key] = (values as unknown[])[0];
	for (const [key, hidden] of Object.entries(property.displayOptions?.hide ?? {})) {
		const sibling = siblings.find((candidate) => candidate.name === key);
		const choice = ((sibling?.options ?? []) as Array<{ value: unknown }>).find((option) => !(hidden as unknown[]).includes(option.value));
		if (choice) result[key] = choice.value;
	}
	return result;
}

function slotsOf(property: INodeProperties, parent: Array<string | number>, shown: Record<string, unknown>, operation: string, siblings: INodeProperties[]): Slot[] {
	if (property.noDataExpression || property.type === 'notice' || property.type === 'hidden') return [];
	const path = [...parent, property.name];
	if (property.type === 'collection') {
		const options = property.options as INodeProperties[];
		return options.flatMap((option) => slotsOf(option, path, shown, operation, options));
	}
	if (property.type === 'fixedCollection') {
		const multiple = Boolean(property.typeOptions?.multipleValues);
		return ((property.options ?? []) as INodePropertyCollection[]).flatMap((group) =>
			group.values.flatMap((value) => slotsOf(value, multiple ? [...path, group.name, 0] : [...path, group.name], shown, operation, group.values)),
		);
	}
	const nested = parent.length > 0;
	return [{
		path,
		property,
		valueClass: classOf(property, operation),
		required: Boolean(property.required),
		shownWith: shown,
		siblings: nested ? siblingsShowing(property, siblings) : {},
	}];
}

/** IDs the spec types only as "string" (not uuid): URL-safe tokens. */
const TOKEN_IDS = new Set(['bankAccount.update.bankAccountId', 'externalTransfer.get.transferId', 'internationalTransfer.create.targetAccountId']);
const LIST_FIELDS = new Set(['attachmentIds', 'extraEmails']);
/** Filters of a list that match exactly: values to look for (one no record has finds nothing), not to check. */
const SEARCH_VALUES = new Set(['client.getMany.email']);
/** Fields named "…Id" that hold the user's own text, not an ID of the API. */
const FREE_TEXT_IDS = new Set(['contractId']);

function classOf(property: INodeProperties, operation: string): ValueClass {
	const name = property.name;
	switch (property.type) {
		case 'options':
			// Choices the service lists (loadOptions) are known only remotely: locally, a URL-safe token.
			return property.typeOptions?.loadOptionsMethod ? 'token' : 'option';
		case 'multiOptions':
			return 'list';
		case 'number':
			return 'number';
		case 'boolean':
			return 'boolean';
		case 'dateTime':
			return 'date';
		case 'json':
			return 'json';
	}
	if (TOKEN_IDS.has(`${operation}.${name}`)) return 'token';
	if (SEARCH_VALUES.has(`${operation}.${name}`)) return 'text';
	if (LIST_FIELDS.has(name)) return 'list';
	if (/iban/i.test(name)) return 'iban';
	if (property.type === 'resourceLocator' || (/(^id$|Id$)/.test(name) && !FREE_TEXT_IDS.has(name))) return 'uuid';
	if (/^(amount|price|sourceAmount|targetAmount|unitPrice|stampDutyAmount|legal_capital_share)$/.test(name)) return 'amount';
	if (/^(quantity|vatRate|discountValue|welfareFundRate|withholdingTaxRate)$/.test(name)) return 'decimal';
	if (/currency/i.test(name)) return 'currency';
	if (/url$/i.test(name)) return 'url';
	if (/^email$/i.test(name)) return 'email';
	return 'text';
}
