import type { IDataObject } from 'n8n-workflow';

/** Where the trigger receives events from: a webhook subscription, or the partner webhook endpoint. */
export type TriggerMode = 'subscription' | 'partner';

/**
 * What the trigger remembers of its registration, in the node's static data: the id on the
 * service, the URL it was registered with and, for a subscription, the secret that signs its
 * deliveries. n8n keeps static data with the workflow (for a test run, with the test registration
 * only). The partner endpoint's secret is the credential's (partnerSecret.ts), never kept here.
 */
export interface Registration {
	mode: TriggerMode;
	/** The subscription id, or the partner endpoint id. */
	webhookId: string;
	/** Subscription mode only. */
	secret?: string;
	callbackUrl: string;
}

export function readRegistration(staticData: IDataObject): Registration | undefined {
	const { mode, webhookId, secret, callbackUrl } = staticData;
	if ((mode !== 'subscription' && mode !== 'partner') || typeof webhookId !== 'string') return undefined;
	if (mode === 'subscription' && typeof secret !== 'string') return undefined;
	return { mode, webhookId, secret: mode === 'subscription' ? (secret as string) : undefined, callbackUrl: typeof callbackUrl === 'string' ? callbackUrl : '' };
}

export function saveRegistration(staticData: IDataObject, { mode, webhookId, secret, callbackUrl }: Registration): void {
	clearRegistration(staticData);
	Object.assign(staticData, { mode, webhookId, callbackUrl }, secret === undefined ? {} : { secret });
}

/**
 * Drops the random secret that versions up to 1.0.0 kept for a partner endpoint: deliveries are
 * verified with the credential's, and a copy in the workflow would only go stale.
 */
export function dropStalePartnerSecret(staticData: IDataObject): void {
	if (staticData.mode === 'partner' && 'secret' in staticData) delete staticData.secret;
}

export function clearRegistration(staticData: IDataObject): void {
	for (const key of ['mode', 'webhookId', 'secret', 'callbackUrl', 'recentEventIds']) delete staticData[key];
}
