import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { advancedOptionLabel } from '../developerSwitches';
import { isoOfMinutes } from './lineage';
import { MEMORY_MAX_ENTRIES } from './rowCalls';
import { BUSY_QUIET_MS } from './timing';

/** Where the bank takes an idempotency key it keeps this long (docs/assumptions.md, Idempotency). */
export const BANK_KEY_MINUTES = 30;

/** What the item's messages need of the write. */
export interface WriteForMessages {
	what: string;
	howToFind: string;
	sendAgainWithin: number;
}

const article = (what: string) => (/^[aeiou]/i.test(what) ? 'an' : 'a');

/** Where the author makes it anyway: the key sits in Options on version 1, under Advanced from version 2 on. */
export const howToMakeAgain = (context: IExecuteFunctions) =>
	`to make it anyway, turn on Options › Make Again Even If Made Before for this run, or give the item another reference or its own ${advancedOptionLabel(context, 'Idempotency Key')}.`;

/** Sent before by this execution (or the one it retries), no answer, and the bank no longer knows the key. */
export function mayExist(context: IExecuteFunctions, itemIndex: number, write: WriteForMessages, at: number, executionId: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Item ${itemIndex}: ${article(write.what)} ${write.what} with this content may have been made since ${isoOfMinutes(at)} (execution ${executionId}); its answer was lost, so nothing was sent`, {
		itemIndex,
		description:
			(write.sendAgainWithin > 0 ? `The bank recognises a repeated request for ${BANK_KEY_MINUTES} minutes only, and that time has passed (the node resends within ${BANK_KEY_MINUTES - 5}, for the clocks' difference), so sending it again could make a second one. ` : 'The API takes no idempotency key here, so sending it again could make a second one. ') +
			`Look for it (${write.howToFind}). If it is not there and it is still due: ${howToMakeAgain(context)}`,
	});
}

/** Claimed by another attempt that is neither made nor let go: another execution making it, or an answer lost before. */
export function heldElsewhere(context: IExecuteFunctions, itemIndex: number, write: WriteForMessages): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Item ${itemIndex}: this ${write.what} was started by another execution of this workflow and is not recorded as made; nothing was sent`, {
		itemIndex,
		description: `Either that execution is making it right now (the node waited until ${BUSY_QUIET_MS / 1000} s passed without any of them being recorded), or its answer was lost. Look for it (${write.howToFind}) and at the workflow's other executions before making it again: ${howToMakeAgain(context)}`,
	});
}

/** One more write would push a write made within the window out of the node's list. */
export function memoryFull(context: IExecuteFunctions, itemIndex: number, windowMinutes: number): NodeOperationError {
	const days = windowMinutes / (24 * 60);
	return new NodeOperationError(context.getNode(), `Item ${itemIndex}: this node's memory of what it made is full; nothing was sent`, {
		itemIndex,
		description: `It keeps ${MEMORY_MAX_ENTRIES.toLocaleString('en')} values (two for each write: about ${(MEMORY_MAX_ENTRIES / 2).toLocaleString('en')} writes), and recording one more would forget a write made within Remember Made Items For (${days} day${days === 1 ? '' : 's'}), which could then be made twice. Lower Remember Made Items For, spread the writes over more Business Banking nodes (each remembers its own), or run this again once the oldest writes are older than that.`,
	});
}

/** n8n's store did not answer before anything was sent. */
export function storeFailed(context: IExecuteFunctions, itemIndex: number, error: unknown): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Item ${itemIndex}: n8n's processed-data store, where this node remembers what it made, did not answer: nothing was sent`, {
		itemIndex,
		description: `${(error as Error).message}. Without it the node cannot tell whether this was made before, so it does not send it.`,
	});
}
