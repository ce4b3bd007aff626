import { NodeOperationError, sleep, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeProperties } from 'n8n-workflow';

import { extractFacturXml, FACTURX_FILE_NAME } from '../../facturx';
import { apiRequest } from '../../transport';
import { runsAsAiTool } from '../../n8n/toolVariant';
import { advancedOption, advancedOptionLabel } from '../../transport/developerSwitches';
import { downloadFile, fetchAttachment } from '../attachment/fetch';
import { toBuffer } from '../attachment/binary';
import { fetchInvoice, invoiceIdOf } from './invoiceId';
import { invoiceLocator } from './locators';
import type { OperationDescriptor } from '../types';

const operations = ['downloadFacturX'];
const show = { show: { resource: ['clientInvoice'], operation: operations } };

export const description: INodeProperties[] = [
	invoiceLocator(operations),
	{
		displayName: 'Finalize Draft First',
		name: 'finalizeDraft',
		type: 'boolean',
		default: true,
		description: 'Whether to finalize the invoice when it is still a draft (a draft has no Factur-X PDF)',
		displayOptions: show,
	},
	{
		displayName: 'Extract XML',
		name: 'extractXml',
		type: 'boolean',
		default: true,
		description: 'Whether to also output the Factur-X XML embedded in the PDF, byte for byte, as a second binary property',
		displayOptions: show,
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Poll Interval (Ms)',
				name: 'pollIntervalMs',
				type: 'number',
				default: 1000,
				typeOptions: { minValue: 10 },
				description: 'Time between checks while the Factur-X PDF is being generated (about 10 s after finalizing)',
			},
			{
				displayName: 'Put PDF in Field',
				name: 'binaryProperty',
				type: 'string',
				default: 'data',
				description: 'Binary property for the PDF',
			},
			{
				displayName: 'Put XML in Field',
				name: 'xmlBinaryProperty',
				type: 'string',
				default: 'facturx',
				description: 'Binary property for the extracted Factur-X XML',
			},
			{
				displayName: 'Time Limit (Seconds)',
				name: 'timeoutSeconds',
				type: 'number',
				default: 60,
				typeOptions: { minValue: 1 },
				description: 'Give up (with an error) when the Factur-X PDF is not ready and downloaded within this time',
			},
		],
	},
];

interface Options {
	binaryProperty?: string;
	xmlBinaryProperty?: string;
}

/**
 * The spec's Factur-X download procedure: finalize (drafts), wait for attachment_id, wait until the
 * attachment's updated_at is later than the invoice's finalized_at (the regenerated PDF), then fetch
 * the pre-signed URL — all within one time limit.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = invoiceIdOf.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as Options;
	const finalizeDraft = this.getNodeParameter('finalizeDraft', itemIndex, true) as boolean;
	const extractXml = this.getNodeParameter('extractXml', itemIndex, true) as boolean;
	const pdfProperty = options.binaryProperty || 'data';
	const xmlProperty = options.xmlBinaryProperty || 'facturx';
	// The polling's switches are the developer's: Options on version 1, Advanced from version 2 on.
	const interval = Math.max(10, Number(advancedOption(this, 'pollIntervalMs', itemIndex, 1000)));
	const limitMs = Math.max(1, Number(advancedOption(this, 'timeoutSeconds', itemIndex, 60))) * 1000;
	const deadline = Date.now() + limitMs;
	const fail = (message: string, description?: string) => new NodeOperationError(this.getNode(), message, { itemIndex, description });
	const waitOrGiveUp = async (waitingFor: string) => {
		if (Date.now() + interval > deadline) {
			throw fail(`The Factur-X PDF of invoice ${id} was not ready within ${limitMs / 1000} s (still waiting for ${waitingFor})`,
				`The service regenerates the PDF about 10 seconds after finalizing. Raise ${advancedOptionLabel(this, 'Time Limit (Seconds)')} or run the node again later.`);
		}
		await sleep(interval);
	};

	let invoice = await fetchInvoice.call(this, id, itemIndex);
	if (invoice.status === 'draft') {
		if (!finalizeDraft) {
			throw fail(`Invoice ${id} is a draft: it has no Factur-X PDF`, 'Turn on "Finalize Draft First" or finalize the invoice before downloading.');
		}
		// Finalizing cannot be undone: an AI agent does it only through Finalize, which needs the author's leave.
		if (runsAsAiTool(this)) {
			const reason = `Refused: invoice ${id} is a draft, and downloading it would finalize it, which cannot be undone. Nothing was sent. Finalize it first (Client Invoice › Finalize) if this workflow allows you to.`;
			return [{ json: { refused: true, reason } }];
		}
		const finalized = (await apiRequest.call(this, 'POST', `/v2/client_invoices/${id}/finalize`, { itemIndex })) as IDataObject;
		invoice = (finalized.client_invoice ?? finalized) as IDataObject;
	}
	while (!invoice.attachment_id || !invoice.finalized_at) {
		await waitOrGiveUp('the attachment ID');
		invoice = await fetchInvoice.call(this, id, itemIndex);
	}
	const finalizedAt = Date.parse(String(invoice.finalized_at));
	let attachment = await fetchAttachment.call(this, String(invoice.attachment_id), itemIndex);
	while (!(Date.parse(String(attachment.updated_at)) > finalizedAt)) {
		await waitOrGiveUp('the regenerated PDF');
		attachment = await fetchAttachment.call(this, String(invoice.attachment_id), itemIndex);
	}
	// The download counts against the same limit: a stalled file store must not hang the workflow.
	const tooSlow = fail(`The Factur-X PDF of invoice ${id} was not downloaded within ${limitMs / 1000} s`);
	const remaining = deadline - Date.now();
	if (remaining <= 0) throw tooSlow;
	let settled = false;
	const download = downloadFile.call(this, String(attachment.url), itemIndex).finally(() => (settled = true));
	// Short naps rather than one long sleep: no timer outlives a download that finished early.
	const watchdog = (async () => {
		while (!settled && Date.now() < deadline) await sleep(Math.min(100, Math.max(1, deadline - Date.now())));
		return undefined;
	})();
	const pdf = await Promise.race([download, watchdog]);
	if (!pdf) throw tooSlow;
	const fileName = `${String(invoice.number || id).replace(/[\\/:*?"<>|]+/g, '_')}.pdf`;
	const binary: INodeExecutionData['binary'] = {
		[pdfProperty]: await this.helpers.prepareBinaryData(toBuffer(pdf), fileName, 'application/pdf'),
	};
	if (extractXml) {
		const xml = await extractFacturXml(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength)).catch((error: Error) => {
			throw fail(`The downloaded file of invoice ${id} is not a readable PDF: ${error.message}`);
		});
		if (!xml) {
			throw fail(`The PDF of invoice ${id} holds no ${FACTURX_FILE_NAME}`, 'Factur-X XML is embedded for French organizations only. Turn off "Extract XML" to download the PDF alone.');
		}
		binary[xmlProperty] = await this.helpers.prepareBinaryData(toBuffer(xml.data), FACTURX_FILE_NAME, 'text/xml');
	}
	return [{ json: { ...invoice, attachment }, binary }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Gets the Factur-X PDF (and optionally its embedded XML) of a finalized invoice. Needs the invoice id. Returns the invoice and, under files, the name, type and size of each file; a model cannot read the files themselves.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
