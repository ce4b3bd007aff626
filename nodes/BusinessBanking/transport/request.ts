import {
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IWebhookFunctions,
} from 'n8n-workflow';

import { fetchAbsoluteUrl } from './absolute';
import { describeFailure, mayHaveApplied, toNodeApiError, type CreatedThing } from './errors';
import { isRetryable, MAX_TRIES, retryDelayMs } from './retry';

export const CREDENTIAL_TYPE = 'businessBankingOAuth2Api';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface ApiRequestOptions {
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
	headers?: Record<string, string>;
	/** Sent as X-Service-Idempotency-Key; makes a write safe to retry. */
	idempotencyKey?: string;
	/** Which credential address the path is relative to (`register` for the partner API). */
	server?: 'api' | 'register';
	/** The item this call is for, so errors name it. */
	itemIndex?: number;
	/** Raw bytes instead of JSON (downloads). */
	binary?: boolean;
	/** Absolute URL (e.g. a pre-signed attachment link): no base URL, no bearer token. */
	absoluteUrl?: boolean;
	/** One file sent as multipart/form-data (uploads) instead of a JSON body. */
	file?: MultipartFile;
	/** What this write makes and where to look for it: an unconfirmed write's error then says it may exist. */
	creates?: CreatedThing;
}

/** A file part of a multipart/form-data body. */
export interface MultipartFile {
	/** The form field's name (e.g. `file`). */
	field: string;
	fileName: string;
	contentType: string;
	bytes: Uint8Array;
}

/**
 * The multipart body, built afresh for each try: the standard FormData and Blob (no Node I/O),
 * which n8n's HTTP client streams with its own boundary and Content-Type.
 */
function multipartBody(file: MultipartFile): FormData {
	const form = new FormData();
	form.append(file.field, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType }), file.fileName);
	return form;
}

/** The resolved credential fields the transport uses (hidden fields resolve the environment). */
interface BankingCredentials {
	baseUrl: string;
	registerUrl: string;
	stagingToken?: string;
	partnerId?: string;
}

const trimSlash = (url: string) => String(url ?? '').replace(/\/+$/, '');

function buildRequest(method: IHttpRequestMethods, path: string, options: ApiRequestOptions, credentials: BankingCredentials): IHttpRequestOptions {
	const register = options.server === 'register';
	const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
	if (credentials.stagingToken) headers['X-Service-Staging-Token'] = credentials.stagingToken;
	if (register && credentials.partnerId) headers['Service-Partner-Id'] = credentials.partnerId;
	if (options.idempotencyKey) headers['X-Service-Idempotency-Key'] = options.idempotencyKey;
	if (options.body !== undefined && !options.binary && !options.file) headers['Content-Type'] = 'application/json';
	const base = trimSlash(register ? credentials.registerUrl : credentials.baseUrl);
	return {
		method,
		url: `${base}${path}`,
		headers,
		qs: options.qs,
		body: options.file ? (multipartBody(options.file) as unknown as IHttpRequestOptions['body']) : options.body,
		json: !options.binary,
		...(options.binary ? { encoding: 'arraybuffer' as const } : {}),
	};
}

/**
 * The one function in the package that sends HTTP to the API: the credential's address and headers,
 * n8n's OAuth2 signing (and its refresh on 401), bounded retries, and the API's errors turned into
 * messages a user can act on. Answers the parsed JSON body (a Buffer for `binary`: cast it).
 */
export async function apiRequest(
	this: ApiContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<IDataObject> {
	if (options.absoluteUrl) return (await fetchAbsoluteUrl.call(this, path, options)) as IDataObject;
	const node = this.getNode();
	let rereadAfterRefusedRefresh = false;
	let host = '';
	// Whether any try may have reached the service and been applied (a 5xx, or no answer).
	let uncertain = false;
	for (let attempt = 1; ; attempt++) {
		// Read on every try: after a refused refresh, another process may have stored newer tokens.
		const credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as unknown as BankingCredentials;
		const request = buildRequest(method, path, options, credentials);
		host = hostOf(String(request.url));
		try {
			return (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request)) as IDataObject;
		} catch (error) {
			const failure = describeFailure(error);
			if (failure.refreshRefused && !rereadAfterRefusedRefresh) {
				// Lost refresh race (n8n 1.x refreshes without a lock): the winner stored new tokens.
				rereadAfterRefusedRefresh = true;
				attempt--;
				continue;
			}
			uncertain ||= method !== 'GET' && method !== 'HEAD' && mayHaveApplied(failure);
			if (attempt < MAX_TRIES && isRetryable(failure, method, Boolean(options.idempotencyKey))) {
				await sleep(retryDelayMs(failure, attempt));
				continue;
			}
			throw toNodeApiError(failure, {
				node,
				itemIndex: options.itemIndex,
				credentialName: node.credentials?.[CREDENTIAL_TYPE]?.name,
				tries: attempt,
				host,
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
