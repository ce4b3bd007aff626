import { mkdirSync } from 'fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { dirname } from 'path';

import type { StateStore } from './store';

const DELETED = Symbol('deleted');
const SEEDED_MARK = 'seeded';

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
