/** One request that reached the sandbox, as tests see it (secrets redacted). */
export interface LoggedRequest {
	/** Order of arrival, from 1. */
	seq: number;
	at: string;
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	headers: Record<string, string | string[] | undefined>;
	/** The parsed body (JSON or form); undefined when there was none or it could not be parsed. */
	body: unknown;
	/** The status sent, null while in flight. */
	status: number | null;
	/** True when a drop_after_commit fault destroyed the connection instead of answering. */
	dropped: boolean;
}

const REDACTED = '[redacted]';
const SECRET_HEADERS = new Set(['cookie', 'x-service-staging-token', 'service-partner-id-secret']);
const SECRET_BODY_KEYS = new Set(['client_secret', 'password', 'secret', 'refresh_token', 'access_token', 'code']);

/** Keeps the scheme (Bearer or Basic tells a test how the client authenticated), drops the credential. */
function redactAuthorization(value: string): string {
	const [scheme] = value.split(' ');
	return value.includes(' ') ? `${scheme} ${REDACTED}` : REDACTED;
}

export function redactHeaders(headers: Record<string, string | string[] | undefined>): LoggedRequest['headers'] {
	const copy: LoggedRequest['headers'] = {};
	for (const [name, value] of Object.entries(headers)) {
		if (name === 'authorization' && typeof value === 'string') copy[name] = redactAuthorization(value);
		else copy[name] = SECRET_HEADERS.has(name) ? REDACTED : value;
	}
	return copy;
}

export function redactBody(body: unknown): unknown {
	if (Array.isArray(body)) return body.map(redactBody);
	if (body === null || typeof body !== 'object') return body;
	return Object.fromEntries(
		Object.entries(body).map(([key, value]) => [key, SECRET_BODY_KEYS.has(key) ? REDACTED : redactBody(value)]),
	);
}

/** The last `capacity` requests (every path except the simulation controls), oldest first. */
export class RequestLog {
	private entries: LoggedRequest[] = [];
	private seq = 0;

	constructor(private readonly capacity = 5000) {}

	start(entry: Omit<LoggedRequest, 'seq' | 'status' | 'dropped' | 'body'>): LoggedRequest {
		const logged: LoggedRequest = { ...entry, seq: ++this.seq, body: undefined, status: null, dropped: false };
		this.entries.push(logged);
		if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
		return logged;
	}

	all(): LoggedRequest[] {
		return [...this.entries];
	}

	/** Requests whose method and path match (path exact, or a prefix when it ends with *). */
	find(method: string | undefined, pathPattern: string): LoggedRequest[] {
		return this.entries.filter((e) => (!method || e.method === method.toUpperCase()) && matchesPath(pathPattern, e.path));
	}

	clear(): void {
		this.entries = [];
	}
}

/** `/v2/clients` matches only itself; `/v2/clients*` matches every path starting with /v2/clients. */
export function matchesPath(pattern: string, path: string): boolean {
	return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}
