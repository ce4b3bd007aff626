/**
 * The benchmark's sandbox, in its own process (as `npm run sandbox` would run it), so that its CPU
 * is not the node's. The parent drives it over IPC: tokens, the request log's counts, its CPU time.
 */
import './preferTs';
import { SEED } from '../sandbox/core/seed';
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox';

export type SandboxCommand =
	| { id: number; kind: 'mint' }
	| { id: number; kind: 'cpu' }
	| { id: number; kind: 'lastSeq' }
	| { id: number; kind: 'statuses'; method: string; path: string; afterSeq: number }
	| { id: number; kind: 'seedClients'; count: number }
	| { id: number; kind: 'reset' };

async function main(): Promise<void> {
	const sandbox: TestSandbox = await startTestSandbox({ facturxDelayMs: 60_000 });
	const answer = (id: number, value: unknown) => process.send?.({ id, value });
	process.on('message', (command: SandboxCommand) => {
		switch (command.kind) {
			case 'mint':
				return answer(command.id, sandbox.mintTokens('fr'));
			case 'cpu': {
				const usage = process.cpuUsage();
				return answer(command.id, (usage.user + usage.system) / 1000);
			}
			case 'lastSeq':
				return answer(command.id, sandbox.ctx.requests.all().at(-1)?.seq ?? 0);
			case 'statuses': {
				const counts: Record<string, number> = {};
				for (const request of sandbox.ctx.requests.all()) {
					if (request.seq <= command.afterSeq || request.method !== command.method || !request.path.startsWith(command.path)) continue;
					counts[String(request.status)] = (counts[String(request.status)] ?? 0) + 1;
				}
				return answer(command.id, counts);
			}
			case 'seedClients': {
				// The control seeds at most 5,000 per call.
				void (async () => {
					for (let left = command.count; left > 0; left -= 5000) {
						await sandbox.http.post('/sandbox/seed/clients', { organization_id: SEED.organizations.fr, count: Math.min(5000, left) });
					}
					answer(command.id, true);
				})();
				return;
			}
			case 'reset':
				sandbox.reset();
				return answer(command.id, true);
		}
	});
	process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
	process.send?.({ ready: sandbox.url });
}

void main();
