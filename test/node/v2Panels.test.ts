// Version 2 of the node beside version 1: what each version's panel offers (the fields of the v2 plan),
// the pickers' lists (n8n-core's LoadOptionsContext against the sandbox), and Client › Create without
// the Deprecated Fields (engine run: a value left from version 1 is not sent).
import { NodeHelpers, type INode, type INodeProperties, type INodeParameters } from 'n8n-workflow';

import { SEED } from '../../sandbox/core/seed';
import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runListSearch } from '../helpers/engine/editor';
import { runNode } from '../helpers/engine/runNode';
import { seenRequests } from '../helpers/engine/sandboxControls';
import { client, useClientSandbox } from './clientSandbox';

const { properties } = new BusinessBanking().description;

/** The parameters shown on a node of `version` with `parameters`, as n8n's editor decides it. */
function shown(version: number, parameters: INodeParameters): INodeProperties[] {
	const node = { typeVersion: version, parameters } as unknown as INode;
	const { description } = new BusinessBanking();
	return properties.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description));
}
const named = (version: number, parameters: INodeParameters, name: string) => shown(version, parameters).find((property) => property.name === name);
const lineFields = (version: number, parameters: INodeParameters) =>
	((named(version, parameters, 'items')?.options as Array<{ values: INodeProperties[] }>)[0].values).map((field) => [field.name, field.type, field.default]);

describe('what each version shows', () => {
	const create = { resource: 'clientInvoice', operation: 'create', itemsInput: 'fields' };

	it('Client Invoice › Create: v2 starts as a draft and picks the IBAN; v1 keeps Unpaid and a typed IBAN', () => {
		expect([named(2, create, 'status')?.default, named(2, create, 'iban')?.type]).toEqual(['draft', 'resourceLocator']);
		expect(named(2, create, 'iban')?.modes?.map((mode) => mode.name)).toEqual(['list', 'iban']);
		expect([named(1, create, 'status')?.default, named(1, create, 'iban')?.type]).toEqual(['unpaid', 'string']);
	});

	it('an invoice line: v2 has a Quantity number, a VAT rate in percent and no currency of its own', () => {
		expect(lineFields(2, create)).toEqual([
			['title', 'string', ''],
			['quantity', 'number', 1],
			['unitPrice', 'string', ''],
			['vatRate', 'string', '20'],
			['description', 'string', ''],
			['unit', 'string', ''],
			['vatExemptionReason', 'string', ''],
			['discountType', 'options', 'none'],
			['discountValue', 'string', ''],
		]);
		expect(lineFields(1, create).map(([name]) => name)).toContain('unitPriceCurrency');
		expect(lineFields(1, create).find(([name]) => name === 'vatRate')).toEqual(['vatRate', 'string', '0.2']);
	});

	it('Client Invoice › Create v2: one Additional Fields (Settings Overrides and the country fields in it), Options with the re-run choices, Advanced; v1 keeps its five collections', () => {
		const collections = (version: number) => shown(version, create).filter((property) => property.type === 'collection').map((property) => property.name);
		expect(collections(2)).toEqual(['additionalFields', 'options', 'advanced']);
		expect(collections(1)).toEqual(['additionalFields', 'settings', 'italySpain', 'options', 'rateLimit']);
		const additional = named(2, create, 'additionalFields')?.options as INodeProperties[];
		const names = additional.map((option) => option.name);
		expect(names).toEqual(expect.arrayContaining(['attachPdfBinaryProperty', 'number', 'late_payment_penalties', 'vat_number', 'countrySpecificFields', 'welfareFundRate', 'withholdingTaxRate']));
		expect(additional.map((option) => option.displayName)).toEqual([...additional.map((option) => option.displayName)].sort((a, b) => a.localeCompare(b)));
		// A country's fields are offered only while that country is chosen (n8n's editor resolves a collection option's displayOptions within the collection).
		const offered = (country: string | undefined) =>
			additional
				.filter((option) => NodeHelpers.displayParameter(country ? { countrySpecificFields: country } : {}, option, { typeVersion: 2, parameters: {} } as unknown as INode, new BusinessBanking().description))
				.map((option) => option.name);
		expect(offered(undefined)).not.toContain('withholdingTaxRate');
		expect(offered('spain')).toContain('withholdingTaxRate');
		expect(offered('spain')).not.toContain('welfareFundRate');
		expect(offered('italy')).toEqual(expect.arrayContaining(['welfareFundRate', 'withholdingTaxRate', 'stampDutyAmount', 'reportEinvoicing']));
		expect((named(2, create, 'options')?.options as INodeProperties[]).map((option) => option.name)).toEqual(['skipExisting', 'makeAgain']);
		expect((named(2, create, 'advanced')?.options as INodeProperties[]).map((option) => option.name)).toEqual(['batchConcurrency', 'rateLimitRequests', 'rateLimitWindowSeconds', 'rememberDays']);
	});

	it('Get Many’s client filter, International Transfer’s From Account, Webhook Subscription › Get: locators in v2 only', () => {
		const filter = (version: number) => (named(version, { resource: 'clientInvoice', operation: 'getMany' }, 'filters')?.options as INodeProperties[]).find((option) => option.name === 'clientId');
		expect([filter(1)?.type, filter(2)?.type]).toEqual(['string', 'resourceLocator']);
		const transfer = { resource: 'internationalTransfer', operation: 'create' };
		expect(named(2, transfer, 'bankAccountId')?.type).toBe('resourceLocator');
		expect((named(2, transfer, 'options')?.options as INodeProperties[]).map((option) => option.name)).not.toContain('bankAccountId');
		expect(named(1, transfer, 'bankAccountId')).toBeUndefined();
		expect((named(1, transfer, 'options')?.options as INodeProperties[]).map((option) => option.name)).toContain('bankAccountId');
		const webhook = { resource: 'webhookSubscription', operation: 'get' };
		expect([named(1, webhook, 'subscriptionId')?.type, named(2, webhook, 'subscriptionId')?.type]).toEqual(['string', 'resourceLocator']);
	});

	it('Client › Create and Update: Deprecated Fields in v1 only', () => {
		for (const operation of ['create', 'update']) {
			expect(named(2, { resource: 'client', operation }, 'deprecatedFields')).toBeUndefined();
			expect(named(1, { resource: 'client', operation }, 'deprecatedFields')?.type).toBe('collection');
		}
	});
});

