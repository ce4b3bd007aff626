import type { IDataObject } from 'n8n-workflow';

/** Where the trigger receives events from: a webhook subscription, or the partner webhook endpoint. */
export type TriggerMode = 'subscription' | 'partner';

/**
 * What the trigger remembers of its registration, in the node's static data: the id on the
 * service, the URL it was registered with and, for a subscription, the secret that signs its
 * deliveries. n8n keeps static data with the workflow (for a test run, with the test registration
 * only). The partner endpoint's secret is the credential's (partnerSecret.ts), kept here only when the
 * credential has none (the trigger's own secret, as 1.0.0 kept it).
 */
export interface Registration {
	mode: TriggerMode;
	/** The subscription id, or the partner endpoint id. */
	webhookId: string;
	/** A subscription's secret; in partner mode, the trigger's own when the credential has none. */
	secret?: string;
	callbackUrl: string;
}

export function readRegistration(staticData: IDataObject): Registration | undefined {
	const { mode, webhookId, secret, callbackUrl } = staticData;
	if ((mode !== 'subscription' && mode !== 'partner') || typeof webhookId !== 'string') return undefined;
	if (mode === 'subscription' && typeof secret !== 'string') return undefined;
	return { mode, webhookId, secret: typeof secret === 'string' ? secret : undefined, callbackUrl: typeof callbackUrl === 'string' ? callbackUrl : '' };
}

export function saveRegistration(staticData: IDataObject, { mode, webhookId, secret, callbackUrl }: Registration): void {
	clearRegistration(staticData);
	Object.assign(staticData, { mode, webhookId, callbackUrl }, secret === undefined ? {} : { secret });
}

export function clearRegistration(staticData: IDataObject): void {
	for (const key of ['mode', 'webhookId', 'secret', 'callbackUrl', 'recentEventIds']) delete staticData[key];
}
