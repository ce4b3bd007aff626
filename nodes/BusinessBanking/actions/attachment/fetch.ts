import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../../transport';

/** GET /v2/attachments/{id}, unwrapped: id, url (pre-signed), updated_at, file_name … */
export async function fetchAttachment(this: IExecuteFunctions, attachmentId: string, itemIndex: number): Promise<IDataObject> {
	const response = (await apiRequest.call(this, 'GET', `/v2/attachments/${attachmentId}`, { itemIndex })) as IDataObject;
	return (response.attachment ?? response) as IDataObject;
}

/** The bytes behind a pre-signed URL (no bearer token is sent to the file store). */
export async function downloadFile(this: IExecuteFunctions, url: string, itemIndex: number): Promise<Buffer> {
	return (await apiRequest.call(this, 'GET', url, { absoluteUrl: true, binary: true, itemIndex })) as unknown as Buffer;
}
