import type { IDataObject } from 'n8n-workflow';

/** Where the trigger receives events from: a webhook subscription, or the partner webhook endpoint. */
export type TriggerMode = 'subscription' | 'partner';

/**
 * What the trigger remembers of its registration, in the node's static data: the id on the
 * service, the secret that signs deliveries, and the URL it was registered with. n8n keeps static
 * data with the workflow (for a test run, with the test registration only).
 */
export interface Registration {
	mode: TriggerMode;
	/** The subscription id, or the partner endpoint id. */
	webhookId: string;
	secret: string;
	callbackUrl: string;
}

export function readRegistration(staticData: IDataObject): Registration | undefined {
	const { mode, webhookId, secret, callbackUrl } = staticData;
	if ((mode !== 'subscription' && mode !== 'partner') || typeof webhookId !== 'string' || typeof secret !== 'string') return undefined;
	return { mode, webhookId, secret, callbackUrl: typeof callbackUrl === 'string' ? callbackUrl : '' };
}

export function saveRegistration(staticData: IDataObject, registration: Registration): void {
	Object.assign(staticData, registration);
	delete staticData.recentEventIds;
}

export function clearRegistration(staticData: IDataObject): void {
	for (const key of ['mode', 'webhookId', 'secret', 'callbackUrl', 'recentEventIds']) delete staticData[key];
}
