import type { AxiosInstance } from 'axios';

import { LOGGED_BODY_MAX_BYTES, LOGGED_HEADER_MAX_CHARS, omittedBody, RequestLog } from '../../sandbox/core/requestLog';
import { SEED } from '../../sandbox/core/seed';
import { clientsOf } from '../../sandbox/modules/clients';
import { type TestSandbox, useTestSandbox } from '../helpers/sandbox';

const clientCount = (sandbox: TestSandbox) => clientsOf(sandbox.ctx).list(SEED.organizations.fr).length;

describe('simulation controls', () => {
	// Reset through the control endpoint itself, as a client of the sandbox would.
	const sandbox = useTestSandbox({ stagingToken: 'staging-secret' }, { resetEachTest: false });
	let api: AxiosInstance;
	beforeEach(async () => {
		await sandbox.http.post('/sandbox/reset');
		await sandbox.http.delete('/sandbox/requests');
		api = sandbox.api('fr');
	});

	describe('reset and clock', () => {
		it('POST /sandbox/reset brings back the seeded state and drops tokens', async () => {
			const seeded = clientCount(sandbox);
			expect((await api.post('/v2/clients', { kind: 'company', name: 'Temporary' })).status).toBe(201);
			expect(clientCount(sandbox)).toBe(seeded + 1);
			const reset = await sandbox.http.post('/sandbox/reset');
			expect(reset.status).toBe(200);
			expect(clientCount(sandbox)).toBe(seeded);
			expect((await api.get('/v2/clients')).status).toBe(401);
		});

		it('moves the sandbox clock: tokens expire, timestamps follow', async () => {
			const before = await sandbox.http.get('/sandbox/clock');
			expect(before.status).toBe(200);
			const advanced = await sandbox.http.post('/sandbox/clock/advance', { seconds: 3601 });
			expect(advanced.status).toBe(200);
			expect(Date.parse(advanced.data.now) - Date.parse(before.data.now)).toBeGreaterThanOrEqual(3601 * 1000);
			expect(advanced.data.offset_seconds).toBe(3601);
			expect((await api.get('/v2/clients')).status).toBe(401);
			const created = await sandbox.api('fr').post('/v2/clients', { kind: 'company', name: 'Later' });
			expect(Date.parse(created.data.client.created_at)).toBeGreaterThanOrEqual(Date.parse(advanced.data.now));
		});

		it('sets the sandbox clock to a recorded instant: the day the bank stamps follows it, and the clock runs on', async () => {
			const set = await sandbox.http.post('/sandbox/clock/set', { now: '2026-11-26T09:00:00Z' });
			expect(set.status).toBe(200);
			expect(Date.parse(set.data.now) - Date.parse('2026-11-26T09:00:00Z')).toBeGreaterThanOrEqual(0);
			expect(Date.parse(set.data.now) - Date.parse('2026-11-26T09:00:00Z')).toBeLessThan(60_000);
			const created = await sandbox.api('fr').post('/v2/clients', { kind: 'company', name: 'Recorded day' });
			expect(created.data.client.created_at.slice(0, 10)).toBe('2026-11-26');
			const again = await sandbox.http.post('/sandbox/clock/set', { now: '2031-02-03T23:59:00+01:00' });
			expect(again.data.now.slice(0, 16)).toBe('2031-02-03T22:59');
			for (const body of [{}, { now: 'tomorrow' }, { now: 1764147600000 }]) {
				const refused = await sandbox.http.post('/sandbox/clock/set', body);
				expect(refused.status).toBe(422);
				expect(refused.data.errors[0].source.pointer).toBe('/now');
			}
		});

		it('refuses a bad clock body with 422', async () => {
			for (const body of [{}, { seconds: -5 }, { seconds: 'ten' }]) {
				const response = await sandbox.http.post('/sandbox/clock/advance', body);
				expect(response.status).toBe(422);
				expect(response.data.errors[0].source.pointer).toBe('/seconds');
			}
		});
	});

	describe('faults', () => {
		it('answers the next `count` matching requests with the injected status, then serves normally', async () => {
			const armed = await sandbox.http.post('/sandbox/faults', { path: '/v2/clients*', kind: 'status', status: 503, count: 2 });
			expect(armed.status).toBe(201);
			expect((await sandbox.http.get('/sandbox/faults')).data.faults).toEqual([expect.objectContaining({ path: '/v2/clients*', remaining: 2 })]);
			const first = await api.get('/v2/clients');
			expect(first.status).toBe(503);
			expect(first.data).toEqual({ errors: [{ code: 'service_unavailable', detail: expect.any(String) }] });
			expect((await api.get(`/v2/clients/${'c11e0000-0000-4000-8000-000000000101'}`)).status).toBe(503);
			expect((await api.get('/v2/clients')).status).toBe(200);
			expect((await sandbox.http.get('/sandbox/faults')).data.faults).toEqual([]);
		});

		it('sets Retry-After on an injected 429', async () => {
			await sandbox.http.post('/sandbox/faults', { path: '/organization', kind: 'status', status: 429, retryAfter: 7, count: 1 });
			const response = await api.get('/organization');
			expect(response.status).toBe(429);
			expect(response.headers['retry-after']).toBe('7');
			expect(response.data.errors[0].code).toBe('rate_limited');
		});

		it('matches the method and the exact path when no * is given', async () => {
			await sandbox.http.post('/sandbox/faults', { method: 'post', path: '/v2/clients', kind: 'status', status: 500, count: 1 });
			expect((await api.get('/v2/clients')).status).toBe(200);
			expect((await api.post('/v2/clients/extra', {})).status).toBe(404);
			const before = clientCount(sandbox);
			expect((await api.post('/v2/clients', { kind: 'company', name: 'A' })).status).toBe(500);
			expect(clientCount(sandbox)).toBe(before);
		});

		it('acts before the guard: a request without a token still gets the fault', async () => {
			await sandbox.http.post('/sandbox/faults', { path: '/v2/clients', kind: 'status', status: 502, count: 1 });
			const response = await sandbox.http.get('/v2/clients');
			expect(response.status).toBe(502);
			expect(response.data.errors[0].code).toBe('bad_gateway');
		});

		it('delays a request by latencyMs and then serves it', async () => {
			await sandbox.http.post('/sandbox/faults', { path: '/organization', kind: 'latency', latencyMs: 150, count: 1 });
			const started = Date.now();
			const response = await api.get('/organization');
			expect(response.status).toBe(200);
			// A lower bound only: the delay was applied (no upper bound, the machine may be slow).
			expect(Date.now() - started).toBeGreaterThanOrEqual(140);
		});

		it('drop_after_commit: the change is made, the caller gets no response', async () => {
			await sandbox.http.post('/sandbox/faults', { method: 'POST', path: '/v2/clients', kind: 'drop_after_commit', count: 1 });
			const before = clientCount(sandbox);
			const error = await api.post('/v2/clients', { kind: 'company', name: 'Committed but unheard' }).then(
				() => undefined,
				(e: Error & { code?: string }) => e,
			);
			expect(error).toBeDefined();
			expect(['ECONNRESET', 'ERR_BAD_RESPONSE', 'ECONNABORTED', undefined]).toContain(error?.code);
			expect(error?.message).toMatch(/socket hang up|ECONNRESET|aborted/i);
			expect(clientCount(sandbox)).toBe(before + 1);
			expect(clientsOf(sandbox.ctx).list(SEED.organizations.fr).some((c) => c.name === 'Committed but unheard')).toBe(true);
			const [logged] = sandbox.ctx.requests.find('POST', '/v2/clients');
			expect(logged).toMatchObject({ dropped: true, status: 201 });
			// The sandbox keeps serving.
			expect((await api.get('/v2/clients')).status).toBe(200);
		});

		it('a fault with a probability hits a seeded, reproducible share of requests; `after` lets the first ones pass', async () => {
			const pattern = async () => {
				await sandbox.http.delete('/sandbox/faults');
				await sandbox.http.post('/sandbox/faults', { path: '/organization', kind: 'status', status: 503, probability: 0.25, seed: 7, count: 10_000 });
				const statuses: number[] = [];
				for (let i = 0; i < 120; i++) statuses.push((await api.get('/organization', { validateStatus: () => true })).status);
				return statuses;
			};
			const first = await pattern();
			const hits = first.filter((status) => status === 503).length;
			expect(hits).toBeGreaterThan(15);
			expect(hits).toBeLessThan(45);
			expect(await pattern()).toEqual(first);

			await sandbox.http.delete('/sandbox/faults');
			await sandbox.http.post('/sandbox/faults', { path: '/organization', kind: 'status', status: 502, after: 3, count: 2 });
			const statuses: number[] = [];
			for (let i = 0; i < 6; i++) statuses.push((await api.get('/organization', { validateStatus: () => true })).status);
			expect(statuses).toEqual([200, 200, 200, 502, 502, 200]);
		});

		it('DELETE /sandbox/faults disarms everything; reset does too', async () => {
			await sandbox.http.post('/sandbox/faults', { path: '/v2/*', kind: 'status', status: 500, count: 5 });
			expect((await sandbox.http.delete('/sandbox/faults')).data.deleted).toBe(1);
			expect((await api.get('/v2/clients')).status).toBe(200);
			await sandbox.http.post('/sandbox/faults', { path: '/v2/*', kind: 'status', status: 500, count: 5 });
			await sandbox.http.post('/sandbox/reset');
			expect((await sandbox.http.get('/sandbox/faults')).data.faults).toEqual([]);
		});

		it('redirect: answers the status and Location asked for (302 to the same path by default), without running the handler', async () => {
			await sandbox.http.post('/sandbox/faults', { method: 'POST', path: '/v2/clients', kind: 'redirect', count: 1 });
			await sandbox.http.post('/sandbox/faults', { method: 'POST', path: '/v2/clients', kind: 'redirect', status: 308, location: 'https://api.example.test/v2/clients', count: 1 });
			const api = sandbox.api('fr');
			const before = (await api.get('/v2/clients')).data.meta.total_count;
			const plain = await api.post('/v2/clients', { client: { kind: 'company', name: 'Redirigé SAS' } }, { maxRedirects: 0 });
			expect([plain.status, plain.headers.location]).toEqual([302, '/v2/clients']);
			const permanent = await api.post('/v2/clients', { client: { kind: 'company', name: 'Redirigé SAS' } }, { maxRedirects: 0 });
			expect([permanent.status, permanent.headers.location]).toEqual([308, 'https://api.example.test/v2/clients']);
			expect((await api.get('/v2/clients')).data.meta.total_count).toBe(before);
		});

		it('refuses an incomplete fault with 422', async () => {
			const cases = [
				[{ path: '/v2/clients', kind: 'status', count: 1 }, '/status'],
				[{ path: '/v2/clients', kind: 'latency', count: 1 }, '/latencyMs'],
				[{ path: 'v2/clients', kind: 'status', status: 500 }, '/path'],
				[{ path: '/v2/clients', kind: 'status', status: 418 }, '/status'],
				[{ path: '/v2/clients', kind: 'explode' }, '/kind'],
				[{ path: '/v2/clients', kind: 'status', status: 302 }, '/status'],
				[{ path: '/v2/clients', kind: 'redirect', status: 503 }, '/status'],
			] as const;
			for (const [body, pointer] of cases) {
				const response = await sandbox.http.post('/sandbox/faults', body);
				expect(response.status).toBe(422);
				expect(response.data.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
			}
			expect((await sandbox.http.get('/sandbox/faults')).data.faults).toEqual([]);
		});

		it('keeps the status of a fault on the token endpoint', async () => {
			await sandbox.http.post('/sandbox/faults', { path: '/oauth2/token', kind: 'status', status: 503, count: 1 });
			const response = await sandbox.http.post('/oauth2/token', 'grant_type=refresh_token', {
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			});
			expect(response.status).toBe(503);
		});
	});

	describe('request log', () => {
		it('records method, path, query, redacted headers, body and status of every request but the controls', async () => {
			await api.post('/v2/clients', { kind: 'company', name: 'Logged' });
			await api.get('/v2/clients', { params: { 'filter[name]': 'Logged', per_page: 5 } });
			await sandbox.http.get('/sandbox/clock');
			const { requests } = (await sandbox.http.get('/sandbox/requests')).data;
			expect(requests).toHaveLength(2);
			expect(requests[0]).toMatchObject({
				method: 'POST',
				path: '/v2/clients',
				body: { kind: 'company', name: 'Logged' },
				status: 201,
				dropped: false,
			});
			expect(requests[0].headers.authorization).toBe('Bearer [redacted]');
			expect(requests[0].headers['x-service-staging-token']).toBe('[redacted]');
			expect(requests[1]).toMatchObject({ method: 'GET', path: '/v2/clients', query: { 'filter[name]': 'Logged', per_page: '5' }, status: 200 });
			expect(JSON.stringify(requests)).not.toContain('staging-secret');
			expect(sandbox.ctx.requests.all()).toEqual(requests);
		});

		it('filters by method and path pattern, and DELETE clears it', async () => {
			await api.get('/organization');
			await api.get('/v2/clients');
			await api.post('/v2/clients', { kind: 'company', name: 'X' });
			const posts = (await sandbox.http.get('/sandbox/requests', { params: { method: 'POST', path: '/v2/clients*' } })).data.requests;
			expect(posts.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toEqual(['POST /v2/clients']);
			const clients = (await sandbox.http.get('/sandbox/requests', { params: { path: '/v2/*' } })).data.requests;
			expect(clients).toHaveLength(2);
			expect((await sandbox.http.delete('/sandbox/requests')).status).toBe(200);
			expect((await sandbox.http.get('/sandbox/requests')).data.requests).toEqual([]);
		});

		it('records refused requests too (bad token, injected fault)', async () => {
			await sandbox.http.get('/v2/clients', { headers: { Authorization: 'Bearer nope', 'X-Service-Staging-Token': 'staging-secret' } });
			const [logged] = sandbox.ctx.requests.all();
			expect(logged).toMatchObject({ path: '/v2/clients', status: 401 });
			expect(logged.headers.authorization).toBe('Bearer [redacted]');
		});

		it('keeps only the most recent entries', () => {
			const log = new RequestLog(3);
			for (let i = 0; i < 5; i++) log.start({ at: '', method: 'GET', path: `/v2/${i}`, query: {}, headers: {} });
			expect(log.all().map((e) => e.path)).toEqual(['/v2/2', '/v2/3', '/v2/4']);
		});

		it('logs a body over the size cap as a note of its size, and the headers cut to a bounded length', async () => {
			const name = 'n'.repeat(LOGGED_BODY_MAX_BYTES);
			const response = await api.post('/v2/clients', { kind: 'company', name }, { headers: { 'X-Trace': 't'.repeat(5000) } });
			expect(response.status).toBe(422);
			const [logged] = (await sandbox.http.get('/sandbox/requests')).data.requests;
			const bytes = Buffer.byteLength(JSON.stringify({ kind: 'company', name }));
			expect(logged).toMatchObject({ path: '/v2/clients', status: 422, body: omittedBody(bytes) });
			expect(logged.headers['x-trace']).toBe(`${'t'.repeat(LOGGED_HEADER_MAX_CHARS)}…[5000 characters]`);
		});

		it('keeps bodies up to a total budget: the oldest give theirs up first', () => {
			const log = new RequestLog(10, { bodyMaxBytes: 100, bodiesBudgetBytes: 250 });
			const logged = (index: number, bytes: number) => {
				const entry = log.start({ at: '', method: 'POST', path: `/v2/${index}`, query: {}, headers: {} });
				log.setBody(entry, { index }, bytes);
				return entry;
			};
			const first = logged(1, 80);
			const tooLarge = logged(2, 101);
			const third = logged(3, 90);
			expect([first.body, tooLarge.body, third.body]).toEqual([{ index: 1 }, omittedBody(101), { index: 3 }]);
			const fourth = logged(4, 90);
			expect([first.body, third.body, fourth.body]).toEqual([omittedBody(80), { index: 3 }, { index: 4 }]);
			// Clearing the log gives the whole budget back.
			log.clear();
			expect([logged(5, 100), logged(6, 100)].map((entry) => entry.body)).toEqual([{ index: 5 }, { index: 6 }]);
		});
	});
});

describe('reset with generated OAuth credentials', () => {
	it('keeps the client id and secret printed at start', async () => {
		const { startSandbox } = await import('../../sandbox/server');
		const sandbox = await startSandbox({ port: 0, quiet: true });
		try {
			const { clientId, clientSecret } = sandbox.ctx.application;
			expect(clientId).toMatch(/^sandbox-/);
			const response = await fetch(`${sandbox.url}/sandbox/reset`, { method: 'POST' });
			expect(response.status).toBe(200);
			expect(sandbox.ctx.application).toMatchObject({ clientId, clientSecret });
		} finally {
			await sandbox.close();
		}
	});
});
