import { randomUUID } from 'crypto';
import { z } from 'zod/v3';

import type { SandboxModule } from '../module';
import { ApiError } from '../core/errors';
import { perSandbox } from '../core/perSandbox';
import { matchesPath } from '../core/requestLog';
import { isControlPath } from './requestLog';

declare module 'fastify' {
	interface FastifyRequest {
		/** Set by a drop_after_commit fault: the handler runs, then the connection is destroyed. */
		dropAfterCommit: boolean;
	}
}

export const faultInputSchema = z
	.object({
		method: z.string().regex(/^[A-Za-z]+$/, 'must be an HTTP method').optional(),
		path: z.string().startsWith('/', 'must be a path starting with /, optionally ending with * for a prefix'),
		kind: z.enum(['latency', 'status', 'drop_after_commit', 'redirect']),
		/** 429 or a 5xx for `status`; a 3xx for `redirect` (302 when not given). */
		status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503), z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)]).optional(),
		/** Where a `redirect` points (a misconfigured gateway or base URL); the request's own address when not given. */
		location: z.string().min(1).max(2048).optional(),
		retryAfter: z.number().int().min(0).max(3600).optional(),
		latencyMs: z.number().int().min(0).max(60_000).optional(),
		count: z.number().int().min(1).max(10_000).default(1),
		/** Each matching request gets the fault with this chance (1: every one), drawn from `seed`. */
		probability: z.number().gt(0).max(1).default(1),
		/** Seeds the draws, so that the same requests in the same order get the same faults. */
		seed: z.number().int().min(0).max(2 ** 32 - 1).default(1),
		/** The first `after` matching requests pass untouched (an outage that starts midway). */
		after: z.number().int().min(0).max(1_000_000).default(0),
	})
	.superRefine((fault, ctx) => {
		if (fault.kind === 'status' && (fault.status === undefined || fault.status < 400)) {
			const message = fault.status === undefined ? 'is required for a status fault (429, 500, 502 or 503)' : 'must be 429, 500, 502 or 503 for a status fault';
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['status'], message });
		}
		if (fault.kind === 'redirect' && fault.status !== undefined && fault.status >= 400) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['status'], message: 'must be a redirect status (301, 302, 303, 307 or 308) for a redirect fault' });
		}
		if (fault.kind === 'latency' && fault.latencyMs === undefined) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['latencyMs'], message: 'is required for a latency fault' });
		}
	});

export interface Fault extends Omit<z.output<typeof faultInputSchema>, 'count'> {
	id: string;
	/** How many more matching requests get this fault. */
	remaining: number;
}

/** mulberry32: a small seeded generator of numbers in [0, 1), the same sequence for the same seed. */
function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

interface ArmedFault {
	fault: Fault;
	draw: () => number;
}

/**
 * Armed faults, in the order they were added. A request gets the first fault that matches it, is
 * past its `after` requests and wins its draw; `remaining` counts the faults still to deliver.
 */
export class FaultStore {
	private faults: ArmedFault[] = [];

	add(input: z.output<typeof faultInputSchema>): Fault {
		const { count, ...rest } = input;
		const fault: Fault = { ...rest, method: rest.method?.toUpperCase(), id: randomUUID(), remaining: count };
		this.faults.push({ fault, draw: seededRandom(rest.seed) });
		return { ...fault };
	}

	take(method: string, path: string): Fault | undefined {
		const armed = this.faults.find(({ fault, draw }) => {
			if ((fault.method && fault.method !== method) || !matchesPath(fault.path, path)) return false;
			if (fault.after > 0) {
				fault.after -= 1;
				return false;
			}
			return fault.probability >= 1 || draw() < fault.probability;
		});
		if (!armed) return undefined;
		armed.fault.remaining -= 1;
		if (armed.fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== armed);
		return { ...armed.fault };
	}

	list(): Fault[] {
		return this.faults.map(({ fault }) => ({ ...fault }));
	}

	clear(): number {
		const count = this.faults.length;
		this.faults = [];
		return count;
	}
}

/** The fault store of one sandbox (the controls module arms it, the hook below consumes it). */
export const faultsOf = perSandbox(() => new FaultStore());

const STATUS_CODES: Record<number, string> = {
	429: 'rate_limited',
	500: 'internal_error',
	502: 'bad_gateway',
	503: 'service_unavailable',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fault injection on every path but the controls, in onRequest so that it acts before the guard
 * (a preHandler) and before the body is parsed, as a gateway in front of the service would.
 */
export const faultsModule: SandboxModule = {
	name: 'faults',
	register(app, ctx) {
		const store = faultsOf(ctx);
		ctx.onReset(() => store.clear());
		app.decorateRequest('dropAfterCommit', false);
		app.addHook('onRequest', async (request, reply) => {
			if (isControlPath(request.url)) return;
			const fault = store.take(request.method, request.url.split('?')[0]);
			if (!fault) return;
			if (fault.kind === 'latency') await sleep(fault.latencyMs ?? 0);
			if (fault.kind === 'drop_after_commit') request.dropAfterCommit = true;
			if (fault.kind === 'redirect') {
				return reply.code(fault.status ?? 302).header('Location', fault.location ?? request.url).send();
			}
			if (fault.kind === 'status') {
				const status = fault.status ?? 500;
				if (fault.retryAfter !== undefined) reply.header('Retry-After', String(fault.retryAfter));
				throw ApiError.single(status, STATUS_CODES[status], `Injected fault: ${status}`);
			}
		});
		// The handler has committed its change; the caller never hears about it.
		app.addHook('onSend', async (request, reply, payload) => {
			if (!request.dropAfterCommit) return payload;
			if (request.logged) {
				request.logged.status = reply.statusCode;
				request.logged.dropped = true;
			}
			reply.raw.destroy();
			return payload;
		});
	},
};
