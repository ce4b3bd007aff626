import type { INodeProperties } from 'n8n-workflow';

import { uuidLocator } from '../common/uuid';

/** The supplier invoice to act on: picked from a searchable list, or given by its ID. */
export const supplierInvoiceIdField: INodeProperties = uuidLocator({
	displayName: 'Supplier Invoice',
	name: 'supplierInvoiceId',
	description: 'The supplier invoice to use',
	searchListMethod: 'searchSupplierInvoices',
	listPlaceholder: 'Select a supplier invoice…',
	idError: 'A supplier invoice ID is a UUID',
});
