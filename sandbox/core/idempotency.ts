import type { FastifyReply, FastifyRequest } from 'fastify';

import type { SandboxContext } from './context';
import { ApiError } from './errors';
import { organizationId } from './guard';
import { UUID } from './lookup';
import { perSandbox } from './perSandbox';
import type { StoredMap } from './storedMap';

/** docs/assumptions.md (Transport): a key is kept 30 minutes. */
export const IDEMPOTENCY_KEY_TTL_MS = 30 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'x-service-idempotency-key';

/** What a handler answers: the status and the body to send (and to replay). */
export interface IdempotentResult {
	status: number;
	body: unknown;
}

/** A kept first response (2xx or 4xx), stored with the state so that a replay survives a restart. */
interface KeptResponse {
	endpoint: string;
	expiresAt: number;
	status: number;
	payload: string;
}

/** A first request still running: a concurrent duplicate waits for it instead of running twice. */
interface RunningRequest {
	endpoint: string;
	response: Promise<KeptResponse | undefined>;
}

export interface IdempotencyOptions {
	/** The spec writes "uuid" for this endpoint's key: any other form is a 400. */
	uuid?: boolean;
}

/**
 * The idempotency store of one sandbox, per organization. The first request with a key runs its
 * handler; any later request with that key within 30 minutes gets the first response back, byte
 * for byte, whatever its body, and runs nothing. The same key on another endpoint is a 409.
 * 2xx and 4xx answers are kept; a 5xx or an unexpected crash is not, so that a retry can run again.
 */
export class IdempotencyStore {
	private readonly kept: StoredMap<KeptResponse>;
	private readonly running = new Map<string, RunningRequest>();

	constructor(private readonly ctx: SandboxContext) {
		this.kept = ctx.storedMap('idempotency_keys');
		// Keys that expired while the sandbox was stopped are dropped from the file.
		for (const [key, entry] of this.kept) if (entry.expiresAt <= ctx.clock.nowMs()) this.kept.delete(key);
	}

	async run(
		request: FastifyRequest,
		reply: FastifyReply,
		endpoint: string,
		handler: () => Promise<IdempotentResult> | IdempotentResult,
		options: IdempotencyOptions = {},
	): Promise<FastifyReply> {
		const key = this.keyOf(request, options);
		const storeKey = `${organizationId(request)}\u0000${key}`;
		const now = this.ctx.clock.nowMs();
		const kept = this.kept.get(storeKey);
		const existing = kept && kept.expiresAt > now ? kept : this.running.get(storeKey);
		if (existing) {
			if (existing.endpoint !== endpoint) {
				throw ApiError.single(
					409,
					'idempotency_key_reused',
					`The idempotency key was already used with ${existing.endpoint}; use a new key for ${endpoint}`,
				);
			}
			const first = 'response' in existing ? await existing.response : existing;
			if (first) return send(reply, first.status, first.payload);
		}
		let settle!: (value: KeptResponse | undefined) => void;
		const running: RunningRequest = { endpoint, response: new Promise((resolve) => (settle = resolve)) };
		this.running.set(storeKey, running);
		const keep = (status: number, payload: string) => {
			const response = { endpoint, expiresAt: now + IDEMPOTENCY_KEY_TTL_MS, status, payload };
			this.kept.set(storeKey, response);
			this.running.delete(storeKey);
			settle(response);
			return send(reply, status, payload);
		};
		try {
			const result = await handler();
			return keep(result.status, JSON.stringify(result.body));
		} catch (error) {
			if (error instanceof ApiError && error.statusCode < 500) return keep(error.statusCode, JSON.stringify({ errors: error.errors }));
			// Not kept: the key is free again for a retry.
			this.running.delete(storeKey);
			settle(undefined);
			throw error;
		}
	}

	/** How many keys are alive (tests and the request log). */
	get size(): number {
		const now = this.ctx.clock.nowMs();
		return [...this.kept.values()].filter((e) => e.expiresAt > now).length + this.running.size;
	}

	clear(): void {
		this.kept.clear();
		this.running.clear();
	}

	private keyOf(request: FastifyRequest, options: IdempotencyOptions): string {
		const header = request.headers[IDEMPOTENCY_HEADER];
		const key = Array.isArray(header) ? header[0] : header;
		if (!key || !key.trim()) {
			throw ApiError.single(400, 'idempotency_key_missing', 'The header X-Service-Idempotency-Key is required for this operation');
		}
		if (key.length > 255) {
			throw ApiError.single(400, 'idempotency_key_invalid', 'X-Service-Idempotency-Key is longer than 255 characters');
		}
		if (options.uuid && !UUID.test(key)) {
			throw ApiError.single(400, 'idempotency_key_invalid', 'X-Service-Idempotency-Key must be a UUID');
		}
		return key;
	}
}

function send(reply: FastifyReply, status: number, payload: string): FastifyReply {
	return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(payload);
}

/** The store of this sandbox, created on first use and emptied on reset. */
export const idempotencyStore = perSandbox((ctx) => {
	const created = new IdempotencyStore(ctx);
	ctx.onReset(() => created.clear());
	return created;
});

/**
 * Wraps a route handler that needs X-Service-Idempotency-Key. `endpoint` names the operation
 * (e.g. 'POST /v2/external_transfers'); the same key on another endpoint is a conflict.
 *
 *   app.post('/v2/x', { config: { scope } }, (request, reply) =>
 *     withIdempotency(ctx, request, reply, 'POST /v2/x', () => ({ status: 201, body: { x } })));
 */
export function withIdempotency(
	ctx: SandboxContext,
	request: FastifyRequest,
	reply: FastifyReply,
	endpoint: string,
	handler: () => Promise<IdempotentResult> | IdempotentResult,
	options?: IdempotencyOptions,
): Promise<FastifyReply> {
	return idempotencyStore(ctx).run(request, reply, endpoint, handler, options);
}
