import type { IExecuteFunctions } from 'n8n-workflow';

import { uuidParameter } from '../common/parameters';

/** The chosen client's ID, checked before any request (an expression can bypass the UI's check). */
export function clientIdOf(this: IExecuteFunctions, itemIndex: number): string {
	return uuidParameter.call(this, 'clientId', 'Client', itemIndex);
}
