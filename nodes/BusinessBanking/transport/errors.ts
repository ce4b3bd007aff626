import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';

/** One entry of the API's error body `{"errors":[{code, detail, source:{pointer}}]}`. */
export interface ApiErrorEntry {
	code?: string;
	detail?: string;
	source?: { pointer?: string };
}

/** What a failed call left behind, read from n8n's wrapped error (no headers, no tokens). */
export interface FailedCall {
	status?: number;
	body?: unknown;
	retryAfterSeconds?: number;
	/** Where a redirect pointed: origin and path only (a query may carry a signature, the address a password). */
	redirectedTo?: string;
	/** A connection error code (ECONNRESET, ETIMEDOUT, …) when no response arrived. */
	networkCode?: string;
	/** n8n could not refresh the access token: the refresh token was refused (invalid_grant). */
	refreshRefused: boolean;
	message: string;
}

/** The parts of n8n's errors, axios errors and OAuth errors that are read here. */
interface ErrorLike {
	message?: unknown;
	code?: unknown;
	cause?: ErrorLike;
	response?: { status?: number; data?: unknown; headers?: Record<string, unknown> };
	body?: { error?: unknown };
	failure?: { cause?: unknown };
}

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'ERR_SOCKET_CONNECTION_TIMEOUT']);

/** Walks n8n's error and its causes (NodeApiError → AxiosError or OAuth error) to what matters. */
export function describeFailure(error: unknown): FailedCall {
	const failure: FailedCall = { refreshRefused: false, message: error instanceof Error ? error.message : String(error) };
	for (let current = error as ErrorLike | undefined, depth = 0; current && depth < 6; current = current.cause, depth++) {
		const response = current.response;
		if (response?.status && failure.status === undefined) {
			failure.status = response.status;
			failure.body = response.data;
			failure.retryAfterSeconds = parseRetryAfter(headerValue(response.headers, 'retry-after'));
			failure.redirectedTo = shownLocation(headerValue(response.headers, 'location'));
		}
		if (typeof current.code === 'string' && NETWORK_CODES.has(current.code)) failure.networkCode ??= current.code;
		if (!failure.networkCode && typeof current.message === 'string' && /socket hang up/i.test(current.message)) {
			failure.networkCode = 'ECONNRESET';
		}
		// n8n 2.x turns a refused refresh into "needs to be reconnected"; n8n 1.x lets the OAuth error through.
		if (current.body?.error === 'invalid_grant' || current.failure?.cause === 'credential-invalid') failure.refreshRefused = true;
	}
	return failure;
}

/** The origin and path of a Location header: never its query (a signature) or user info (a password). */
function shownLocation(location: string | undefined): string | undefined {
	if (!location) return undefined;
	try {
		const relative = !/^[a-z][a-z0-9+.-]*:/i.test(location);
		const url = new URL(location, 'http://relative.invalid');
		return relative ? url.pathname : `${url.origin}${url.pathname}`;
	} catch {
		return undefined;
	}
}

function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const getter = (headers as { get?: (key: string) => unknown }).get;
	const value = typeof getter === 'function' ? getter.call(headers, name) : headers[name];
	return value === undefined || value === null ? undefined : String(value);
}

