// The saved-workflow contract (docs/saved-workflows.md): every released golden workflow runs, as n8n
// exported it, in n8n's engine against the sandbox, and sends the requests it sent when its release
// was made. A released set never changes (MANIFEST.sha256), and every operation has a fixture.
import { createHash } from 'crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import type { IExecuteFunctions, INodeExecutionData, INodeType, IWorkflowBase } from 'n8n-workflow';

import { resources } from '../../nodes/BusinessBanking/actions/resources';
import { CredentialStore, registerNodeType, runWorkflow } from '../helpers/engine';
import { useTestSandbox } from '../helpers/sandbox';
import { goldenCredential } from './goldenCredential';

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

const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const IS_UUID = new RegExp(`^${UUID_TEXT.source}$`, 'i');

/**
 * Ids the API handed out during the run (what an earlier node of the workflow created, e.g. a draft
 * invoice, a quote): UUIDs of the nodes' outputs that the workflow itself does not name, each named
 * by where it first shows as an object's own `id` (e.g. "Get Quote: quote.id"), so that two issued
 * ids are told apart without comparing their random values.
 */
function issuedIds(outputs: Record<string, INodeExecutionData[]>, workflow: IWorkflowBase): Map<string, string> {
	const named = JSON.stringify(workflow).toLowerCase();
	const issued = new Map<string, string>();
	const walk = (value: unknown, where: string, ownIdsOnly: boolean, key = ''): void => {
		if (typeof value === 'string' && IS_UUID.test(value) && (!ownIdsOnly || key === 'id')) {
			const id = value.toLowerCase();
			if (!named.includes(id) && !issued.has(id)) issued.set(id, `<id issued by the API: ${where}>`);
		} else if (value && typeof value === 'object') {
			for (const [child, entry] of Object.entries(value)) walk(entry, where.endsWith(': ') ? `${where}${child}` : `${where}.${child}`, ownIdsOnly, child);
		}
	};
	for (const ownIdsOnly of [true, false]) {
		for (const [node, items] of Object.entries(outputs)) items.forEach((item, index) => walk(item.json, `${node}${index ? ` item ${index}` : ''}: `, ownIdsOnly));
	}
	return issued;
}

/** Values the API handed out during the run (a payee check's proof token, issued ids): named, not compared. */
function withoutIssuedValues(value: unknown, issued: Map<string, string>): unknown {
	if (typeof value === 'string') {
		if (/^vop_[\w-]+$/.test(value)) return '<proof token from the API>';
		return value.replace(UUID_TEXT, (id) => issued.get(id.toLowerCase()) ?? id);
	}
	if (Array.isArray(value)) return value.map((entry) => withoutIssuedValues(entry, issued));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutIssuedValues(entry, issued)]));
	return value;
}


const filesOf = (release: string, folder: string) => readdirSync(join(GOLDEN, release, folder)).filter((name) => name.endsWith('.json')).sort();
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The folders of a release that its manifest covers, and every file in them (files/ holds inputs such as a PDF). */
const MANIFEST_FOLDERS = ['workflows', 'requests', 'files', 'trigger', 'credential'];

function manifestOf(release: string): string {
	const files = MANIFEST_FOLDERS.filter((folder) => existsSync(join(GOLDEN, release, folder))).flatMap((folder) =>
		readdirSync(join(GOLDEN, release, folder))
			.sort()
			.map((name) => `${folder}/${name}`),
	);
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
		const credential = new CredentialStore(goldenCredential(sandbox));
		const { error, outputs } = await runWorkflow(workflow, { credentials: new Map([[credentialId, credential]]) });
		const issued = issuedIds(outputs, workflow);
		const requests = sandbox.ctx.requests.all().map((request) => ({
			method: request.method,
			path: withoutIssuedValues(request.path, issued),
			query: withoutIssuedValues(request.query, issued),
			body: withoutIssuedValues(request.body ?? null, issued),
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

	it('every operation of the node has a golden workflow', () => {
		expect(operations.filter((operation) => !covered.includes(operation))).toEqual([]);
	});

	it('every golden workflow is of an operation the node has (a fixture names its operation)', () => {
		expect(covered.filter((operation) => !operations.includes(operation))).toEqual([]);
	});
});
