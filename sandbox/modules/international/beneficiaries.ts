import { randomUUID } from 'crypto';

import { internationalBeneficiarySchema } from '../../../nodes/shared/schemas/international';
import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { parseBody } from '../transfers/parse';
import { currentQuote, findQuote } from './quotes';
import { beneficiaryRequirements, checkAgainst } from './requirements';
import { international, type InternationalBeneficiary, type StoredBeneficiary } from './store';

/** The body shared by create and update, checked against the quote's beneficiary requirements. */
function validated(ctx: SandboxContext, orgId: string, body: unknown) {
	const { quote_id, payload } = parseBody(internationalBeneficiarySchema, body);
	const stored = currentQuote(ctx, orgId, findQuote(ctx, orgId, quote_id));
	const { quote } = stored;
	if (payload.currency !== quote.target_currency) {
		throw ApiError.validation('/payload/currency', `must be ${quote.target_currency}, the target currency of the quote`, 'currency_mismatch');
	}
	const forms = beneficiaryRequirements(quote, payload.details);
	const form = forms.find((f) => f.type === payload.type);
	if (!form) {
		throw ApiError.validation('/payload/type', `must be one of ${forms.map((f) => f.type).join(', ')} for ${quote.target_currency}`, 'invalid_value');
	}
	checkAgainst(form, payload.details, '/payload/details');
	return { quote, payload };
}

const newTargetAccountId = (ctx: SandboxContext) => String(148_000_000 + ctx.nextInSequence('international_accounts'));

export interface BeneficiaryResponse {
	beneficiary: InternationalBeneficiary;
	quote: unknown;
	target_account_id: string;
}

export function createBeneficiary(ctx: SandboxContext, orgId: string, body: unknown): BeneficiaryResponse {
	const { quote, payload } = validated(ctx, orgId, body);
	const now = ctx.clock.now().toISOString();
	const beneficiary: InternationalBeneficiary = {
		id: randomUUID(),
		name: String(payload.details.accountHolderName),
		currency: payload.currency,
		type: payload.type,
		details: payload.details,
		created_at: now,
		updated_at: now,
	};
	const stored = international(ctx).beneficiaries.insert(orgId, { id: beneficiary.id, beneficiary, targetAccountId: newTargetAccountId(ctx) });
	ctx.events.emit('v1/beneficiaries', orgId, beneficiary);
	return { beneficiary, quote, target_account_id: stored.targetAccountId };
}

/** New details mean a new target account: transfers must use the id this answer gives. */
export function updateBeneficiary(ctx: SandboxContext, orgId: string, id: string, body: unknown): BeneficiaryResponse {
	const table = international(ctx).beneficiaries;
	const existing = table.get(orgId, id);
	if (!existing) throw ApiError.notFound('Beneficiary');
	const { quote, payload } = validated(ctx, orgId, body);
	const beneficiary: InternationalBeneficiary = {
		...existing.beneficiary,
		name: String(payload.details.accountHolderName),
		currency: payload.currency,
		type: payload.type,
		details: payload.details,
		updated_at: ctx.clock.now().toISOString(),
	};
	const stored: StoredBeneficiary = table.update(orgId, id, { id, beneficiary, targetAccountId: newTargetAccountId(ctx) });
	ctx.events.emit('v1/beneficiaries', orgId, beneficiary);
	return { beneficiary, quote, target_account_id: stored.targetAccountId };
}
