import type { SandboxContext } from '../../core/context';
import { SEED } from '../../core/seed';
import { cardsOf, type Card } from './store';

type OrgKey = keyof typeof SEED.organizations;

/** Fixed ids: …-0000000{org}{n}; n = 1 physical active, 2 virtual active, 3 physical pending. */
export function seededCardId(organization: OrgKey, n: 1 | 2 | 3): string {
	const org = Object.keys(SEED.organizations).indexOf(organization) + 1;
	return `ca4d0000-0000-4000-8000-00000000${org}${String(n).padStart(3, '0')}`;
}

const WEEKDAYS_ALL = [1, 2, 3, 4, 5, 6, 7];

function card(ctx: SandboxContext, organization: OrgKey, n: 1 | 2 | 3): Card {
	const orgId = SEED.organizations[organization];
	const account = ctx.bankAccounts.list(orgId).find((a) => a.main) ?? ctx.bankAccounts.list(orgId)[0];
	const last = `${4 + n}${organization === 'fr' ? 1 : organization === 'it' ? 2 : organization === 'es' ? 3 : 4}0${n}`;
	const physical = n !== 2;
	const pending = n === 3;
	return {
		id: seededCardId(organization, n),
		nickname: ['Main card', 'Online subscriptions', 'Team card'][n - 1],
		embossed_name: 'CAMILLE OWNER',
		status: pending ? 'pending' : 'active',
		pin_set: !pending && physical,
		mask_pan: `•••• •••• •••• ${last}`,
		exp_month: '09',
		exp_year: '2029',
		last_activity_at: pending ? null : '2026-01-15T12:04:00.000Z',
		last_digits: last,
		ship_to_business: physical,
		atm_option: physical,
		nfc_option: physical,
		online_option: true,
		foreign_option: !pending,
		atm_monthly_limit: physical ? 1000 : 0,
		atm_monthly_spent: n === 1 ? 120 : 0,
		atm_daily_limit: physical ? 500 : 0,
		atm_daily_spent: 0,
		atm_daily_limit_option: physical,
		payment_monthly_limit: n === 2 ? 500 : 5000,
		payment_monthly_spent: n === 1 ? 1843 : n === 2 ? 64 : 0,
		payment_daily_limit: n === 2 ? 200 : 2000,
		payment_daily_spent: 0,
		payment_daily_limit_option: true,
		payment_transaction_limit: n === 2 ? 100 : 1000,
		payment_transaction_limit_option: n === 2,
		active_days: [...WEEKDAYS_ALL],
		holder_id: SEED.userId,
		initiator_id: SEED.userId,
		bank_account_id: account.id,
		organization_id: orgId,
		updated_at: pending ? '2026-01-18T08:00:00.000Z' : '2025-09-01T10:00:00.000Z',
		created_at: pending ? '2026-01-18T08:00:00.000Z' : '2025-09-01T10:00:00.000Z',
		shipped_at: physical && !pending ? '2025-09-02T07:00:00.000Z' : null,
		card_type: physical ? 'physical' : 'virtual',
		card_level: physical ? 'standard' : 'virtual',
		payment_lifespan_limit: 0,
		payment_lifespan_spent: 0,
		pre_expires_at: null,
		categories: n === 2 ? ['online_service'] : [],
		renewed: false,
		renewal: false,
		parent_card_summary: null,
		had_operation: !pending,
		had_pin_operation: n === 1,
		card_design: physical ? 'standard.recycled.plastic.2023' : 'virtual.default.2017',
		type_of_print: physical ? 'print' : null,
		upsold: false,
		upsell: false,
		discard_on: null,
		reordered: false,
		has_only_user_liftable_locks: false,
	};
}

/** Per organization: an active physical card, an active virtual card, a physical card not yet activated. */
export function seedCards(ctx: SandboxContext): void {
	const cards = cardsOf(ctx);
	for (const organization of Object.keys(SEED.organizations) as OrgKey[]) {
		for (const n of [1, 2, 3] as const) cards.insert(SEED.organizations[organization], card(ctx, organization, n));
	}
}
