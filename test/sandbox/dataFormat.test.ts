// The sandbox's data file carries its format (sqlite's user_version): a file of today's format is
// read, an unversioned one of the same layout is stamped, and a newer or foreign file is refused with a
// message that says what to do, never misread.
import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'os';
import { join } from 'path';

import { DATA_FORMAT, DataFileError, SqliteStore } from '../../sandbox/core/sqliteStore';

const userVersion = (file: string) => {
	const db = new DatabaseSync(file);
	try {
		return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
	} finally {
		db.close();
	}
};

const withDb = (file: string, sql: string) => {
	const db = new DatabaseSync(file);
	db.exec(sql);
	db.close();
};

describe('the sandbox data file format', () => {
	let dir: string;
	beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'sandbox-data-format-'))));
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('writes the current format into a new file, and reads it back', () => {
		const file = join(dir, 'new.sqlite');
		const store = new SqliteStore(file);
		store.put('clients', 'a', { name: 'Dupont' });
		store.close();
		expect(userVersion(file)).toBe(DATA_FORMAT);
		const again = new SqliteStore(file);
		expect(again.restored).toBe(true);
		expect(again.load('clients')).toEqual([['a', { name: 'Dupont' }]]);
		again.close();
	});

	it('stamps a file written before formats were numbered (same layout) and reads its rows', () => {
		const file = join(dir, 'old.sqlite');
		const store = new SqliteStore(file);
		store.put('clients', 'a', { name: 'Dupont' });
		store.close();
		withDb(file, 'PRAGMA user_version = 0');

		const reopened = new SqliteStore(file);
		expect(reopened.restored).toBe(true);
		expect(reopened.load('clients')).toEqual([['a', { name: 'Dupont' }]]);
		reopened.close();
		expect(userVersion(file)).toBe(DATA_FORMAT);
	});

	it('refuses a file of a newer format, saying which file, both formats and what to do', () => {
		const file = join(dir, 'newer.sqlite');
		new SqliteStore(file).close();
		withDb(file, `PRAGMA user_version = ${DATA_FORMAT + 1}`);
		const open = () => new SqliteStore(file);
		expect(open).toThrow(DataFileError);
		expect(open).toThrow(`The sandbox data file ${file} has format ${DATA_FORMAT + 1}`);
		expect(open).toThrow(`this sandbox reads format ${DATA_FORMAT} and older. Update the package, or start with another file`);
		expect(userVersion(file)).toBe(DATA_FORMAT + 1);
	});

	it('refuses a sqlite file that is not a sandbox file, and leaves it as it was', () => {
		const file = join(dir, 'accounts.sqlite');
		withDb(file, 'CREATE TABLE ledger (id INTEGER PRIMARY KEY, amount TEXT)');
		expect(() => new SqliteStore(file)).toThrow(`${file} is not a sandbox data file (it holds the tables ledger). Nothing was changed in it`);
		const db = new DatabaseSync(file);
		const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((row) => row.name);
		db.close();
		expect(tables).toEqual(['ledger']);
		expect(userVersion(file)).toBe(0);
	});

	it('`npm run sandbox --data` on a newer file stops with that message alone (exit 2, no stack)', () => {
		const file = join(dir, 'newer.sqlite');
		new SqliteStore(file).close();
		withDb(file, `PRAGMA user_version = ${DATA_FORMAT + 1}`);
		const result = spawnSync(process.execPath, [join('node_modules', '.bin', 'ts-node'), '--transpile-only', 'sandbox/main.ts', '--port', '0', '--data', file, '--quiet'], {
			cwd: join(__dirname, '..', '..'),
			encoding: 'utf8',
			timeout: 60_000,
		});
		expect(result.status).toBe(2);
		expect(result.stderr.trim()).toBe(
			`The sandbox data file ${file} has format ${DATA_FORMAT + 1}, written by a newer version of n8n-nodes-business-banking; this sandbox reads format ${DATA_FORMAT} and older. Update the package, or start with another file (--data or SANDBOX_DATA), or delete ${file} to start from a fresh sandbox.`,
		);
	});
});
