import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listPage } from './listPage';

const PAGE_SIZE = 100;

interface Beneficiary {
	id: string;
	name: string;
	iban: string;
	trusted: boolean;
}

const compact = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/**
 * "From List" of the external-transfer beneficiary picker: trusted beneficiaries only (the others
 * cannot receive transfers), matched on name or IBAN, a page at a time.
 */
export async function searchBeneficiaries(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const page = await listPage<Beneficiary>(this, '/v2/beneficiaries', 'beneficiaries', paginationToken, PAGE_SIZE);
	const search = compact(filter ?? '');
	return {
		results: page.items
			.filter((b) => b.trusted)
			.filter((b) => !search || compact(b.name).includes(search) || compact(b.iban).includes(search))
			.map((b) => ({ name: `${b.name} (${b.iban.slice(0, 4)}…${b.iban.slice(-4)})`, value: b.id })),
		paginationToken: page.paginationToken,
	};
}
