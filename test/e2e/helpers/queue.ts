// The e2e handle on an n8n in queue mode (tools/n8n/queue.ts): the package packed by the global setup
// installed once and linked into every process, the owner's API key, the CLI on the shared database,
// and which worker ran which execution (read from the workers' logs).
import type { N8nInstall } from '../../../tools/n8n/install';
import { startQueueWithPackage, type QueueProcess, type QueueTopology } from '../../../tools/n8n/queue';
import { DEFAULT_OWNER, type CliResult } from '../../../tools/n8n/server';
import { E2eN8n } from './n8n';

export type Execution = Awaited<ReturnType<E2eN8n['executions']>>[number] & { finished?: boolean };

export class QueueN8n extends E2eN8n {
	constructor(
		readonly topology: QueueTopology,
		apiKey: string,
	) {
		super(topology.main.install, topology.main.userFolder, topology.main.url, apiKey);
	}

	/** Started in queue mode on free ports; stop() ends it and removes its folders (kept with E2E_KEEP=1). */
	static async start(install: N8nInstall, tarball: string, webhookProcesses = 1): Promise<QueueN8n> {
		const { topology } = await startQueueWithPackage({
			install,
			tarball,
			folderPrefix: 'business-banking-e2e-queue-',
			workers: 2,
			webhookProcesses,
			workerConcurrency: 5,
			throwaway: true,
		});
		// An interrupted run (Ctrl-C, CI's timeout) ends the topology too.
		const onSignal = (signal: NodeJS.Signals) => {
			topology.kill();
			process.kill(process.pid, signal);
		};
		const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
		for (const signal of signals) process.once(signal, onSignal);
		const stop = topology.stop;
		topology.stop = async () => {
			for (const signal of signals) process.off(signal, onSignal);
			await stop();
		};
		try {
			const n8n = new QueueN8n(topology, '');
			await n8n.client.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
			await n8n.client.createApiKey('e2e queue mode');
			return n8n;
		} catch (error) {
			await topology.stop();
			throw error;
		}
	}

	override async cli(args: string[]): Promise<CliResult> {
		return await this.topology.cli(args);
	}

	/** Every execution of a workflow (public API, page by page), newest first. */
	async allExecutions(workflowId: string, includeData = false): Promise<Execution[]> {
		const all: Execution[] = [];
		let cursor: string | undefined;
		do {
			const page = await this.client.publicApi<{ data: Execution[]; nextCursor?: string | null }>(
				'GET',
				`/executions?workflowId=${workflowId}&includeData=${includeData}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
			);
			all.push(...page.data);
			cursor = page.nextCursor ?? undefined;
		} while (cursor);
		return all;
	}

	get webhookUrl(): string {
		return this.topology.webhook.url;
	}

	/** Ids of the executions `process` logged as run by itself (a worker) or queued (the webhook process). */
	static executionIds(process: QueueProcess, verb: 'started' | 'enqueued'): string[] {
		const pattern = verb === 'started' ? /Worker started execution (\d+)/g : /Enqueued execution (\d+)/g;
		return [...process.log().matchAll(pattern)].map((match) => match[1]);
	}

	/** For each worker, how many of `ids` it ran. */
	runsPerWorker(ids: string[]): number[] {
		const wanted = new Set(ids);
		return this.topology.workers.map((worker) => QueueN8n.executionIds(worker, 'started').filter((id) => wanted.has(id)).length);
	}

	/** Ends it; its folders go too (kept with E2E_KEEP=1). */
	async stop(): Promise<void> {
		await this.topology.stop();
		this.cleanup();
	}
}
