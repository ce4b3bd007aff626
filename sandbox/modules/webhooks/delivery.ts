import axios from 'axios';
import { randomUUID } from 'crypto';

import type { SandboxContext } from '../../core/context';
import type { EventEnvelope } from '../../core/events';
import {
	PARTNER_SIGNATURE_HEADER,
	SUBSCRIPTION_SIGNATURE_HEADER,
} from '../../../nodes/BusinessBanking/schemas/webhook';
import { partnerSignature, subscriptionSignature } from './signing';
import type { DeliveryTarget, WebhookStore } from './store';

/** decisions.md: up to 8 tries, 1 s first backoff doubling, 10 s timeout. */
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

/**
 * At-least-once delivery: every event goes to each target until it answers 2xx or 8 tries have
 * failed. Retry timers are unref'd and cleared on close, so they never keep the process alive.
 */
export class Deliverer {
	readonly log: DeliveryAttempt[] = [];
	/** Pending retry waits; cancelling one resolves it at once so its delivery ends. */
	private readonly timers = new Map<NodeJS.Timeout, () => void>();
	private readonly inFlight = new Set<AbortController>();
	/** Bumped on reset and close: a delivery started before stops at its next step. */
	private generation = 0;
	private closed = false;

	constructor(
		private readonly ctx: SandboxContext,
		private readonly store: WebhookStore,
	) {}

	/** Deliveries still running, by event id (so that a duplicate can wait for the first). */
	private readonly running = new Map<string, Promise<void>>();

	/** Delivers the event to every current target; resolves once each delivery succeeded or gave up. */
	deliver(event: EventEnvelope): Promise<void> {
		if (this.closed) return Promise.resolve();
		const rawBody = JSON.stringify(event);
		const targets = this.store.targetsFor(event.organization_id, event.type);
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

	private async deliverTo(event: EventEnvelope, rawBody: string, target: DeliveryTarget): Promise<void> {
		const deliveryId = randomUUID();
		const generation = this.generation;
		for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
			if (generation !== this.generation) return;
			if (!this.stillTargeted(event, target)) {
				this.record(event, target, deliveryId, attempt, { outcome: 'cancelled', error: 'the subscription or endpoint is gone' });
				return;
			}
			const started = this.ctx.clock.now().toISOString();
			const result = await this.post(rawBody, target);
			if (generation !== this.generation) return;
			const delivered = result.status !== null && result.status >= 200 && result.status < 300;
			const last = attempt === MAX_ATTEMPTS;
			const waitMs = this.backoffMs() * 2 ** (attempt - 1);
			this.record(event, target, deliveryId, attempt, {
				started,
				status: result.status,
				error: delivered ? null : result.error,
				outcome: delivered ? 'delivered' : last ? 'failed' : 'retrying',
				nextAttemptAt: delivered || last ? null : new Date(this.ctx.clock.nowMs() + waitMs).toISOString(),
			});
			if (delivered || last) return;
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

	/** A deleted subscription or a disabled (or re-pointed) partner endpoint gets no more tries. */
	private stillTargeted(event: EventEnvelope, target: DeliveryTarget): boolean {
		if (target.kind === 'subscription') return !!this.store.subscriptions.get(event.organization_id, target.id);
		const endpoint = this.store.partnerEndpoints.get(event.organization_id, target.id);
		return !!endpoint && endpoint.enabled && endpoint.callback_url === target.callbackUrl;
	}

	private record(
		event: EventEnvelope,
		target: DeliveryTarget,
		deliveryId: string,
		attempt: number,
		result: { started?: string; status?: number | null; outcome: DeliveryAttempt['outcome']; error: string | null; nextAttemptAt?: string | null },
	): void {
		const now = this.ctx.clock.now().toISOString();
		this.log.push({
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
		});
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
