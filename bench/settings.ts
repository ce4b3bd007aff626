// What `npm run bench` measures, from the environment (BENCH_*), and the service's limits it runs against.

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
export const CREATIONS = Number(process.env.BENCH_CREATIONS ?? 1000);
export const WRITES = Number(process.env.BENCH_WRITES ?? 5000);
export const WRITE_ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? ROUNDS);
export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
export const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Untimed items each contender runs just before its timed run. */
export const WARM_UP = 100;
const ONLY = process.env.BENCH_ONLY?.split(',');
export const LATENCIES = [0, 25];
export const LIMIT = { max: 1000, windowMs: 10_000 };
/** HTTP Request › Options › Batching, set to stay within 1,000 per 10 s. */
export const HTTP_BATCHING = { batchSize: 100, batchInterval: 1000 };

/** Whether BENCH_ONLY (if set) names this section. */
export const wanted = (section: string) => !ONLY || ONLY.includes(section);
/** What every creation and write sends, for the sandbox's log and faults. */
export const CREATE_PATH = { method: 'POST', path: '/v2/client_invoices' };
