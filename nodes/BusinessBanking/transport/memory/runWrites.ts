import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { runSlots, Slots } from '../concurrency';
import { Ledger } from './ledger';
import { Lineage } from './lineage';
import { levelOf } from './names';
import { memorySettings } from './settings';

/** What one run of the node shares among its items' writes. */
export interface RunWrites {
	ledger: Ledger;
	lineage: Lineage;
	/** The first item of the run with a write's key: a second one is what it made. */
	sameKey: Map<string, Promise<IDataObject>>;
	slots: Slots;
	executionId: string;
	windowMinutes: number;
}

/** Per run (the context the router hands the operations). */
const runs = new WeakMap<object, RunWrites>();

export function runWritesOf(context: IExecuteFunctions, itemIndex: number): RunWrites {
	let run = runs.get(context);
	if (!run) {
		const { rememberMinutes } = memorySettings(context, itemIndex);
		run = {
			ledger: new Ledger(context, levelOf(rememberMinutes), rememberMinutes),
			lineage: new Lineage(context),
			sameKey: new Map(),
			// Outside the router (nothing limits the items): a place for each.
			slots: runSlots(context) ?? new Slots(Number.MAX_SAFE_INTEGER),
			executionId: String(context.getExecutionId() ?? ''),
			windowMinutes: rememberMinutes,
		};
		runs.set(context, run);
	}
	return run;
}

/** At the end of a run (made or failed): what was made recorded for good, claims not sent let go. */
export async function finishWrites(context: object): Promise<void> {
	await runs.get(context)?.ledger.finish();
}