describe('the pickers’ lists', () => {
	const { sandbox } = useClientSandbox();
	let credential: CredentialStore;
	beforeAll(() => {
		credential = new CredentialStore(connectedCredential(sandbox));
	});

	it('the invoice’s IBAN: the organization’s accounts by name and masked IBAN, the IBAN as value', async () => {
		const main = sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0];
		const list = await runListSearch(credential, 'searchOwnIbans');
		expect(list.results).toEqual([{ name: `Main account (main) · ${main.iban.slice(0, 4)}…${main.iban.slice(-4)}`, value: main.iban }]);
		expect((await runListSearch(credential, 'searchOwnIbans', 'payroll')).results).toEqual([]);
	});

	it('webhook subscriptions by description or address, matched on either', async () => {
		const made = await sandbox.api('fr').post('/v2/webhook_subscriptions', {
			webhook_subscription: { callback_url: 'https://hooks.example/cards', types: ['v1/cards'], description: 'Card alerts' },
		});
		const id = made.data.webhook_subscription.id;
		expect((await runListSearch(credential, 'searchWebhookSubscriptions', 'card')).results).toEqual([{ name: 'Card alerts (1 event)', value: id }]);
		expect((await runListSearch(credential, 'searchWebhookSubscriptions', 'hooks.example/cards')).results.map((r) => r.value)).toEqual([id]);
		expect((await runListSearch(credential, 'searchWebhookSubscriptions', 'nothing like it')).results).toEqual([]);
	});

	it('Client › Create in v2 sends no deprecated field, even one left in the saved parameters; v1 still sends it', async () => {
		const parameters = { kind: 'company', name: 'Vieille Adresse SA', deprecatedFields: { address: '1 place Bellecour', city: 'Lyon' } };
		const v2 = await runNode({ sandbox, node: { ...client('create', parameters), typeVersion: 2 } });
		expect(v2.error).toBeUndefined();
		const v1 = await runNode({ sandbox, node: { ...client('create', { ...parameters, name: 'Vieille Adresse 2 SA' }), typeVersion: 1 } });
		expect(v1.error).toBeUndefined();
		const posted = await seenRequests(sandbox, { method: 'POST', path: '/v2/clients' });
		expect(posted.map((request) => request.body)).toEqual([
			{ client: { kind: 'company', name: 'Vieille Adresse SA' } },
			{ client: { kind: 'company', name: 'Vieille Adresse 2 SA', address: '1 place Bellecour', city: 'Lyon' } },
		]);
	});
});
