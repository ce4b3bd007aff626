/**
 * Where the sandbox keeps its state between runs. The in-memory store (tests, `npm run sandbox`
 * without `--data`) keeps nothing; the sqlite store (`--data <file>`, `npm run dev`) keeps every
 * row of every named table. Writes are per row: a request that changes one invoice writes one row.
 */
export interface StateStore {
	/** True when the file already held a seeded sandbox (start continues instead of seeding). */
	readonly restored: boolean;
	/** The rows of a table as stored (decoded). */
	load(table: string): Array<[string, unknown]>;
	/** Queues the row's write; the value is serialized when the queue is written, so later in-place changes made before then are kept too. */
	put(table: string, key: string, value: unknown): void;
	remove(table: string, key: string): void;
	clearTable(table: string): void;
	/** Empties every table (reset). */
	clearAll(): void;
	/** Writes what is queued, in one transaction. */
	flush(): void;
	close(): void;
}

/** Keeps nothing: the state lives and dies with the process. */
export class MemoryStore implements StateStore {
	readonly restored = false;
	load(): Array<[string, unknown]> {
		return [];
	}
	put(): void {}
	remove(): void {}
	clearTable(): void {}
	clearAll(): void {}
	flush(): void {}
	close(): void {}
}
