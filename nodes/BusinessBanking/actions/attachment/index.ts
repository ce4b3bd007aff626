import type { Resource } from '../types';
import * as get from './get.operation';

/** Files the API stores (an invoice's PDF among them), read by ID. */
export const attachment: Resource = {
	operationPicker: {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['attachment'] } },
		options: [{ name: 'Get', value: 'get', action: 'Get an attachment', description: 'Get its metadata, and optionally the file' }],
		default: 'get',
	},
	operations: { get },
};
