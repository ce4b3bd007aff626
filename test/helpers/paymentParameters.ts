// Business Banking parameters of the payment runs the made-once tests share (engine and e2e): each
// row's amount and reference from the item, the rest fixed.
import type { INodeParameters } from 'n8n-workflow';

import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';

export const MAIN_ACCOUNT_FR = 'b1a0c0de-0000-4000-8000-000000000001';

/** External Transfer › Create to the seeded FR supplier, `{ amount, reference }` from each item, payee check skipped. */
export function transferByRow(options: INodeParameters = {}): INodeParameters {
	return {
		resource: 'externalTransfer',
		operation: 'create',
		beneficiaryId: { __rl: true, mode: 'id', value: beneficiaryId('fr', 'supplier') },
		debitIban: { __rl: true, mode: 'iban', value: 'FR76 3000 6000 0112 3456 7890 189' },
		amount: '={{ $json.amount }}',
		currency: 'EUR',
		reference: '={{ $json.reference }}',
		verification: 'skip',
		...(Object.keys(options).length ? { options } : {}),
	};
}

/** Direct Debit › Create Subscription for `clientId` into the FR main account from `date`, `{ amount, reference }` from each item. */
export function subscriptionByRow(clientId: string, date: string): INodeParameters {
	return {
		resource: 'directDebit',
		operation: 'createSubscription',
		clientId: { __rl: true, mode: 'id', value: clientId },
		bankAccountId: { __rl: true, mode: 'id', value: MAIN_ACCOUNT_FR },
		amount: '={{ $json.amount }}',
		scheduleType: 'monthly',
		initialCollectionDate: `${date}T00:00:00`,
		reference: '={{ $json.reference }}',
	};
}
