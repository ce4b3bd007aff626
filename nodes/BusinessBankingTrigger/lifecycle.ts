import { NodeApiError, NodeOperationError, type IDataObject, type IHookFunctions, type JsonObject } from 'n8n-workflow';

import { callbackUrlSchema, DESCRIPTION_MAX_LENGTH } from '../shared/schemas/webhook';
import { apiRequest } from '../BusinessBanking/transport';
import { partnerSecretToRegister } from './partnerSecret';
import { clearRegistration, readRegistration, saveRegistration, type TriggerMode } from './registration';

/**
 * Registration on activation, removal on deactivation. n8n calls these for a "listen for test
 * event" run as well, with the test URL and static data of its own (kept with the test
 * registration, never saved to the workflow), and calls `delete` when that run ends.
 */

const subscriptionPath = (id: string) => `/v2/webhook_subscriptions/${encodeURIComponent(id)}`;
const partnerPath = (id: string) => `/register/webhooks/${encodeURIComponent(id)}`;

function mode(this: IHookFunctions): TriggerMode {
	return this.getNodeParameter('mode', 'subscription') as TriggerMode;
}

function webhookUrl(this: IHookFunctions): string {
	const url = this.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(this.getNode(), 'n8n did not provide a webhook URL for this trigger');
	const checked = callbackUrlSchema.safeParse(url);
	if (!checked.success) {
		throw new NodeOperationError(this.getNode(), `n8n's webhook URL ${url} cannot receive events: it ${checked.error.issues[0].message}`, {
			description: 'The service only calls https:// addresses. Set n8n\'s WEBHOOK_URL to a public https:// address (plain http:// works only for localhost with the local sandbox).',
		});
	}
	return url;
}

function selectedEvents(this: IHookFunctions): string[] {
	const events = this.getNodeParameter('events', []) as string[];
	if (!Array.isArray(events) || events.length === 0) {
		throw new NodeOperationError(this.getNode(), 'Select at least one event in "Events"');
	}
	return events;
}

function endpointId(this: IHookFunctions): string {
	const id = (this.getNodeParameter('endpointId', '') as string).trim();
	if (!id) throw new NodeOperationError(this.getNode(), 'Enter the "Endpoint ID" of your partner webhook endpoint');
	return id;
}

interface ErrorLike {
	httpCode?: unknown;
	statusCode?: unknown;
	response?: { status?: unknown };
	cause?: unknown;
}

/** Whether the error is the API's 404 (the subscription is gone). */
export function isNotFound(error: unknown): boolean {
	let current = error as ErrorLike | undefined;
	for (let depth = 0; current && depth < 6; depth++, current = current.cause as ErrorLike | undefined) {
		if (current.httpCode === '404' || current.httpCode === 404 || current.response?.status === 404 || current.statusCode === 404) return true;
	}
	return false;
}

