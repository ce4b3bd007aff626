import axios from 'axios';
import { randomUUID } from 'crypto';

import type { SandboxContext } from '../../core/context';
import type { EventEnvelope } from '../../core/events';
import type { StoredMap } from '../../core/storedMap';
import {
	PARTNER_SIGNATURE_HEADER,
	SUBSCRIPTION_SIGNATURE_HEADER,
} from '../../../nodes/shared/schemas/webhook';
import { partnerSignature, subscriptionSignature } from './signing';
import type { DeliveryTarget, WebhookStore } from './store';

/** docs/assumptions.md: up to 8 tries, 1 s first backoff doubling, 10 s timeout. */
export const MAX_ATTEMPTS = 8;
const DEFAULT_BACKOFF_MS = 1000;
const DEFAULT_TIMEOUT_MS = 10_000;

/** One attempt to deliver one event to one target: a line of the delivery log. */
export interface DeliveryAttempt {
	delivery_id: string;
	event_id: string;
	event_type: string;
	organization_id: string;
	target: { kind: DeliveryTarget['kind']; id: string; callback_url: string };
	attempt: number;
	/** The receiver's HTTP status, or null when none came (timeout, refused connection). */
	status_code: number | null;
	outcome: 'delivered' | 'retrying' | 'failed' | 'cancelled';
	error: string | null;
	started_at: string;
	finished_at: string;
	next_attempt_at: string | null;
}

/** A delivery not finished yet: its next attempt and when it is due (sandbox clock). */
interface PendingDelivery {
	event: EventEnvelope;
	target: DeliveryTarget;
	attempt: number;
	dueAtMs: number;
}

/**
 * At-least-once delivery: every event goes to each target until it answers 2xx or 8 tries have
 * failed. Retry timers are unref'd and cleared on close, so they never keep the process alive.
 * The log and each unfinished delivery are kept with the state: after a restart the pending ones
 * carry on (`resume`) with their next attempt, under the same delivery id.
 */
export class Deliverer {
	readonly log: DeliveryAttempt[];
	private readonly storedLog: StoredMap<DeliveryAttempt>;
	private readonly pending: StoredMap<PendingDelivery>;
	/** Pending retry waits; cancelling one resolves it at once so its delivery ends. */
	private readonly timers = new Map<NodeJS.Timeout, () => void>();
	private readonly inFlight = new Set<AbortController>();
	/** Bumped on reset and close: a delivery started before stops at its next step. */
	private generation = 0;
	private closed = false;

	constructor(
		private readonly ctx: SandboxContext,
		private readonly store: WebhookStore,
	) {
		this.storedLog = ctx.storedMap('webhook_delivery_log');
		this.pending = ctx.storedMap('webhook_pending_deliveries');
		this.log = [...this.storedLog.values()];
	}

	/** Deliveries still running, by event id (so that a duplicate can wait for the first). */
	private readonly running = new Map<string, Promise<void>>();

	/** Delivers the event to every current target; resolves once each delivery succeeded or gave up. */
	deliver(event: EventEnvelope): Promise<void> {
		if (this.closed) return Promise.resolve();
		const targets = this.store.targetsFor(event.organization_id, event.type);
		if (targets.length === 0) {
			// Nobody listens (the usual case): no serialization, nothing to wait for. What an empty
			// run would have done once settled: forget what ran for this event before.
			this.running.delete(event.id);
			return Promise.resolve();
		}
		const rawBody = JSON.stringify(event);
		const run = Promise.all(targets.map((target) => this.deliverTo(event, rawBody, target))).then(() => {
			if (this.running.get(event.id) === run) this.running.delete(event.id);
		});
		this.running.set(event.id, run);
		return run;
	}

	/** Delivers the event once more after its running deliveries settled (a simulated duplicate). */
	redeliverAfterSettled(event: EventEnvelope): Promise<void> {
		const chained = this.settled(event.id).then(() => this.deliver(event));
		// Until the second delivery starts, waiting for the event means waiting for both.
		this.running.set(event.id, chained);
		return chained;
	}

	/** Resolves when the deliveries of this event now running (and a duplicate queued) have settled. */
	settled(eventId: string): Promise<void> {
		return this.running.get(eventId) ?? Promise.resolve();
	}

	/** After a restart: every delivery that was unfinished continues with its next attempt, when due. */
	resume(): void {
		const generation = this.generation;
		for (const [deliveryId, pending] of this.pending) {
			const rawBody = JSON.stringify(pending.event);
			const run = this.wait(Math.max(0, pending.dueAtMs - this.ctx.clock.nowMs())).then(() =>
				// Not after a reset or close that came during the wait.
				generation === this.generation ? this.deliverTo(pending.event, rawBody, pending.target, deliveryId, pending.attempt) : undefined,
			);
			const before = this.running.get(pending.event.id);
			const all: Promise<void> = Promise.all([before, run]).then(() => {
				if (this.running.get(pending.event.id) === all) this.running.delete(pending.event.id);
			});
			this.running.set(pending.event.id, all);
		}
	}

