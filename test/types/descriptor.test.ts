// The compile-time guarantee of the operation descriptors, checked by `npm test` too: test/types/
// fakeOperation.ts compiles only because each descriptor missing a fact is refused by TypeScript,
// and the same file with its `@ts-expect-error` directives taken out fails, naming the missing fact.
import { readFileSync } from 'fs';
import { join } from 'path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const FIXTURE = join(__dirname, 'fakeOperation.ts');

function diagnosticsOf(source: string): string[] {
	const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.dev.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
	if (!parsed) throw new Error('tsconfig.dev.json could not be read');
	const host = ts.createCompilerHost(parsed.options);
	const readFile = host.readFile.bind(host);
	host.readFile = (file) => (file === FIXTURE ? source : readFile(file));
	const program = ts.createProgram([FIXTURE], { ...parsed.options, noEmit: true }, host);
	return ts
		.getPreEmitDiagnostics(program)
		.filter((diagnostic) => diagnostic.file?.fileName === FIXTURE)
		.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('an operation descriptor', () => {
	const source = readFileSync(FIXTURE, 'utf8');

	it('compiles with every fact given, and each descriptor that leaves one out is refused', () => {
		expect(diagnosticsOf(source)).toEqual([]);
	});

	it('names the missing fact when a fake operation leaves it out', () => {
		const errors = diagnosticsOf(source.replace(/^\/\/ @ts-expect-error.*$/gm, ''));
		for (const fact of ['class', 'toolDescription', 'amountParameters', 'payeeParameters', 'issuesDocumentClientPays', 'concurrency', 'descriptor']) {
			expect(errors).toContainEqual(expect.stringContaining(`Property '${fact}' is missing`));
		}
		expect(errors).toHaveLength(7);
	});
});
