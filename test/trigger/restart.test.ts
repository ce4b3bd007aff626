import { SEED } from '../../sandbox/core/seed';
import { webhookDeliverer, webhookStore } from '../../sandbox/modules/webhooks';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { useTestSandbox } from '../helpers/sandbox';
import { TriggerHarness } from './harness';

// Two activations, a reset and a delivery each: more than jest's 5 s default on a loaded machine.
jest.setTimeout(30_000);

const PARTNER_SECRET = 'partner-restart-secret';

/**
 * n8n runs checkExists on every publish (and, with N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false, for
 * every published workflow at its startup), and create when it answers false
 * (WebhookService.createWebhookIfNotExists). So checkExists must answer the service's truth: a
 * service that lost the registration (here: reset, as a sandbox restarted without its data file)
 * gets it back on the next activation.
 */
describe('Business Banking Trigger when the service lost its registration', () => {
	const sandbox = useTestSandbox({ deliveryBackoffMs: 5 });
	const subscriptionsOfFr = () => webhookStore(sandbox.ctx).subscriptions.list(SEED.organizations.fr);

	async function emit(type: string) {
		const response = await sandbox.http.post('/sandbox/events', { organization_id: SEED.organizations.fr, type, data: { id: 'x-1' } });
		expect(response.status).toBe(201);
		await webhookDeliverer(sandbox.ctx).settled(response.data.event.id);
		return response.data.event;
	}

	const fields = () => ({ partnerId: sandbox.ctx.application.partnerId, partnerWebhookSecret: PARTNER_SECRET });

	async function harness(parameters: Record<string, unknown>) {
		const credential = new CredentialStore(connectedCredential(sandbox, { fields: fields() }));
		const trigger = await new TriggerHarness({ parameters: { mode: 'subscription', events: ['v1/client-invoices'], options: {}, ...parameters }, credential }).start();
		/** The service forgot everything; the user connected the account again (new tokens). */
		const loseServiceState = () => {
			sandbox.reset();
			credential.data = connectedCredential(sandbox, { fields: fields() });
		};
		return { trigger, loseServiceState };
	}

	it('subscription: checkExists is true while it exists, false once the service lost it, and activation subscribes again', async () => {
		const { trigger, loseServiceState } = await harness({});
		try {
			await trigger.activate();
			const oldId = trigger.staticData.webhookId as string;
			expect(await trigger.runMethod('checkExists')).toBe(true);

			loseServiceState();
			expect(subscriptionsOfFr()).toEqual([]);
			expect(await trigger.runMethod('checkExists')).toBe(false);
			expect(trigger.staticData.webhookId).toBeUndefined();

			await trigger.activate();
			const [subscription] = subscriptionsOfFr();
			expect(subscriptionsOfFr()).toHaveLength(1);
			expect(subscription).toMatchObject({ callback_url: trigger.productionUrl(), types: ['v1/client-invoices'] });
			expect(subscription.id).not.toBe(oldId);
			expect(trigger.staticData).toMatchObject({ webhookId: subscription.id, secret: subscription.secret });
			expect(await trigger.runMethod('checkExists')).toBe(true);

			const event = await emit('v1/client-invoices');
			expect(trigger.executions.map((execution) => execution.data[0][0].json)).toEqual([event]);
		} finally {
			await trigger.close();
		}
	});

	it('partner endpoint: checkExists restores an endpoint the service lost (the API has no read) and answers true', async () => {
		const endpointId = PARTNER_ENDPOINT_IDS.fr;
		const endpoint = () => webhookStore(sandbox.ctx).partnerEndpoints.get(SEED.organizations.fr, endpointId)!;
		const { trigger, loseServiceState } = await harness({ mode: 'partner', endpointId, events: ['v1/memberships'] });
		try {
			await trigger.activate();

			loseServiceState();
			expect(endpoint()).toMatchObject({ enabled: false, callback_url: null });
			expect(await trigger.runMethod('checkExists')).toBe(true);
			expect(endpoint()).toMatchObject({ enabled: true, callback_url: trigger.productionUrl(), secret: PARTNER_SECRET });

			const event = await emit('v1/memberships');
			expect(trigger.executions.map((execution) => execution.data[0][0].json)).toEqual([event]);
		} finally {
			await trigger.close();
		}
	});
});