	private async deliverTo(event: EventEnvelope, rawBody: string, target: DeliveryTarget, deliveryId: string = randomUUID(), firstAttempt = 1): Promise<void> {
		const generation = this.generation;
		for (let attempt = firstAttempt; attempt <= MAX_ATTEMPTS; attempt++) {
			if (generation !== this.generation) return;
			const current = this.currentTarget(event, target);
			if (!current) {
				this.record(event, target, deliveryId, attempt, { outcome: 'cancelled', error: 'the subscription or endpoint is gone' });
				this.pending.delete(deliveryId);
				return;
			}
			target = current;
			// Kept before the try: a sandbox stopped during it tries this attempt again on its next start.
			this.pending.set(deliveryId, { event, target, attempt, dueAtMs: this.ctx.clock.nowMs() });
			const started = this.ctx.clock.now().toISOString();
			const result = await this.post(rawBody, target);
			if (generation !== this.generation) return;
			const delivered = result.status !== null && result.status >= 200 && result.status < 300;
			const last = attempt === MAX_ATTEMPTS;
			const waitMs = this.backoffMs() * 2 ** (attempt - 1);
			const nextAttemptAtMs = this.ctx.clock.nowMs() + waitMs;
			this.record(event, target, deliveryId, attempt, {
				started,
				status: result.status,
				error: delivered ? null : result.error,
				outcome: delivered ? 'delivered' : last ? 'failed' : 'retrying',
				nextAttemptAt: delivered || last ? null : new Date(nextAttemptAtMs).toISOString(),
			});
			if (delivered || last) {
				this.pending.delete(deliveryId);
				return;
			}
			this.pending.set(deliveryId, { event, target, attempt: attempt + 1, dueAtMs: nextAttemptAtMs });
			await this.wait(waitMs);
		}
	}

	private async post(rawBody: string, target: DeliveryTarget): Promise<{ status: number | null; error: string | null }> {
		const headers: Record<string, string> = {
			'Content-Type': 'application/json',
			'User-Agent': 'business-banking-sandbox-webhooks/1',
		};
		if (target.kind === 'subscription') {
			const t = Math.floor(this.ctx.clock.nowMs() / 1000);
			headers[SUBSCRIPTION_SIGNATURE_HEADER] = subscriptionSignature(target.secret, rawBody, t);
		} else {
			headers[PARTNER_SIGNATURE_HEADER] = partnerSignature(target.secret, rawBody);
		}
		const controller = new AbortController();
		this.inFlight.add(controller);
		try {
			const response = await axios.post(target.callbackUrl, rawBody, {
				headers,
				timeout: this.ctx.options.deliveryTimeoutMs ?? DEFAULT_TIMEOUT_MS,
				signal: controller.signal,
				maxRedirects: 0,
				// The signed bytes must be the bytes sent: no re-serialization.
				transformRequest: [(data: string) => data],
				responseType: 'text',
				validateStatus: () => true,
			});
			return { status: response.status, error: response.status >= 300 ? `HTTP ${response.status}` : null };
		} catch (error) {
			return { status: null, error: axios.isAxiosError(error) ? (error.code ?? error.message) : String(error) };
		} finally {
			this.inFlight.delete(controller);
		}
	}

	/**
	 * The target as it is now, or undefined: a deleted subscription or a disabled (or re-pointed)
	 * partner endpoint gets no more tries. Each try of a partner delivery is signed with the secret
	 * the last PATCH set, so a try after a rotation carries the new one.
	 */
	private currentTarget(event: EventEnvelope, target: DeliveryTarget): DeliveryTarget | undefined {
		if (target.kind === 'subscription') return this.store.subscriptions.get(event.organization_id, target.id) ? target : undefined;
		const endpoint = this.store.partnerEndpoints.get(event.organization_id, target.id);
		if (!endpoint || !endpoint.enabled || endpoint.callback_url !== target.callbackUrl || !endpoint.secret) return undefined;
		return { ...target, secret: endpoint.secret };
	}

	private record(
		event: EventEnvelope,
		target: DeliveryTarget,
		deliveryId: string,
		attempt: number,
		result: { started?: string; status?: number | null; outcome: DeliveryAttempt['outcome']; error: string | null; nextAttemptAt?: string | null },
	): void {
		const now = this.ctx.clock.now().toISOString();
		const entry: DeliveryAttempt = {
			delivery_id: deliveryId,
			event_id: event.id,
			event_type: event.type,
			organization_id: event.organization_id,
			target: { kind: target.kind, id: target.id, callback_url: target.callbackUrl },
			attempt,
			status_code: result.status ?? null,
			outcome: result.outcome,
			error: result.error,
			started_at: result.started ?? now,
			finished_at: now,
			next_attempt_at: result.nextAttemptAt ?? null,
		};
		this.log.push(entry);
		// Keyed by position: loaded back in order.
		this.storedLog.set(String(this.log.length).padStart(12, '0'), entry);
	}

	private backoffMs(): number {
		return this.ctx.options.deliveryBackoffMs ?? DEFAULT_BACKOFF_MS;
	}

	private wait(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			timer.unref();
			this.timers.set(timer, resolve);
		});
	}

	/** Forgets the log and abandons pending retries (sandbox reset). */
	reset(): void {
		this.generation++;
		this.log.length = 0;
		this.storedLog.clear();
		this.pending.clear();
		this.cancelPending();
	}

	close(): void {
		this.closed = true;
		this.generation++;
		this.cancelPending();
	}

	private cancelPending(): void {
		for (const [timer, resolve] of this.timers) {
			clearTimeout(timer);
			resolve();
		}
		this.timers.clear();
		for (const controller of this.inFlight) controller.abort();
	}
}
