/**
 * The time of the whole test world, moved forward: n8n's process (the node's memory of what it
 * made reads Date.now) and the sandbox (its clock is Date.now plus its own offset), as a real day
 * passes for both. Relative to the moment the test runs: nothing depends on today's date.
 */
export function useMovableClocks(): { move: (ms: number) => void } {
	let offsetMs = 0;
	const realNow = Date.now.bind(Date);
	beforeEach(() => {
		offsetMs = 0;
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
	});
	afterEach(() => jest.restoreAllMocks());
	return {
		move: (ms: number) => {
			offsetMs += ms;
		},
	};
}

export const MINUTES = 60_000;
export const DAYS = 24 * 60 * MINUTES;
