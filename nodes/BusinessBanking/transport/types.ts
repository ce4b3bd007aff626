import type { IDataObject, IExecuteFunctions, IHookFunctions, ILoadOptionsFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { CreatedThing } from './errors';

/**
 * What the transport's files share, in a file that imports none of those: request.ts, run.ts and
 * absolute.ts all use these, so keeping them here keeps the transport free of import circles.
 */
export const CREDENTIAL_TYPE = 'businessBankingOAuth2Api';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface ApiRequestOptions {
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
	headers?: Record<string, string>;
	/** Sent as X-Service-Idempotency-Key; makes a write safe to retry. */
	idempotencyKey?: string;
	/** Which credential address the path is relative to (`register` for the partner API). */
	server?: 'api' | 'register';
	/** The item this call is for, so errors name it. */
	itemIndex?: number;
	/** Raw bytes instead of JSON (downloads). */
	binary?: boolean;
	/** Absolute URL (e.g. a pre-signed attachment link): no base URL, no bearer token. */
	absoluteUrl?: boolean;
	/** One file sent as multipart/form-data (uploads) instead of a JSON body. */
	file?: MultipartFile;
	/** What this write makes and where to look for it: an unconfirmed write's error then says it may exist. */
	creates?: CreatedThing;
}

/** A file part of a multipart/form-data body. */
export interface MultipartFile {
	/** The form field's name (e.g. `file`). */
	field: string;
	fileName: string;
	contentType: string;
	bytes: Uint8Array;
}

