import type { ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions, ResourceMapperFields } from 'n8n-workflow';

import { searchClients } from './clientSearch';
import { searchClientInvoices } from './invoiceSearch';
import { searchBankAccountIbans, searchBankAccounts, searchOwnIbans } from './bankAccountSearch';
import { searchBeneficiaries } from './beneficiarySearch';
import { searchCards } from './cardSearch';
import { searchSupplierInvoices } from './supplierInvoiceSearch';
import { searchWebhookSubscriptions } from './webhookSubscriptionSearch';
import { getBeneficiaryAccountTypes, getBeneficiaryDetailFields, getTransferDetailFields } from './requirementFields';

/** List searches for resource locators ("From List"), keyed by the name the fields use. */
export const listSearch: Record<string, (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>> = {
	searchClients,
	searchClientInvoices,
	searchBankAccountIbans,
	searchBankAccounts,
	searchOwnIbans,
	searchBeneficiaries,
	searchCards,
	searchSupplierInvoices,
	searchWebhookSubscriptions,
};

/** Dropdowns loaded from the API ("Account Type" of international beneficiaries) or from the credential (the 2FA methods). */
export const loadOptions: Record<string, (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>> = {
	getBeneficiaryAccountTypes,
};

/** Forms built from the API's requirements listings (n8n's resource mapper). */
export const resourceMapping: Record<string, (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>> = {
	getBeneficiaryDetailFields,
	getTransferDetailFields,
};
