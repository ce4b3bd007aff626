import {
	clientListQuerySchema,
	type ClientListFilter,
	type ClientListQuery,
	type ClientSort,
} from '../../../nodes/shared/schemas/client';
import { ApiError } from '../../core/errors';
import { paginate, type Page } from '../../core/pagination';
import type { ClientRecord } from './store';

/** `filter[name]=x` (how query strings carry it) → `{ filter: { name: 'x' } }` for the schema. */
export function parseListQuery(raw: Record<string, unknown>): ClientListQuery {
	const shaped: Record<string, unknown> = {};
	const filter: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(raw)) {
		const match = /^filter\[([a-z_]+)\]$/.exec(key);
		if (match) filter[match[1]] = value;
		else shaped[key] = value;
	}
	if (Object.keys(filter).length > 0) shaped.filter = filter;
	const parsed = clientListQuerySchema.safeParse(shaped);
	if (!parsed.success) throw ApiError.fromZod(parsed.error, '');
	return parsed.data;
}

/** Lower case, accents removed: "Éditions Côte" and "editions cote" are the same name. */
export const fold = (value: string) => value.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

const sameText = (value: string | null, wanted: string) => value !== null && value.toLowerCase() === wanted.toLowerCase();

function matches(record: ClientRecord, filter: ClientListFilter): boolean {
	if (filter.tax_identification_number !== undefined && !sameText(record.tax_identification_number, filter.tax_identification_number)) return false;
	if (filter.vat_number !== undefined && !sameText(record.vat_number, filter.vat_number)) return false;
	if (filter.email !== undefined && !sameText(record.email, filter.email)) return false;
	if (filter.name !== undefined && !fold(record.name ?? '').includes(fold(filter.name))) return false;
	const updated = Date.parse(record.updated_at);
	if (filter.updated_at_from !== undefined && updated < Date.parse(filter.updated_at_from)) return false;
	if (filter.updated_at_to !== undefined && updated > Date.parse(filter.updated_at_to)) return false;
	return true;
}

function comparator(sort: ClientSort): (a: ClientRecord, b: ClientRecord) => number {
	const [field, direction] = sort.split(':') as ['created_at' | 'updated_at' | 'name', 'asc' | 'desc'];
	const sign = direction === 'asc' ? 1 : -1;
	return (a, b) => {
		const primary =
			field === 'name'
				? fold(a.name ?? '').localeCompare(fold(b.name ?? ''))
				: Date.parse(a[field]) - Date.parse(b[field]);
		return sign * (primary !== 0 ? primary : a.seq - b.seq);
	};
}

export function listClients(records: ClientRecord[], query: ClientListQuery): Page<ClientRecord> {
	const filtered = records.filter((record) => matches(record, query.filter ?? {})).sort(comparator(query.sort_by));
	return paginate(filtered, query.page, query.per_page, { emptyHasNoPages: true });
}
