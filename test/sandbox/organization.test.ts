import { SEED } from '../../sandbox/core/seed';
import { useTestSandbox } from '../helpers/sandbox';

describe('GET /organization', () => {
	const sandbox = useTestSandbox({ stagingToken: 'staging-123' }, { resetEachTest: false });

	it('answers the organization the token was granted on, with its bank accounts', async () => {
		const response = await sandbox.api('it').get('/organization');
		expect(response.status).toBe(200);
		expect(response.data.organization).toMatchObject({ id: SEED.organizations.it, legal_country: 'IT' });
		expect(response.data.organization.bank_accounts[0]).toMatchObject({ main: true, status: 'active' });
	});

	it('refuses a missing bearer token with 401 and the documented error body', async () => {
		const response = await sandbox.http.get('/organization', { headers: { 'X-Service-Staging-Token': 'staging-123' } });
		expect(response.status).toBe(401);
		expect(response.data.errors[0]).toMatchObject({ code: 'unauthorized' });
	});

	it('refuses a wrong staging token', async () => {
		const { access_token } = sandbox.mintTokens();
		const response = await sandbox.http.get('/organization', {
			headers: { Authorization: `Bearer ${access_token}`, 'X-Service-Staging-Token': 'wrong' },
		});
		expect(response.status).toBe(401);
		expect(response.data.errors[0].code).toBe('invalid_staging_token');
	});

	it('answers 403 when the token lacks organization.read', async () => {
		const response = await sandbox.api('fr', ['clients.read']).get('/organization');
		expect(response.status).toBe(403);
		expect(response.data.errors[0].detail).toContain('organization.read');
	});

	it('expires access tokens after one hour of sandbox time', async () => {
		const api = sandbox.api();
		sandbox.ctx.clock.advance(60 * 60 * 1000 + 1);
		const response = await api.get('/organization');
		expect(response.status).toBe(401);
		sandbox.ctx.clock.reset();
	});
});
