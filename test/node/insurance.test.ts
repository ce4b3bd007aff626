import { SEED } from '../../sandbox/core/seed';
import { insuranceContractsOf } from '../../sandbox/modules/insurance';
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { useTestSandbox } from '../helpers/sandbox';

const create = (parameters: Record<string, unknown> = {}) => ({
	parameters: {
		resource: 'insuranceContract',
		operation: 'create',
		contractName: 'Responsabilité civile pro',
		contractId: 'RC-2026-0001',
		providerSlug: 'acme-assurances',
		contractType: 'professional_liability',
		contractStatus: 'active',
		origin: 'partner',
		startDate: '2026-01-01T00:00:00',
		paymentFrequency: 'monthly',
		price: '29.90',
		priceCurrency: 'EUR',
		...parameters,
	},
});

describe('Business Banking node, Insurance Contract resource (n8n engine → sandbox over HTTP)', () => {
	const sandbox = useTestSandbox();
	beforeEach(() => clearSeenRequests(sandbox));

	it('creates a contract with every field: the body sent, the unwrapped output with its id, the stored contract', async () => {
		const { items, error } = await runNode({
			sandbox,
			node: create({
				additionalFields: {
					expirationDate: '2026-12-31T00:00:00',
					renewalDate: '2026-12-01T00:00:00',
					serviceUrl: 'https://acme.example/contracts/RC-2026-0001',
					troubleshootingUrl: ' https://acme.example/help ',
				},
			}),
		});
		expect(error).toBeUndefined();
		const expected = {
			name: 'Responsabilité civile pro',
			contract_id: 'RC-2026-0001',
			origin: 'partner',
			provider_slug: 'acme-assurances',
			type: 'professional_liability',
			status: 'active',
			start_date: '2026-01-01',
			payment_frequency: 'monthly',
			price: { value: '29.90', currency: 'EUR' },
			expiration_date: '2026-12-31',
			renewal_date: '2026-12-01',
			service_url: 'https://acme.example/contracts/RC-2026-0001',
			troubleshooting_url: 'https://acme.example/help',
		};
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/insurance_contracts' });
		expect(posted.body).toEqual({ insurance_contract: expected });
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({ id: expect.any(String), ...expected });
		expect(insuranceContractsOf(sandbox.ctx).get(SEED.organizations.fr, String(items[0].json.id))).toEqual(items[0].json);
	});

	it('sends no optional field that was left out; the output shows them as null', async () => {
		const { items } = await runNode({ sandbox, node: create({ contractId: 'RC-2', paymentFrequency: 'yearly', price: '=350' }) });
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/insurance_contracts' });
		expect(Object.keys((posted.body as { insurance_contract: object }).insurance_contract).sort()).toEqual(
			['contract_id', 'name', 'origin', 'payment_frequency', 'price', 'provider_slug', 'start_date', 'status', 'type'].sort(),
		);
		expect(items[0].json).toMatchObject({ price: { value: '350', currency: 'EUR' }, expiration_date: null, service_url: null });
	});

	it.each([
		[{ providerSlug: 'Acme Assurances' }, 'Item 0: Provider Slug (provider_slug) must be a slug: lowercase letters and digits joined by hyphens, e.g. "acme-assurances"'],
		[{ price: '29.999' }, 'Item 0: Price (price.value) must be a non-negative decimal string with at most 2 decimals and 12 digits before the point, e.g. "12.30"'],
		[{ priceCurrency: 'euro' }, 'Item 0: Price Currency (price.currency) must be an ISO 4217 alpha-3 currency code in capitals, e.g. EUR'],
		[{ additionalFields: { expirationDate: '2025-12-31' } }, 'Item 0: Additional Fields → Expiration Date (expiration_date) must be on or after start_date'],
		[{ contractStatus: 'expired' }, 'Item 0: Additional Fields → Expiration Date (expiration_date) is required when status is expired'],
		[{ additionalFields: { serviceUrl: 'http://acme.example' } }, 'Item 0: Additional Fields → Service URL (service_url) must be an https:// address'],
		[{ contractName: '={{ "" }}' }, 'Item 0: Name (contractName) is required'],
	])('refuses %j before any request', async (parameters, message) => {
		const { error } = await runNode({ sandbox, node: create(parameters) });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(message);
		expect(await seenRequests(sandbox, { path: '/v2/*' })).toHaveLength(0);
	});

	it('a contract ID already recorded is the API’s 422 naming contract_id; one contract stays', async () => {
		await runNode({ sandbox, node: create() });
		const { error } = await runNode({ sandbox, node: create({ contractName: 'Duplicate' }) });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toContain('contract_id');
		expect(insuranceContractsOf(sandbox.ctx).list(SEED.organizations.fr).map((c) => c.name)).toEqual(['Responsabilité civile pro']);
	});
});
