// A small client for a running n8n: its internal REST API (as the editor uses it, logged in with a
// cookie) and its public API (`/api/v1`, with an API key). No keep-alive: n8n closes idle sockets after
// a few seconds, and a request sent on one it just closed fails ("other side closed").
import axios, { type AxiosResponse } from 'axios';
import { Agent } from 'http';

const http = axios.create({ httpAgent: new Agent({ keepAlive: false }), validateStatus: () => true, transformResponse: (body) => body, maxRedirects: 0 });

async function send(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<AxiosResponse<string>> {
	return await http.request<string>({
		method,
		url,
		headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
		data: body === undefined ? undefined : JSON.stringify(body),
	});
}

/** n8n's login limit per user (5 a minute): a refused login is tried again once its window has passed. */
const LOGIN_WINDOW_MS = 61_000;

export class N8nHttpError extends Error {
	constructor(
		readonly status: number,
		readonly body: string,
		what: string,
	) {
		super(`${what} answered ${status}: ${body.slice(0, 500)}`);
	}
}

export class N8nClient {
	/** The `n8n-auth` cookie once logged in. */
	cookie?: string;
	apiKey?: string;

	constructor(readonly url: string) {}

	/**
	 * Creates the owner through the setup screen's endpoint (n8n 1.x; 2.x takes N8N_INSTANCE_OWNER_*).
	 * Returns false when an owner exists already.
	 */
	async setupOwner(owner: { email: string; password: string; firstName: string; lastName: string }): Promise<boolean> {
		const response = await send('POST', `${this.url}/rest/owner/setup`, {}, owner);
		if (response.status === 200) return true;
		if (response.status === 400 && /already/i.test(response.data)) return false;
		throw new N8nHttpError(response.status, response.data, 'POST /rest/owner/setup');
	}

	async login(email: string, password: string): Promise<void> {
		// n8n 2.x names the field emailOrLdapLoginId; 1.x releases before it took email.
		const attempt = () => send('POST', `${this.url}/rest/login`, {}, { emailOrLdapLoginId: email, email, password });
		let response = await attempt();
		// n8n takes 5 logins a minute per user: many short test files on one n8n can meet it. Its window is a minute.
		for (let retries = 0; response.status === 429 && retries < 2; retries++) {
			await new Promise((resolve) => setTimeout(resolve, LOGIN_WINDOW_MS));
			response = await attempt();
		}
		if (response.status !== 200) throw new N8nHttpError(response.status, response.data, 'POST /rest/login');
		const auth = (response.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('n8n-auth='));
		if (!auth) throw new Error('n8n did not set its n8n-auth cookie on login');
		this.cookie = auth.split(';')[0];
	}

	/** The internal REST API; unwraps n8n's `{ data }` envelope. */
	async rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		if (!this.cookie) throw new Error('log in first');
		const response = await send(method, `${this.url}/rest${path}`, { Cookie: this.cookie }, body);
		const text = response.data;
		if (response.status >= 300) throw new N8nHttpError(response.status, text, `${method} /rest${path}`);
		return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
	}

	/** Every node type the editor knows, as it loads them (`/types/nodes.json`): tool variants included, which `/rest/node-types` does not know. */
	async nodeTypes(): Promise<Array<{ name: string; version: number | number[]; properties: Array<{ name: string }> }>> {
		if (!this.cookie) throw new Error('log in first');
		const response = await send('GET', `${this.url}/types/nodes.json`, { Cookie: this.cookie });
		if (response.status >= 300) throw new N8nHttpError(response.status, response.data, 'GET /types/nodes.json');
		return JSON.parse(response.data) as Array<{ name: string; version: number | number[]; properties: Array<{ name: string }> }>;
	}

	/** Creates an API key with every scope the instance offers and keeps it for publicApi(). */
	async createApiKey(label = `e2e ${Date.now()}`): Promise<string> {
		let scopes: string[] | undefined;
		try {
			scopes = await this.rest<string[]>('GET', '/api-keys/scopes');
		} catch {
			scopes = undefined; // releases without scoped keys
		}
		const created = await this.rest<{ rawApiKey?: string; apiKey?: string }>('POST', '/api-keys', {
			label,
			expiresAt: null,
			...(scopes ? { scopes } : {}),
		});
		const key = created.rawApiKey ?? created.apiKey;
		if (!key) throw new Error('n8n returned no API key');
		this.apiKey = key;
		return key;
	}

	/** The public API (`/api/v1`); returns the parsed body as is. */
	async publicApi<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		if (!this.apiKey) throw new Error('create an API key first');
		const response = await send(method, `${this.url}/api/v1${path}`, { 'X-N8N-API-KEY': this.apiKey, Accept: 'application/json' }, body);
		const text = response.data;
		if (response.status >= 300) throw new N8nHttpError(response.status, text, `${method} /api/v1${path}`);
		return (text ? JSON.parse(text) : undefined) as T;
	}
}
