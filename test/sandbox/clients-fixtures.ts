import type { AxiosInstance } from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { clientsOf } from '../../sandbox/modules/clients';
import { useTestSandbox } from '../helpers/sandbox';

export type Body = Record<string, unknown>;

/**
 * The sandbox of a /v2/clients test file, reset before each test, with the French and Italian
 * organizations' APIs (`api.fr`, `api.it`, fresh after each reset) and what the tests check with:
 * stored counts, refusals, creates. Read `api` inside hooks and tests only.
 */
export function useClientsSandbox() {
	const sandbox = useTestSandbox();
	const api = {} as { fr: AxiosInstance; it: AxiosInstance };
	beforeEach(() => {
		api.fr = sandbox.api('fr');
		api.it = sandbox.api('it');
	});

	const count = (organization: keyof typeof SEED.organizations) => clientsOf(sandbox.ctx).list(SEED.organizations[organization]).length;
	const pointers = (data: { errors: Array<{ source?: { pointer: string } }> }) => data.errors.map((e) => e.source?.pointer);

	/** A 422 naming exactly these pointers, and nothing stored. */
	async function expectRefused(api: AxiosInstance, body: unknown, expected: string[], organization: keyof typeof SEED.organizations = 'fr') {
		const before = count(organization);
		const response = await api.post('/v2/clients', body);
		expect(response.status).toBe(422);
		expect(pointers(response.data).sort()).toEqual([...expected].sort());
		expect(count(organization)).toBe(before);
		return response;
	}

	const create = async (api: AxiosInstance, body: Body) => {
		const response = await api.post('/v2/clients', body);
		expect(response.status).toBe(201);
		return response.data.client;
	};

	return { sandbox, api, count, pointers, expectRefused, create };
}
