// A small client for a running n8n: its internal REST API (as the editor uses it, logged in with a
// cookie) and its public API (`/api/v1`, with an API key).

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

	async login(email: string, password: string): Promise<void> {
		// n8n 2.x names the field emailOrLdapLoginId; 1.x releases before it took email.
		const response = await fetch(`${this.url}/rest/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: email, email, password }),
		});
		if (response.status !== 200) throw new N8nHttpError(response.status, await response.text(), 'POST /rest/login');
		const auth = response.headers.getSetCookie().find((cookie) => cookie.startsWith('n8n-auth='));
		if (!auth) throw new Error('n8n did not set its n8n-auth cookie on login');
		this.cookie = auth.split(';')[0];
	}

	/** The internal REST API; unwraps n8n's `{ data }` envelope. */
	async rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		if (!this.cookie) throw new Error('log in first');
		const response = await fetch(`${this.url}/rest${path}`, {
			method,
			headers: { Cookie: this.cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), 'browser-id': 'e2e' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (response.status >= 300) throw new N8nHttpError(response.status, text, `${method} /rest${path}`);
		return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
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
		const response = await fetch(`${this.url}/api/v1${path}`, {
			method,
			headers: { 'X-N8N-API-KEY': this.apiKey, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (response.status >= 300) throw new N8nHttpError(response.status, text, `${method} /api/v1${path}`);
		return (text ? JSON.parse(text) : undefined) as T;
	}
}
