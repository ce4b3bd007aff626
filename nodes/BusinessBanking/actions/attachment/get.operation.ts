import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { uuidParameter } from '../common/parameters';
import { toBuffer } from './binary';
import { downloadFile, fetchAttachment } from './fetch';
import type { OperationDescriptor } from '../types';

const show = { show: { resource: ['attachment'], operation: ['get'] } };

export const description: INodeProperties[] = [
	{
		displayName: 'Attachment ID',
		name: 'attachmentId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. {{ $json.attachment_id }}',
		description: "The attachment's ID, e.g. the attachment ID of an invoice",
		displayOptions: show,
	},
	{
		displayName: 'Download File',
		name: 'download',
		type: 'boolean',
		default: false,
		description: 'Whether to also download the file behind its pre-signed URL as binary data',
		displayOptions: show,
	},
	{
		displayName: 'Put File in Field',
		name: 'binaryProperty',
		type: 'string',
		default: 'data',
		description: 'Binary property for the downloaded file',
		displayOptions: { show: { ...show.show, download: [true] } },
	},
];

/** The attachment's metadata (url, updated_at, file_name …) and optionally its file. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const id = uuidParameter.call(this, 'attachmentId', 'Attachment ID', itemIndex);
	const attachment = await fetchAttachment.call(this, id, itemIndex);
	if (!this.getNodeParameter('download', itemIndex, false)) return [{ json: attachment }];
	const property = (this.getNodeParameter('binaryProperty', itemIndex, 'data') as string) || 'data';
	const file = await downloadFile.call(this, String(attachment.url), itemIndex);
	const fileName = String(attachment.file_name || `${id}.pdf`);
	const mimeType = typeof attachment.content_type === 'string' ? attachment.content_type : undefined;
	return [{ json: attachment, binary: { [property]: await this.helpers.prepareBinaryData(toBuffer(file), fileName, mimeType) } }];
}

export const descriptor: OperationDescriptor = {
	class: 'read',
	toolDescription:
		'Gets an attachment (e.g. of a transfer or supplier invoice) by its id, found on that record. Returns its file name, type, size and a temporary download link.',
	amountParameters: [],
	payeeParameters: [],
	issuesDocumentClientPays: false,
	concurrency: 'adaptive',
};
