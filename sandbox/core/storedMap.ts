import type { StateStore } from './store';

/**
 * A Map whose changes are written to a table of the sandbox's store (and which starts with that
 * table's rows). Reads never touch the store. A value changed in place is saved by `set`ting it again.
 */
export class StoredMap<V> extends Map<string, V> {
	private store?: StateStore;
	private table = '';

	static open<V>(store: StateStore, table: string): StoredMap<V> {
		const map = new StoredMap<V>();
		for (const [key, value] of store.load(table)) map.set(key, value as V);
		// Attached after loading: the loaded rows are not written back.
		map.store = store;
		map.table = table;
		return map;
	}

	override set(key: string, value: V): this {
		super.set(key, value);
		this.store?.put(this.table, key, value);
		return this;
	}

	override delete(key: string): boolean {
		const deleted = super.delete(key);
		if (deleted) this.store?.remove(this.table, key);
		return deleted;
	}

	override clear(): void {
		super.clear();
		this.store?.clearTable(this.table);
	}
}
