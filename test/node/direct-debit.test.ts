import { SEED } from '../../sandbox/core/seed';
import { clientsOf } from '../../sandbox/modules/clients';
import { sepaOf } from '../../sandbox/modules/sepa';
import { readDay } from '../../nodes/BusinessBanking/actions/common/values';
import { runNode } from '../helpers/engine/runNode';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { useTestSandbox } from '../helpers/sandbox';

const MAIN_ACCOUNT_FR = 'b1a0c0de-0000-4000-8000-000000000001';
const directDebit = (operation: string, parameters: Record<string, unknown> = {}) => ({ parameters: { resource: 'directDebit', operation, ...parameters } });

describe('Business Banking node, Direct Debit resource (n8n engine → sandbox over HTTP)', () => {
	const sandbox = useTestSandbox();
	let clientId: string;
	let today: string;
	beforeEach(async () => {
		await clearSeenRequests(sandbox);
		clientId = clientsOf(sandbox.ctx).list(SEED.organizations.fr)[0].id;
		today = sandbox.ctx.clock.now().toISOString().slice(0, 10);
	});

	const subscription = (parameters: Record<string, unknown> = {}) =>
		directDebit('createSubscription', {
			clientId: { mode: 'id', value: clientId },
			bankAccountId: { mode: 'list', value: MAIN_ACCOUNT_FR },
			amount: '49.90',
			scheduleType: 'monthly',
			initialCollectionDate: `${today}T00:00:00`,
			reference: 'Plan ACME-42',
			...parameters,
		});

	it('Create Mandate sends the client and the e-mail choice, and outputs the unwrapped mandate pending signature', async () => {
		const { items, error } = await runNode({
			sandbox,
			node: directDebit('createMandate', { clientId: { mode: 'list', value: clientId }, sendMandateSignatureEmail: true }),
		});
		expect(error).toBeUndefined();
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/sepa/direct_debit_mandates' });
		expect(posted.body).toEqual({ direct_debit_mandate: { client_id: clientId, send_mandate_signature_email: true } });
		expect(posted.status).toBe(201);
		expect(items).toHaveLength(1);
		const mandate = items[0].json;
		expect(mandate).toMatchObject({ client_id: clientId, status: 'pending_signature', notify_client: true, sign_url: expect.stringContaining('/sign') });
		expect(sepaOf(sandbox.ctx).mandates.get(SEED.organizations.fr, String(mandate.id))).toEqual(mandate);
	});

	it('Create Subscription with a new mandate: the body, the day of the date picker, pending with a sign URL; active once signed', async () => {
		const { items, error } = await runNode({ sandbox, node: subscription({ sendMandateSignatureEmail: true, notifyClient: true }) });
		expect(error).toBeUndefined();
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/sepa/direct_debit_subscriptions' });
		expect(posted.body).toEqual({
			direct_debit_subscription: {
				client_id: clientId,
				bank_account_id: MAIN_ACCOUNT_FR,
				initial_collection_date: today,
				amount: { value: '49.90', currency: 'EUR' },
				reference: 'Plan ACME-42',
				schedule_type: 'monthly',
				notify_client: true,
				send_mandate_signature_email: true,
			},
		});
		const created = items[0].json;
		expect(created).toMatchObject({ status: 'pending', schedule_type: 'monthly', amount: { value: '49.90', currency: 'EUR' } });
		expect(created.sign_url).toEqual(expect.stringContaining(`/sandbox/direct_debit_mandates/${created.direct_debit_mandate_id}/sign`));
		await sandbox.http.post(`/sandbox/direct_debit_mandates/${created.direct_debit_mandate_id}/sign`, {});
		expect(sepaOf(sandbox.ctx).subscriptions.get(SEED.organizations.fr, String(created.id))?.status).toBe('active');
	});

	it('Create Subscription on an existing signed mandate is active at once; the e-mail choice is not sent', async () => {
		const mandate = (await sandbox.api('fr').post('/v2/sepa/direct_debit_mandates', { direct_debit_mandate: { client_id: clientId } })).data.direct_debit_mandate;
		await sandbox.http.post(`/sandbox/direct_debit_mandates/${mandate.id}/sign`, {});
		const { items, error } = await runNode({
			sandbox,
			node: subscription({ mandate: 'existing', directDebitMandateId: mandate.id, scheduleType: 'one_off', amount: '=12.5' }),
		});
		expect(error).toBeUndefined();
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/sepa/direct_debit_subscriptions' });
		expect(posted.body).toMatchObject({ direct_debit_subscription: { direct_debit_mandate_id: mandate.id, schedule_type: 'one_off', amount: { value: '12.5' } } });
		expect((posted.body as { direct_debit_subscription: object }).direct_debit_subscription).not.toHaveProperty('send_mandate_signature_email');
		expect(items[0].json).toMatchObject({ status: 'active', sign_url: null, direct_debit_mandate_id: mandate.id });
	});

	it.each([
		[{ amount: '0' }, 'Item 0: Amount (amount.value) must be greater than 0'],
		[{ amount: '12,50' }, 'Item 0: Amount (amount) must be a decimal number written with a dot, e.g. "12.30", got "12,50"'],
		[{ amount: '={{ 0.1 + 0.2 }}' }, 'Item 0: Amount (amount.value) must be a non-negative decimal string with at most 2 decimals and 12 digits before the point, e.g. "12.30"'],
		// Empty required fields stop n8n itself before the node runs; an expression that yields nothing gets through to the node's check.
		[{ reference: '={{ "  " }}' }, 'Item 0: Reference (reference) is required'],
		[{ initialCollectionDate: '={{ "" }}' }, 'Item 0: First Collection Date (initialCollectionDate) is required'],
		[{ initialCollectionDate: '31/01/2026' }, 'Item 0: First Collection Date (initialCollectionDate) must be a date: YYYY-MM-DD, an ISO 8601 timestamp, or a date from an expression such as {{ $now }}, got "31/01/2026"'],
		[{ mandate: 'existing', directDebitMandateId: 'mandate-1' }, 'Item 0: Mandate ID (directDebitMandateId) must be an ID (a UUID), got "mandate-1"'],
		[{ clientId: { mode: 'id', value: '={{ "" }}' } }, 'Item 0: Client (clientId) is required'],
	])('refuses %j before any request: “%s”', async (parameters, message) => {
		const { error } = await runNode({ sandbox, node: subscription(parameters) });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(message);
		expect(await seenRequests(sandbox, { path: '/v2/*' })).toHaveLength(0);
	});

	it('an empty required field stops the workflow before the node runs (n8n’s own parameter check)', async () => {
		const { error } = await runNode({ sandbox, node: subscription({ reference: '' }) });
		expect(error?.name).toBe('WorkflowHasIssuesError');
		expect(await seenRequests(sandbox, { path: '/v2/*' })).toHaveLength(0);
	});

	it('a past first collection date reaches the API and comes back as its 422, naming the field', async () => {
		const { error } = await runNode({ sandbox, node: subscription({ initialCollectionDate: '2020-01-01' }) });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toContain('initial_collection_date');
		expect(error?.message).toContain(today);
		expect(sepaOf(sandbox.ctx).subscriptions.size).toBe(0);
	});

	it('a client of another organization: the API’s 422 names direct_debit_mandate/client_id; nothing is created', async () => {
		const foreign = clientsOf(sandbox.ctx).list(SEED.organizations.it)[0].id;
		const { error } = await runNode({ sandbox, node: directDebit('createMandate', { clientId: { mode: 'id', value: foreign } }) });
		expect(error?.httpCode).toBe('422');
		expect(error?.message).toContain(foreign);
		const [posted] = await seenRequests(sandbox, { method: 'POST', path: '/v2/sepa/direct_debit_mandates' });
		expect(posted.status).toBe(422);
		expect(sepaOf(sandbox.ctx).mandates.size).toBe(0);
	});

	it('with Continue On Fail, each item gets its own mandate or error, paired with it', async () => {
		const { items, error } = await runNode({
			sandbox,
			items: [{ client: clientId }, { client: 'nope' }, { client: clientsOf(sandbox.ctx).list(SEED.organizations.fr)[1].id }],
			node: { ...directDebit('createMandate', { clientId: { mode: 'id', value: '={{ $json.client }}' } }), continueOnFail: true },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.status).toBe('pending_signature');
		expect(items[1].json).toEqual({ error: 'Item 1: Client (clientId) must be an ID (a UUID), got "nope"' });
		expect(items[2].json.status).toBe('pending_signature');
		expect(await seenRequests(sandbox, { method: 'POST', path: '/v2/sepa/direct_debit_mandates' })).toHaveLength(2);
	});
});

describe('the day of a date parameter (the date rule, readDay)', () => {
	it.each([
		['2026-01-31', 'Europe/Paris', '2026-01-31'],
		// The date picker: a wall time without offset, its day is the one shown.
		['2026-01-31T23:30:00', 'Pacific/Auckland', '2026-01-31'],
		// A timestamp with an offset ($now, another node): its day in the workflow's zone.
		['2026-01-31T23:30:00Z', 'Europe/Paris', '2026-02-01'],
		['2026-02-01T01:00:00+01:00', 'America/New_York', '2026-01-31'],
		[new Date('2026-01-31T23:30:00Z'), 'Europe/Paris', '2026-02-01'],
		['', 'Europe/Paris', undefined],
	])('%s in %s → %s', (value, zone, day) => {
		expect(readDay(value, 'Date (date)', zone)).toBe(day);
	});

	it.each(['31/01/2026', '2026-02-30', 'tomorrow', '2026-01-31 10:00'])('refuses %s, naming the field', (value) => {
		expect(() => readDay(value, 'Date (date)', 'Europe/Paris')).toThrow(/^Date \(date\) /);
	});
});
