/**
 * Fuzz: every operation of the node (read from its registry), every parameter, fed at least 30 bad
 * values of its class (test/helpers/fuzz.ts) through n8n-core's engine against the sandbox. One
 * execution per parameter: N items, one bad value each, Continue On Fail on. It asserts that every
 * item stops with an error of its own ("Item i: <field> …", paired with item i) and that not one
 * request reaches the sandbox. A second execution without Continue On Fail checks the error's class.
 */
import type { IDataObject, INodeExecutionData, INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';

import { BusinessBankingOAuth2Api } from '../../credentials/BusinessBankingOAuth2Api.credentials';
import { PARTNER_ENDPOINT_IDS } from '../../sandbox/modules/webhooks/store';
import {
	OPTIONAL_BLANKS,
	badCredentialValues,
	badValues,
	classSizes,
	credentialSlots,
	operationsUnderTest,
	type CredentialSlot,
	type OperationUnderTest,
	type Slot,
	type ValueClass,
} from '../helpers/fuzz';
import {
	CREDENTIAL_ID,
	CredentialStore,
	bankingNode,
	clearSeenRequests,
	connectedCredential,
	registerNodeType,
	runWorkflow,
	seenRequests,
} from '../helpers/engine';
import { useTestSandbox } from '../helpers/sandbox';

const UUID = '3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d';
const SOURCE_TYPE = 'test.fuzzValues';

const PDF_BINARY = { data: Buffer.from('%PDF-1.4\n% fuzz\n%%EOF\n').toString('base64'), mimeType: 'application/pdf', fileName: 'fuzz.pdf' };

/** The values of the next execution, one per item, as they are (NaN, Dates, lone surrogates…): not JSON. */
let nextValues: unknown[] = [];

class FuzzValues implements INodeType {
	description = {
		displayName: 'Fuzz values',
		name: 'fuzzValues',
		group: ['input'],
		version: 1,
		description: 'Emits one item per bad value, the value in json.v',
		defaults: { name: 'Fuzz values' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(): Promise<INodeExecutionData[][]> {
		// Each item also carries a small PDF, for the operations that read one from a binary field.
		return [nextValues.map((v) => ({ json: { v } as IDataObject, binary: { data: { ...PDF_BINARY } } }))];
	}
}

/** A value that passes the node's own checks, per class: the baseline around the fuzzed parameter. */
const GOOD: Partial<Record<ValueClass, unknown>> = {
	text: 'Fuzz baseline',
	uuid: UUID,
	token: UUID, // the editor's By ID mode of a bank account asks for a UUID; a UUID is a token too
	amount: '12.50',
	decimal: '1',
	currency: 'EUR',
	date: '2030-01-15',
	iban: 'FR7630006000011234567890189',
	json: '{}',
	url: 'https://example.com/hook',
	email: 'fuzz@example.com',
};

const US_DETAILS = JSON.stringify({
	accountHolderName: 'Fuzz Supplies Inc',
	swiftCode: 'CHASUS33',
	accountNumber: '000123456789',
	address: { city: 'New York', country: 'US', state: 'NY', postCode: '10001', firstLine: '350 Fifth Avenue' },
});

/** What the derived baseline cannot guess (the other fields an operation needs to pass its checks). */
const OVERRIDES: Record<string, INodeParameters> = {
	'clientInvoice.create': { items: { item: [{ title: 'Line', quantity: '1', unitPrice: '10.00', vatRate: '0.2' }] }, dueDate: '2030-02-15' },
	'clientInvoice.update': { updateFields: { header: 'Fuzz' }, items: { item: [{ title: 'Line', quantity: '1', unitPrice: '10.00', vatRate: '0.2' }] } },
	'card.updateRestrictions': { restrictions: { categories: ['transport'] } },
	'insuranceContract.create': { providerSlug: 'acme-assurances' },
	'internationalTransfer.getQuote': { targetCurrency: 'USD' },
	'internationalTransfer.create': { targetCurrency: 'USD' },
	'internationalBeneficiary.create': { currency: 'USD', accountType: 'swift_code', detailsInput: 'json', detailsJson: US_DETAILS },
	'internationalBeneficiary.update': { currency: 'USD', accountType: 'swift_code', detailsInput: 'json', detailsJson: US_DETAILS },
	'clientInvoice.upload': { binaryPropertyName: 'data' },
};

function locator(property: INodeProperties, value: unknown): INodeParameters {
	const mode = property.modes?.find((candidate) => candidate.name !== 'list')?.name ?? 'id';
	return { __rl: true, mode, value } as unknown as INodeParameters;
}

function goodValue(slot: Slot): unknown {
	const value = GOOD[slot.valueClass] ?? slot.property.default;
	return slot.property.type === 'resourceLocator' ? locator(slot.property, value) : value;
}

/** Resource, operation, a good value for each required top-level field, and the operation's overrides. */
function baseline(operation: OperationUnderTest): INodeParameters {
	const parameters: INodeParameters = { resource: operation.resource, operation: operation.operation };
	for (const slot of operation.slots) {
		// Required fields shown only with another choice are filled too: n8n checks them on the raw parameters.
		if (slot.path.length === 1 && slot.required) {
			parameters[slot.property.name] = goodValue(slot) as INodeParameters[string];
		}
	}
	return { ...parameters, ...structuredClone(OVERRIDES[`${operation.resource}.${operation.operation}`] ?? {}) };
}

/** The baseline with the slot's parameter set to `={{ $json.v }}` (and what it needs to be shown). */
function fuzzedParameters(operation: OperationUnderTest, slot: Slot): INodeParameters {
	const parameters: Record<string, unknown> = { ...baseline(operation), ...slot.shownWith };
	const expression = '={{ $json.v }}';
	const value = slot.property.type === 'resourceLocator' ? locator(slot.property, expression) : expression;
	let target = parameters;
	slot.path.forEach((part, index) => {
		if (index === slot.path.length - 1) {
			Object.assign(target, slot.siblings);
			target[part] = value;
			return;
		}
		const next = slot.path[index + 1];
		const existing = target[part];
		target[part] = typeof next === 'number' ? (Array.isArray(existing) ? existing : [{}]) : { ...((existing as object) ?? {}) };
		if (Array.isArray(target[part])) target[part] = (target[part] as object[]).map((entry) => ({ ...entry }));
		target = target[part] as Record<string, unknown>;
	});
	return parameters as INodeParameters;
}

function workflow(parameters: INodeParameters, continueOnFail: boolean) {
	const node = bankingNode(parameters, { continueOnFail });
	return {
		nodes: [{ id: 'values', name: 'Values', type: SOURCE_TYPE, typeVersion: 1, position: [0, 0] as [number, number], parameters: {} }, node],
		connections: { Values: { main: [[{ node: 'Business Banking', type: 'main' as const, index: 0 }]] } },
	};
}

/** Letters and digits only, lower case: "Unit Price › Currency (items[0].unit_price.currency)" → "unitpricecurrencyitems0unitpricecurrency". */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The error names the field: its label, its parameter name, or the API field it fills (same letters). */
function namesField(message: string, slot: Slot): boolean {
	const text = squash(message);
	return [slot.property.displayName, slot.property.name].some((name) => text.includes(squash(name)));
}

const show = (value: unknown) => {
	if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…(${value.length})` : value);
	if (typeof value === 'number' || value === undefined) return String(value);
	try {
		return `${Object.prototype.toString.call(value)} ${JSON.stringify(value)}`;
	} catch {
		return Object.prototype.toString.call(value);
	}
};

const operations = operationsUnderTest();

describe('fuzz: every operation refuses bad values before any request, naming item and field', () => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	let credential: CredentialStore;
	beforeAll(() => {
		registerNodeType(SOURCE_TYPE, new FuzzValues());
		// The partner endpoint's signing secret lives in the credential.
		credential = new CredentialStore(connectedCredential(sandbox, { fields: { partnerId: 'fuzz-partner', partnerWebhookSecret: 'fuzz-partner-secret' } }));
	});

	it('covers every operation of the registry, each class with at least 30 bad values', () => {
		expect(operations.length).toBeGreaterThanOrEqual(30);
		for (const [name, size] of Object.entries(classSizes())) expect({ name, size: size >= 30 }).toEqual({ name, size: true });
		for (const operation of operations) expect({ operation: `${operation.resource}.${operation.operation}`, slots: operation.slots.length > 0 }).toMatchObject({ slots: true });
	});

	describe.each(operations.map((operation) => [`${operation.resource}.${operation.operation}`, operation] as const))('%s', (_name, operation) => {
		it('its baseline passes the local checks (a request reaches the sandbox)', async () => {
			await clearSeenRequests(sandbox);
			nextValues = [null];
			const { error } = await runWorkflow(workflow(baseline(operation), false), { credentials: new Map([[CREDENTIAL_ID, credential]]) });
			const seen = await seenRequests(sandbox);
			expect({ error: seen.length === 0 ? error?.message : undefined, requests: seen.length > 0 }).toEqual({ error: undefined, requests: true });
		});

		it.each(operation.slots.map((slot) => [slot.path.join('.'), slot] as const))('%s', async (_path, slot) => {
			const values = badValues(slot);
			nextValues = values;
			await clearSeenRequests(sandbox);
			const parameters = fuzzedParameters(operation, slot);
			const { items, error } = await runWorkflowItems(parameters, true);
			expect(error?.message).toBeUndefined();
			const requests = await seenRequests(sandbox);

			const problems: string[] = [];
			values.forEach((value, index) => {
				const output = items.filter((item) => (item.pairedItem as { item: number }).item === index);
				const message = String(output[0]?.json.error ?? '');
				if (output.length !== 1) problems.push(`item ${index} (${show(value)}): ${output.length} outputs`);
				else if (!message.startsWith(`Item ${index}: `) || !namesField(message, slot)) problems.push(`item ${index} (${show(value)}): ${message || JSON.stringify(output[0].json).slice(0, 200)}`);
			});
			expect(problems).toEqual([]);
			expect(items).toHaveLength(values.length);
			expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([]);

			// Without Continue On Fail, the first bad item stops the node with a NodeOperationError.
			const stopped = await runWorkflowItems(parameters, false);
			expect({ name: stopped.error?.name, message: stopped.error?.message?.startsWith('Item 0: ') }).toEqual({ name: 'NodeOperationError', message: true });
			expect(await seenRequests(sandbox)).toEqual([]);
		});
	});

	async function runWorkflowItems(parameters: INodeParameters, continueOnFail: boolean) {
		const result = await runWorkflow(workflow(parameters, continueOnFail), { credentials: new Map([[CREDENTIAL_ID, credential]]) });
		return { ...result, items: result.outputs['Business Banking'] ?? [] };
	}
});

/**
 * The credential: every field a user types (read from the credential type), fed blank and
 * malformed values, one execution per value (the credential is one per run), two items with
 * Continue On Fail. Each item stops with "Item i: Credential '…' › <field label> …", no request
 * reaches the sandbox, and no error shows a password field's value. A run without Continue On Fail stops on a
 * NodeOperationError.
 */
describe('fuzz: the credential\'s fields are refused blank or malformed, naming the field, before any request', () => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	const slots = credentialSlots(new BusinessBankingOAuth2Api().properties);
	/** Connected once: the tokens are minted once, each run swaps one field. */
	let connected: ReturnType<typeof connectedCredential>;
	beforeAll(() => {
		registerNodeType(SOURCE_TYPE, new FuzzValues());
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
		nextValues = [1, 2];
		const credential = new CredentialStore({ ...connected, [slot.field]: value } as typeof connected);
		const result = await runWorkflow(workflow(parametersOf(slot), continueOnFail), { credentials: new Map([[CREDENTIAL_ID, credential]]) });
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
		nextValues = [1];
		const { error } = await runWorkflow(workflow(PARAMETERS[name], false), { credentials: new Map([[CREDENTIAL_ID, new CredentialStore({ ...connected })]]) });
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
