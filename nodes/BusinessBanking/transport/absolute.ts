import type { IDataObject } from 'n8n-workflow';

import { describeFailure, toNodeApiError } from './errors';
import type { ApiContext, ApiRequestOptions } from './types';

/**
 * GET of an absolute link the API handed out (e.g. a pre-signed attachment URL). It is addressed to
 * a file store, not the API: no bearer token, no staging token travels there. Not retried.
 */
export async function fetchAbsoluteUrl(this: ApiContext, url: string, options: ApiRequestOptions): Promise<IDataObject | Buffer> {
	try {
		return (await this.helpers.httpRequest({
			method: 'GET',
			url,
			headers: options.headers,
			json: !options.binary,
			...(options.binary ? { encoding: 'arraybuffer' as const } : {}),
		})) as IDataObject | Buffer;
	} catch (error) {
		throw toNodeApiError(describeFailure(error), { node: this.getNode(), itemIndex: options.itemIndex, tries: 1, host: new URL(url).host });
	}
}
