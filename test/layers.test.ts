// The direction of imports in nodes/ (ARCHITECTURE.md, "The arrows"), part of `npm test`: each folder
// (a room) stands in a layer, and a file imports only rooms of its own layer or below, with no circle
// between rooms. A lower room that needs a fact from above is handed it, or the fact moves down.
import { circles, importsOf, repositoryFiles } from './helpers/imports';

/** The layers, top first. The operations' layer is every resource folder that actions/resources.ts registers. */
const LAYERS: ReadonlyArray<{ layer: string; rooms: readonly string[] }> = [
	{ layer: 'the nodes', rooms: ['BusinessBanking.node.ts', 'BusinessBankingTrigger'] },
	{ layer: 'the router, the editor’s methods and the run’s concerns', rooms: ['actions/run', 'methods', 'actions/limits', 'actions/aiTool'] },
	{ layer: 'the registry of resources and its tables', rooms: ['actions/resources.ts', 'actions/operationClasses.ts', 'actions/subtitle.ts'] },
	{ layer: 'the operations', rooms: [] },
	{ layer: 'what the operations share', rooms: ['actions/common', 'actions/advanced', 'actions/versions.ts', 'actions/types.ts'] },
	{ layer: 'transport', rooms: ['transport'] },
	{ layer: 'n8n’s internals and what stands alone', rooms: ['n8n', 'shared/schemas', 'facturx'] },
];
const OPERATIONS = LAYERS.findIndex(({ layer }) => layer === 'the operations');
const REGISTRY = 'nodes/BusinessBanking/actions/resources.ts';

/** Imports that break the order for now, file → file, each with why and when it goes. */
const KNOWN_EXCEPTIONS: ReadonlyArray<readonly [string, string]> = [];
const isKnownException = (from: string, to: string) => KNOWN_EXCEPTIONS.some(([a, b]) => a === from && b === to);

/**
 * A file's room: a folder or file directly under nodes/BusinessBanking/actions or nodes/BusinessBanking
 * (transport/memory is transport's), the trigger, the shared schemas.
 */
function roomOf(file: string): string {
	const parts = file.replace(/^nodes\//, '').split('/');
	if (parts[0] === 'BusinessBanking') return parts[1] === 'actions' ? `actions/${parts[2]}` : parts[1];
	return parts[0] === 'shared' ? `shared/${parts[1]}` : parts[0];
}

interface Import {
	from: string;
	to: string;
}

/** The imports that go up a layer, as "file → file (room, layer; imported from room, layer)". */
function upwardImports(imports: readonly Import[], layerOf: (room: string) => number | undefined): string[] {
	return imports
		.filter(({ from, to }) => (layerOf(roomOf(to)) ?? Infinity) < (layerOf(roomOf(from)) ?? -Infinity))
		.map(({ from, to }) => `${from} → ${to} (${roomOf(from)} in layer ${layerOf(roomOf(from))} imports ${roomOf(to)} of layer ${layerOf(roomOf(to))}, above it)`);
}

/** The rooms' graph: which rooms each room imports. */
function roomGraph(imports: readonly Import[]): Map<string, string[]> {
	const graph = new Map<string, Set<string>>();
	for (const { from, to } of imports) {
		const [a, b] = [roomOf(from), roomOf(to)];
		if (!graph.has(a)) graph.set(a, new Set());
		if (!graph.has(b)) graph.set(b, new Set());
		if (a !== b) graph.get(a)!.add(b);
	}
	return new Map([...graph].map(([room, targets]) => [room, [...targets]]));
}

const files = repositoryFiles();
const known = new Set(files);
const nodeFiles = files.filter((file) => file.startsWith('nodes/'));
const everyImport: Import[] = nodeFiles.flatMap((from) => importsOf(from, known).map((to) => ({ from, to })));
const imports = everyImport.filter(({ from, to }) => !isKnownException(from, to));

const operationRooms = new Set(
	importsOf(REGISTRY, known)
		.map(roomOf)
		.filter((room) => !LAYERS.some(({ rooms }) => rooms.includes(room))),
);
function layerOf(room: string): number | undefined {
	if (operationRooms.has(room)) return OPERATIONS;
	const index = LAYERS.findIndex(({ rooms }) => rooms.includes(room));
	return index < 0 ? undefined : index;
}

describe('the layers of nodes/', () => {
	it('places every room of nodes/ in a layer', () => {
		expect(nodeFiles.length).toBeGreaterThan(100);
		expect(operationRooms).toContain('actions/clientInvoice');
		expect([...new Set(nodeFiles.map(roomOf))].filter((room) => layerOf(room) === undefined)).toEqual([]);
	});

	it('has no file importing a room of a higher layer', () => {
		expect(upwardImports(imports, layerOf)).toEqual([]);
	});

	it('has no circle between rooms', () => {
		expect(circles(roomGraph(imports))).toEqual([]);
	});

	it('keeps transport/ and n8n/ free of actions/ (but for the known exceptions)', () => {
		const reaching = imports.filter(({ from, to }) => ['transport', 'n8n'].includes(roomOf(from)) && to.startsWith('nodes/BusinessBanking/actions/'));
		expect(reaching).toEqual([]);
	});

	it('lists only exceptions that still exist (delete an entry once its import is gone)', () => {
		const stale = KNOWN_EXCEPTIONS.filter(([from, to]) => !everyImport.some((edge) => edge.from === from && edge.to === to));
		expect(stale).toEqual([]);
	});

	it('finds an upward import and a circle between rooms where there is one (the check itself)', () => {
		const made = [
			{ from: 'nodes/BusinessBanking/n8n/a.ts', to: 'nodes/BusinessBanking/actions/resources.ts' },
			{ from: 'nodes/BusinessBanking/actions/aiTool/b.ts', to: 'nodes/BusinessBanking/actions/limits/c.ts' },
			{ from: 'nodes/BusinessBanking/actions/limits/d.ts', to: 'nodes/BusinessBanking/actions/aiTool/e.ts' },
		];
		expect(upwardImports(made, layerOf)).toEqual([
			'nodes/BusinessBanking/n8n/a.ts → nodes/BusinessBanking/actions/resources.ts (n8n in layer 6 imports actions/resources.ts of layer 2, above it)',
		]);
		expect(circles(roomGraph(made))).toEqual([['actions/aiTool', 'actions/limits']]);
		expect(roomOf('nodes/BusinessBanking/transport/memory/settings.ts')).toBe('transport');
		expect(roomOf('nodes/shared/schemas/money.ts')).toBe('shared/schemas');
	});
});
