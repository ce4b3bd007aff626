import type { SandboxModule } from '../../module';
import { Deliverer } from './delivery';
import { registerPartnerRoutes, registerSimulationRoutes, registerSubscriptionRoutes } from './routes';
import { WebhookStore } from './store';
import type { SandboxContext } from '../../core/context';

const deliverers = new WeakMap<SandboxContext, Deliverer>();
const stores = new WeakMap<SandboxContext, WebhookStore>();

/** The deliverer of a sandbox: its `log` holds every attempt (also served at `GET /sandbox/deliveries`). */
export function webhookDeliverer(ctx: SandboxContext): Deliverer {
	const deliverer = deliverers.get(ctx);
	if (!deliverer) throw new Error('the webhooks module is not registered on this sandbox');
	return deliverer;
}

/** The webhook subscriptions and partner endpoints of a sandbox (simulation and tests). */
export function webhookStore(ctx: SandboxContext): WebhookStore {
	const store = stores.get(ctx);
	if (!store) throw new Error('the webhooks module is not registered on this sandbox');
	return store;
}

/**
 * Webhook subscriptions, the partner webhook endpoint, and the delivery of every event that a
 * module emits on `ctx.events` to the subscriptions and endpoint of its organization.
 */
export const webhooksModule: SandboxModule = {
	name: 'webhooks',
	register(app, ctx) {
		const store = new WebhookStore(ctx);
		const deliverer = new Deliverer(ctx, store);
		stores.set(ctx, store);
		deliverers.set(ctx, deliverer);
		ctx.onReset(
			() => {
				deliverer.reset();
				store.clear();
			},
			() => store.seed(),
		);
		ctx.events.subscribe((event) => void deliverer.deliver(event));
		ctx.onRestore(() => deliverer.resume());
		app.addHook('onClose', async () => deliverer.close());
		registerSubscriptionRoutes(app, ctx, store);
		registerPartnerRoutes(app, ctx, store);
		registerSimulationRoutes(app, ctx, deliverer);
	},
};
