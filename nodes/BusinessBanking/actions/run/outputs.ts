import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { centsToText } from '../limits/amounts';

/**
 * A business account as version 2 outputs it: the API sends `balance` as a JSON number beside the
 * decimal string of the authorized balance; version 2 makes it a decimal string too, from its
 * exact integer of cents (version 1 outputs it as the API sent it).
 */
function accountWithDecimalBalance(account: IDataObject): IDataObject {
	if (typeof account.balance !== 'number') return account;
	const cents = account.balance_cents;
	const balance = typeof cents === 'number' && Number.isSafeInteger(cents) ? centsToText(BigInt(cents)) : String(account.balance);
	return { ...account, balance };
}

/**
 * The items an operation outputs, in the form of the node's version: from version 2 on, every
 * amount is a decimal string (the only number the API sends for money is a business account's
 * balance; the rest are decimal strings, money objects or integers of cents).
 */
export function outputOfVersion(version: number, resource: string, items: INodeExecutionData[]): INodeExecutionData[] {
	if (version < 2 || resource !== 'bankAccount') return items;
	return items.map((item) => ({ ...item, json: accountWithDecimalBalance(item.json) }));
}
