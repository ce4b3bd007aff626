// The cache installer's bookkeeping (tools/n8n/install.ts), with a stand-in build step: a complete
// install is reused, an interrupted one is started over, a stale lock does not block.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { installOnce } from '../../tools/n8n/install';

describe('the cached installer', () => {
	let root: string;
	let target: string;

	beforeEach(() => {
		root = mkdtempSync(join(tmpdir(), 'business-banking-installer-'));
		target = join(root, 'n8n-9.9.9');
	});

	afterEach(() => rmSync(root, { recursive: true, force: true }));

	const build = (content: string) =>
		jest.fn((partial: string) => {
			writeFileSync(join(partial, 'installed.txt'), content);
		});

	it('builds in a .partial folder, then moves it into place with a marker', () => {
		const first = build('one');
		installOnce(target, { n8nVersion: '9.9.9' }, first);
		expect(first).toHaveBeenCalledWith(`${target}.partial`);
		expect(readFileSync(join(target, 'installed.txt'), 'utf8')).toBe('one');
		expect(JSON.parse(readFileSync(join(target, '.install-complete.json'), 'utf8'))).toMatchObject({ n8nVersion: '9.9.9' });
		expect(existsSync(`${target}.partial`)).toBe(false);
		expect(existsSync(`${target}.lock`)).toBe(false);
	});

	it('reuses a complete install without building again', () => {
		installOnce(target, { n8nVersion: '9.9.9' }, build('one'));
		const second = build('two');
		installOnce(target, { n8nVersion: '9.9.9' }, second);
		expect(second).not.toHaveBeenCalled();
		expect(readFileSync(join(target, 'installed.txt'), 'utf8')).toBe('one');
	});

	it('starts an interrupted install over instead of trusting it', () => {
		const crashing = jest.fn((partial: string) => {
			writeFileSync(join(partial, 'half.txt'), 'half');
			throw new Error('network gone');
		});
		expect(() => installOnce(target, { n8nVersion: '9.9.9' }, crashing)).toThrow('network gone');
		expect(existsSync(target)).toBe(false);
		expect(existsSync(join(`${target}.partial`, 'half.txt'))).toBe(true);

		installOnce(target, { n8nVersion: '9.9.9' }, build('again'));
		expect(readFileSync(join(target, 'installed.txt'), 'utf8')).toBe('again');
		expect(existsSync(join(target, 'half.txt'))).toBe(false);
	});

	it('replaces a folder without the marker, or one made for another version', () => {
		mkdirSync(target);
		writeFileSync(join(target, 'stray.txt'), 'x');
		installOnce(target, { n8nVersion: '9.9.9' }, build('fresh'));
		expect(existsSync(join(target, 'stray.txt'))).toBe(false);

		const upgrade = build('newer');
		installOnce(target, { n8nVersion: '10.0.0' }, upgrade);
		expect(upgrade).toHaveBeenCalled();
		expect(readFileSync(join(target, 'installed.txt'), 'utf8')).toBe('newer');
	});

	it('takes over a lock left by a process that no longer exists', () => {
		mkdirSync(root, { recursive: true });
		writeFileSync(`${target}.lock`, '2147483646');
		installOnce(target, { n8nVersion: '9.9.9' }, build('one'));
		expect(existsSync(join(target, 'installed.txt'))).toBe(true);
		expect(existsSync(`${target}.lock`)).toBe(false);
	});
});
