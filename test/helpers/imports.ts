// The repository's own imports, as the shape tests read them (test/structure.test.ts, test/layers.test.ts):
// TypeScript's own parser, type-only imports included (a circle through types is still a circle to
// whoever reads the code), relative imports only (packages are not ours).
import { readFileSync } from 'fs';
import { execFileSync } from 'child_process';
import { dirname, join, normalize } from 'path';
import ts from 'typescript';

export const ROOT = join(__dirname, '..', '..');

/** The repository's TypeScript files, tracked or new (the saved golden workflows left out). */
export function repositoryFiles(): string[] {
	return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts'], { cwd: ROOT, encoding: 'utf8' })
		.split('\n')
		.filter((file) => file && !file.startsWith('test/golden/'));
}

/** The files of `known` that a file imports. */
export function importsOf(file: string, known: ReadonlySet<string>): string[] {
	const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
	return importedFiles
		.map(({ fileName }) => fileName)
		.filter((name) => name.startsWith('.'))
		.map((name) => normalize(join(dirname(file), name)))
		.map((target) => [`${target}.ts`, `${target}/index.ts`, target].find((candidate) => known.has(candidate)))
		.filter((target): target is string => target !== undefined);
}

/** Every circle of a graph, as the nodes around it, sorted (Tarjan's strongly connected components). */
export function circles(graph: Map<string, string[]>): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (node: string) => {
		index.set(node, index.size);
		low.set(node, index.get(node)!);
		stack.push(node);
		onStack.add(node);
		for (const next of graph.get(node) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
		}
		if (low.get(node) === index.get(node)) {
			const component: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				component.push(member);
			} while (member !== node);
			if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
		}
	};
	for (const node of graph.keys()) if (!index.has(node)) visit(node);
	return found;
}
