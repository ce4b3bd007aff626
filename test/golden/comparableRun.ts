// A run of a saved workflow as the golden set records it: its outcome, the requests that reached the
// bank and what each Business Banking node output, with what the bank hands out anew on each run
// named (issued.ts, masked.ts). Two runs of one saved workflow compare equal when it did the same.
import type { INodeExecutionData, IWorkflowBase } from 'n8n-workflow';

import { issuedIds, withoutIssuedValues, withoutRepeatedPolls } from './issued';
import { masked } from './masked';
import { packageNodes } from './savedForm';

interface LoggedRequest {
	method: string;
	path: string;
	query: unknown;
	body?: unknown;
	headers: Record<string, unknown>;
}

export interface Run {
	workflow: IWorkflowBase;
	/** `ok`, or the API's error. */
	outcome: string;
	requests: LoggedRequest[];
	/** Each node's output items, by node name. */
	outputs: Record<string, INodeExecutionData[]>;
	/** The bank's (sandbox's) base URL, named in the record. */
	bankAddress: string;
}

export function comparableRun({ workflow, outcome, requests, outputs, bankAddress }: Run): unknown {
	const issued = issuedIds(outputs, workflow);
	const sent = withoutRepeatedPolls(requests).map((request) => ({
		method: request.method,
		path: request.path,
		query: request.query,
		body: request.body ?? null,
		idempotencyKey: request.headers['x-service-idempotency-key'] !== undefined,
	}));
	// What each of the package's nodes output (json, and the name and type of each binary file).
	const output = Object.fromEntries(
		packageNodes(workflow)
			.filter((node) => outputs[node.name])
			.map((node) => [
				node.name,
				outputs[node.name].map((item) => ({
					json: item.json,
					...(item.binary ? { binary: Object.fromEntries(Object.entries(item.binary).map(([key, file]) => [key, { fileName: file.fileName, mimeType: file.mimeType }])) } : {}),
				})),
			]),
	);
	return masked(withoutIssuedValues({ outcome, requests: sent, output }, issued, bankAddress));
}
