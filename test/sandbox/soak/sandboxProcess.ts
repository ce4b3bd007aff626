/**
 * The sandbox alone in a child process, for the soak test: started with --expose-gc so that the
 * parent can ask for the heap after full collections, undisturbed by jest and the load generator.
 *
 * Messages: it sends `{ url }` once listening; it answers `'heap'` with `{ heapUsed }` (bytes, after
 * forced collections) and stops on `'stop'`.
 */
import { startSandbox } from '../../../sandbox/server';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

/** Several full collections: one may leave garbage that only the next finds (weak maps, finalizers). */
async function settledHeap(): Promise<number> {
	let heap = Infinity;
	for (let round = 0; round < 5; round++) {
		gc!();
		await new Promise((resolve) => setImmediate(resolve));
		heap = Math.min(heap, process.memoryUsage().heapUsed);
	}
	return heap;
}

async function main(): Promise<void> {
	const sandbox = await startSandbox({ port: 0, quiet: true, clientId: 'soak-client', clientSecret: 'soak-secret' });
	process.on('message', (message) => {
		if (message === 'heap') void settledHeap().then((heapUsed) => process.send!({ heapUsed }));
		if (message === 'stop') void sandbox.close().then(() => process.exit(0));
	});
	process.send!({ url: sandbox.url });
}

void main();
