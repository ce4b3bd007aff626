// `npm run dev` beside another server on one of its ports: it stops before starting anything, names
// the port and the process that holds it, and never sends that server a request.
import { spawn } from 'child_process';
import { createServer, type Server } from 'http';
import { existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { freePort } from '../tools/n8n/server';
import { REPO_ROOT } from '../tools/n8n/package';

jest.setTimeout(120_000);

interface Holder {
	server: Server;
	port: number;
	requests: number;
}

/** A plain HTTP server on a free port that counts what reaches it (an n8n or a sandbox of another checkout). */
async function holdPort(): Promise<Holder> {
	const port = await freePort();
	const holder: Holder = { server: createServer(), port, requests: 0 };
	holder.server.on('request', (_request, response) => {
		holder.requests += 1;
		response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
	});
	await new Promise<void>((resolve) => holder.server.listen(port, '127.0.0.1', resolve));
	return holder;
}

/** tools/dev.ts (what `npm run dev` runs) with the given ports; resolves with its exit code and output. */
async function runDev(n8nPort: number, sandboxPort: number, userFolder: string): Promise<{ code: number | null; output: string }> {
	const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules', '.bin', 'ts-node'), '--transpile-only', 'tools/dev.ts', '--skip-build'], {
		cwd: REPO_ROOT,
		env: { ...process.env, DEV_N8N_PORT: String(n8nPort), DEV_SANDBOX_PORT: String(sandboxPort), DEV_N8N_USER_FOLDER: userFolder },
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 90_000);
	const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
	clearTimeout(timer);
	return { code, output };
}

describe('npm run dev with a port already held by another server', () => {
	for (const which of ['n8n', 'sandbox'] as const) {
		it(`${which}'s port held: stops naming the port and its holder, prints nothing as ready, sends it no request`, async () => {
			const holder = await holdPort();
			const scratch = mkdtempSync(join(tmpdir(), 'business-banking-dev-ports-'));
			const userFolder = join(scratch, 'user-folder');
			try {
				const other = await freePort();
				const [n8nPort, sandboxPort] = which === 'n8n' ? [holder.port, other] : [other, holder.port];
				const { code, output } = await runDev(n8nPort, sandboxPort, userFolder);

				expect(code).toBe(1);
				const variable = which === 'n8n' ? 'DEV_N8N_PORT' : 'DEV_SANDBOX_PORT';
				expect(output).toContain(`port ${holder.port} (${which === 'n8n' ? 'n8n' : 'the sandbox'}, ${variable}) is in use by pid ${process.pid}:`);
				expect(output).not.toContain(`port ${other} `);
				// Free ports to use instead, named in a command to copy.
				const suggestion = /DEV_N8N_PORT=(\d+) DEV_SANDBOX_PORT=(\d+) npm run dev/.exec(output);
				expect(suggestion).not.toBeNull();
				expect([Number(suggestion?.[1]), Number(suggestion?.[2])]).not.toContain(holder.port);
				// Nothing started, nothing printed as ready.
				expect(output).not.toMatch(/Ctrl-C stops|sign in:|OAuth client secret|example workflows|\[sandbox\]|installed n8n-nodes-business-banking/);
				expect(existsSync(userFolder)).toBe(false);
				expect(holder.requests).toBe(0);
			} finally {
				rmSync(scratch, { recursive: true, force: true });
				await new Promise((resolve) => holder.server.close(resolve));
			}
		});
	}
});
