import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { apiRequest } from '../transport';

interface Account {
	id: string;
	name: string;
	iban: string;
	status: string;
	main: boolean;
}

/** The organization's active accounts (GET /organization lists them), matched on name or IBAN. */
async function activeAccounts(this: ILoadOptionsFunctions, filter?: string): Promise<Account[]> {
	const response = await apiRequest.call(this, 'GET', '/organization');
	const accounts = ((response.organization as { bank_accounts?: Account[] } | undefined)?.bank_accounts ?? []).filter((a) => a.status === 'active');
	const search = (filter ?? '').replace(/\s+/g, '').toLowerCase();
	return accounts.filter((a) => !search || a.name.toLowerCase().includes(search) || a.iban.toLowerCase().includes(search));
}

const label = (a: Account, iban = a.iban) => `${a.name}${a.main ? ' (main)' : ''} · ${iban}`;

/** Accounts by ID (update an account, choose the account an international transfer debits). */
export async function searchBankAccounts(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return { results: (await activeAccounts.call(this, filter)).map((a) => ({ name: label(a), value: a.id })) };
}

/** Accounts by IBAN (the debit_iban of an external transfer). */
export async function searchBankAccountIbans(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return { results: (await activeAccounts.call(this, filter)).map((a) => ({ name: label(a), value: a.iban })) };
}

const masked = (iban: string) => `${iban.slice(0, 4)}…${iban.slice(-4)}`;

/** Accounts by IBAN, shown by name and masked IBAN (the IBAN an invoice asks the client to pay to). */
export async function searchOwnIbans(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return { results: (await activeAccounts.call(this, filter)).map((a) => ({ name: label(a, masked(a.iban)), value: a.iban })) };
}
