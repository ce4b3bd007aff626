import type { INodeProperties } from 'n8n-workflow';

import { attachment } from './attachment';
import { clientResource } from './client';
import { clientInvoice } from './clientInvoice';
import { bankAccount } from './bankAccount';
import { externalTransfer } from './externalTransfer';
import { internationalBeneficiary } from './internationalBeneficiary';
import { internationalTransfer } from './internationalTransfer';
import { directDebit } from './directDebit';
import { supplierInvoice } from './supplierInvoice';
import { card } from './card';
import { insuranceContract } from './insuranceContract';
import { webhookSubscription } from './webhookSubscription';
import type { OperationDescriptor, Resource } from './types';

/**
 * Every resource the node offers, keyed by the `resource` parameter's value. A resource lives in
 * `actions/<resource>/`, one file per operation; add it here and to `resourcePicker` below.
 */
export const resources: Record<string, Resource> = {
	client: clientResource,
	clientInvoice,
	attachment,
	bankAccount,
	externalTransfer,
	internationalBeneficiary,
	internationalTransfer,
	directDebit,
	supplierInvoice,
	card,
	insuranceContract,
	webhookSubscription,
};

/** One operation of the registry and its descriptor. */
export interface RegisteredOperation {
	resource: string;
	operation: string;
	descriptor: OperationDescriptor;
}

/** Every operation of every resource, in the registry's order: what the derived tables are built from. */
export const OPERATIONS: readonly RegisteredOperation[] = Object.entries(resources).flatMap(([resource, { operations }]) =>
	Object.entries(operations).map(([operation, { descriptor }]) => ({ resource, operation, descriptor })),
);

/** A table keyed by resource, then operation, of one fact of the operations that have it. */
export function tableOf<Fact>(fact: (descriptor: OperationDescriptor) => Fact | undefined): Record<string, Record<string, Fact>> {
	const table: Record<string, Record<string, Fact>> = {};
	for (const { resource, operation, descriptor } of OPERATIONS) {
		const value = fact(descriptor);
		if (value !== undefined) (table[resource] ??= {})[operation] = value;
	}
	return table;
}

/** The resource picker (a literal list, so that n8n's node linter can read it). */
export const resourcePicker: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Attachment', value: 'attachment' },
		{ name: 'Business Account', value: 'bankAccount' },
		{ name: 'Card', value: 'card' },
		{ name: 'Client', value: 'client' },
		{ name: 'Client Invoice', value: 'clientInvoice' },
		{ name: 'Direct Debit', value: 'directDebit' },
		{ name: 'External Transfer', value: 'externalTransfer' },
		{ name: 'Insurance Contract', value: 'insuranceContract' },
		{ name: 'International Beneficiary', value: 'internationalBeneficiary' },
		{ name: 'International Transfer', value: 'internationalTransfer' },
		{ name: 'Supplier Invoice', value: 'supplierInvoice' },
		{ name: 'Webhook Subscription', value: 'webhookSubscription' },
	],
	default: 'client',
};
