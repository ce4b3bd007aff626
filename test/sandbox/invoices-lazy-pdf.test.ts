import type { AxiosInstance } from 'axios';

import { invoiceState } from '../../sandbox/modules/invoices/state';
import { createClient, frCompanyClient } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';
import { readPdf } from './facturx-reader';
import { invoiceBody } from './invoices-fixtures';

/** Invoice PDFs are drawn on first use, not on the write that makes them due, and show the invoice as it was then. */
describe('invoice PDFs drawn lazily', () => {
	const sandbox = useTestSandbox({ facturxDelayMs: 100 }, { resetEachTest: false });
	let api: AxiosInstance;
	let clientId: string;

	beforeAll(async () => {
		api = sandbox.api('fr');
		clientId = await createClient(api, frCompanyClient);
	});

	const attachmentRow = (id: string) => invoiceState(sandbox.ctx).attachments.find(id)?.row;

	it('creates an invoice without drawing its PDF; the first attachment lookup draws it, with the creation time', async () => {
		const draft = (await api.post('/v2/client_invoices', invoiceBody(clientId, { status: 'draft' }))).data.client_invoice;
		expect(attachmentRow(draft.attachment_id)).toBeUndefined();
		expect(invoiceState(sandbox.ctx).pendingPdfs.has(draft.attachment_id)).toBe(true);

		const [first, second] = await Promise.all([api.get(`/v2/attachments/${draft.attachment_id}`), api.get(`/v2/attachments/${draft.attachment_id}`)]);
		expect(first.data.attachment).toEqual(second.data.attachment);
		expect(first.data.attachment.updated_at).toBe(draft.created_at);
		expect(attachmentRow(draft.attachment_id)?.file_size).toBe(first.data.attachment.file_size);
		expect(invoiceState(sandbox.ctx).pendingPdfs.has(draft.attachment_id)).toBe(false);
	});

	/**
	 * Holds the sandbox's Factur-X timer instead of letting the machine's time run it: the test says
	 * when the delay has passed, so "within the delay" holds however slow the machine is. Only the
	 * timer of this (unmistakable) delay is held; every other timer runs as usual.
	 */
	function holdFacturxTimer(): { release(): void; restore(): void } {
		const HELD_DELAY_MS = 987_654;
		const previousDelay = sandbox.ctx.options.facturxDelayMs;
		sandbox.ctx.options.facturxDelayMs = HELD_DELAY_MS;
		const held: Array<() => void> = [];
		const original = global.setTimeout;
		const spy = jest.spyOn(global, 'setTimeout').mockImplementation(((callback: () => void, ms?: number, ...args: unknown[]) => {
			if (ms !== undefined && ms > HELD_DELAY_MS - 60_000 && ms <= HELD_DELAY_MS) {
				held.push(callback);
				return { unref: () => undefined, ref: () => undefined, hasRef: () => false, refresh: () => undefined } as unknown as NodeJS.Timeout;
			}
			return original(callback, ms, ...args);
		}) as typeof setTimeout);
		return {
			release: () => {
				expect(held).toHaveLength(1);
				held.splice(0).forEach((callback) => callback());
			},
			restore: () => {
				spy.mockRestore();
				sandbox.ctx.options.facturxDelayMs = previousDelay;
			},
		};
	}

	it('a draft PDF first drawn after finalization is still the draft one (its time, no Factur-X); the Factur-X one replaces it after the delay', async () => {
		const timer = holdFacturxTimer();
		try {
			const draft = (await api.post('/v2/client_invoices', invoiceBody(clientId, { status: 'draft' }))).data.client_invoice;
			const finalized = (await api.post(`/v2/client_invoices/${draft.id}/finalize`)).data.client_invoice;
			// Within the Factur-X delay (held): the draft's PDF, drawn only now, as it was at creation.
			const early = (await api.get(`/v2/attachments/${draft.attachment_id}`)).data.attachment;
			expect(early.updated_at).toBe(draft.created_at);
			const earlyBytes = new Uint8Array((await sandbox.http.get(early.url.replace(sandbox.url, ''), { responseType: 'arraybuffer' })).data as ArrayBuffer);
			expect((await readPdf(earlyBytes)).embedded).toEqual([]);

			// The delay passes.
			timer.release();
			const late = (await api.get(`/v2/attachments/${draft.attachment_id}`)).data.attachment;
			expect(Date.parse(late.updated_at)).toBeGreaterThan(Date.parse(finalized.finalized_at));
			const lateBytes = new Uint8Array((await sandbox.http.get(late.url.replace(sandbox.url, ''), { responseType: 'arraybuffer' })).data as ArrayBuffer);
			expect((await readPdf(lateBytes)).embedded.map((file) => file.name)).toEqual(['factur-x.xml']);
		} finally {
			timer.restore();
		}
	});
});
