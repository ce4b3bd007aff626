// Every list of the sandbox pages the same way (docs/assumptions.md, Pagination): `page` from 1,
// `per_page` 1–100 (default 100), `meta` as the spec shows it. Found the webhook subscriptions' list
// answering every item on one page whatever was asked (issue 34); this holds each list to the rule.
import type { AxiosInstance } from 'axios';

import { createClient, deCompanyClient } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { invoiceBody } from './invoices-fixtures';

interface List {
	path: string;
	itemsKey: string;
	/** The organization whose list is read, and what makes it hold at least three items. */
	org: 'fr' | 'de';
	fill?: (api: AxiosInstance) => Promise<void>;
}

const subscription = (n: number) => ({ webhook_subscription: { callback_url: `https://hooks.example.com/paging-${n}`, types: ['v1/client-invoices'] } });

const LISTS: List[] = [
	{ path: '/v2/clients', itemsKey: 'clients', org: 'fr' },
	{ path: '/v2/beneficiaries', itemsKey: 'beneficiaries', org: 'fr' },
	{ path: '/v2/cards', itemsKey: 'cards', org: 'fr' },
	{ path: '/v2/supplier_invoices', itemsKey: 'supplier_invoices', org: 'fr' },
	{
		path: '/v2/client_invoices',
		itemsKey: 'client_invoices',
		org: 'de',
		fill: async (api) => {
			const client = await createClient(api, deCompanyClient);
			for (let n = 0; n < 3; n += 1) await api.post('/v2/client_invoices', invoiceBody(client, { payment_methods: { iban: 'DE89370400440532013000' }, status: 'draft' }));
		},
	},
	{
		path: '/v2/webhook_subscriptions',
		itemsKey: 'webhook_subscriptions',
		org: 'fr',
		fill: async (api) => {
			for (let n = 0; n < 3; n += 1) expect((await api.post('/v2/webhook_subscriptions', subscription(n))).status).toBe(201);
		},
	},
];

describe.each(LISTS)('$path pages like every list', ({ path, itemsKey, org, fill }) => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	let api: AxiosInstance;
	let all: Array<{ id: string }>;
	beforeAll(async () => {
		api = sandbox.api(org);
		await fill?.(api);
		const response = await api.get(path);
		expect(response.status).toBe(200);
		all = response.data[itemsKey];
		expect(all.length).toBeGreaterThanOrEqual(3);
		expect(response.data.meta).toMatchObject({ current_page: 1, per_page: 100, total_count: all.length });
	});

	it('per_page=1&page=2 answers the second item alone, and meta says where it is', async () => {
		const response = await api.get(path, { params: { per_page: 1, page: 2 } });
		expect(response.data[itemsKey].map((item: { id: string }) => item.id)).toEqual([all[1].id]);
		expect(response.data.meta).toEqual({ current_page: 2, next_page: 3, prev_page: 1, total_pages: all.length, total_count: all.length, per_page: 1 });
	});

	it('walking the pages by meta.next_page gives every item once, in the order of the whole list', async () => {
		const seen: string[] = [];
		let page: number | null = 1;
		while (page) {
			const response: { data: Record<string, unknown> & { meta: { next_page: number | null } } } = await api.get(path, { params: { per_page: 2, page } });
			seen.push(...(response.data[itemsKey] as Array<{ id: string }>).map((item) => item.id));
			page = response.data.meta.next_page;
		}
		expect(seen).toEqual(all.map((item) => item.id));
	});

	it('a page past the last answers no items; per_page 0 or 101 and page 0 are refused', async () => {
		const beyond = await api.get(path, { params: { per_page: 100, page: 2 } });
		expect(beyond.data[itemsKey]).toEqual([]);
		expect(beyond.data.meta).toMatchObject({ current_page: 2, next_page: null, prev_page: 1, total_count: all.length });
		for (const params of [{ per_page: 0 }, { per_page: 101 }, { page: 0 }]) {
			const refused = await api.get(path, { params });
			expect({ params, refused: [400, 422].includes(refused.status) }).toEqual({ params, refused: true });
			expect(JSON.stringify(refused.data)).toMatch(/page/);
		}
	});
});
