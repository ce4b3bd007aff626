import { NodeApiError, sleep, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { MAX_TRIES, retryDelayMs } from '../../transport/retry';

/**
 * "Skip If It Already Exists" for records the API creates without an idempotency key (client
 * invoices, clients): the record is looked up by a reference of the user's own source system
 * before it is created, and after any create whose answer was lost.
 */
export interface CreateOnce {
	/** What is made, for messages ("client invoice"). */
	what: string;
	/** The reference, for messages ("purchase order PO-1"). */
	reference: string;
	/** The existing record with that reference, if any (oldest first). */
	find(): Promise<IDataObject | undefined>;
	create(): Promise<IDataObject>;
}

/** References being handled in one run of the node (by execute context): a second item with the same one waits for the first. */
const referencesOfRun = new WeakMap<object, Map<string, Promise<IDataObject>>>();

/**
 * The existing record marked `_existing: true`, or the one created now (`_existing: false`).
 * A create that failed without an answer (a 5xx, a dropped connection) is looked up again and
 * only then repeated, up to the transport's number of tries, so an unconfirmed create is not
 * made twice.
 */
export async function createOnce(this: IExecuteFunctions, itemIndex: number, once: CreateOnce): Promise<IDataObject> {
	let inRun = referencesOfRun.get(this);
	if (!inRun) referencesOfRun.set(this, (inRun = new Map()));
	const earlier = inRun.get(once.reference);
	if (earlier) {
		const record = await earlier.catch(() => undefined);
		if (record) return { ...record, _existing: true };
	}
	const pending = findOrCreate.call(this, itemIndex, once);
	inRun.set(once.reference, pending);
	return await pending;
}

async function findOrCreate(this: IExecuteFunctions, itemIndex: number, once: CreateOnce): Promise<IDataObject> {
	const existing = await once.find();
	if (existing) return { ...existing, _existing: true };
	for (let attempt = 1; ; attempt++) {
		// The transport's errors (NodeApiError, NodeOperationError) pass through as they are.
		const outcome = await once.create().then(
			(record) => ({ record }),
			(error: unknown) => ({ error }),
		);
		if ('record' in outcome) return { ...outcome.record, _existing: false };
		const { error } = outcome;
		if (!(error instanceof NodeApiError) || error.context.mayExist !== true) throw error;
		if (attempt >= MAX_TRIES) throw stillUnconfirmed(error, once, attempt, itemIndex);
		await sleep(retryDelayMs({ refreshRefused: false, message: '' }, attempt));
		const made = await once.find();
		if (made) return { ...made, _existing: false };
	}
}

/** The last failure, told as what it means: the record may exist, and a re-run is the safe way to know. */
function stillUnconfirmed(error: NodeApiError, once: CreateOnce, tries: number, itemIndex: number): NodeApiError {
	const last = error.httpCode ? `HTTP ${error.httpCode}` : 'no answer';
	error.message = `The ${once.what} may have been made: ${tries} tries, each after looking for ${once.reference}, none confirmed (last: ${last})`;
	error.description = `Run this item again with the same input: "Skip If It Already Exists" looks for ${once.reference} first, so the ${once.what} is made at most once.`;
	error.context.itemIndex = itemIndex;
	return error;
}
