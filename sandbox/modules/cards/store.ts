import { perSandbox } from '../../core/perSandbox';
import type { CardCategory } from '../../../nodes/shared/schemas/card';

/** A card with every field of the spec. Limits and spent values are integers (euros), options booleans. */
export interface Card {
	id: string;
	nickname: string;
	embossed_name: string;
	status: 'pending' | 'active';
	pin_set: boolean;
	mask_pan: string;
	exp_month: string;
	exp_year: string;
	last_activity_at: string | null;
	last_digits: string;
	ship_to_business: boolean;
	atm_option: boolean;
	nfc_option: boolean;
	online_option: boolean;
	foreign_option: boolean;
	atm_monthly_limit: number;
	atm_monthly_spent: number;
	atm_daily_limit: number;
	atm_daily_spent: number;
	atm_daily_limit_option: boolean;
	payment_monthly_limit: number;
	payment_monthly_spent: number;
	payment_daily_limit: number;
	payment_daily_spent: number;
	payment_daily_limit_option: boolean;
	payment_transaction_limit: number;
	payment_transaction_limit_option: boolean;
	active_days: number[];
	holder_id: string;
	initiator_id: string;
	bank_account_id: string;
	organization_id: string;
	updated_at: string;
	created_at: string;
	shipped_at: string | null;
	card_type: 'physical' | 'virtual' | 'flash';
	card_level: 'standard' | 'plus' | 'metal' | 'virtual' | 'flash';
	payment_lifespan_limit: number;
	payment_lifespan_spent: number;
	pre_expires_at: string | null;
	categories: CardCategory[];
	renewed: boolean;
	renewal: boolean;
	parent_card_summary: { id: string; last_digits: string } | null;
	had_operation: boolean;
	had_pin_operation: boolean;
	card_design: string;
	type_of_print: 'embossed' | 'print' | null;
	upsold: boolean;
	upsell: boolean;
	discard_on: string | null;
	reordered: boolean;
	has_only_user_liftable_locks: boolean;
}

/** The cards of one sandbox. */
export const cardsOf = perSandbox((ctx) => ctx.collection<Card>('cards'));
