import {
	NodeApiError,
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import { runWithSlots } from '../../transport/concurrency';
import { finishWrites, RunStopped } from '../../transport';
import { nodeVersion, operationProperties } from '../versions';
import { MAX_IN_FLIGHT } from '../../transport/pacer';
import { configureRun } from '../../transport/run';
import { rateLimitOf } from './rateLimit';
import { outputOfVersion } from './outputs';
import { checkedByN8n } from './checkedParameters';
import { runContext } from '../../n8n/runContext';
import { inputError } from '../common/inputError';
import { checkParameterTypes, type SettledChecks } from '../common/parameterTypes';
import { pointToFormFields } from './fieldErrors';
import { InputProblem } from '../common/values';
import { resources } from '../resources';
import { aiToolRefusal, runsAsAiTool } from '../aiTool/gate';
import { safetyLimitRefusal } from '../limits/safety';
import { mayHaveBeenMade, SENT_FIELD, sentBy, withSentRecord } from '../limits/record';
import { resultForModel } from '../aiTool/resultForModel';

/**
 * Runs the chosen operation for every input item. Items may run concurrently when the operation
 * allows it (the transport's pacer then holds each request to the rate limit and the in-flight
 * cap), but the output keeps input order and each result is paired with its item. With
 * "Continue On Fail" an item's error becomes that item's output instead of stopping the node.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const { run, itemDone, perItem } = runContext(this, checkedByN8n);
	return await runItems.call(run, itemDone, { perItem, passed: new Set<INodeProperties>() });
}

async function runItems(this: IExecuteFunctions, itemDone: (itemIndex: number) => void, settled: SettledChecks): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = resources[resourceName]?.operations[operationName];
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of "${resourceName}" is not supported`);
	}
	const version = nodeVersion(this);
	const properties = operationProperties(operation, version, resourceName, operationName);
	const { concurrency: runs } = operation.descriptor;
	const concurrency = typeof runs === 'function' ? runs.call(this) : runs;
	const adaptive = concurrency === 'adaptive';
	configureRun(this, { limit: rateLimitOf.call(this), adaptive });
	const results: INodeExecutionData[][] = new Array(items.length);
	const action = String(resources[resourceName].operationPicker.options?.find((option) => 'value' in option && option.value === operationName)?.name ?? operationName);
	const actionName = `${action} (${resourceName})`;
	// Once per run: a regular node pays nothing per item for the tool path (getNode() copies the node).
	const asTool = runsAsAiTool(this);
	const storedSafetyLimits = this.getNode().parameters.safetyLimits;

	const runItem = async (itemIndex: number): Promise<void> => {
		try {
			// As an AI agent's tool, a refusal is the tool's answer (the model reads it; the execution shows it), not a crash.
			const refusal = asTool ? aiToolRefusal.call(this, resourceName, operationName, actionName, itemIndex) : undefined;
			if (refusal) {
				results[itemIndex] = [{ json: { refused: true, reason: refusal }, pairedItem: { item: itemIndex } }];
				return;
			}
			// The author's Safety Limits hold on every run; a regular node stops the item with an error, a tool answers the model.
			const beyondLimits = safetyLimitRefusal.call(this, resourceName, operationName, itemIndex, storedSafetyLimits);
			if (beyondLimits && asTool) {
				results[itemIndex] = [{ json: { refused: true, reason: beyondLimits }, pairedItem: { item: itemIndex } }];
				return;
			}
			if (beyondLimits) throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: ${beyondLimits}`, { itemIndex });
			checkParameterTypes.call(this, properties, itemIndex, settled);
			const output = outputOfVersion(version, resourceName, await operation.execute.call(this, itemIndex));
			// What it sent is kept with the output, for the limits of later runs of this execution to count.
			const sent = sentBy(this, resourceName, operationName, itemIndex, output[0]?.json);
			results[itemIndex] = withSentRecord(output, sent, asTool).map((entry) => ({ ...entry, pairedItem: { item: itemIndex } }));
		} catch (caught) {
			// Not started: an earlier item failed and the run stops (that failure is the run's).
			if (caught instanceof RunStopped) return;
			const error = caught instanceof InputProblem ? inputError(this, caught, itemIndex) : caught;
			pointToFormFields.call(this, error, properties, itemIndex);
			// A payment that may have been made counts as sent, its record kept with the error.
			const sent = mayHaveBeenMade(error) ? sentBy(this, resourceName, operationName, itemIndex) : undefined;
			// As a tool the error is the call's answer: n8n's AI Agent 1.x and 2.x hand a thrown one to the model as empty text.
			if (asTool) {
				results[itemIndex] = [{ json: { error: error.message, ...errorDetails(error), ...(sent ? { [SENT_FIELD]: { ...sent } } : {}) }, pairedItem: { item: itemIndex } }];
				return;
			}
			if (sent && this.continueOnFail()) {
				results[itemIndex] = withSentRecord([{ json: { error: error.message, ...errorDetails(error) }, pairedItem: { item: itemIndex } }], sent, false);
				return;
			}
			if (!this.continueOnFail()) throw withItemIndex(this, error, itemIndex);
			results[itemIndex] = [{ json: { error: error.message, ...errorDetails(error) }, pairedItem: { item: itemIndex } }];
		} finally {
			itemDone(itemIndex);
		}
	};
	try {
		await runWithSlots(this, items.length, adaptive ? MAX_IN_FLIGHT : Math.max(1, concurrency), runItem);
	} finally {
		// What the run made is recorded for good before the node hands its output on (or its error).
		await finishWrites(this);
	}
	const output = results.flat();
	return [asTool ? resultForModel(output) : output];
}

function withItemIndex(context: IExecuteFunctions, error: Error, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error, { itemIndex });
}

function errorDetails(error: Error): Record<string, unknown> {
	if (error instanceof NodeApiError) return { description: error.description, httpCode: error.httpCode };
	if (error instanceof NodeOperationError && error.description) return { description: error.description };
	return {};
}
