import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation of one resource: its fields and what it does for one input item. */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
	/**
	 * How many items of this operation may run at once (1 when absent), or 'adaptive': as many as
	 * the transport's pacer lets run (up to 100, within the rate limit). Reads the node's own
	 * parameters so that a batch option can fix it; results keep input order either way.
	 */
	concurrency?(this: IExecuteFunctions): number | 'adaptive';
}

/** A resource: the operation picker and its operations keyed by the picker's values. */
export interface Resource {
	operationPicker: INodeProperties;
	operations: Record<string, Operation>;
}
