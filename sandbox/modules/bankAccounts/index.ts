import { randomUUID } from 'crypto';

import { bankAccountRequestSchema } from '../../../nodes/shared/schemas/bankAccount';
import type { BankAccount, SandboxContext } from '../../core/context';
import { ApiError } from '../../core/errors';
import { organizationId } from '../../core/guard';
import { withIdempotency } from '../../core/idempotency';
import type { SandboxModule } from '../../module';
import { makeIban } from './iban';

const SCOPE = 'bank_accounts.write';

function parseBody(body: unknown) {
	const parsed = bankAccountRequestSchema.safeParse(body ?? {});
	if (!parsed.success) throw ApiError.fromZod(parsed.error, '');
	return parsed.data.bank_account;
}

/** A national account number of the right length for each seeded country. */
const BBAN: Record<string, (n: string) => string> = {
	FR: (n) => `3000600001${n.padStart(11, '0')}07`,
	IT: (n) => `X0542811101${n.padStart(12, '0')}`,
	ES: (n) => `21000418${n.padStart(12, '0')}`,
	DE: (n) => `37040044${n.padStart(10, '0')}`,
};

/** A new account: active, empty, with a valid IBAN of the organization's country. */
function newAccount(ctx: SandboxContext, orgId: string, name: string): BankAccount {
	const country = ctx.organization(orgId).legal_country;
	const accountNumber = 2000 + ctx.bankAccounts.size;
	const bban = BBAN[country](String(accountNumber));
	return {
		id: randomUUID(),
		name,
		organization_id: orgId,
		status: 'active',
		main: false,
		iban: makeIban(country, bban),
		bic: 'QNTOFRP1XXX',
		currency: 'EUR',
		balance: 0,
		balance_cents: 0,
		authorized_balance: '0.00',
		authorized_balance_cents: 0,
		updated_at: ctx.clock.now().toISOString(),
		is_external_account: false,
		account_number: accountNumber,
	};
}

/**
 * Business accounts: POST (idempotency key required) and PATCH (name) on /v2/bank_accounts; they
 * are listed by GET /organization. Every change emits v1/accounts. Simulation control:
 * POST /sandbox/bank_accounts/{id}/close (active → closed).
 */
export const bankAccountsModule: SandboxModule = {
	name: 'bankAccounts',
	register(app, ctx) {
		app.post('/v2/bank_accounts', { config: { scope: SCOPE } }, (request, reply) =>
			withIdempotency(
				ctx,
				request,
				reply,
				'POST /v2/bank_accounts',
				() => {
					const orgId = organizationId(request);
					const { name } = parseBody(request.body);
					const account = ctx.bankAccounts.insert(orgId, newAccount(ctx, orgId, name));
					ctx.events.emit('v1/accounts', orgId, account);
					return { status: 201, body: { bank_account: account } };
				},
				{ uuid: true },
			),
		);

		app.patch<{ Params: { id: string } }>('/v2/bank_accounts/:id', { config: { scope: SCOPE } }, async (request) => {
			const orgId = organizationId(request);
			const account = ctx.bankAccounts.get(orgId, request.params.id);
			if (!account) throw ApiError.notFound('Bank account');
			const { name } = parseBody(request.body);
			const updated = ctx.bankAccounts.update(orgId, account.id, { ...account, name, updated_at: ctx.clock.now().toISOString() });
			ctx.events.emit('v1/accounts', orgId, updated);
			return { bank_account: updated };
		});

		app.post<{ Params: { id: string } }>('/sandbox/bank_accounts/:id/close', async (request) => {
			const found = ctx.bankAccounts.find(request.params.id);
			if (!found) throw ApiError.notFound('Bank account');
			if (found.row.status === 'closed') throw ApiError.single(409, 'invalid_state', 'The bank account is already closed');
			const closed = ctx.bankAccounts.update(found.organizationId, found.row.id, {
				...found.row,
				status: 'closed',
				updated_at: ctx.clock.now().toISOString(),
			});
			ctx.events.emit('v1/accounts', found.organizationId, closed);
			return { bank_account: closed };
		});
	},
};
