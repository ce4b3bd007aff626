import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * A full garbage collection before each timed run: every contender starts on a clean heap, and
 * none pays for the garbage the one before it left (1,000 parallel sockets, ten thousand outputs).
 */
export function collectGarbage(): void {
	gc();
}
