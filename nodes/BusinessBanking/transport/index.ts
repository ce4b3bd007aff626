import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

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
}

interface BankingCredentials {
	baseUrl: string;
	registerUrl: string;
	stagingToken?: string;
	partnerId?: string;
}

/** The one function in the package that sends HTTP to the API. */
export async function apiRequest<T = IDataObject>(
	this: ApiContext,
	method: IHttpRequestMethods,
	path: string,
	options: ApiRequestOptions = {},
): Promise<T> {
	const credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as unknown as BankingCredentials;
	const base = options.server === 'register' ? credentials.registerUrl : credentials.baseUrl;
	const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
	if (credentials.stagingToken) headers['X-Service-Staging-Token'] = credentials.stagingToken;
	if (options.idempotencyKey) headers['X-Service-Idempotency-Key'] = options.idempotencyKey;
	const request: IHttpRequestOptions = {
		method,
		url: options.absoluteUrl ? path : `${base.replace(/\/+$/, '')}${path}`,
		headers,
		qs: options.qs,
		body: options.body,
		json: !options.binary,
		...(options.binary ? { encoding: 'arraybuffer' as const } : {}),
	};
	return (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request)) as T;
}
