import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { searchClients } from './clientSearch';
import { searchClientInvoices } from './invoiceSearch';
import { searchBankAccountIbans, searchBankAccounts } from './bankAccountSearch';
import { searchBeneficiaries } from './beneficiarySearch';
import { searchCards } from './cardSearch';
import { searchSupplierInvoices } from './supplierInvoiceSearch';

/** List searches for resource locators ("From List"), keyed by the name the fields use. */
export const listSearch: Record<string, (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>> = {
	searchClients,
	searchClientInvoices,
	searchBankAccountIbans,
	searchBankAccounts,
	searchBeneficiaries,
	searchCards,
	searchSupplierInvoices,
};
