import { fork, type ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import { join } from 'path';

import { pipelined } from './soak/pipeline';

/**
 * A long `npm run dev` or a load test must not grow the sandbox's memory: requests with ever new
 * tokens (the rate limiter keeps a window per token) and large refused bodies (the request log keeps
 * what it parsed) leave its heap, measured after forced collections in a child process running only
 * the sandbox, within 20 MB of where it started.
 */
const MB = 1024 * 1024;
const DISTINCT_TOKEN_REQUESTS = 10_000;
const LARGE_BODY_REQUESTS = 2_000;
const LARGE_BODY_BYTES = 200 * 1024;

/** A bearer token of about 4 kB, never seen before. */
const longToken = () => `Bearer ${randomBytes(2048).toString('hex')}`;
const LARGE_BODY = JSON.stringify({ client: { kind: 'company', name: 'x'.repeat(LARGE_BODY_BYTES) } });

describe('sandbox soak: memory stays flat under abuse', () => {
	let child: ChildProcess;
	let url: string;

	const ask = <T>(message: string) =>
		new Promise<T>((resolve) => {
			child.once('message', (answer) => resolve(answer as T));
			child.send(message);
		});
	const heapMb = async () => (await ask<{ heapUsed: number }>('heap')).heapUsed / MB;

	const host = () => new URL(url).host;
	const distinctTokens = (count: number) => pipelined(url, count, () => `GET /v2/clients HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: ${longToken()}\r\n\r\n`);
	const largeBodies = (count: number) =>
		pipelined(
			url,
			count,
			() =>
				`POST /v2/clients HTTP/1.1\r\nHost: ${host()}\r\nAuthorization: ${longToken()}\r\nContent-Type: application/json\r\n` +
				`Content-Length: ${Buffer.byteLength(LARGE_BODY)}\r\n\r\n${LARGE_BODY}`,
		);

	beforeAll(async () => {
		child = fork(join(__dirname, 'soak', 'sandboxProcess.ts'), [], {
			execArgv: ['--expose-gc', '-r', 'ts-node/register/transpile-only'],
			cwd: join(__dirname, '..', '..'),
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		});
		url = await new Promise<string>((resolve, reject) => {
			child.once('message', (message) => resolve((message as { url: string }).url));
			child.once('exit', (code) => reject(new Error(`the sandbox process exited with ${code}`)));
		});
	}, 60_000);

	afterAll(async () => {
		if (child.exitCode !== null) return;
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.send('stop');
		await exited;
	});

	it(`${DISTINCT_TOKEN_REQUESTS} requests with distinct long tokens and ${LARGE_BODY_REQUESTS} refused ${LARGE_BODY_BYTES / 1024} kB bodies grow the heap by less than 20 MB`, async () => {
		// Warm-up: code paths compiled, pools and caches at their working size.
		await distinctTokens(500);
		await largeBodies(100);
		const before = await heapMb();

		expect(await distinctTokens(DISTINCT_TOKEN_REQUESTS)).toEqual({ 401: DISTINCT_TOKEN_REQUESTS });
		expect(await largeBodies(LARGE_BODY_REQUESTS)).toEqual({ 401: LARGE_BODY_REQUESTS });
		const after = await heapMb();

		process.stdout.write(`sandbox heap: ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after (+${(after - before).toFixed(1)} MB)\n`);
		expect(after - before).toBeLessThan(20);
	}, 180_000);
});
