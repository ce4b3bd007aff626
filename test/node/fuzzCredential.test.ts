/**
 * The credential: every field a user types (read from the credential type), fed blank and
 * malformed values, one execution per value (the credential is one per run), two items with
 * Continue On Fail. Each item stops with "Item i: Credential '…' › <field label> …", no request
 * reaches the sandbox, and no error shows a password field's value. A run without Continue On Fail stops on a
 * NodeOperationError.
 */
import type { INodeParameters } from 'n8n-workflow';

import { BusinessBankingOAuth2Api } from '../../credentials/BusinessBankingOAuth2Api.credentials';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import { CREDENTIAL_ID, connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runWorkflow } from '../helpers/engine/runWorkflow';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { badCredentialValues, credentialSlots, OPTIONAL_BLANKS, type CredentialSlot } from '../helpers/fuzz/credential';
import { emitNext, fuzzWorkflow, registerFuzzValues, show } from '../helpers/fuzz/fuzzWorkflow';
import { useTestSandbox } from '../helpers/sandbox';

describe('fuzz: the credential\'s fields are refused blank or malformed, naming the field, before any request', () => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	const slots = credentialSlots(new BusinessBankingOAuth2Api().properties);
	/** Connected once: the tokens are minted once, each run swaps one field. */
	let connected: ReturnType<typeof connectedCredential>;
	beforeAll(() => {
		registerFuzzValues();
		connected = connectedCredential(sandbox, { fields: { partnerId: sandbox.ctx.application.partnerId, partnerWebhookSecret: 'fuzz-partner-secret' } });
	});

	const PARAMETERS: Record<string, INodeParameters> = {
		'client.getMany': { resource: 'client', operation: 'getMany', returnAll: false, limit: 1 },
		'webhookSubscription.updatePartnerEndpoint': {
			resource: 'webhookSubscription',
			operation: 'updatePartnerEndpoint',
			endpointId: PARTNER_ENDPOINT_IDS.fr,
			callbackUrl: 'https://partner.example/hooks',
			enabled: true,
		},
	};
	const parametersOf = (slot: CredentialSlot) => PARAMETERS[`${slot.resource}.${slot.operation}`];

	async function runWith(slot: CredentialSlot, value: unknown, continueOnFail: boolean) {
		emitNext([1, 2]);
		const credential = new CredentialStore({ ...connected, [slot.field]: value } as typeof connected);
		const result = await runWorkflow(fuzzWorkflow(parametersOf(slot), continueOnFail), { credentials: new Map([[CREDENTIAL_ID, credential]]) });
		return { ...result, items: result.outputs['Business Banking'] ?? [] };
	}

	it('covers every field a user types: the addresses, the partner ID, the staging token, the organization ID and the secret', () => {
		expect(slots.map((slot) => slot.field).sort()).toEqual(
			['customAuthServerUrl', 'customBaseUrl', 'customRegisterUrl', 'organizationId', 'partnerId', 'partnerWebhookSecret', 'stagingToken'],
		);
		for (const slot of slots) expect({ field: slot.field, enough: badCredentialValues(slot).length >= 12 }).toEqual({ field: slot.field, enough: true });
	});

	it.each(Object.keys(PARAMETERS))('%s with the baseline credential sends its request', async (name) => {
		await clearSeenRequests(sandbox);
		emitNext([1]);
		const { error } = await runWorkflow(fuzzWorkflow(PARAMETERS[name], false), { credentials: new Map([[CREDENTIAL_ID, new CredentialStore({ ...connected })]]) });
		expect(error?.message).toBeUndefined();
		expect((await seenRequests(sandbox)).length).toBeGreaterThan(0);
	});

	describe.each(slots.map((slot) => [slot.label, slot] as const))('%s', (_label, slot) => {
		it('every bad value stops each item before any request, naming the field and never showing the value', async () => {
			await clearSeenRequests(sandbox);
			const problems: string[] = [];
			for (const [index, value] of badCredentialValues(slot).entries()) {
				const { items, error } = await runWith(slot, value, true);
				const messages = items.map((item) => String(item.json.error ?? ''));
				const expected = [0, 1].map((item) => `Item ${item}: Credential 'Business Banking OAuth2 API' › ${slot.label} `);
				const named = messages.length === 2 && messages.every((message, item) => message.startsWith(expected[item]));
				const shown = slot.password && typeof value === 'string' && value.trim().length > 2 && JSON.stringify(items).includes(value);
				if (error || !named || shown) problems.push(`value ${index} (${show(value)}): ${error?.message ?? (shown ? 'value shown' : messages.join(' | ') || JSON.stringify(items).slice(0, 200))}`);
			}
			expect(problems).toEqual([]);
			expect((await seenRequests(sandbox)).map((request) => `${request.method} ${request.path}`)).toEqual([]);

			const stopped = await runWith(slot, badCredentialValues(slot)[0], false);
			expect({ name: stopped.error?.name, message: stopped.error?.message }).toEqual({
				name: 'NodeOperationError',
				message: expect.stringMatching(new RegExp(`^Item 0: Credential 'Business Banking OAuth2 API' › ${slot.label} `)),
			});
			expect(await seenRequests(sandbox)).toEqual([]);
		});

		if (!slot.required) {
			it('blank is "not given": the request goes out, without it', async () => {
				for (const value of OPTIONAL_BLANKS) {
					await clearSeenRequests(sandbox);
					const { error } = await runWith(slot, value, false);
					expect({ value: show(value), error: error?.message }).toEqual({ value: show(value), error: undefined });
					const seen = await seenRequests(sandbox);
					expect(seen.length).toBeGreaterThan(0);
					if (slot.field === 'stagingToken') expect(seen.every((request) => request.headers['x-service-staging-token'] === undefined)).toBe(true);
				}
			});
		}
	});

	it('the blank partner secret is refused under its own name (issue: it used to be sent)', async () => {
		await clearSeenRequests(sandbox);
		const secret = slots.find((slot) => slot.field === 'partnerWebhookSecret')!;
		const { error } = await runWith(secret, '    ', false);
		expect(error?.message).toBe("Item 0: Credential 'Business Banking OAuth2 API' › Partner Webhook Secret is blank");
		expect(await seenRequests(sandbox, { path: '/register/*' })).toEqual([]);
	});
});
