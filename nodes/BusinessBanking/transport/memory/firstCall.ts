import type { IExecuteFunctions } from 'n8n-workflow';

import type { Capacity } from './capacity';
import { generationOf, LEVELS, levelMarker, runMarkers } from './names';
import { forgetValues, recordValues } from './rowCalls';

/**
 * A run's first call, before it claims anything: its own markers, and a look at the markers of the
 * other window lengths (a changed Remember … For: what the former one recorded is read too) and at
 * the day anchors that prove how old the list's oldest values are (capacity.ts). What the looking
 * recorded goes at once, so that no other run reads it as there. Answers the former windows in use.
 */
export async function firstCallOfRun(context: IExecuteFunctions, level: number, capacity: Capacity, now: number): Promise<number[]> {
	const others = LEVELS.filter((other) => other !== level);
	const otherMarkers = others.map((other) => levelMarker(other, generationOf(other, now)));
	const anchors = capacity.firstCallValues(now);
	const fresh = await recordValues(context, [...runMarkers(level, now), ...otherMarkers, ...anchors]);
	const strays = [...otherMarkers.filter((marker) => fresh.has(marker)), ...capacity.readFirstCall(anchors, fresh)];
	await forgetValues(context, strays).catch(() => undefined);
	return others.filter((other) => !fresh.has(levelMarker(other, generationOf(other, now))));
}
