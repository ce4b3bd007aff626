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

/**
 * What the log keeps of each request is bounded, so that a long `npm run dev` or a load test stays
 * flat: a body larger than LOGGED_BODY_MAX_BYTES is replaced by a note of its size, the bodies kept
 * weigh at most LOGGED_BODIES_BUDGET_BYTES together (the oldest give theirs up first), and a header
 * value is cut after LOGGED_HEADER_MAX_CHARS.
 */
export const LOGGED_BODY_MAX_BYTES = 32 * 1024;
export const LOGGED_BODIES_BUDGET_BYTES = 8 * 1024 * 1024;
export const LOGGED_HEADER_MAX_CHARS = 1024;

/** What the log shows instead of a body it does not keep. */
export const omittedBody = (bytes: number) => `[body of ${bytes} bytes not logged]`;
const SECRET_HEADERS = new Set(['cookie', 'x-service-staging-token', 'service-partner-id-secret']);
const SECRET_BODY_KEYS = new Set(['client_secret', 'password', 'secret', 'refresh_token', 'access_token', 'code']);

/** Keeps the scheme (Bearer or Basic tells a test how the client authenticated), drops the credential. */
function redactAuthorization(value: string): string {
	const [scheme] = value.split(' ');
	return value.includes(' ') ? `${scheme} ${REDACTED}` : REDACTED;
}

function cut(value: string): string {
	return value.length > LOGGED_HEADER_MAX_CHARS ? `${value.slice(0, LOGGED_HEADER_MAX_CHARS)}…[${value.length} characters]` : value;
}

export function redactHeaders(headers: Record<string, string | string[] | undefined>): LoggedRequest['headers'] {
	const copy: LoggedRequest['headers'] = {};
	for (const [name, value] of Object.entries(headers)) {
		if (name === 'authorization' && typeof value === 'string') copy[name] = redactAuthorization(value);
		else if (SECRET_HEADERS.has(name)) copy[name] = REDACTED;
		else copy[name] = Array.isArray(value) ? value.map(cut) : value === undefined ? value : cut(value);
	}
	return copy;
}

/** Whether a secret key sits anywhere in the body. */
function holdsSecret(body: unknown): boolean {
	if (Array.isArray(body)) return body.some(holdsSecret);
	if (body === null || typeof body !== 'object') return false;
	for (const [key, value] of Object.entries(body)) if (SECRET_BODY_KEYS.has(key) || holdsSecret(value)) return true;
	return false;
}

function redactedCopy(body: unknown): unknown {
	if (Array.isArray(body)) return body.map(redactedCopy);
	if (body === null || typeof body !== 'object') return body;
	return Object.fromEntries(
		Object.entries(body).map(([key, value]) => [key, SECRET_BODY_KEYS.has(key) ? REDACTED : redactedCopy(value)]),
	);
}

/**
 * The body with every secret replaced. A body without one is kept as it is, not copied: handlers
 * only read their input (the schemas parse it into new objects), and most requests hold no secret.
 */
export function redactBody(body: unknown): unknown {
	return holdsSecret(body) ? redactedCopy(body) : body;
}

/** The last `capacity` requests (every path except the simulation controls), oldest first. */
export class RequestLog {
	private entries: LoggedRequest[] = [];
	private seq = 0;
	/** The size of each kept body, and their sum. */
	private bodyBytes = new WeakMap<LoggedRequest, number>();
	private keptBodyBytes = 0;

	constructor(
		private readonly capacity = 5000,
		private readonly limits = { bodyMaxBytes: LOGGED_BODY_MAX_BYTES, bodiesBudgetBytes: LOGGED_BODIES_BUDGET_BYTES },
	) {}

	start(entry: Omit<LoggedRequest, 'seq' | 'status' | 'dropped' | 'body'>): LoggedRequest {
		const logged: LoggedRequest = { ...entry, seq: ++this.seq, body: undefined, status: null, dropped: false };
		this.entries.push(logged);
		if (this.entries.length > this.capacity) {
			for (const evicted of this.entries.splice(0, this.entries.length - this.capacity)) this.forgetBody(evicted);
		}
		return logged;
	}

	/**
	 * Records the parsed body of `entry`, `bytes` long as received. `redact` runs only on a body that
	 * is kept, so that a large one is never copied.
	 */
	setBody(entry: LoggedRequest, body: unknown, bytes: number, redact: (body: unknown) => unknown = (kept) => kept): void {
		this.forgetBody(entry);
		if (bytes > this.limits.bodyMaxBytes) {
			entry.body = omittedBody(bytes);
			return;
		}
		entry.body = redact(body);
		this.bodyBytes.set(entry, bytes);
		this.keptBodyBytes += bytes;
		for (const oldest of this.entries) {
			if (this.keptBodyBytes <= this.limits.bodiesBudgetBytes) break;
			const size = this.bodyBytes.get(oldest);
			if (size === undefined || oldest === entry) continue;
			this.forgetBody(oldest);
			oldest.body = omittedBody(size);
		}
	}

	private forgetBody(entry: LoggedRequest): void {
		const size = this.bodyBytes.get(entry);
		if (size === undefined) return;
		this.keptBodyBytes -= size;
		this.bodyBytes.delete(entry);
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
		this.bodyBytes = new WeakMap();
		this.keptBodyBytes = 0;
	}
}

/** `/v2/clients` matches only itself; `/v2/clients*` matches every path starting with /v2/clients. */
export function matchesPath(pattern: string, path: string): boolean {
	return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}
