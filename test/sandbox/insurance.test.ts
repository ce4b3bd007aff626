import { SEED } from '../../sandbox/core/seed';
import { insuranceContractsOf } from '../../sandbox/modules/insurance';
import { useTestSandbox } from '../helpers/sandbox';

const contract = (fields: Record<string, unknown> = {}) => ({
	name: 'Responsabilité civile pro',
	contract_id: 'RC-2026-0001',
	origin: 'partner',
	provider_slug: 'acme-assurances',
	type: 'professional_liability',
	status: 'active',
	start_date: '2026-01-01',
	expiration_date: '2026-12-31',
	renewal_date: '2026-12-01',
	payment_frequency: 'monthly',
	price: { value: '29.90', currency: 'EUR' },
	troubleshooting_url: 'https://acme.example/help',
	service_url: 'https://acme.example/contracts/RC-2026-0001',
	...fields,
});

describe('insurance contracts (sandbox over loopback)', () => {
	const sandbox = useTestSandbox();

	const create = (body: unknown, org: keyof typeof SEED.organizations = 'fr') => sandbox.api(org).post('/v2/insurance_contracts', body);

	it('creates a contract (201): the fields as sent plus an id, stored in the organization', async () => {
		const response = await create({ insurance_contract: contract() });
		expect(response.status).toBe(201);
		const created = response.data.insurance_contract;
		expect(created).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...contract() });
		expect(insuranceContractsOf(sandbox.ctx).get(SEED.organizations.fr, created.id)).toEqual(created);
	});

	it('answers the optional fields as null when not sent; a zero price is accepted', async () => {
		const required: Record<string, unknown> = contract({ price: { value: '0', currency: 'EUR' } });
		for (const optional of ['expiration_date', 'renewal_date', 'troubleshooting_url', 'service_url']) delete required[optional];
		const response = await create({ insurance_contract: required });
		expect(response.status).toBe(201);
		expect(response.data.insurance_contract).toMatchObject({ expiration_date: null, renewal_date: null, troubleshooting_url: null, service_url: null });
	});

	it('contract_id is unique per organization: a second one is a 422 naming it, another organization may reuse it', async () => {
		expect((await create({ insurance_contract: contract() })).status).toBe(201);
		const again = await create({ insurance_contract: contract({ name: 'Other' }) });
		expect(again.status).toBe(422);
		expect(again.data.errors[0]).toMatchObject({ code: 'taken', source: { pointer: '/insurance_contract/contract_id' } });
		expect((await create({ insurance_contract: contract() }, 'it')).status).toBe(201);
		expect(insuranceContractsOf(sandbox.ctx).list(SEED.organizations.fr)).toHaveLength(1);
	});

	it.each([
		['name', { name: undefined }, 'is required'],
		['name', { name: '  ' }, 'is required'],
		['contract_id', { contract_id: 'x'.repeat(101) }, 'at most 100'],
		['origin', { origin: 'broker' }, 'partner, bank, external'],
		['provider_slug', { provider_slug: 'Acme Assurances' }, 'slug'],
		['type', { type: 'pet' }, 'must be one of professional_liability'],
		['status', { status: 'draft' }, 'pending, active, expired, cancelled'],
		['payment_frequency', { payment_frequency: 'weekly' }, 'monthly, quarterly, half_yearly, yearly, one_off'],
		['start_date', { start_date: undefined }, 'is required'],
		['start_date', { start_date: '2026-02-29' }, 'calendar date'],
		['expiration_date', { expiration_date: '2025-12-31' }, 'on or after start_date'],
		['renewal_date', { renewal_date: '2025-06-01' }, 'on or after start_date'],
		['renewal_date', { renewal_date: '2027-01-15' }, 'on or before expiration_date'],
		['expiration_date', { status: 'expired', expiration_date: undefined }, 'required when status is expired'],
		['price', { price: undefined }, 'is required'],
		['price/value', { price: { value: '29.999', currency: 'EUR' } }, 'at most 2 decimals'],
		['price/value', { price: { value: '-1', currency: 'EUR' } }, 'non-negative'],
		['price/value', { price: { value: 29.9, currency: 'EUR' } }, 'as a string'],
		['price/currency', { price: { value: '29.90', currency: 'eur' } }, 'ISO 4217'],
		['service_url', { service_url: 'http://acme.example' }, 'https://'],
		['troubleshooting_url', { troubleshooting_url: 'help page' }, 'https://'],
	])('refuses a bad %s (%j): 422 naming it, “%s”', async (field, fields, detail) => {
		const response = await create({ insurance_contract: contract(fields) });
		expect(response.status).toBe(422);
		const error = response.data.errors.find((e: { source: { pointer: string } }) => e.source.pointer === `/insurance_contract/${field}`);
		expect(error?.detail).toContain(detail);
		expect(insuranceContractsOf(sandbox.ctx).size).toBe(0);
	});

	it('refuses a missing wrapper and needs the insurance_contracts.write scope', async () => {
		const bare = await create(contract());
		expect(bare.status).toBe(422);
		expect(bare.data.errors[0].source.pointer).toBe('/insurance_contract');
		expect((await sandbox.api('fr', ['organization.read']).post('/v2/insurance_contracts', { insurance_contract: contract() })).status).toBe(403);
	});
});
