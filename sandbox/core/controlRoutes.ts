import type { FastifyInstance } from 'fastify';

/** One simulation control: a route under /sandbox, and what it does for a person reading the banner. */
export interface ControlRoute {
	method: string;
	url: string;
	description: string;
}

/** What each control does; a control missing here is still listed (collected from the routes), only without its sentence. */
const DESCRIPTIONS: Record<string, string> = {
	'GET /sandbox': 'this index (HTML, or JSON with Accept: application/json)',
	'POST /sandbox/reset': 'back to the seeded state',
	'GET /sandbox/clock': 'the sandbox clock',
	'POST /sandbox/clock/advance': 'move the clock forward {"seconds": N} (expire tokens, quotes, keys)',
	'POST /sandbox/clock/set': 'set the clock to an instant {"now": "2026-11-26T09:00:00Z"}; it runs on from there (replay a recorded day)',
	'POST /sandbox/faults': 'inject a fault: latency, 429, 5xx, a dropped connection after commit, or a redirect',
	'GET /sandbox/faults': 'the active faults',
	'DELETE /sandbox/faults': 'remove every fault',
	'POST /sandbox/seed/clients': 'create N clients {"organization_id", "count"}',
	'GET /sandbox/requests': 'the request log (?method=&path=)',
	'DELETE /sandbox/requests': 'empty the request log',
	'POST /sandbox/events': 'emit an event to the subscriptions {"type", "organization_id", "data"}',
	'GET /sandbox/deliveries': 'webhook deliveries and their tries (?event_id=)',
	'POST /sandbox/client_invoices/:id/pay': 'mark an invoice paid',
	'GET /sandbox/client_invoices/:id/facturx.xml': "an invoice's Factur-X XML",
	'POST /sandbox/external_transfers/:id/settle': 'move an external transfer on (processed, completed)',
	'POST /sandbox/external_transfers/:id/decline': 'decline an external transfer {"declined_reason"}',
	'POST /sandbox/international_transfers/:id/complete': 'complete an international transfer',
	'POST /sandbox/international_transfers/:id/fail': 'fail an international transfer',
	'GET /sandbox/direct_debit_mandates/:id/sign': "a mandate's signature page",
	'POST /sandbox/direct_debit_mandates/:id/sign': 'sign a mandate (it becomes active)',
	'POST /sandbox/bank_accounts/:id/close': 'close a business account',
	'POST /sandbox/cards/:id/activate': 'activate a card',
};

const isControl = (url: string) => url === '/sandbox' || url.startsWith('/sandbox/');

/**
 * Collects the control routes as the modules register them, so the banner and the index page list
 * every control there is, not a hand-kept copy. Call before the modules register.
 */
export function collectControlRoutes(app: FastifyInstance): ControlRoute[] {
	const routes: ControlRoute[] = [];
	app.addHook('onRoute', (route) => {
		if (!isControl(route.url)) return;
		for (const method of [route.method].flat()) {
			if (method === 'HEAD') continue;
			routes.push({ method, url: route.url, description: DESCRIPTIONS[`${method} ${route.url}`] ?? '' });
		}
	});
	return routes;
}

/** The banner's lines: one aligned line per control, method, path and what it does. */
export function controlLines(controls: ControlRoute[]): string[] {
	const width = Math.max(...controls.map((c) => `${c.method} ${c.url}`.length));
	return controls.map((c) => `    ${`${c.method} ${c.url}`.padEnd(width)}  ${c.description}`.trimEnd());
}
