/**
 * n8n's processed-data store as n8n-core's DataDeduplicationService reaches it
 * (`this.helpers.checkProcessedAndRecord`, `removeProcessed`).
 *
 * n8n's own deduplicator keeps the values in its database (`processed_data`) and lives in the n8n
 * server package, which cannot run here; `ProcessedDataStore` stands in for it with the same
 * behaviour and cost: per workflow and context one JSON row of md5 hashes, parsed whole and written
 * back whole on every call, without a lock, a database round trip apart; removal searches the list
 * once per value. The real one is exercised in test/e2e (SQLite and queue mode with Postgres). The real one is exercised in test/e2e (queue mode).
 */
import { DataDeduplicationService } from 'n8n-core';
import type { DeduplicationItemTypes, ICheckProcessedContextData, ICheckProcessedOptions, IDataDeduplicator, IDeduplicationOutput } from 'n8n-workflow';
import { createHash } from 'crypto';

const roundTrip = () => new Promise((resolve) => setImmediate(resolve));

export class ProcessedDataStore implements IDataDeduplicator {
	/** Each row as n8n's database holds it: the JSON text of `{ mode, data: hashes }`. */
	readonly rows = new Map<string, string>();
	/** Called once a check has written its list (another process may write right after). */
	afterWrite?: (rowKey: string) => void;
	/** The next write fails, as n8n's insert does when another process inserted the row first. */
	failNextWrite = false;
	/** While set, every check waits for it first (a write held in flight). */
	hold?: Promise<void>;
	/** Calls made, by kind (a test reads how many store calls a run took). */
	readonly calls = { record: 0, remove: 0, count: 0 };

	static rowKey(contextData: ICheckProcessedContextData, scope: string): string {
		return `${contextData.workflow.id}|${scope === 'node' ? `n:${contextData.node?.id}` : ''}`;
	}

	static hash(value: DeduplicationItemTypes): string {
		return createHash('md5').update(String(value)).digest('base64');
	}

	/** The row's hashes, parsed whole as n8n's repository does on every read. */
	hashes(key: string): string[] {
		const text = this.rows.get(key);
		return text ? (JSON.parse(text) as { data: string[] }).data : [];
	}

	/** Writes a row's hashes as another process would (no afterWrite). */
	setHashes(key: string, data: string[]): void {
		this.rows.set(key, JSON.stringify({ mode: 'entries', data }));
	}

	private write(key: string, data: string[]): void {
		this.rows.set(key, JSON.stringify({ mode: 'entries', data }));
		this.afterWrite?.(key);
	}

	/** n8n's entries mode: the list read whole, a Set of it, new hashes pushed, the oldest dropped past maxEntries, written whole. */
	async checkProcessedAndRecord(items: DeduplicationItemTypes[], scope: 'node' | 'workflow', contextData: ICheckProcessedContextData, options: ICheckProcessedOptions): Promise<IDeduplicationOutput> {
		const key = ProcessedDataStore.rowKey(contextData, scope);
		this.calls.record++;
		await this.hold;
		await roundTrip();
		const data = this.hashes(key);
		const known = new Set(data);
		const result: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			const hash = ProcessedDataStore.hash(item);
			// As n8n: the Set is built before the call's own values are pushed, so a value twice in one call is new twice.
			if (known.has(hash)) result.processed.push(item);
			else {
				result.new.push(item);
				data.push(hash);
			}
		}
		if (options.maxEntries) data.splice(0, Math.max(0, data.length - options.maxEntries));
		await roundTrip();
		if (this.failNextWrite) {
			this.failNextWrite = false;
			throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
		}
		this.write(key, data);
		return result;
	}

	/** n8n's removal: the list read whole, each value searched from the oldest end and spliced out, written whole. */
	async removeProcessed(items: DeduplicationItemTypes[], scope: 'node' | 'workflow', contextData: ICheckProcessedContextData): Promise<void> {
		const key = ProcessedDataStore.rowKey(contextData, scope);
		this.calls.remove++;
		await this.hold;
		await roundTrip();
		if (!this.rows.has(key)) return;
		const data = this.hashes(key);
		for (const item of items) {
			const hash = ProcessedDataStore.hash(item);
			const index = data.findIndex((value) => value === hash);
			if (index !== -1) data.splice(index, 1);
		}
		await roundTrip();
		this.write(key, data);
	}

	async clearAllProcessedItems(scope: 'node' | 'workflow', contextData: ICheckProcessedContextData): Promise<void> {
		this.rows.delete(ProcessedDataStore.rowKey(contextData, scope));
	}

	async getProcessedDataCount(scope: 'node' | 'workflow', contextData: ICheckProcessedContextData): Promise<number> {
		this.calls.count++;
		return this.hashes(ProcessedDataStore.rowKey(contextData, scope)).length;
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
