import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { BusinessBankingOAuth2Api } from '../../credentials/BusinessBankingOAuth2Api.credentials';
import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { BusinessBankingTrigger } from '../../nodes/BusinessBankingTrigger/BusinessBankingTrigger.node';
import { OPERATIONS } from '../../nodes/BusinessBanking/actions/resources';
import { toolVariant } from '../helpers/engine/toolVariant';
import { shownProperties } from '../helpers/panel';

type Option = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every text a user reads in the editor, with where it sits: labels, help, hints, notices, option names and their help. */
function textsOf(properties: readonly Option[], where: string): Array<{ where: string; text: string }> {
	const texts: Array<{ where: string; text: string }> = [];
	for (const property of properties) {
		const here = `${where} › ${'displayName' in property ? property.displayName : property.name}`;
		for (const key of ['displayName', 'name', 'description', 'hint', 'action'] as const) {
			const text = (property as unknown as Record<string, unknown>)[key];
			// An option's `name` is its label; a property's `name` is the stored key, not shown.
			if (key === 'name' && 'displayName' in property) continue;
			if (typeof text === 'string' && text !== '') texts.push({ where: `${here} (${key})`, text });
		}
		if ('options' in property && Array.isArray(property.options)) texts.push(...textsOf(property.options as Option[], here));
		if ('values' in property && Array.isArray(property.values)) texts.push(...textsOf(property.values, here));
	}
	return texts;
}

const API_PLUMBING: Array<[string, RegExp]> = [
	['a header name', /\bX-Service-[\w-]+|\bService-Partner-Id\b|\bService-SHA256-Signature\b/i],
	// "payment_methods.iban", "organization.read": a.b of lower-case API names (not "e.g." or a decimal).
	['a JSON path', /\b(?!e\.g\b|i\.e\b)[a-z][a-z0-9_]*\.[a-z_][a-z0-9_]*\b/],
	['an API field name in snake_case', /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/],
];

/** A link's address is not read as text: only what the link says. */
const withoutAddresses = (text: string) => text.replace(/<a\s[^>]*>/g, '<a>');

function plumbingIn(texts: Array<{ where: string; text: string }>): string[] {
	return texts.flatMap(({ where, text }) =>
		API_PLUMBING.filter(([, pattern]) => pattern.test(withoutAddresses(text))).map(([what]) => `${where} names ${what}: "${text}"`),
	);
}

describe("the editor's texts speak a finance user's words, not the API's", () => {
	it('the patterns catch what they are meant to catch', () => {
		const caught = (text: string) => plumbingIn([{ where: 'x', text }]);
		expect(caught('Account the client pays to (payment_methods.iban)')).toHaveLength(2);
		expect(caught('Sent as X-Service-Sca-Session-Token')).toHaveLength(1);
		expect(caught('sent as Service-Partner-Id')).toHaveLength(1);
		expect(caught('Italy: payment_reporting.conditions')).toHaveLength(2);
		expect(caught('lacks the organization.read scope')).toHaveLength(1);
		expect(caught('Preference (X-Service-2fa-Preference)')).toHaveLength(1);
		expect(caught('e.g. "0.2" is 20 %, i.e. a fraction')).toEqual([]);
		expect(caught('see <a href="https://docs.n8n.io/code/expressions/">expression</a>')).toEqual([]);
		expect(caught('see <a href="x">the unit_price key</a>')).toHaveLength(1);
	});

	it('in every property, option and nested option of the node, every resource and operation', () => {
		const { description } = new BusinessBanking();
		const texts = [{ where: 'node', text: description.description }, ...textsOf(description.properties, 'Business Banking')];
		expect(texts.length).toBeGreaterThan(500);
		expect(plumbingIn(texts)).toEqual([]);
	});

	it('in version 2’s panel of every operation, on a regular node and on the tool (every section open)', () => {
		const regular = new BusinessBanking().description;
		const tool = toolVariant().description;
		const texts = OPERATIONS.flatMap(({ resource, operation }) =>
			[regular, tool].flatMap((description) => {
				const shown = shownProperties(description, { resource, operation, allowAiAgentUse: true, allowAiAgentIssuing: true }, 2);
				return textsOf(shown, `v2 ${description.name} › ${resource} › ${operation}`);
			}),
		);
		expect(texts.length).toBeGreaterThan(1000);
		// The Advanced collection and the AI Agent section's notice are among them.
		expect(texts.some(({ where }) => where.includes('› Advanced › Rate Limit (Requests)'))).toBe(true);
		expect(texts.some(({ text }) => text.startsWith('AI Agent: an agent may run this operation'))).toBe(true);
		expect(plumbingIn(texts)).toEqual([]);
	});

	it('in the trigger', () => {
		const { description } = new BusinessBankingTrigger();
		const texts = [{ where: 'trigger', text: description.description }, ...textsOf(description.properties, 'Business Banking Trigger')];
		expect(plumbingIn(texts)).toEqual([]);
	});

	it("in the credential, its fields and its test's messages", () => {
		const credential = new BusinessBankingOAuth2Api();
		const shown = credential.properties.filter((property) => property.type !== 'hidden');
		const ruleMessages = (credential.test.rules ?? []).map((rule, index) => ({
			where: `credential test rule ${index}`,
			text: String((rule.properties as { message?: string }).message ?? ''),
		}));
		expect(plumbingIn([...textsOf(shown, credential.displayName), ...ruleMessages])).toEqual([]);
	});
});

