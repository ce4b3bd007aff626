// What a bench part gets of the real n8n it runs against (benchN8n.ts starts it, in either mode).
import type { N8nClient } from '../tools/n8n/api';
import type { CliResult } from '../tools/n8n/server';
import type { ProcessedRows } from './processedRow';

export type N8nMode = 'sqlite' | 'queue';

export const MODE_NAMES: Record<N8nMode, string> = { sqlite: 'regular mode, SQLite', queue: 'queue mode, Postgres' };

export interface BenchN8n {
	mode: N8nMode;
	/** Main's address: its API, and the production webhooks (main serves them in both modes). */
	url: string;
	client: N8nClient;
	/** A folder for the bench's own files (a credential to import). */
	scratch: string;
	/** n8n's CLI on this n8n's database. */
	cli(args: string[]): Promise<CliResult>;
	/** The node's processed-data list in this n8n's database. */
	processedRows: ProcessedRows;
	/** Whether a worker's log says it ran the execution (queue mode; regular mode has no worker). */
	ranOnWorker(executionId: string): boolean | undefined;
	stop(): Promise<void>;
}
