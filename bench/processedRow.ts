// A node's list in n8n's processed-data store, written straight into n8n's SQLite database (Node 24's
// built-in SQLite, in n8n's own Node), as n8n's deduplication helper would leave it: the benches set
// how much a node has remembered before they time it. The same row in Postgres: processedRowPostgres.ts.
import { spawnSync } from 'child_process';
import { createHash, randomUUID } from 'crypto';

import type { N8nInstall } from '../tools/n8n/install';

/** n8n's value for an id in 'entries' mode: the MD5 of the text, base64 (its deduplication helper's hash). */
export const processedHash = (value: string) => createHash('md5').update(value).digest('base64');

/** `count` hashes of values nobody will ask about. */
export const otherHashes = (count: number, prefix = 'other') => Array.from({ length: count }, () => processedHash(`${prefix}:${randomUUID()}`));

/** The row's `value` as n8n writes it in 'entries' mode, in SQLite and Postgres alike (JSON text). */
export const processedValue = (hashes: string[]) => JSON.stringify({ mode: 'entries', data: hashes });

/** The row's `context` for a node's own list (n8n's 'node' scope). */
export const nodeContext = (nodeId: string) => `n:${nodeId}`;

/** A node's list in one n8n's database, whichever database that is. */
export interface ProcessedRows {
	/** Replaces the list of node `nodeId` of workflow `workflowId` with `hashes` (none: no row). */
	write(workflowId: string, nodeId: string, hashes: string[]): Promise<void>;
	/** How many values that list holds now (0 without a row): what n8n made of the row after a run. */
	count(workflowId: string, nodeId: string): Promise<number>;
}

/** Replaces the list of node `nodeId` of workflow `workflowId` with `hashes` (none: no row). */
export function writeProcessedRow(install: N8nInstall, database: string, workflowId: string, nodeId: string, hashes: string[]): void {
	const script = `
		const { DatabaseSync } = require('node:sqlite');
		const db = new DatabaseSync(process.argv[1]);
		db.exec('PRAGMA busy_timeout = 10000');
		db.prepare('DELETE FROM processed_data WHERE workflowId = ? AND context = ?').run(process.argv[2], process.argv[3]);
		const value = require('fs').readFileSync(0, 'utf8');
		if (value) db.prepare("INSERT INTO processed_data (workflowId, context, value, createdAt, updatedAt) VALUES (?, ?, ?, STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW'), STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW'))").run(process.argv[2], process.argv[3], value);
	`;
	// The list on stdin: it is larger than one command-line argument may be.
	const value = hashes.length > 0 ? processedValue(hashes) : '';
	const result = spawnSync(install.nodeBin, ['-e', script, database, workflowId, nodeContext(nodeId)], { input: value, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (result.status !== 0) throw new Error(`could not set the node's processed data: ${result.stderr}`);
}

/** How many values the list of node `nodeId` of workflow `workflowId` holds in n8n's SQLite database. */
export function countProcessedRow(install: N8nInstall, database: string, workflowId: string, nodeId: string): number {
	const script = `
		const { DatabaseSync } = require('node:sqlite');
		const db = new DatabaseSync(process.argv[1], { readOnly: true });
		db.exec('PRAGMA busy_timeout = 10000');
		const row = db.prepare('SELECT value FROM processed_data WHERE workflowId = ? AND context = ?').get(process.argv[2], process.argv[3]);
		console.log(row ? JSON.parse(row.value).data.length : 0);
	`;
	const result = spawnSync(install.nodeBin, ['-e', script, database, workflowId, nodeContext(nodeId)], { encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`could not read the node's processed data: ${result.stderr}`);
	return Number(result.stdout.trim());
}

/** The node's list in the SQLite database of an n8n in regular mode. */
export function sqliteRows(install: N8nInstall, database: string): ProcessedRows {
	return {
		write: async (workflowId, nodeId, hashes) => writeProcessedRow(install, database, workflowId, nodeId, hashes),
		count: async (workflowId, nodeId) => countProcessedRow(install, database, workflowId, nodeId),
	};
}
