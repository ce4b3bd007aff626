// What anyone can check about the code's shape (part of `npm test`): no import circle, and no file
// over 300 lines outside descriptions. Imports are read with TypeScript's own parser, type-only
// imports included (a circle through types is still a circle to whoever reads the code): helpers/imports.ts.
import { readFileSync } from 'fs';
import { execFileSync } from 'child_process';
import { join } from 'path';

import { circles, importsOf, repositoryFiles, ROOT } from './helpers/imports';

const MAX_LINES = 300;

/**
 * Descriptions: the files whose job is n8n's parameter lists (what the editor shows), long by nature
 * and read field by field: the resources' fields.ts and detailsFields.ts, the trigger's description.ts.
 */
const DESCRIPTION = /^nodes\/.*\/(fields|detailsFields|description)\.ts$/;

const files = repositoryFiles();
const known = new Set(files);

describe('the shape of the code', () => {
	it('has no import circle', () => {
		const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
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