/** Retry-After in seconds, or an HTTP date. */
function parseRetryAfter(value: string | undefined): number | undefined {
	if (!value) return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

export function apiErrors(body: unknown): ApiErrorEntry[] {
	const errors = (body as { errors?: unknown } | undefined)?.errors;
	return Array.isArray(errors) ? (errors as ApiErrorEntry[]) : [];
}

/** "/client/billing_address/zip_code" → "client.billing_address.zip_code". */
export function fieldOf(pointer: string | undefined): string | undefined {
	if (!pointer) return undefined;
	const field = pointer.replace(/^\//, '').split('/').filter(Boolean).join('.');
	return field || undefined;
}

/** The API's detail, prefixed with the field it points at unless the detail already names it. */
function explain(entry: ApiErrorEntry): string {
	const field = fieldOf(entry.source?.pointer);
	const detail = entry.detail ?? entry.code ?? 'Unknown error';
	if (!field) return detail;
	const last = field.split('.').pop() ?? field;
	return detail.includes(field) || detail.startsWith(`${last}:`) || detail.startsWith(`${last} `) ? detail : `${field}: ${detail}`;
}

const NETWORK_PROBLEMS: Record<string, string> = {
	ECONNRESET: 'the connection was closed before an answer came',
	EPIPE: 'the connection was closed before an answer came',
	ECONNREFUSED: 'the connection was refused',
	ETIMEDOUT: 'no answer in time',
	ECONNABORTED: 'no answer in time',
	ERR_SOCKET_CONNECTION_TIMEOUT: 'no answer in time',
	ENOTFOUND: 'the host name was not found',
	EAI_AGAIN: 'the host name could not be resolved',
};

/** Connection failures that happen before a request is sent: the service never saw it. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** A 5xx, or no answer at all: the service may have applied the request before the failure. */
export function mayHaveApplied(failure: FailedCall): boolean {
	if (failure.status !== undefined) return failure.status >= 500;
	return failure.networkCode !== undefined && !NEVER_SENT.has(failure.networkCode);
}

/** What a write makes ("external transfer") and where a user can look for one (an operation, a screen). */
export interface CreatedThing {
	what: string;
	howToFind: string;
}

const tries = (count: number) => `${count} ${count === 1 ? 'try' : 'tries'}`;

export interface ErrorContext {
	node: INode;
	itemIndex?: number;
	credentialName?: string;
	/** How many tries were made (for 429 and 5xx messages). */
	tries: number;
	/** Where the call went (for connection errors). */
	host: string;
	/** Set when a try of this write may have been applied: the error then says that it may exist. */
	unconfirmed?: { idempotencyKey?: string; creates?: CreatedThing };
}

/**
 * The message of a write that may have been applied although no try was confirmed. With an
 * idempotency key the way to find out is safe: the same input sends the same key again.
 */
function unconfirmedWrite(failure: FailedCall, context: ErrorContext, unconfirmed: NonNullable<ErrorContext['unconfirmed']>): { message: string; description: string } {
	const what = unconfirmed.creates?.what ?? 'change';
	const problem = failure.status ? `HTTP ${failure.status}` : (NETWORK_PROBLEMS[failure.networkCode ?? ''] ?? 'the connection failed');
	const lookup = unconfirmed.creates ? ` Or look for it: ${unconfirmed.creates.howToFind}` : '';
	if (unconfirmed.idempotencyKey) {
		return {
			message: `The ${what} may have been made: ${tries(context.tries)} with the same idempotency key, none confirmed (last: ${problem})`,
			description:
				`Every try carried the same idempotency key, so the service made it at most once. ` +
				`To find out, run this item again with the same input within 30 minutes: it sends the same key, and the service answers with the ${what} it made, or makes it now — never a second one.${lookup}`,
		};
	}
	return {
		message: `The ${what} may have been made: no confirmation (${problem}), and a request without idempotency key is not repeated automatically`,
		description: `Check before running this item again.${lookup}`,
	};
}

/**
 * The error a user sees: the API's own detail and field when it gave one, and what to do for the
 * cases n8n cannot fix by itself. Built from a plain object, so that no request header (and so no
 * token) travels with the error.
 */
export function toNodeApiError(failure: FailedCall, context: ErrorContext): NodeApiError {
	const { status } = failure;
	const entries = apiErrors(failure.body);
	const credential = context.credentialName ? `"${context.credentialName}"` : 'Business Banking';
	let message: string;
	let description: string | undefined = entries.length > 1 ? entries.map(explain).join('\n') : undefined;

	if (failure.refreshRefused) {
		message = `The credential ${credential} needs to be reconnected`;
		description =
			'The service refused to renew access: the refresh token expired, was revoked, or was already used. Open the credential and click "Reconnect".';
	} else if (status === 401 && entries[0]?.code === 'invalid_staging_token') {
		message = `The service refused the staging token: check "Staging Token" in the credential ${credential}`;
	} else if (status === 401) {
		message = `The service no longer accepts the credential ${credential}: reconnect it`;
		description = entries[0]?.detail;
	} else if (status === 403) {
		const detail = entries[0]?.detail ?? 'A permission (OAuth scope) is missing';
		message = `Missing permission: ${detail}`;
		description = `Reconnect the credential ${credential} and accept every requested permission on the consent screen.`;
	} else if (status === 429) {
		message = `The service is rate limiting these requests (HTTP 429) after ${tries(context.tries)}`;
		description = 'The node paces itself to its rate limit (Rate Limit; in version 2, under Advanced), 1,000 requests per 10 s by default: set it to your contract’s limit, and when several workflows or workers share this credential, give each a share of it.';
	} else if (status && status >= 300 && status < 400) {
		message = `The service answered with a redirect (HTTP ${status}${failure.redirectedTo ? ` to ${failure.redirectedTo}` : ''}), which the node does not follow`;
		description = `Check "Base URL" in the credential ${credential}: API calls are answered where they are sent, and following a redirect could resend a payment elsewhere or turn it into a read.`;
	} else if (status && status >= 500) {
		message = `The service failed to process the request (HTTP ${status}) after ${tries(context.tries)}`;
		description = entries.map(explain).join('\n') || undefined;
	} else if (status && entries.length > 0) {
		message = explain(entries[0]);
	} else if (failure.networkCode) {
		// No raw error code in the message: n8n would swap such a message for a generic one.
		message = `Could not reach ${context.host}: ${NETWORK_PROBLEMS[failure.networkCode] ?? 'the connection failed'} (after ${tries(context.tries)})`;
		description = `Connection error ${failure.networkCode}. A write that may have been applied is not repeated automatically: check before running it again.`;
	} else {
		message = status ? `The service answered HTTP ${status}` : failure.message;
	}

	const unconfirmed = context.unconfirmed && !failure.refreshRefused && (status === undefined || status === 429 || status >= 500);
	if (unconfirmed) {
		const told = unconfirmedWrite(failure, context, context.unconfirmed!);
		const said = entries.map(explain).join('\n');
		message = told.message;
		description = said ? `${told.description}\nThe service said: ${said}` : told.description;
	}

	const sanitized: JsonObject = { message, ...(status ? { httpCode: String(status) } : {}), errors: entries as unknown as JsonObject[] };
	const error = new NodeApiError(context.node, sanitized, {
		message,
		description,
		httpCode: status ? String(status) : undefined,
		itemIndex: context.itemIndex,
	});
	if (entries.length > 0) error.context.errors = entries;
	// Read by operations that can find out for themselves (e.g. by looking the record up).
	if (unconfirmed) error.context.mayExist = true;
	return error;
}
