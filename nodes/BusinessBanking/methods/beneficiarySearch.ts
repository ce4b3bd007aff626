import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';

const PAGE_SIZE = 100;

interface BeneficiaryPage {
	beneficiaries?: Array<{ id: string; name: string; iban: string; trusted: boolean }>;
	meta?: { next_page?: number | null };
}

const compact = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/**
 * "From List" of the external-transfer beneficiary picker: trusted beneficiaries only (the others
 * cannot receive transfers), matched on name or IBAN, a page at a time.
 */
export async function searchBeneficiaries(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const page = Number(paginationToken) || 1;
	const response = (await apiRequest.call(this, 'GET', '/v2/beneficiaries', { qs: { page, per_page: PAGE_SIZE } })) as BeneficiaryPage;
	const search = compact(filter ?? '');
	return {
		results: (response.beneficiaries ?? [])
			.filter((b) => b.trusted)
			.filter((b) => !search || compact(b.name).includes(search) || compact(b.iban).includes(search))
			.map((b) => ({ name: `${b.name} (${b.iban.slice(0, 4)}…${b.iban.slice(-4)})`, value: b.id })),
		paginationToken: response.meta?.next_page ? String(response.meta.next_page) : undefined,
	};
}