describe('labels a finance user reads as meant', () => {
	const { properties } = new BusinessBanking().description;
	const shownFor = (resource: string, operation: string) =>
		properties.filter((property) => property.displayOptions?.show?.resource?.includes(resource) && property.displayOptions.show.operation?.includes(operation));
	const optionNames = (property: INodeProperties | undefined) => (property?.options as INodePropertyOptions[]).map((option) => option.name);

	it('the Factur-X action says what it downloads, never the misspelt "factur x" (n8n\'s sentence-case rule allows no "Factur-X")', () => {
		const picker = properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('clientInvoice'));
		const download = (picker?.options as INodePropertyOptions[]).find((option) => option.value === 'downloadFacturX');
		expect(download?.name).toBe('Download Factur-X');
		expect(download?.action).toBe('Download the PDF and embedded XML of a client invoice');
	});

	it("Skip If It Already Exists names the client's fields with their own labels", () => {
		const additional = shownFor('client', 'create').find((property) => property.name === 'additionalFields')?.options as INodeProperties[];
		const skip = (shownFor('client', 'create').find((property) => property.name === 'options')?.options as INodeProperties[]).find((option) => option.name === 'skipExisting');
		for (const option of (skip?.options as INodePropertyOptions[]).filter((entry) => entry.value !== 'no')) {
			const field = additional.find((property) => property.name === option.value);
			expect(option.name).toBe(`Same ${field?.displayName}`);
			expect(option.description).toContain(`this ${field?.displayName}`);
		}
	});

	it('schedules are listed in the order of a calendar, not the alphabet', () => {
		expect(optionNames(shownFor('directDebit', 'createSubscription').find((property) => property.name === 'scheduleType'))).toEqual(['Once', 'Weekly', 'Monthly', 'Quarterly', 'Yearly']);
		expect(optionNames(shownFor('insuranceContract', 'create').find((property) => property.name === 'paymentFrequency'))).toEqual(['Once', 'Monthly', 'Quarterly', 'Half-Yearly', 'Yearly']);
	});

	it("an invoice's lines are invoice lines, never n8n's items", () => {
		for (const operation of ['create', 'update']) {
			const texts = textsOf(shownFor('clientInvoice', operation).filter((property) => ['itemsInput', 'items', 'itemsJson'].includes(property.name)), operation);
			const labels = [...texts, ...shownFor('clientInvoice', operation).filter((property) => property.placeholder).map((property) => ({ where: property.name, text: String(property.placeholder) }))];
			expect(texts.length).toBeGreaterThan(10);
			expect(labels.filter(({ text }) => /\bitems?\b/i.test(text.replace(/input item/gi, '')))).toEqual([]);
		}
	});
});
