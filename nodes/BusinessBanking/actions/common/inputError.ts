import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import type { InputProblem } from './values';

/** The one form of every input error: "Item N: <field> <problem>", raised before any request. */
export function inputError(context: IExecuteFunctions, problem: InputProblem, itemIndex: number): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Item ${itemIndex}: ${problem.message}`, { itemIndex });
}
