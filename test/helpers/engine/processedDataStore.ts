/**
 * n8n's processed-data store as n8n-core's DataDeduplicationService reaches it
 * (`this.helpers.checkProcessedAndRecord`, `removeProcessed`).
 *
 * n8n's own deduplicator keeps the values in its database (`processed_data`) and lives in the n8n
 * server package, which cannot run here; `ProcessedDataStore` stands in for it with the same
 * behaviour: per workflow and context one list of md5 hashes, read whole and written back whole,
 * without a lock, a database round trip apart. The real one is exercised in test/e2e (queue mode).
 */
import { DataDeduplicationService } from 'n8n-core';
import type { DeduplicationItemTypes, ICheckProcessedContextData, ICheckProcessedOptions, IDataDeduplicator, IDeduplicationOutput } from 'n8n-workflow';
import { createHash } from 'crypto';

const roundTrip = () => new Promise((resolve) => setImmediate(resolve));

export class ProcessedDataStore implements IDataDeduplicator {
	readonly rows = new Map<string, string[]>();
	/** Called once a check has written its list (another process may write right after). */
	afterWrite?: (rowKey: string) => void;
	/** The next write fails, as n8n's insert does when another process inserted the row first. */
	failNextWrite = false;
	/** While set, every check waits for it first (a write held in flight). */
	hold?: Promise<void>;

	static rowKey(contextData: ICheckProcessedContextData, scope: string): string {
		return `${contextData.workflow.id}|${scope === 'node' ? `n:${contextData.node?.id}` : ''}`;
	}

	static hash(value: DeduplicationItemTypes): string {
		return createHash('md5').update(String(value)).digest('base64');
	}

	async checkProcessedAndRecord(items: DeduplicationItemTypes[], scope: 'node' | 'workflow', contextData: ICheckProcessedContextData, options: ICheckProcessedOptions): Promise<IDeduplicationOutput> {
		const key = ProcessedDataStore.rowKey(contextData, scope);
		await this.hold;
		await roundTrip();
		const read = this.rows.get(key) ?? [];
		const known = this.lookup(read);
		const stored = [...read];
		const added = new Set<string>();
		const result: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			const hash = ProcessedDataStore.hash(item);
			if (known.has(hash) || added.has(hash)) result.processed.push(item);
			else {
				result.new.push(item);
				added.add(hash);
				stored.push(hash);
			}
		}
		const dropped = options.maxEntries ? stored.splice(0, Math.max(0, stored.length - options.maxEntries)) : [];
		await roundTrip();
		if (this.failNextWrite) {
			this.failNextWrite = false;
			throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
		}
		this.replaceRow(key, read, stored, (set) => {
			for (const hash of added) set.add(hash);
			for (const hash of dropped) set.delete(hash);
		});
		return result;
	}

	/** Each row's hashes as a Set (n8n looks each value up in the array; the answers are the same), built once per array. */
	private readonly sets = new WeakMap<string[], Set<string>>();

	private lookup(row: string[]): Set<string> {
		let set = this.sets.get(row);
		if (!set) this.sets.set(row, (set = new Set(row)));
		return set;
	}

	/** Writes the row back whole; its Set moves along, changed, when nobody wrote the row since it was read. */
	private replaceRow(key: string, read: string[], written: string[], change: (set: Set<string>) => void): void {
		const set = this.sets.get(read);
		if (set && this.rows.get(key) === read) {
			change(set);
			this.sets.delete(read);
			this.sets.set(written, set);
		}
		this.rows.set(key, written);
		this.afterWrite?.(key);
	}

	async removeProcessed(items: DeduplicationItemTypes[], scope: 'node' | 'workflow', contextData: ICheckProcessedContextData): Promise<void> {
		const key = ProcessedDataStore.rowKey(contextData, scope);
		await this.hold;
		await roundTrip();
		const gone = new Set(items.map(ProcessedDataStore.hash));
		const read = this.rows.get(key) ?? [];
		const kept = read.filter((hash) => !gone.has(hash));
		await roundTrip();
		this.replaceRow(key, read, kept, (set) => {
			for (const hash of gone) set.delete(hash);
		});
	}

	async clearAllProcessedItems(scope: 'node' | 'workflow', contextData: ICheckProcessedContextData): Promise<void> {
		this.rows.delete(ProcessedDataStore.rowKey(contextData, scope));
	}

	async getProcessedDataCount(scope: 'node' | 'workflow', contextData: ICheckProcessedContextData): Promise<number> {
		return this.rows.get(ProcessedDataStore.rowKey(contextData, scope))?.length ?? 0;
	}
}

let installed: ProcessedDataStore | undefined;

/** The store behind n8n-core's DataDeduplicationService, installed once per test file (n8n-core allows one). */
export async function installProcessedDataStore(): Promise<ProcessedDataStore> {
	if (!installed) {
		installed = new ProcessedDataStore();
		await DataDeduplicationService.init(installed);
	}
	return installed;
}


/** Empties the installed store (a fresh n8n database), e.g. beside a sandbox reset. */
export function clearProcessedData(): void {
	installed?.rows.clear();
}
