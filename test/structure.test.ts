// What anyone can check about the code's shape (part of `npm test`): no import circle, and no file
// over 300 lines outside descriptions. Imports are read with TypeScript's own parser, type-only
// imports included (a circle through types is still a circle to whoever reads the code).
import { readFileSync } from 'fs';
import { execFileSync } from 'child_process';
import { dirname, join, normalize } from 'path';
import ts from 'typescript';

const ROOT = join(__dirname, '..');
const MAX_LINES = 300;

/**
 * Descriptions: the files whose job is n8n's parameter lists (what the editor shows), long by nature
 * and read field by field: the resources' fields.ts and detailsFields.ts, the trigger's description.ts.
 */
const DESCRIPTION = /^nodes\/.*\/(fields|detailsFields|description)\.ts$/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts'], { cwd: ROOT, encoding: 'utf8' })
	.split('\n')
	.filter((file) => file && !file.startsWith('test/golden/'));
const known = new Set(files);

/** The repository files a file imports (relative imports only; packages are not ours). */
function importsOf(file: string): string[] {
	const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
	return importedFiles
		.map(({ fileName }) => fileName)
		.filter((name) => name.startsWith('.'))
		.map((name) => normalize(join(dirname(file), name)))
		.map((target) => [`${target}.ts`, `${target}/index.ts`, target].find((candidate) => known.has(candidate)))
		.filter((target): target is string => target !== undefined);
}

/** Every import circle, as the files around it (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (file: string) => {
		index.set(file, index.size);
		low.set(file, index.get(file)!);
		stack.push(file);
		onStack.add(file);
		for (const next of graph.get(file) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(file, Math.min(low.get(file)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
		}
		if (low.get(file) === index.get(file)) {
			const component: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				component.push(member);
			} while (member !== file);
			if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
		}
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return found;
}

describe('the shape of the code', () => {
	it('has no import circle', () => {
		const graph = new Map(files.map((file) => [file, importsOf(file)]));
		expect(graph.get('nodes/BusinessBanking/transport/request.ts')).toContain('nodes/BusinessBanking/transport/types.ts');
		expect(circles(graph)).toEqual([]);
	});

	it(`has no file over ${MAX_LINES} lines outside descriptions`, () => {
		const tooLong = files
			.filter((file) => !DESCRIPTION.test(file))
			.map((file) => [file, readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1] as const)
			.filter(([, lines]) => lines > MAX_LINES);
		expect(tooLong).toEqual([]);
	});

	it('cites no document outside the repository (the decisions the code relies on are in docs/assumptions.md)', () => {
		const everyText = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.md', '*.js'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
		const citing = everyText.filter((file) => file && !file.startsWith('test/golden/') && file !== 'test/structure.test.ts' && readFileSync(join(ROOT, file), 'utf8').includes('decisions' + '.md'));
		expect(citing).toEqual([]);
	});

	it('finds a circle and a long file where there is one (the check itself)', () => {
		expect(circles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
		expect(files.length).toBeGreaterThan(100);
	});
});
