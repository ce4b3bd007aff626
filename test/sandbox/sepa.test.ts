import axios from 'axios';

import { SEED } from '../../sandbox/core/seed';
import { clientsOf } from '../../sandbox/modules/clients';
import { sepaOf } from '../../sandbox/modules/sepa';
import { useTestSandbox } from '../helpers/sandbox';

const MAIN_ACCOUNT_FR = 'b1a0c0de-0000-4000-8000-000000000001';
const MAIN_ACCOUNT_IT = 'b1a0c0de-0000-4000-8000-000000000002';

describe('SEPA direct debit (sandbox over loopback)', () => {
	const sandbox = useTestSandbox();
	let clientId: string;
	let today: string;
	beforeEach(() => {
		clientId = clientsOf(sandbox.ctx).list(SEED.organizations.fr)[0].id;
		today = sandbox.ctx.clock.now().toISOString().slice(0, 10);
	});

	const createMandate = (body: unknown, org: keyof typeof SEED.organizations = 'fr') => sandbox.api(org).post('/v2/sepa/direct_debit_mandates', body);
	const createSubscription = (fields: Record<string, unknown>, org: keyof typeof SEED.organizations = 'fr') =>
		sandbox.api(org).post('/v2/sepa/direct_debit_subscriptions', {
			direct_debit_subscription: {
				client_id: clientId,
				bank_account_id: MAIN_ACCOUNT_FR,
				initial_collection_date: today,
				amount: { value: '49.90', currency: 'EUR' },
				reference: 'Monthly plan',
				schedule_type: 'monthly',
				...fields,
			},
		});
	const sign = (mandateId: string) => sandbox.http.post(`/sandbox/direct_debit_mandates/${mandateId}/sign`, {});

	describe('mandates', () => {
		it('creates a mandate pending signature with a unique reference and a sandbox sign_url (201)', async () => {
			const first = await createMandate({ direct_debit_mandate: { client_id: clientId, send_mandate_signature_email: true } });
			expect(first.status).toBe(201);
			const mandate = first.data.direct_debit_mandate;
			expect(Object.keys(mandate).sort()).toEqual(
				['client_id', 'created_at', 'id', 'mandate_signature_date', 'notify_client', 'schedule_type', 'sign_url', 'status', 'unique_mandate_reference'].sort(),
			);
			expect(mandate).toMatchObject({
				client_id: clientId,
				status: 'pending_signature',
				mandate_signature_date: null,
				schedule_type: 'recurring',
				notify_client: true,
				sign_url: `${sandbox.url}/sandbox/direct_debit_mandates/${mandate.id}/sign`,
			});
			expect(mandate.unique_mandate_reference).toMatch(/^[A-Z0-9]{1,4}-\d{8}-\d{6}$/);
			expect(mandate.unique_mandate_reference.length).toBeLessThanOrEqual(35);
			const second = (await createMandate({ direct_debit_mandate: { client_id: clientId } })).data.direct_debit_mandate;
			expect(second.unique_mandate_reference).not.toBe(mandate.unique_mandate_reference);
			expect(second.notify_client).toBe(false);
			expect(sepaOf(sandbox.ctx).mandates.get(SEED.organizations.fr, mandate.id)).toEqual(mandate);
		});

		it('refuses a client of another organization or an unknown one, naming /direct_debit_mandate/client_id', async () => {
			const italianClient = clientsOf(sandbox.ctx).list(SEED.organizations.it)[0].id;
			for (const id of [italianClient, '00000000-0000-4000-8000-000000000000']) {
				const response = await createMandate({ direct_debit_mandate: { client_id: id } });
				expect(response.status).toBe(422);
				expect(response.data.errors[0].source.pointer).toBe('/direct_debit_mandate/client_id');
				expect(response.data.errors[0].detail).toContain(id);
			}
			expect(sepaOf(sandbox.ctx).mandates.size).toBe(0);
		});

		it.each([
			[{}, '/direct_debit_mandate'],
			[{ direct_debit_mandate: {} }, '/direct_debit_mandate/client_id'],
			[{ direct_debit_mandate: { client_id: 'abc' } }, '/direct_debit_mandate/client_id'],
			[{ direct_debit_mandate: { client_id: '00000000-0000-4000-8000-000000000000', send_mandate_signature_email: 'yes' } }, '/direct_debit_mandate/send_mandate_signature_email'],
		])('refuses the malformed body %j with a 422 naming %s', async (body, pointer) => {
			const response = await createMandate(body);
			expect(response.status).toBe(422);
			expect(response.data.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer);
		});

		it('needs the sepa_direct_debit.write scope (403) and a token (401)', async () => {
			const body = { direct_debit_mandate: { client_id: clientId } };
			const without = await sandbox.api('fr', ['organization.read']).post('/v2/sepa/direct_debit_mandates', body);
			expect(without.status).toBe(403);
			expect((await sandbox.http.post('/v2/sepa/direct_debit_mandates', body)).status).toBe(401);
		});

		it('signing at sign_url: the page shows the reference; its form post moves pending_signature → active', async () => {
			const mandate = (await createMandate({ direct_debit_mandate: { client_id: clientId } })).data.direct_debit_mandate;
			const page = await axios.get(mandate.sign_url, { validateStatus: () => true });
			expect(page.status).toBe(200);
			expect(page.headers['content-type']).toContain('text/html');
			expect(page.data).toContain(mandate.unique_mandate_reference);
			expect(page.data).toContain('<form method="post">');
			const posted = await axios.post(mandate.sign_url, 'confirm=1', {
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				validateStatus: () => true,
			});
			expect(posted.status).toBe(200);
			expect(posted.data).toContain('Mandate signed');
			const stored = sepaOf(sandbox.ctx).mandates.get(SEED.organizations.fr, mandate.id);
			expect(stored).toMatchObject({ status: 'active', mandate_signature_date: today, sign_url: null });
		});

		it('signing twice is a 409; an unknown mandate is a 404', async () => {
			const mandate = (await createMandate({ direct_debit_mandate: { client_id: clientId } })).data.direct_debit_mandate;
			const signed = await sign(mandate.id);
			expect(signed.status).toBe(200);
			expect(signed.data.direct_debit_mandate).toMatchObject({ id: mandate.id, status: 'active', mandate_signature_date: today });
			const again = await sign(mandate.id);
			expect(again.status).toBe(409);
			expect(again.data.errors[0].code).toBe('invalid_state');
			expect((await sign('00000000-0000-4000-8000-000000000000')).status).toBe(404);
		});
	});

	describe('subscriptions', () => {
		it('without a mandate: creates one for the client, returns its sign_url, and stays pending until it is signed', async () => {
			const response = await createSubscription({ notify_client: true, send_mandate_signature_email: true, schedule_type: 'quarterly' });
			expect(response.status).toBe(201);
			const subscription = response.data.direct_debit_subscription;
			expect(Object.keys(subscription).sort()).toEqual(
				['amount', 'bank_account_id', 'created_at', 'direct_debit_mandate_id', 'id', 'initial_collection_date', 'notify_client', 'reference', 'schedule_type', 'sign_url', 'status'].sort(),
			);
			expect(subscription).toMatchObject({
				bank_account_id: MAIN_ACCOUNT_FR,
				initial_collection_date: today,
				amount: { value: '49.90', currency: 'EUR' },
				reference: 'Monthly plan',
				status: 'pending',
				schedule_type: 'quarterly',
				notify_client: true,
			});
			const mandate = sepaOf(sandbox.ctx).mandates.get(SEED.organizations.fr, subscription.direct_debit_mandate_id);
			expect(mandate).toMatchObject({ client_id: clientId, status: 'pending_signature', schedule_type: 'recurring', notify_client: true });
			expect(subscription.sign_url).toBe(mandate?.sign_url);

			await sign(subscription.direct_debit_mandate_id);
			expect(sepaOf(sandbox.ctx).subscriptions.get(SEED.organizations.fr, subscription.id)).toMatchObject({ status: 'active', sign_url: null });
		});

		it('on a pending mandate: pending, then active with every other subscription of that mandate when it is signed', async () => {
			const mandate = (await createMandate({ direct_debit_mandate: { client_id: clientId } })).data.direct_debit_mandate;
			const a = (await createSubscription({ direct_debit_mandate_id: mandate.id })).data.direct_debit_subscription;
			const b = (await createSubscription({ direct_debit_mandate_id: mandate.id, schedule_type: 'yearly' })).data.direct_debit_subscription;
			const unrelated = (await createSubscription({})).data.direct_debit_subscription;
			expect([a.status, b.status, a.sign_url]).toEqual(['pending', 'pending', mandate.sign_url]);
			await sign(mandate.id);
			const subscriptions = sepaOf(sandbox.ctx).subscriptions;
			expect(subscriptions.get(SEED.organizations.fr, a.id)?.status).toBe('active');
			expect(subscriptions.get(SEED.organizations.fr, b.id)?.status).toBe('active');
			expect(subscriptions.get(SEED.organizations.fr, unrelated.id)?.status).toBe('pending');
		});

		it('on an active mandate: active at once, without a sign_url', async () => {
			const mandate = (await createMandate({ direct_debit_mandate: { client_id: clientId } })).data.direct_debit_mandate;
			await sign(mandate.id);
			const subscription = (await createSubscription({ direct_debit_mandate_id: mandate.id, schedule_type: 'weekly' })).data.direct_debit_subscription;
			expect(subscription).toMatchObject({ status: 'active', sign_url: null, direct_debit_mandate_id: mandate.id, notify_client: false });
		});

		it('a one-off subscription gets a one-off mandate, which cannot carry a second collection', async () => {
			const first = (await createSubscription({ schedule_type: 'one_off' })).data.direct_debit_subscription;
			const mandate = sepaOf(sandbox.ctx).mandates.get(SEED.organizations.fr, first.direct_debit_mandate_id);
			expect(mandate?.schedule_type).toBe('one_off');
			const second = await createSubscription({ direct_debit_mandate_id: first.direct_debit_mandate_id, schedule_type: 'one_off' });
			expect(second.status).toBe(422);
			expect(second.data.errors[0].source.pointer).toBe('/direct_debit_subscription/direct_debit_mandate_id');
		});

		it('accepts today and refuses yesterday on the sandbox clock (moved forward a day)', async () => {
			await sandbox.http.post('/sandbox/clock/advance', { seconds: 24 * 3600 });
			const shifted = sandbox.ctx.clock.now().toISOString().slice(0, 10);
			const past = await createSubscription({ initial_collection_date: today });
			expect(past.status).toBe(422);
			expect(past.data.errors[0]).toMatchObject({ source: { pointer: '/direct_debit_subscription/initial_collection_date' } });
			expect(past.data.errors[0].detail).toContain(shifted);
			expect((await createSubscription({ initial_collection_date: shifted })).status).toBe(201);
		});

		it.each([
			['client_id', { client_id: '00000000-0000-4000-8000-000000000000' }],
			['bank_account_id', { bank_account_id: MAIN_ACCOUNT_IT }],
			['bank_account_id', { bank_account_id: '00000000-0000-4000-8000-000000000000' }],
			['direct_debit_mandate_id', { direct_debit_mandate_id: '00000000-0000-4000-8000-000000000000' }],
		])('refuses an unknown or foreign %s (422 naming it)', async (field, fields) => {
			const response = await createSubscription(fields);
			expect(response.status).toBe(422);
			expect(response.data.errors[0].source.pointer).toBe(`/direct_debit_subscription/${field}`);
			expect(sepaOf(sandbox.ctx).subscriptions.size).toBe(0);
			expect(sepaOf(sandbox.ctx).mandates.size).toBe(0);
		});

		it('refuses a closed account and a mandate of another client', async () => {
			const closed = (
				await sandbox.api('fr').post('/v2/bank_accounts', { bank_account: { name: 'Old' } }, { headers: { 'X-Service-Idempotency-Key': 'a2f6d5a4-3c1b-4e7e-9b8a-1d2c3b4a5f60' } })
			).data.bank_account;
			await sandbox.http.post(`/sandbox/bank_accounts/${closed.id}/close`);
			const onClosed = await createSubscription({ bank_account_id: closed.id });
			expect(onClosed.status).toBe(422);
			expect(onClosed.data.errors[0].detail).toContain('closed');
			const other = clientsOf(sandbox.ctx).list(SEED.organizations.fr)[1].id;
			const mandate = (await createMandate({ direct_debit_mandate: { client_id: other } })).data.direct_debit_mandate;
			const foreign = await createSubscription({ direct_debit_mandate_id: mandate.id });
			expect(foreign.status).toBe(422);
			expect(foreign.data.errors[0]).toMatchObject({ source: { pointer: '/direct_debit_subscription/direct_debit_mandate_id' } });
			expect(foreign.data.errors[0].detail).toContain('another client');
		});

		it.each([
			['amount/value', { amount: { value: '0.00', currency: 'EUR' } }, 'greater than 0'],
			['amount/value', { amount: { value: '-5', currency: 'EUR' } }, 'at most 2 decimals'],
			['amount/value', { amount: { value: '1.999', currency: 'EUR' } }, 'at most 2 decimals'],
			['amount/value', { amount: { value: 12, currency: 'EUR' } }, 'as a string'],
			['amount/currency', { amount: { value: '10.00', currency: 'USD' } }, 'must be EUR'],
			['amount', { amount: undefined }, 'is required'],
			['initial_collection_date', { initial_collection_date: '2026-02-30' }, 'calendar date'],
			['initial_collection_date', { initial_collection_date: undefined }, 'is required'],
			['reference', { reference: '' }, 'is required'],
			['reference', { reference: 'x'.repeat(141) }, 'at most 140'],
			['schedule_type', { schedule_type: 'daily' }, 'one_off, weekly, monthly, quarterly, yearly'],
			['schedule_type', { schedule_type: undefined }, 'must be one of'],
			['notify_client', { notify_client: 'true' }, 'true or false'],
			['client_id', { client_id: undefined }, 'is required'],
			['bank_account_id', { bank_account_id: 'main' }, 'UUID'],
		])('refuses %s in %j (422 naming the field: %s)', async (field, fields, detail) => {
			const response = await createSubscription(fields);
			expect(response.status).toBe(422);
			const error = response.data.errors.find((e: { source: { pointer: string } }) => e.source.pointer === `/direct_debit_subscription/${field}`);
			expect(error?.detail).toContain(detail);
		});

		it('accepts every documented schedule type', async () => {
			for (const schedule_type of ['one_off', 'weekly', 'monthly', 'quarterly', 'yearly']) {
				const response = await createSubscription({ schedule_type });
				expect([schedule_type, response.status]).toEqual([schedule_type, 201]);
			}
		});
	});
});
