/**
 * Calls `task(index)` for 0…count-1 with at most `limit` tasks in flight. Stops starting new
 * tasks after the first failure and rethrows it once the running ones settle.
 */
export async function runWithConcurrency(
	count: number,
	limit: number,
	task: (index: number) => Promise<void>,
): Promise<void> {
	let next = 0;
	let failure: { error: unknown } | undefined;
	const worker = async () => {
		while (!failure && next < count) {
			const index = next++;
			try {
				await task(index);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
	if (failure) throw failure.error;
}
