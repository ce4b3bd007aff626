import { randomUUID } from 'crypto';

import type { Clock } from './clock';

/** The envelope of every delivery (docs/assumptions.md, Webhooks). */
export interface EventEnvelope {
	id: string;
	type: string;
	created_at: string;
	organization_id: string;
	data: unknown;
}

type Listener = (event: EventEnvelope) => void;

/** Resources publish their changes here; the webhook module delivers them. */
export class EventBus {
	private readonly listeners: Listener[] = [];

	constructor(private readonly clock: Clock) {}

	subscribe(listener: Listener): void {
		this.listeners.push(listener);
	}

	emit(type: string, organizationId: string, data: unknown): EventEnvelope {
		const event: EventEnvelope = {
			id: randomUUID(),
			type,
			created_at: this.clock.now().toISOString(),
			organization_id: organizationId,
			data,
		};
		for (const listener of this.listeners) listener(event);
		return event;
	}
}
