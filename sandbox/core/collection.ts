/** A row and the organization that owns it. */
export interface OwnedRow<T> {
	organizationId: string;
	row: T;
}

/**
 * A table of one resource, scoped by organization, held in a Map: a plain one, or the sandbox's
 * `StoredMap` when it keeps its state on disk (`ctx.collection(name)`). Every collection is emptied
 * on reset. A row changed in place is saved with `update`.
 */
export class Collection<T extends { id: string }> {
	constructor(private readonly rows: Map<string, OwnedRow<T>> = new Map()) {}

	insert(organizationId: string, row: T): T {
		this.rows.set(row.id, { organizationId, row });
		return row;
	}

	/** The row, only when it belongs to the organization (another organization's id is a 404). */
	get(organizationId: string, id: string): T | undefined {
		const entry = this.rows.get(id);
		return entry && entry.organizationId === organizationId ? entry.row : undefined;
	}

	update(organizationId: string, id: string, row: T): T {
		if (!this.get(organizationId, id)) throw new Error(`no row ${id}`);
		this.rows.set(id, { organizationId, row });
		return row;
	}

	delete(organizationId: string, id: string): boolean {
		if (!this.get(organizationId, id)) return false;
		return this.rows.delete(id);
	}

	list(organizationId: string): T[] {
		return [...this.rows.values()].filter((e) => e.organizationId === organizationId).map((e) => e.row);
	}

	/** Finds a row by id whatever its organization (simulation controls only). */
	find(id: string): { organizationId: string; row: T } | undefined {
		return this.rows.get(id);
	}

	all(): T[] {
		return [...this.rows.values()].map((e) => e.row);
	}

	clear(): void {
		this.rows.clear();
	}

	get size(): number {
		return this.rows.size;
	}
}
