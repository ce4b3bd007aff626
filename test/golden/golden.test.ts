// The saved-workflow contract (docs/saved-workflows.md): every released golden workflow runs, as n8n
// saved it, in n8n's engine against the sandbox, and sends the requests and outputs the items it did
// when its release was made. A released set never changes (released.test.ts), and every operation
// has a fixture that ends in success.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { Settings } from 'luxon';
import { join } from 'path';
import type { IExecuteFunctions, INodeExecutionData, INodeType, IWorkflowBase } from 'n8n-workflow';

import { resources } from '../../nodes/BusinessBanking/actions/resources';
import { SEED } from '../../sandbox/core/seed';
import { webhookStore } from '../../sandbox/modules/webhooks';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { registerNodeType } from '../helpers/engine/nodeTypes';
import { runWorkflow } from '../helpers/engine/runWorkflow';
import { useTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { goldenCredential } from './goldenCredential';
import { comparableRun } from './comparableRun';

const GOLDEN = __dirname;
const RELEASES = readdirSync(GOLDEN).filter((name) => /^\d+\.\d+$/.test(name)).sort();
const NEWEST = RELEASES[RELEASES.length - 1];

/** n8n's Manual Trigger as the engine sees it in a manual run: one empty item. */
class ManualTriggerStandIn implements INodeType {
	description = {
		displayName: 'Manual Trigger',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Stand-in for n8n-nodes-base.manualTrigger',
		defaults: { name: 'Manual Trigger' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [[{ json: {} }]];
	}
}
registerNodeType('n8n-nodes-base.manualTrigger', new ManualTriggerStandIn());

/** Where n8n's Read/Write Files from Disk node reads (n8n 2.x allows ~/.n8n-files by default). */
const N8N_FILES = '/home/node/.n8n-files/';

/**
 * n8n's Read/Write Files from Disk (read, one file), on a disk stood in for by the release's files/
 * folder: one item with the file as binary `data` and its metadata as json, like n8n's node.
 */
class ReadFileStandIn implements INodeType {
	description = {
		displayName: 'Read/Write Files from Disk',
		name: 'readWriteFile',
		group: ['input'],
		version: 1,
		description: 'Stand-in for n8n-nodes-base.readWriteFile (read)',
		defaults: { name: 'Read/Write Files from Disk' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'File(s) Selector', name: 'fileSelector', type: 'string', default: '' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const path = this.getNodeParameter('fileSelector', 0) as string;
		if (!path.startsWith(N8N_FILES)) throw new Error(`golden stand-in: only files under ${N8N_FILES} exist here, not ${path}`);
		const release = String(this.getWorkflow().name).replace(/^Golden ([\d.]+):.*$/, '$1');
		const name = path.slice(N8N_FILES.length);
		const binary = await this.helpers.prepareBinaryData(readFileSync(join(GOLDEN, release, 'files', name)), name);
		const { data: _data, ...metadata } = binary;
		return [[{ json: metadata, binary: { data: binary } }]];
	}
}
registerNodeType('n8n-nodes-base.readWriteFile', new ReadFileStandIn());

const filesOf = (release: string, folder: string) => readdirSync(join(GOLDEN, release, folder)).filter((name) => name.endsWith('.json')).sort();

/**
 * The instant a golden run replays: the one the 1.0 set was recorded at. `$now` reads it and the
 * sandbox's clock starts from it, so that what either dates (an invoice dated with `$now`, a transfer
 * scheduled for the bank's today, a mandate reference with the bank's day) is what was recorded, on
 * any day the suite runs.
 */
const GOLDEN_NOW = Date.parse('2026-11-26T09:00:00Z');

/**
 * What a golden workflow acts on that no operation of the node creates: a webhook subscription (the
 * trigger makes them). Seeded with a fixed id, as the sandbox seeds clients and cards.
 */
const SEEDED_SUBSCRIPTION_ID = '3e8b5c0d-0000-4000-8000-000000000001';
function seedGoldenState(sandbox: TestSandbox): void {
	const at = new Date(GOLDEN_NOW).toISOString();
	webhookStore(sandbox.ctx).subscriptions.insert(SEED.organizations.fr, {
		id: SEEDED_SUBSCRIPTION_ID,
		organization_id: SEED.organizations.fr,
		membership_id: SEED.userId,
		callback_url: 'https://hooks.example.com/golden',
		types: ['v1/client-invoices'],
		created_at: at,
		updated_at: at,
		description: 'Golden subscription',
		secret: 'whsec_golden-placeholder',
	});
}

/** `<resource>.<operation>[.<variant>].json`: the operation a fixture is of (a variant is an extra, e.g. an error path). */
const operationOf = (file: string) => file.split('.').slice(0, 2).join('.');
/** A fixture without a variant is its operation's success path. */
const isSuccessPath = (file: string) => file.split('.').length === 3;

describe.each(RELEASES)('golden workflows of %s', (release) => {
	const sandbox = useTestSandbox();
	const realNow = Settings.now;
	beforeAll(() => (Settings.now = () => GOLDEN_NOW));
	afterAll(() => (Settings.now = realNow));
	beforeEach(() => {
		sandbox.ctx.clock.setTo(GOLDEN_NOW);
		seedGoldenState(sandbox);
	});

	it.each(filesOf(release, 'workflows'))('%s sends the requests and outputs the items it did at its release', async (file) => {
		const workflow = JSON.parse(readFileSync(join(GOLDEN, release, 'workflows', file), 'utf8')) as IWorkflowBase;
		const credentialId = Object.values(workflow.nodes.find((node) => node.credentials)?.credentials ?? {})[0]?.id as string;
		sandbox.ctx.requests.clear();
		const credential = new CredentialStore(goldenCredential(sandbox));
		const { error, outputs } = await runWorkflow(workflow, { credentials: new Map([[credentialId, credential]]) });
		// The node may meet the API's refusal (an id that does not exist here): that is the API's answer,
		// not the node's; an error of the node itself (a local check) would break the contract.
		const outcome = error ? `API error ${error.httpCode ?? `none: ${error.message}`}` : 'ok';
		const seen = comparableRun({ workflow, outcome, requests: sandbox.ctx.requests.all(), outputs, bankAddress: sandbox.url });
		const expectedFile = join(GOLDEN, release, 'requests', file);
		if (!existsSync(expectedFile) && process.env.GOLDEN_RECORD === '1') writeFileSync(expectedFile, JSON.stringify(seen, null, 2) + '\n');
		expect(seen).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
		// The first workflow also loads n8n's engine: seconds on a busy machine, not the contract's concern.
	}, 30_000);
});

describe('golden coverage', () => {
	const operations = Object.entries(resources).flatMap(([resource, { operations }]) => Object.keys(operations).map((operation) => `${resource}.${operation}`));
	const fixtures = filesOf(NEWEST, 'workflows');
	const covered = fixtures.map(operationOf);

	it('every operation of the node has a golden workflow', () => {
		expect(operations.filter((operation) => !covered.includes(operation))).toEqual([]);
	});

	it('every operation\'s own golden workflow ends in success (error paths are extra fixtures)', () => {
		const failing = fixtures.filter(isSuccessPath).filter((file) => JSON.parse(readFileSync(join(GOLDEN, NEWEST, 'requests', file), 'utf8')).outcome !== 'ok');
		expect(fixtures.filter(isSuccessPath).map(operationOf).sort()).toEqual([...operations].sort());
		expect(failing).toEqual([]);
	});

	it('every golden workflow is of an operation the node has (a fixture names its operation)', () => {
		expect(covered.filter((operation) => !operations.includes(operation))).toEqual([]);
	});
});
