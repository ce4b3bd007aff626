// A node's list in n8n's processed-data store when n8n runs on Postgres (queue mode), written as n8n
// leaves it there: table processed_data, primary key ("workflowId", context), `value` a TEXT column
// holding the same JSON as in SQLite (processedRow.ts; n8n's entity maps it as TypeORM 'json', which
// stringifies on write). Through n8n's own Postgres driver (`pg`, from its install): the project does
// not depend on it.
import type { N8nInstall } from '../tools/n8n/install';
import type { RunningPostgres } from '../tools/n8n/services';
import { nodeContext, processedValue, type ProcessedRows } from './processedRow';

interface PgClient {
	connect(): Promise<void>;
	query(sql: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
	end(): Promise<void>;
}

/** The node's list in the Postgres database every process of a queue-mode n8n shares. */
export function postgresRows(install: N8nInstall, postgres: RunningPostgres): ProcessedRows {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Client } = require(require.resolve('pg', { paths: [install.n8nDir] })) as { Client: new (config: object) => PgClient };
	const session = async <T>(work: (client: PgClient) => Promise<T>): Promise<T> => {
		const client = new Client({ host: '127.0.0.1', port: postgres.port, user: postgres.user, database: postgres.database });
		await client.connect();
		try {
			return await work(client);
		} finally {
			await client.end();
		}
	};
	return {
		write: async (workflowId, nodeId, hashes) =>
			await session(async (client) => {
				await client.query('DELETE FROM processed_data WHERE "workflowId" = $1 AND context = $2', [workflowId, nodeContext(nodeId)]);
				if (hashes.length === 0) return;
				await client.query('INSERT INTO processed_data ("workflowId", context, value, "createdAt", "updatedAt") VALUES ($1, $2, $3, NOW(), NOW())', [
					workflowId,
					nodeContext(nodeId),
					processedValue(hashes),
				]);
			}),
		count: async (workflowId, nodeId) =>
			await session(async (client) => {
				const { rows } = await client.query('SELECT value FROM processed_data WHERE "workflowId" = $1 AND context = $2', [workflowId, nodeContext(nodeId)]);
				return rows.length ? (JSON.parse(String(rows[0].value)) as { data: unknown[] }).data.length : 0;
			}),
	};
}
