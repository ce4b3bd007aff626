import { randomBytes } from 'crypto';

import {
	payeeVerificationSchema,
	payeeVerificationSkipSchema,
	type PayeeVerificationResult,
} from '../../../nodes/shared/schemas/transfer';
import type { SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { perSandbox } from '../../core/perSandbox';
import type { SandboxModule } from '../../module';
import { isValidIban } from '../bankAccounts/iban';
import { ACCOUNT_HOLDERS } from '../beneficiaries/store';
import { compareNames } from './nameMatch';
import { parseBody } from './parse';

/** docs/assumptions.md: a proof token is valid 10 minutes and for one transfer to that IBAN. */
export const VOP_TOKEN_TTL_MS = 10 * 60 * 1000;

interface ProofToken {
	organizationId: string;
	iban: string;
	expiresAt: number;
	usedBy?: string;
}

const tokens = perSandbox((ctx) => {
	const created = ctx.storedMap<ProofToken>('payee_verification_tokens');
	ctx.onReset(() => created.clear());
	return created;
});

function issueToken(ctx: SandboxContext, orgId: string, iban: string): string {
	const token = `vop_${randomBytes(18).toString('base64url')}`;
	tokens(ctx).set(token, { organizationId: orgId, iban, expiresAt: ctx.clock.nowMs() + VOP_TOKEN_TTL_MS });
	return token;
}

/**
 * Checks that a transfer may use the token; throws the 422 a transfer gets otherwise. Returns
 * `consume`, to be called once the transfer is committed.
 */
export function checkProofToken(ctx: SandboxContext, orgId: string, token: string, iban: string): (transferId: string) => void {
	const entry = tokens(ctx).get(token);
	const fail = (code: string, detail: string) => ApiError.validation('/vop_proof_token', detail, code);
	if (!entry || entry.organizationId !== orgId) throw fail('vop_proof_token_invalid', 'vop_proof_token is unknown; verify the payee first');
	if (entry.expiresAt <= ctx.clock.nowMs()) throw fail('vop_proof_token_expired', 'vop_proof_token has expired (valid 10 minutes); verify the payee again');
	if (entry.usedBy) throw fail('vop_proof_token_used', 'vop_proof_token was already used for another transfer; verify the payee again');
	if (entry.iban !== iban) throw fail('vop_proof_token_iban_mismatch', "vop_proof_token was issued for another IBAN than the beneficiary's");
	return (transferId) => {
		tokens(ctx).set(token, { ...entry, usedBy: transferId });
	};
}

/** Who holds an IBAN, as far as the sandbox's banks know: seeded payees and the organizations' accounts. */
function holderOf(ctx: SandboxContext, iban: string): string | undefined {
	const holder = ACCOUNT_HOLDERS.get(iban);
	if (holder) return holder;
	const account = ctx.bankAccounts.all().find((a) => a.iban === iban);
	return account ? ctx.organization(account.organization_id).legal_name : undefined;
}

function checkIban(iban: string): void {
	if (!isValidIban(iban)) throw ApiError.validation('/iban', 'the check digits are wrong', 'invalid_iban');
}

/**
 * Verification of payee: POST /v2/payee_verifications {iban, beneficiary_name} and
 * POST /v2/payee_verifications/skip {iban}; both hand out a vop_proof_token. An IBAN the sandbox
 * knows no holder for answers not_possible.
 */
export const payeeVerificationModule: SandboxModule = {
	name: 'payeeVerification',
	register(app, ctx) {
		tokens(ctx);
		app.post('/v2/payee_verifications', { config: { scope: 'transfers.write' } }, async (request, reply) => {
			const { iban, beneficiary_name } = parseBody(payeeVerificationSchema, request.body);
			checkIban(iban);
			const holder = holderOf(ctx, iban);
			const result: PayeeVerificationResult = holder ? compareNames(beneficiary_name, holder) : 'not_possible';
			const matchedName = result === 'match' || result === 'close_match' ? holder : null;
			return reply.code(201).send({
				payee_verification: {
					result,
					matched_name: matchedName,
					vop_proof_token: issueToken(ctx, organizationId(request), iban),
				},
			});
		});

		app.post('/v2/payee_verifications/skip', { config: { scope: 'transfers.write' } }, async (request, reply) => {
			const { iban } = parseBody(payeeVerificationSkipSchema, request.body);
			checkIban(iban);
			return reply.code(201).send({ vop_proof_token: issueToken(ctx, organizationId(request), iban) });
		});
	},
};
