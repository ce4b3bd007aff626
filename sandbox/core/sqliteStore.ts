import { mkdirSync } from 'fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { dirname } from 'path';

import type { StateStore } from './store';

const DELETED = Symbol('deleted');
const SEEDED_MARK = 'seeded';

/**
 * The data file's format, kept in sqlite's `user_version`. 1 is the `rows` + `marks` layout below;
 * files written before the number existed hold that same layout with `user_version` 0, and are
 * stamped 1 when opened. A format change bumps it and adds its migration to `openDataFile`.
 */
export const DATA_FORMAT = 1;
const FORMAT_1_TABLES = ['marks', 'rows'];

/** A data file this sandbox must not read: the message says which file, why and what to do. */
export class DataFileError extends Error {}

/** Checks (and, for an unversioned file of today's layout, stamps) the file's format before any use. */
function checkFormat(db: DatabaseSync, file: string): void {
	const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
	const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((row) => row.name);
	const startOver = `start with another file (--data or SANDBOX_DATA), or delete ${file} to start from a fresh sandbox`;
	if (version > DATA_FORMAT) {
		throw new DataFileError(
			`The sandbox data file ${file} has format ${version}, written by a newer version of n8n-nodes-business-banking; this sandbox reads format ${DATA_FORMAT} and older. Update the package, or ${startOver}.`,
		);
	}
	const isEmpty = tables.length === 0;
	const isFormat1 = tables.length === FORMAT_1_TABLES.length && tables.every((name, index) => name === FORMAT_1_TABLES[index]);
	if (!isEmpty && !isFormat1) {
		throw new DataFileError(`${file} is not a sandbox data file (it holds the tables ${tables.join(', ')}). Nothing was changed in it: ${startOver}.`);
	}
	if (version < DATA_FORMAT) db.exec(`PRAGMA user_version = ${DATA_FORMAT}`);
}

/** Bytes (PDFs, uploads) are stored as base64 inside the JSON row. */
function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
	const raw = this[key];
	return raw instanceof Uint8Array ? { $bytes: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') } : value;
}

function reviver(_key: string, value: unknown): unknown {
	if (value && typeof value === 'object' && typeof (value as { $bytes?: unknown }).$bytes === 'string' && Object.keys(value).length === 1) {
		return new Uint8Array(Buffer.from((value as { $bytes: string }).$bytes, 'base64'));
	}
	return value;
}

/**
 * The sandbox's state in one sqlite file (Node's built-in `node:sqlite`), one JSON row per stored
 * row. Changes are queued and written together in one transaction: before each response is sent
 * (the server calls `flush`), and at the end of the event-loop turn for changes made outside a
 * request (delivery retries, Factur-X timers). WAL keeps those commits cheap.
 */
export class SqliteStore implements StateStore {
	readonly restored: boolean;
	private readonly db: DatabaseSync;
	private readonly upsert: StatementSync;
	private readonly deleteRow: StatementSync;
	private readonly deleteTable: StatementSync;
	private readonly selectTable: StatementSync;
	private queued = new Map<string, Map<string, unknown>>();
	private clearedTables = new Set<string>();
	private wipe = false;
	private scheduled = false;
	private closed = false;

	constructor(file: string) {
		mkdirSync(dirname(file), { recursive: true });
		this.db = new DatabaseSync(file);
		try {
			checkFormat(this.db, file);
		} catch (error) {
			this.db.close();
			throw error;
		}
		this.db.exec(`
			PRAGMA journal_mode = WAL;
			PRAGMA synchronous = NORMAL;
			-- id keeps insertion order: a Map loaded back iterates as it did before the restart.
			CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, tbl TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, UNIQUE (tbl, key));
			CREATE TABLE IF NOT EXISTS marks (name TEXT PRIMARY KEY);
		`);
		this.upsert = this.db.prepare('INSERT INTO rows (tbl, key, value) VALUES (?, ?, ?) ON CONFLICT (tbl, key) DO UPDATE SET value = excluded.value');
		this.deleteRow = this.db.prepare('DELETE FROM rows WHERE tbl = ? AND key = ?');
		this.deleteTable = this.db.prepare('DELETE FROM rows WHERE tbl = ?');
		this.selectTable = this.db.prepare('SELECT key, value FROM rows WHERE tbl = ? ORDER BY id');
		this.restored = this.db.prepare('SELECT 1 AS found FROM marks WHERE name = ?').get(SEEDED_MARK) !== undefined;
	}

	load(table: string): Array<[string, unknown]> {
		this.flush();
		const rows = this.selectTable.all(table) as Array<{ key: string; value: string }>;
		return rows.map((row) => [row.key, JSON.parse(row.value, reviver)]);
	}

	put(table: string, key: string, value: unknown): void {
		this.queue(table).set(key, value);
	}

	remove(table: string, key: string): void {
		this.queue(table).set(key, DELETED);
	}

	clearTable(table: string): void {
		this.queued.delete(table);
		this.clearedTables.add(table);
		this.schedule();
	}

	clearAll(): void {
		this.queued.clear();
		this.clearedTables.clear();
		this.wipe = true;
		this.schedule();
	}

	flush(): void {
		if (this.closed || (!this.wipe && this.clearedTables.size === 0 && this.queued.size === 0)) return;
		const { queued, clearedTables, wipe } = this;
		this.queued = new Map();
		this.clearedTables = new Set();
		this.wipe = false;
		this.db.exec('BEGIN');
		try {
			if (wipe) this.db.exec('DELETE FROM rows; DELETE FROM marks;');
			for (const table of clearedTables) this.deleteTable.run(table);
			for (const [table, rows] of queued) {
				for (const [key, value] of rows) {
					if (value === DELETED) this.deleteRow.run(table, key);
					else this.upsert.run(table, key, JSON.stringify(value, replacer));
				}
			}
			// Whatever was written, the file now holds a seeded sandbox: the next start continues it.
			this.db.prepare('INSERT OR IGNORE INTO marks (name) VALUES (?)').run(SEEDED_MARK);
			this.db.exec('COMMIT');
		} catch (error) {
			this.db.exec('ROLLBACK');
			throw error;
		}
	}

	close(): void {
		if (this.closed) return;
		this.flush();
		this.closed = true;
		this.db.close();
	}

	private queue(table: string): Map<string, unknown> {
		let rows = this.queued.get(table);
		if (!rows) {
			rows = new Map();
			this.queued.set(table, rows);
		}
		this.schedule();
		return rows;
	}

	private schedule(): void {
		if (this.scheduled || this.closed) return;
		this.scheduled = true;
		setImmediate(() => {
			this.scheduled = false;
			this.flush();
		}).unref();
	}
}
