// The sandbox's rate limit: per token, before the guard, on the sandbox clock, never on OAuth or the controls.
import { RateLimiter } from '../../sandbox/modules/rateLimit';
import { useTestSandbox } from '../helpers/sandbox';

describe('rate limit', () => {
	const sandbox = useTestSandbox({ rateLimit: { max: 3, windowMs: 10_000 } }, { resetEachTest: false });

	it('answers 429 with Retry-After and the error body past the limit, per token, until the window passes on the sandbox clock', async () => {
		const api = sandbox.api('fr');
		for (let i = 0; i < 3; i++) expect((await api.get('/organization')).status).toBe(200);
		const limited = await api.get('/v2/clients');
		expect(limited.status).toBe(429);
		expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
		expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(10);
		expect(limited.data.errors[0]).toMatchObject({ code: 'rate_limited' });
		// Another token has its own budget.
		expect((await sandbox.api('fr').get('/organization')).status).toBe(200);
		// Tokens live an hour: 11 seconds later the same token is served again.
		sandbox.ctx.clock.advance(11_000);
		expect((await api.get('/organization')).status).toBe(200);
	});

	it('counts before the guard: past the limit even a bad token gets 429, not 401', async () => {
		const bad = { headers: { Authorization: 'Bearer not-a-token' } };
		for (let i = 0; i < 3; i++) expect((await sandbox.http.get('/v2/clients', bad)).status).toBe(401);
		expect((await sandbox.http.get('/v2/clients', bad)).status).toBe(429);
	});

	it('counts a long Authorization header (kept as a digest) against its own budget, apart from another that shares its start', async () => {
		const start = `Bearer ${'x'.repeat(2000)}`;
		const first = { headers: { Authorization: `${start}-first` } };
		const second = { headers: { Authorization: `${start}-second` } };
		for (let i = 0; i < 3; i++) expect((await sandbox.http.get('/v2/clients', first)).status).toBe(401);
		expect((await sandbox.http.get('/v2/clients', first)).status).toBe(429);
		expect((await sandbox.http.get('/v2/clients', second)).status).toBe(401);
	});

	it('forgets the windows that ended, so that ever new tokens do not pile up', () => {
		const limiter = new RateLimiter();
		const limit = { max: 2, windowMs: 1000 };
		for (let i = 0; i < 100; i++) expect(limiter.hit(`Bearer token-${i}`, 0, limit)).toBeUndefined();
		expect(limiter.hit('Bearer token-0', 500, limit)).toBeUndefined();
		expect(limiter.hit('Bearer token-0', 600, limit)).toBe(1);
		expect(limiter.size).toBe(100);
		// One window later, the next request sweeps every window that ended.
		expect(limiter.hit('Bearer token-0', 1000, limit)).toBeUndefined();
		expect(limiter.size).toBe(1);
	});

	it('leaves the OAuth endpoints and the controls alone', async () => {
		for (let i = 0; i < 5; i++) {
			expect((await sandbox.http.get('/sandbox/clock')).status).toBe(200);
			expect((await sandbox.http.get('/oauth2/auth?client_id=unknown')).status).toBe(400);
		}
	});
});
