import type { AxiosInstance } from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { clientsOf, toClientResponse } from '../../sandbox/modules/clients';
import { useTestSandbox } from '../helpers/sandbox';

/** Bad requests get a 4xx with the documented error body, change nothing and never crash the sandbox. */
describe('robustness of the API surface', () => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	let api: AxiosInstance;
	let existingId: string;
	let snapshot: string;

	const state = () =>
		JSON.stringify(
			clientsOf(sandbox.ctx)
				.all()
				.map(toClientResponse)
				.sort((a, b) => a.id.localeCompare(b.id)),
		);

	beforeAll(() => {
		api = sandbox.api('fr');
		existingId = clientsOf(sandbox.ctx).list(SEED.organizations.fr)[0].id;
	});
	beforeEach(() => {
		snapshot = state();
	});
	afterEach(async () => {
		expect(state()).toBe(snapshot);
		// Still alive and serving.
		expect((await api.get('/organization')).status).toBe(200);
	});

	const raw = (method: 'post' | 'patch', path: string, body: string | Buffer, contentType: string) =>
		api.request({ method, url: path, data: body, headers: { 'Content-Type': contentType }, transformRequest: [(d) => d] });

	function expectErrorBody(response: { status: number; data: unknown }, status: number) {
		expect(response.status).toBe(status);
		expect(response.data).toEqual({ errors: expect.arrayContaining([expect.objectContaining({ code: expect.any(String), detail: expect.any(String) })]) });
	}

	it.each([
		['truncated JSON', '{"kind": "company", "name": "A"'],
		['a trailing comma', '{"kind": "company", "name": "A",}'],
		['single quotes', "{'kind': 'company'}"],
		['plain words', 'kind=company'],
	])('answers malformed JSON (%s) with 400', async (_label, body) => {
		expectErrorBody(await raw('post', '/v2/clients', body, 'application/json'), 400);
		expectErrorBody(await raw('patch', `/v2/clients/${existingId}`, body, 'application/json'), 400);
	});

	it('answers an empty JSON body with 400', async () => {
		expectErrorBody(await raw('post', '/v2/clients', '', 'application/json'), 400);
	});

	it('refuses prototype pollution attempts', async () => {
		const response = await raw('post', '/v2/clients', '{"kind":"company","name":"A","__proto__":{"admin":true}}', 'application/json');
		expect(response.status).toBeGreaterThanOrEqual(400);
		expect(response.status).toBeLessThan(500);
		expect(({} as Record<string, unknown>).admin).toBeUndefined();
	});

	it('answers a body over 1 MiB with 413', async () => {
		const huge = JSON.stringify({ kind: 'company', name: 'A', address: 'x'.repeat(1024 * 1024 + 10) });
		expectErrorBody(await raw('post', '/v2/clients', huge, 'application/json'), 413);
		expectErrorBody(await raw('patch', `/v2/clients/${existingId}`, huge, 'application/json'), 413);
	});

	it.each([
		['text/plain', 'kind=company&name=A'],
		['application/x-www-form-urlencoded', 'kind=company&name=Form'],
		['application/xml', '<client><kind>company</kind></client>'],
		['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\ncompany\r\n--x--\r\n'],
	])('refuses a %s body with 415', async (contentType, body) => {
		expectErrorBody(await raw('post', '/v2/clients', body, contentType), 415);
		expectErrorBody(await raw('patch', `/v2/clients/${existingId}`, body, contentType), 415);
	});

	it.each([
		['null', 'null'],
		['a number', '42'],
		['a string', '"company"'],
		['an array', '[{"kind":"company","name":"A"}]'],
		['wrong types everywhere', '{"kind":1,"name":{"a":1},"extra_emails":"x","phone":[],"billing_address":5,"locale":true}'],
		['nested garbage', `{"kind":"company","name":"A","billing_address":${'['.repeat(200)}${']'.repeat(200)}}`],
		['unicode junk', '{"kind":"company","name":"A","email":"\\u0000\\ud800@x"}'],
	])('answers %s with 422 on create and update', async (_label, body) => {
		expectErrorBody(await raw('post', '/v2/clients', body, 'application/json'), 422);
		const patch = await raw('patch', `/v2/clients/${existingId}`, body, 'application/json');
		expect([400, 422]).toContain(patch.status);
		expectErrorBody(patch, patch.status);
	});

	it('strips unknown fields on update instead of storing them', async () => {
		const response = await api.patch(`/v2/clients/${existingId}`, { no_such_field: 'x' });
		expect(response.status).toBe(200);
		expect(response.data.client).not.toHaveProperty('no_such_field');
	});

	it('answers repeated or malformed list parameters with 422, and ignores unknown ones', async () => {
		for (const query of ['page=1&page=2', 'per_page=', 'filter[name]=ab&filter[name]=cd', 'sort_by=name:asc&sort_by=name:desc', 'filter[email]=a&filter[email]=b']) {
			expectErrorBody(await api.get(`/v2/clients?${query}`), 422);
		}
		for (const query of ['per_page[]=1', 'colour=blue', 'filter[name]=%E0%A4%A']) {
			expect((await api.get(`/v2/clients?${query}`)).status).toBe(200);
		}
	});

	it('answers unknown routes and methods with 404 and the error body', async () => {
		expectErrorBody(await api.get('/v2/nothing-here'), 404);
		expectErrorBody(await api.delete(`/v2/clients/${existingId}`), 404);
	});

	it('answers malformed control bodies with 4xx', async () => {
		const response = await sandbox.http.post('/sandbox/faults', '{"kind":', { headers: { 'Content-Type': 'application/json' }, transformRequest: [(d) => d] });
		expectErrorBody(response, 400);
		expect((await sandbox.http.get('/sandbox/faults')).data.faults).toEqual([]);
	});
});