/** The transport's errors are already the ones to show; anything else is wrapped. */
function asNodeError(context: IHookFunctions, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeApiError(context.getNode(), error as JsonObject);
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((value) => b.includes(value));

export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const registration = readRegistration(staticData);
	const currentMode = mode.call(this);
	if (!registration) return false;
	if (registration.mode !== currentMode || (currentMode === 'partner' && registration.webhookId !== endpointId.call(this))) {
		// Registered in another mode or on another endpoint: undo that one before registering anew.
		await remove.call(this);
		return false;
	}
	const url = this.getNodeWebhookUrl('default');

	if (currentMode === 'partner') {
		if (registration.callbackUrl !== url) return false;
		// The API has no read for a partner endpoint, so the answer is made true: the same PATCH again
		// changes nothing on a service that kept it, restores it on one that lost it (a reset), and
		// carries the credential's secret as it is now (after a rotation, the new one).
		let own: string | undefined;
		try {
			own = await patchPartnerEndpoint.call(this, registration.webhookId, { callback_url: url, enabled: true }, registration.secret);
		} catch (error) {
			if (!isNotFound(error)) throw asNodeError(this, error);
			clearRegistration(staticData);
			return false;
		}
		saveRegistration(staticData, { ...registration, secret: own });
		return true;
	}

	let subscription: IDataObject;
	try {
		subscription = (await apiRequest.call(this, 'GET', subscriptionPath(registration.webhookId))) as IDataObject;
	} catch (error) {
		if (!isNotFound(error)) throw asNodeError(this, error);
		clearRegistration(staticData);
		return false;
	}
	const types = (subscription.types as string[] | undefined) ?? [];
	if (subscription.callback_url === url && sameSet(types, selectedEvents.call(this))) return true;
	// Ours, but for another URL or other events: replace it rather than leave it behind.
	await removeSubscription.call(this, registration.webhookId);
	clearRegistration(staticData);
	return false;
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const callbackUrl = webhookUrl.call(this);
	const events = selectedEvents.call(this);

	if (mode.call(this) === 'partner') {
		const id = endpointId.call(this);
		const own = await patchPartnerEndpoint.call(this, id, { callback_url: callbackUrl, enabled: true }, undefined);
		saveRegistration(staticData, { mode: 'partner', webhookId: id, callbackUrl, secret: own });
		return true;
	}

	const options = this.getNodeParameter('options', {}) as IDataObject;
	const description = typeof options.description === 'string' ? options.description.trim() : '';
	if (description.length > DESCRIPTION_MAX_LENGTH) {
		throw new NodeOperationError(this.getNode(), `"Description" is ${description.length} characters long; the service accepts at most ${DESCRIPTION_MAX_LENGTH}`);
	}
	const response = (await apiRequest.call(this, 'POST', '/v2/webhook_subscriptions', {
		body: { webhook_subscription: { callback_url: callbackUrl, types: events, ...(description ? { description } : {}) } },
	})) as IDataObject;
	const subscription = ((response.webhook_subscription as IDataObject | undefined) ?? response) as IDataObject;
	const id = subscription.id;
	const secret = subscription.secret;
	if (typeof id !== 'string' || typeof secret !== 'string' || !secret) {
		if (typeof id === 'string') await removeSubscription.call(this, id);
		throw new NodeOperationError(this.getNode(), 'The service created the webhook subscription without returning its signing secret, so deliveries could not be verified; it was removed again');
	}
	saveRegistration(staticData, { mode: 'subscription', webhookId: id, secret, callbackUrl });
	return true;
}

/**
 * The partner endpoint's one write, with the credential's secret (one endpoint per partner: a secret
 * of the trigger's own would break every other workflow on it), or, on a credential without one, the
 * trigger's own as 1.0.0 kept it. Answers the trigger's own secret to keep, if that is what was sent.
 * The transport adds Service-Partner-Id and refuses a blank one, like a blank secret, before any request.
 */
async function patchPartnerEndpoint(
	this: IHookFunctions,
	id: string,
	settings: { callback_url: string; enabled: boolean },
	ownSecret: string | undefined,
): Promise<string | undefined> {
	const { secret, own } = await partnerSecretToRegister.call(this, ownSecret);
	await apiRequest.call(this, 'PATCH', partnerPath(id), { server: 'register', body: { ...settings, secret } });
	return own ? secret : undefined;
}

/** DELETE, where a 404 means it is already gone. Failures other than that are thrown. */
async function removeSubscription(this: IHookFunctions, id: string): Promise<void> {
	try {
		await apiRequest.call(this, 'DELETE', subscriptionPath(id));
	} catch (error) {
		if (!isNotFound(error)) throw asNodeError(this, error);
	}
}

export async function remove(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const registration = readRegistration(staticData);
	if (!registration) return true;
	try {
		if (registration.mode === 'partner') {
			await patchPartnerEndpoint.call(this, registration.webhookId, { callback_url: registration.callbackUrl, enabled: false }, registration.secret);
		} else {
			await removeSubscription.call(this, registration.webhookId);
		}
	} catch (error) {
		// Kept in static data: the next activation finds it again (and reuses or replaces it).
		const what = registration.mode === 'partner' ? 'disable the partner webhook endpoint' : 'delete the webhook subscription';
		this.logger.warn(`Business Banking Trigger: could not ${what} ${registration.webhookId}: ${(error as Error).message}`);
		return false;
	}
	clearRegistration(staticData);
	return true;
}
