// The saved-workflow contract for the trigger (docs/saved-workflows.md): a Business Banking Trigger
// saved with a release, activated as n8n activates it, registers with the service as it did at the
// release, starts its workflow with the same item for a signed delivery, and refuses a forged one.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import type { INode, IWorkflowBase } from 'n8n-workflow';

import { triggerProperties } from '../../nodes/BusinessBankingTrigger/description';
import { SEED } from '../../sandbox/core/seed';
import { webhookDeliverer } from '../../sandbox/modules/webhooks';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { useTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { installProcessedDataStore, runTriggerExecute } from '../trigger/execute';
import { TRIGGER_TYPE, TriggerHarness } from '../trigger/harness';
import { goldenCredential } from './goldenCredential';

const GOLDEN = __dirname;
const RELEASES = readdirSync(GOLDEN).filter((name) => /^\d+\.\d+$/.test(name)).sort();

/** What each delivery carries: fixed, so that the output item is comparable. */
const EVENT_DATA = { id: 'golden-resource-1', status: 'paid', amount: { value: '120.00', currency: 'EUR' } };

/** The requests that reached the sandbox, with this run's values (`named`: value → name) named instead of compared. */
function seenRequests(sandbox: TestSandbox, named: Record<string, string>): unknown[] {
	const name = (value: unknown): unknown => JSON.parse(Object.entries(named).reduce((text, [actual, label]) => text.split(actual).join(label), JSON.stringify(value ?? null)));
	return sandbox.ctx.requests.all().map((request) => name({ method: request.method, path: request.path, query: request.query, body: request.body ?? null }));
}

describe.each(RELEASES)('golden trigger workflows of %s', (release) => {
	const sandbox = useTestSandbox({ deliveryBackoffMs: 5 });
	const folder = join(GOLDEN, release, 'trigger');
	// n8n's deduplication store, which the trigger's execute() records delivered event ids in.
	beforeAll(() => installProcessedDataStore());
	const fixtures = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.workflow.json')).sort() : [];

	it.each(fixtures)('%s registers, starts on a signed delivery and refuses a forged one, as at its release', async (file) => {
		const workflow = JSON.parse(readFileSync(join(folder, file), 'utf8')) as IWorkflowBase;
		const saved = workflow.nodes.find((node) => node.type === TRIGGER_TYPE) as INode;
		const trigger = await new TriggerHarness({ parameters: saved.parameters, credential: new CredentialStore(goldenCredential(sandbox)) }).start();
		try {
			// The saved node as n8n loads it: its webhook id (the production URL is made of it) and defaults filled in.
			trigger.node.webhookId = saved.webhookId;
			trigger.setParameters(saved.parameters);
			const named = { [trigger.productionUrl().replace(/\/webhook\/.*$/, '')]: '<n8n base URL>' };

			sandbox.ctx.requests.clear();
			await trigger.activate();
			const activation = seenRequests(sandbox, named);
			// A subscription's id is the API's to give: named, not compared (a partner endpoint's is the saved one).
			if (trigger.staticData.mode === 'subscription') named[String(trigger.staticData.webhookId)] = '<id issued by the API: webhook_subscription.id>';

			// A signed delivery: the sandbox signs it as it signs every delivery, with the secret the activation set up.
			const event = sandbox.ctx.events.emit((saved.parameters.events as string[])[0], SEED.organizations.fr, EVENT_DATA);
			await webhookDeliverer(sandbox.ctx).settled(event.id);
			const attempts = webhookDeliverer(sandbox.ctx).log.filter((entry) => entry.event_id === event.id);
			// The execution it started runs the trigger's execute() on webhook()'s items (dedup, then the Output option).
			const started = trigger.executions[0]?.data[0];
			const items = started ? await runTriggerExecute(trigger.node, started, 'webhook', workflow.id) : [];
			const output = JSON.parse(JSON.stringify(items.map((item) => item.json)).replace(event.id, '<event id>').replace(event.created_at, '<event time>'));

			// A forged one: the genuine signature over a body changed on the way (the amount).
			const genuine = trigger.received[0];
			const signature = Object.fromEntries(Object.entries(genuine.headers).filter(([name]) => /signature/i.test(name))) as Record<string, string>;
			const forged = await trigger.post(genuine.rawBody.toString('utf8').replace('"120.00"', '"9120.00"'), signature);

			sandbox.ctx.requests.clear();
			await trigger.deactivate();
			const seen = {
				activation,
				signedDelivery: { answered: attempts.map((attempt) => attempt.status_code), output },
				forgedDelivery: { answered: forged.status, started: forged.execution !== undefined },
				deactivation: seenRequests(sandbox, named),
			};
			const expectedFile = join(folder, file.replace(/\.workflow\.json$/, '.expected.json'));
			if (!existsSync(expectedFile) && process.env.GOLDEN_RECORD === '1') writeFileSync(expectedFile, JSON.stringify(seen, null, 2) + '\n');
			expect(seen).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
		} finally {
			await trigger.close();
		}
	});
});

describe('golden trigger coverage', () => {
	it('each mode of the trigger has a golden workflow in the newest release', () => {
		const modes = (triggerProperties.find((property) => property.name === 'mode')?.options ?? []).map((option) => (option as { value: string }).value);
		const folder = join(GOLDEN, RELEASES[RELEASES.length - 1], 'trigger');
		const saved = readdirSync(folder)
			.filter((name) => name.endsWith('.workflow.json'))
			.map((name) => (JSON.parse(readFileSync(join(folder, name), 'utf8')) as IWorkflowBase).nodes.find((node) => node.type === TRIGGER_TYPE)?.parameters.mode ?? 'subscription');
		expect(modes.length).toBeGreaterThan(0);
		expect(modes.filter((mode) => !saved.includes(mode))).toEqual([]);
	});
});
