import { MAX_IN_FLIGHT, Pacer } from '../../nodes/BusinessBanking/transport/pacer';

/** 50 callers sharing one pacer, each answer coming after `latencyMs`: the most the pacer let run at once. */
async function drive(pacer: Pacer, requests: number, latencyMs: number, status = 201): Promise<number> {
	let inFlight = 0;
	let max = 0;
	await Promise.all(
		Array.from({ length: 50 }, async (_, worker) => {
			for (let i = worker; i < requests; i += 50) {
				const slot = await pacer.acquire(true);
				max = Math.max(max, ++inFlight);
				await new Promise((resolve) => setTimeout(resolve, latencyMs));
				inFlight--;
				slot.done({ status });
			}
		}),
	);
	return max;
}

describe('the pacer', () => {
	it('grows past its start of 8 in flight while answers come steadily, up to its cap of 50', async () => {
		// Was stuck at 8: the first answer made the base latency NaN, which no comparison passes.
		const pacer = new Pacer();
		const max = await drive(pacer, 600, 20);
		expect(max).toBeGreaterThan(8);
		expect(max).toBeLessThanOrEqual(MAX_IN_FLIGHT);
	});

	it('never starts more than the limit in a window', async () => {
		const pacer = new Pacer();
		pacer.configure({ max: 30, windowMs: 1000 });
		const started = Date.now();
		await drive(pacer, 60, 1);
		// 60 starts at 30 per (1 s + margin): the second 30 wait for the first window to pass.
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
	});
});
