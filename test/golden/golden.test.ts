// The saved-workflow contract (docs/saved-workflows.md): every released golden workflow runs, as n8n
// exported it, in n8n's engine against the sandbox, and sends the requests it sent when its release
// was made. A released set never changes (MANIFEST.sha256), and every operation has a fixture.
import { createHash } from 'crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import type { IExecuteFunctions, INodeExecutionData, INodeType, IWorkflowBase } from 'n8n-workflow';

import { resources } from '../../nodes/BusinessBanking/actions/resources';
import { connectedCredential, CredentialStore, registerNodeType, runWorkflow } from '../helpers/engine';
import { useTestSandbox } from '../helpers/sandbox';

const GOLDEN = __dirname;
const RELEASES = readdirSync(GOLDEN).filter((name) => /^\d+\.\d+$/.test(name)).sort();
const NEWEST = RELEASES[RELEASES.length - 1];

/**
 * Operations of the node that have no golden workflow yet (1.0 shipped without them). A fixture for
 * one removes it from here; the test refuses a name that has a fixture, so this list only shrinks.
 */
const NOT_YET_COVERED = [
	'bankAccount.update',
	'clientInvoice.create',
	'clientInvoice.update',
	'clientInvoice.upload',
	'directDebit.createSubscription',
	'internationalBeneficiary.create',
	'internationalBeneficiary.update',
	'internationalTransfer.create',
	'webhookSubscription.updatePartnerEndpoint',
];

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

/** Values the API handed out during the run (a payee check's proof token): named, not compared. */
function withoutIssuedValues(value: unknown): unknown {
	if (typeof value === 'string') return /^vop_[\w-]+$/.test(value) ? '<proof token from the API>' : value;
	if (Array.isArray(value)) return value.map(withoutIssuedValues);
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutIssuedValues(entry)]));
	return value;
}

const filesOf = (release: string, folder: string) => readdirSync(join(GOLDEN, release, folder)).filter((name) => name.endsWith('.json')).sort();
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function manifestOf(release: string): string {
	const files = ['workflows', 'requests'].flatMap((folder) => filesOf(release, folder).map((name) => `${folder}/${name}`));
	return files.map((file) => `${sha256(join(GOLDEN, release, file))}  ${file}`).join('\n') + '\n';
}

describe.each(RELEASES)('golden workflows of %s', (release) => {
	const sandbox = useTestSandbox();

	it('are as released: a released golden workflow never changes', () => {
		const recorded = readFileSync(join(GOLDEN, release, 'MANIFEST.sha256'), 'utf8');
		if (manifestOf(release) !== recorded) {
			throw new Error(`a released golden workflow changed (test/golden/${release}): add a new node version instead (docs/saved-workflows.md)`);
		}
	});

	it.each(filesOf(release, 'workflows'))('%s sends what it sent at its release', async (file) => {
		const workflow = JSON.parse(readFileSync(join(GOLDEN, release, 'workflows', file), 'utf8')) as IWorkflowBase;
		const credentialId = Object.values(workflow.nodes.find((node) => node.credentials)?.credentials ?? {})[0]?.id as string;
		sandbox.ctx.requests.clear();
		const { error } = await runWorkflow(workflow, { credentials: new Map([[credentialId, new CredentialStore(connectedCredential(sandbox))]]) });
		const requests = sandbox.ctx.requests.all().map((request) => ({
			method: request.method,
			path: request.path,
			query: request.query,
			body: withoutIssuedValues(request.body ?? null),
			idempotencyKey: request.headers['x-service-idempotency-key'] !== undefined,
		}));
		// The node may meet the API's refusal (an id that does not exist here): that is the API's answer,
		// not the node's; an error of the node itself (a local check) would break the contract.
		const outcome = error ? `API error ${error.httpCode ?? `none: ${error.message}`}` : 'ok';
		const seen = { outcome, requests };
		const expectedFile = join(GOLDEN, release, 'requests', file);
		if (!existsSync(expectedFile) && process.env.GOLDEN_RECORD === '1') writeFileSync(expectedFile, JSON.stringify(seen, null, 2) + '\n');
		expect(seen).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
	});
});

describe('golden coverage', () => {
	const operations = Object.entries(resources).flatMap(([resource, { operations }]) => Object.keys(operations).map((operation) => `${resource}.${operation}`));
	const covered = filesOf(NEWEST, 'workflows').map((file) => file.replace(/\.json$/, ''));

	it('every operation of the node has a golden workflow, or is listed as not yet covered', () => {
		expect(operations.filter((operation) => !covered.includes(operation) && !NOT_YET_COVERED.includes(operation))).toEqual([]);
	});

	it('the not-yet-covered list names no operation that has a fixture (it only shrinks)', () => {
		expect(NOT_YET_COVERED.filter((operation) => covered.includes(operation))).toEqual([]);
		expect(NOT_YET_COVERED.every((operation) => operations.includes(operation))).toBe(true);
	});
});
