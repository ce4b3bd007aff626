// A sandbox on a data file (`--data`, `npm run dev`): stopped and started again on the same file, it
// continues where it stopped; a reset empties the file too.
import { randomUUID } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { SEED } from '../../sandbox/core/seed';
import { BENEFICIARY_SEED, beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { invoiceState } from '../../sandbox/modules/invoices/state';
import { webhookDeliverer } from '../../sandbox/modules/webhooks';
import { createClient, frCompanyClient } from '../helpers/fixtures';
import { startTestSandbox, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type TestSandbox } from '../helpers/sandbox';
import { Receiver } from '../trigger/receiver';
import { invoiceBody } from './invoices-fixtures';

jest.setTimeout(60_000);

/** Raw bodies, so that a replay can be compared byte for byte. */
const raw = { transformResponse: (data: string) => data, responseType: 'text' as const };

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined && value !== false) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

describe('a sandbox kept in a data file', () => {
	let dir: string;
	let dataFile: string;
	let receiver: Receiver;
	let sandbox: TestSandbox | undefined;
	// Long enough that the Factur-X swap waits for the restart even on a loaded machine (the retry may
	// come before the stop: it is then the attempt after that one that the next start makes).
	const start = () => startTestSandbox({ dataFile, deliveryBackoffMs: 1500, deliveryTimeoutMs: 2000, facturxDelayMs: 8000 });

	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'sandbox-persistence-'));
		dataFile = join(dir, 'state', 'sandbox.sqlite');
		receiver = await new Receiver().start();
	});
	afterAll(async () => {
		await sandbox?.close();
		await receiver.close();
		rmSync(dir, { recursive: true, force: true });
	});

	it('continues after a restart: resources, tokens, idempotency keys, pending deliveries and the clock; reset empties it', async () => {
		sandbox = await start();
		expect((await sandbox.http.post('/sandbox/clock/advance', { seconds: 600 })).data.offset_seconds).toBe(600);
		const tokens = sandbox.mintTokens('fr');
		const bearer = { Authorization: `Bearer ${tokens.access_token}` };
		const api = sandbox.api('fr');

		const subscription = (
			await api.post('/v2/webhook_subscriptions', { webhook_subscription: { callback_url: receiver.url, types: ['v1/client-invoices'] } })
		).data.webhook_subscription;
		// The receiver is down for now: the invoice's event waits for a retry.
		receiver.setHandler(() => 503);
		const clientId = await createClient(api, frCompanyClient);
		const invoice = (await api.post('/v2/client_invoices', invoiceBody(clientId))).data.client_invoice;
		expect(invoice.status).toBe('unpaid');

		const { vop_proof_token } = (await api.post('/v2/payee_verifications/skip', { iban: BENEFICIARY_SEED[0].iban })).data;
		const debitIban = sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0].iban;
		const transferBody = (reference: string) => ({
			vop_proof_token,
			external_transfer: { beneficiary_id: beneficiaryId('fr', 'supplier'), debit_iban: debitIban, amount: '10.00', currency: 'EUR', reference },
		});
		const key = randomUUID();
		const transfer = await api.post('/v2/external_transfers', transferBody('rent'), { ...raw, headers: { 'X-Service-Idempotency-Key': key } });
		expect(transfer.status).toBe(201);
		const transferId = JSON.parse(transfer.data).external_transfer.id as string;

		const firstTry = await until('the first delivery attempt', () =>
			webhookDeliverer(sandbox!.ctx).log.find((entry) => entry.target.id === subscription.id && entry.outcome === 'retrying'),
		);
		const { attachmentId } = invoiceState(sandbox.ctx).invoices.all()[0];
		// PDFs are drawn on first use: the attachment lookup draws the plain one, which is then stored.
		expect((await api.get(`/v2/attachments/${attachmentId}`)).status).toBe(200);
		expect(invoiceState(sandbox.ctx).attachments.find(attachmentId)?.row.kind).toBe('plain');

		await sandbox.close();
		sandbox = undefined;
		receiver.setHandler(() => 200);
		const triesBeforeRestart = receiver.requests.length;

		sandbox = await start();
		const again = sandbox.http;

		// The clock stands where it stood (plus the real time the restart took).
		const clock = (await again.get('/sandbox/clock')).data;
		expect(clock.offset_seconds).toBe(600);

		// The old access token still works, and every resource is there.
		expect((await again.get(`/v2/clients/${clientId}`, { headers: bearer })).data.client.name).toBe(frCompanyClient.name);
		const readInvoice = await again.get(`/v2/client_invoices/${invoice.id}`, { headers: bearer });
		expect(readInvoice.data.client_invoice).toMatchObject({ id: invoice.id, number: invoice.number, status: 'unpaid' });
		expect((await again.get(`/v2/external_transfers/${transferId}`, { headers: bearer })).data.external_transfer).toMatchObject({ id: transferId, reference: 'rent' });
		expect((await again.get(`/v2/webhook_subscriptions/${subscription.id}`, { headers: bearer })).data.callback_url).toBe(receiver.url);

		// The idempotency key still replays the first answer byte for byte and moves no money twice.
		const replay = await again.post('/v2/external_transfers', transferBody('something else'), { ...raw, headers: { ...bearer, 'X-Service-Idempotency-Key': key } });
		expect(replay.status).toBe(201);
		expect(replay.data).toBe(transfer.data);

		// The delivery that was waiting for its retry is retried, under the same delivery id.
		const delivered = await until('the retried delivery', () =>
			webhookDeliverer(sandbox!.ctx).log.find((entry) => entry.delivery_id === firstTry.delivery_id && entry.outcome === 'delivered'),
		);
		expect(delivered.attempt).toBeGreaterThan(1);
		expect(receiver.requests.length).toBeGreaterThan(triesBeforeRestart);
		expect(JSON.parse(receiver.requests.at(-1)!.rawBody.toString())).toMatchObject({ id: firstTry.event_id, type: 'v1/client-invoices' });
		// The log of the first run is kept, in order.
		expect(webhookDeliverer(sandbox.ctx).log[0]).toEqual(firstTry);

		// The Factur-X swap that was due during the restart happens, and the PDF bytes are there.
		const attachment = await until('the Factur-X PDF', async () => {
			await api.get(`/v2/attachments/${attachmentId}`, { baseURL: sandbox!.url });
			const found = invoiceState(sandbox!.ctx).attachments.find(attachmentId);
			return found?.row.kind === 'facturx' ? found.row : undefined;
		}, 30_000);
		expect(Buffer.from(attachment.bytes).subarray(0, 5).toString()).toBe('%PDF-');

		// The old refresh token refreshes (once: it rotates).
		const refresh = (refreshToken: string) =>
			again.post('/oauth2/token', new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET }).toString(), {
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			});
		const refreshed = await refresh(tokens.refresh_token!);
		expect(refreshed.status).toBe(200);
		expect(refreshed.data.access_token).toEqual(expect.any(String));
		expect((await refresh(tokens.refresh_token!)).status).toBe(400);

		// Reset is one call and empties the file: the next start is a fresh sandbox.
		expect((await again.post('/sandbox/reset')).status).toBe(200);
		await sandbox.close();
		sandbox = await start();
		expect((await sandbox.http.get('/sandbox/clock')).data.offset_seconds).toBe(0);
		expect((await sandbox.http.get(`/v2/clients/${clientId}`, { headers: bearer })).status).toBe(401);
		const fresh = sandbox.api('fr');
		expect((await fresh.get(`/v2/clients/${clientId}`)).status).toBe(404);
		expect((await fresh.get('/v2/webhook_subscriptions')).data.webhook_subscriptions).toEqual([]);
		expect((await fresh.get(`/v2/external_transfers/${transferId}`)).status).toBe(404);
		expect(webhookDeliverer(sandbox.ctx).log).toEqual([]);
		// The seed is back.
		expect(sandbox.ctx.bankAccounts.list(SEED.organizations.fr)).toHaveLength(1);
	});
});
