import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import {
	eventEnvelopeSchema,
	PARTNER_SIGNATURE_HEADER,
	SIGNATURE_TOLERANCE_SECONDS,
	SUBSCRIPTION_SIGNATURE_HEADER,
} from '../shared/schemas/webhook';
import { seenBefore } from './dedup';
import { switchesCollectionOf } from '../BusinessBanking/transport/developerSwitches';
import { partnerSecretForDelivery } from './partnerSecret';
import { readRegistration, type TriggerMode } from './registration';
import { verifySignature, type SignatureScheme } from './signature';

/** Answers the request itself (n8n sends nothing more) and starts no execution. */
function refuse(this: IWebhookFunctions, status: number, error: string): IWebhookResponseData {
	const response = this.getResponseObject();
	response.writeHead(status, { 'Content-Type': 'application/json' });
	response.end(JSON.stringify({ error }));
	return { noWebhookResponse: true };
}

/** The exact bytes received: n8n keeps them on the request (reading them first if it has not yet). */
async function rawBodyOf(this: IWebhookFunctions): Promise<Buffer | undefined> {
	const request = this.getRequestObject();
	if (!Buffer.isBuffer(request.rawBody) && typeof request.readRawBody === 'function') await request.readRawBody();
	return Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
}

function signatureSettings(this: IWebhookFunctions, mode: TriggerMode) {
	const options = this.getNodeParameter(switchesCollectionOf(this.getNode().typeVersion), {}) as IDataObject;
	const header = typeof options.signatureHeader === 'string' && options.signatureHeader.trim() ? options.signatureHeader.trim() : undefined;
	const scheme = options.signatureScheme === 'timestamped' || options.signatureScheme === 'plain' ? options.signatureScheme : undefined;
	const tolerance = typeof options.toleranceSeconds === 'number' && options.toleranceSeconds > 0 ? options.toleranceSeconds : SIGNATURE_TOLERANCE_SECONDS;
	return {
		header: (header ?? (mode === 'partner' ? PARTNER_SIGNATURE_HEADER : SUBSCRIPTION_SIGNATURE_HEADER)).toLowerCase(),
		scheme: (scheme ?? (mode === 'partner' ? 'plain' : 'timestamped')) as SignatureScheme,
		toleranceSeconds: tolerance,
	};
}

/**
 * One delivery: verify the signature on the raw body first (401 and no execution otherwise), then
 * drop events of unselected types and event ids this process has seen (200, no execution), then
 * start the workflow with the event.
 */
export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const staticData = this.getWorkflowStaticData('node');
	const registration = readRegistration(staticData);
	const mode = this.getNodeParameter('mode', 'subscription') as TriggerMode;
	const settings = signatureSettings.call(this, mode);
	const rawBody = await rawBodyOf.call(this);
	if (!rawBody) return refuse.call(this, 401, 'the request body could not be read, so its signature cannot be checked');

	// Partner mode: the credential's secret as it is now (a rotation holds at once, for every workflow).
	const secret = mode === 'partner' ? await partnerSecretForDelivery.call(this, registration?.secret) : registration?.secret;
	const verification = verifySignature({
		scheme: settings.scheme,
		secret,
		header: this.getHeaderData()[settings.header],
		rawBody,
		toleranceSeconds: settings.toleranceSeconds,
		nowMs: Date.now(),
	});
	if (!verification.valid) {
		this.logger.debug(`Business Banking Trigger: delivery refused (${verification.reason})`);
		return refuse.call(this, 401, 'invalid signature');
	}

	let parsed: unknown;
	try {
		parsed = JSON.parse(rawBody.toString('utf8'));
	} catch {
		return refuse.call(this, 400, 'the body is not JSON');
	}
	const envelope = eventEnvelopeSchema.safeParse(parsed);
	if (!envelope.success) return refuse.call(this, 400, 'the body is not an event envelope');
	const event = parsed as IDataObject;

	const events = this.getNodeParameter('events', []) as string[];
	if (!events.includes(envelope.data.type)) return { webhookResponse: { received: true } };
	// Test and production listen apart: one event delivered to both starts one run of each.
	const scope = `${this.getWorkflow().id}:${this.getNode().id}:${this.getMode()}`;
	if (seenBefore(scope, staticData, envelope.data.id, Date.now())) return { webhookResponse: { received: true } };

	// The whole event: the node's execute() (durableDedup.ts) needs its id, then applies the Output option.
	return { workflowData: [[{ json: event }]] };
}
