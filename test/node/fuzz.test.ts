/**
 * Fuzz: every operation of the node (read from its registry), every parameter, fed at least 30 bad
 * values of its class (test/helpers/fuzz/) through n8n-core's engine against the sandbox. One
 * execution per parameter: N items, one bad value each, Continue On Fail on. It asserts that every
 * item stops with an error of its own ("Item i: <field> …", paired with item i) and that not one
 * request reaches the sandbox. A second execution without Continue On Fail checks the error's class.
 * The credential's fields are fuzzed in fuzzCredential.test.ts.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { CREDENTIAL_ID, connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runWorkflow } from '../helpers/engine/runWorkflow';
import { clearSeenRequests, seenRequests } from '../helpers/engine/sandboxControls';
import { badValues, classSizes } from '../helpers/fuzz/badValues';
import { emitNext, fuzzWorkflow, registerFuzzValues, show } from '../helpers/fuzz/fuzzWorkflow';
import { operationsUnderTest, type OperationUnderTest, type Slot, type ValueClass } from '../helpers/fuzz/slots';
import { useTestSandbox } from '../helpers/sandbox';

const UUID = '3f1c2b7e-8a4d-4c1e-9b2f-0d5e6a7b8c9d';

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

/** Letters and digits only, lower case: "Unit Price › Currency (items[0].unit_price.currency)" → "unitpricecurrencyitems0unitpricecurrency". */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The error names the field: its label, its parameter name, or the API field it fills (same letters). */
function namesField(message: string, slot: Slot): boolean {
	const text = squash(message);
	return [slot.property.displayName, slot.property.name].some((name) => text.includes(squash(name)));
}

const operations = operationsUnderTest();

describe('fuzz: every operation refuses bad values before any request, naming item and field', () => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	let credential: CredentialStore;
	beforeAll(() => {
		registerFuzzValues();
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
			emitNext([null]);
			const { error } = await runWorkflow(fuzzWorkflow(baseline(operation), false), { credentials: new Map([[CREDENTIAL_ID, credential]]) });
			const seen = await seenRequests(sandbox);
			expect({ error: seen.length === 0 ? error?.message : undefined, requests: seen.length > 0 }).toEqual({ error: undefined, requests: true });
		});

		it.each(operation.slots.map((slot) => [slot.path.join('.'), slot] as const))('%s', async (_path, slot) => {
			const values = badValues(slot);
			emitNext(values);
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
		const result = await runWorkflow(fuzzWorkflow(parameters, continueOnFail), { credentials: new Map([[CREDENTIAL_ID, credential]]) });
		return { ...result, items: result.outputs['Business Banking'] ?? [] };
	}
});
