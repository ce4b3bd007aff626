import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/**
 * What an AI agent's model reads back from a tool call: n8n hands it the JSON of the tool's output
 * items, and every character costs context. So, only when the node runs as a tool: files become a
 * line naming them (a model cannot read a PDF's bytes), the fields a model reasons with come first,
 * long texts are cut, and the whole answer stays under a bound, ending with how many were left out.
 */
export const MAX_RESULT_CHARACTERS = 20_000;
export const MAX_TEXT_CHARACTERS = 1_000;

/** The fields a model reasons with, in the order it should read them; the rest follow as the API sent them. */
const FIELDS_FIRST = [
	'refused',
	'reason',
	'error',
	'id',
	'number',
	'invoice_number',
	'name',
	'status',
	'amount',
	'total_amount',
	'currency',
	'due_date',
	'issue_date',
	'scheduled_date',
	'client_id',
	'beneficiary_id',
	'iban',
];

function fieldsFirst(json: IDataObject): IDataObject {
	const ordered: IDataObject = {};
	for (const key of FIELDS_FIRST) if (key in json) ordered[key] = json[key];
	for (const [key, value] of Object.entries(json)) if (!(key in ordered)) ordered[key] = value;
	return ordered;
}

function cutTexts(value: unknown): unknown {
	if (typeof value === 'string') {
		return value.length > MAX_TEXT_CHARACTERS ? `${value.slice(0, MAX_TEXT_CHARACTERS)}… (${value.length - MAX_TEXT_CHARACTERS} more characters)` : value;
	}
	if (Array.isArray(value)) return value.map(cutTexts);
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, cutTexts(inner)]));
	return value;
}

function forModel(item: INodeExecutionData): INodeExecutionData {
	const json = cutTexts(fieldsFirst(item.json)) as IDataObject;
	const files = Object.entries(item.binary ?? {}).map(([field, file]) => ({ field, fileName: file.fileName, mimeType: file.mimeType, size: file.fileSize }));
	if (files.length > 0) json.files = files;
	return { json, pairedItem: item.pairedItem };
}

/** The tool's answer for the model: the items trimmed, as many as fit the bound, then a note of the rest. */
export function resultForModel(items: INodeExecutionData[]): INodeExecutionData[] {
	const kept: INodeExecutionData[] = [];
	let size = 2;
	// One at a time: a long list stops at the bound without trimming the items that are left out.
	for (const item of items) {
		const trimmed = forModel(item);
		size += JSON.stringify(trimmed.json).length + 1;
		if (size > MAX_RESULT_CHARACTERS && kept.length > 0) break;
		kept.push(trimmed);
	}
	if (kept.length === items.length) return kept;
	const note = `Only the first ${kept.length} of ${items.length} results are shown. Ask for fewer (a limit, filters) to see the others.`;
	return [...kept, { json: { truncated: true, shown: kept.length, total: items.length, note }, pairedItem: items[kept.length].pairedItem }];
}
