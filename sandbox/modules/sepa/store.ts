import { Collection } from '../../core/collection';
import type { SandboxContext } from '../../core/context';
import { perSandbox } from '../../core/perSandbox';
import type { ScheduleType } from '../../../nodes/shared/schemas/sepa';

/** A mandate's schedule: one collection only, or any number (decisions: README Assumptions). */
export type MandateSchedule = 'one_off' | 'recurring';

export interface Mandate {
	id: string;
	unique_mandate_reference: string;
	client_id: string;
	status: 'pending_signature' | 'active';
	created_at: string;
	mandate_signature_date: string | null;
	schedule_type: MandateSchedule;
	notify_client: boolean;
	sign_url: string | null;
}

export interface Subscription {
	id: string;
	direct_debit_mandate_id: string;
	bank_account_id: string;
	initial_collection_date: string;
	amount: { value: string; currency: 'EUR' };
	reference: string;
	status: 'pending' | 'active';
	schedule_type: ScheduleType;
	notify_client: boolean;
	created_at: string;
	sign_url: string | null;
}

export interface SepaState {
	mandates: Collection<Mandate>;
	subscriptions: Collection<Subscription>;
}

/** The mandates and subscriptions of one sandbox (tests read them to see what changed). */
export const sepaOf = perSandbox(
	(ctx): SepaState => ({ mandates: ctx.collection<Mandate>('sepa_mandates'), subscriptions: ctx.collection<Subscription>('sepa_subscriptions') }),
);

export function clearSepa(ctx: SandboxContext): void {
	const state = sepaOf(ctx);
	state.mandates.clear();
	state.subscriptions.clear();
}
