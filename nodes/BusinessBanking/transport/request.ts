import {
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
} from 'n8n-workflow';

import { fetchAbsoluteUrl } from './absolute';
import { describeFailure, mayHaveApplied, toNodeApiError } from './errors';
import { addressesOf } from './addresses';
import { isRetryable, MAX_TRIES, retryDelayMs } from './retry';
import { trimmedText } from './credentialFields';
import { forgetCredential, pacing, readCheckedCredential } from './run';
import { CREDENTIAL_TYPE, type ApiContext, type ApiRequestOptions, type MultipartFile } from './types';

export { CREDENTIAL_TYPE, type ApiContext, type ApiRequestOptions, type MultipartFile };

/**
 * The multipart body, built afresh for each try: the standard FormData and Blob (no Node I/O),
 * which n8n's HTTP client streams with its own boundary and Content-Type.
 */
function multipartBody(file: MultipartFile): FormData {
	const form = new FormData();
	form.append(file.field, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType }), file.fileName);
	return form;
}

function buildRequest(method: IHttpRequestMethods, path: string, options: ApiRequestOptions, credentials: ICredentialDataDecryptedObject): IHttpRequestOptions {
	const register = options.server === 'register';
	const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
	const stagingToken = trimmedText(credentials.stagingToken);
	if (stagingToken) headers['X-Service-Staging-Token'] = stagingToken;
	if (register) headers['Service-Partner-Id'] = trimmedText(credentials.partnerId);
	if (options.idempotencyKey) headers['X-Service-Idempotency-Key'] = options.idempotencyKey;
	if (options.body !== undefined && !options.binary && !options.file) headers['Content-Type'] = 'application/json';
	const addresses = addressesOf(credentials);
	return {
		method,
		url: `${register ? addresses.registerUrl : addresses.baseUrl}${path}`,
		headers,
		qs: options.qs,
		body: options.file ? (multipartBody(options.file) as unknown as IHttpRequestOptions['body']) : options.body,
		json: !options.binary,
		// The API answers where it is asked: a redirect would resend a write elsewhere, or as a GET.
		disableFollowRedirect: true,
		...(options.binary ? { encoding: 'arraybuffer' as const } : {}),
	};
}

/**
 * The one function in the package that sends HTTP to the API: the credential's address and headers,
 * n8n's OAuth2 signing (and its refresh on 401), the per-token pacer (rate limit, requests in
 * flight, 429 pauses), bounded retries, and the API's errors turned into messages a user can act
 * on. The credential is read and checked once per run (see `readCredential`). Answers the parsed JSON body (a
 * Buffer for `binary`: cast it).
 */
export async function apiRequest(
	this: ApiContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<IDataObject> {
	if (options.absoluteUrl) return (await fetchAbsoluteUrl.call(this, path, options)) as IDataObject;
	let rereadAfterRefusedRefresh = false;
	// Whether any try may have reached the service and been applied (a 5xx, or no answer).
	let uncertain = false;
	for (let attempt = 1; ; attempt++) {
		const credential = await readCheckedCredential(this, options.server ?? 'api', options.itemIndex);
		const request = buildRequest(method, path, options, credential.data);
		const { pacer, adaptive } = pacing(this, credential);
		const slot = await pacer.acquire(adaptive);
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(credential.signer, CREDENTIAL_TYPE, request)) as IDataObject;
			slot.done({});
			return response;
		} catch (error) {
			const failure = describeFailure(error);
			slot.done(failure);
			if (failure.refreshRefused || failure.status === 401) forgetCredential(this, credential);
			if (failure.refreshRefused && !rereadAfterRefusedRefresh) {
				// Lost refresh race (n8n 1.x refreshes without a lock): the winner stored new tokens.
				rereadAfterRefusedRefresh = true;
				attempt--;
				continue;
			}
			uncertain ||= method !== 'GET' && method !== 'HEAD' && mayHaveApplied(failure);
			if (attempt < MAX_TRIES && isRetryable(failure, method, Boolean(options.idempotencyKey))) {
				// After a 429 the pacer holds every request of the token until Retry-After.
				if (failure.status !== 429) await sleep(retryDelayMs(failure, attempt));
				continue;
			}
			const node = this.getNode();
			throw toNodeApiError(failure, {
				node,
				itemIndex: options.itemIndex,
				credentialName: node.credentials?.[CREDENTIAL_TYPE]?.name,
				tries: attempt,
				host: hostOf(String(request.url)),
				unconfirmed: uncertain && (options.idempotencyKey || options.creates) ? { idempotencyKey: options.idempotencyKey, creates: options.creates } : undefined,
			});
		}
	}
}

function hostOf(url: string): string {
	try {
		return new URL(url).host;
	} catch {
		return url;
	}
}
