// A fake operation, compiled by `tsc -p tsconfig.dev.json` and by test/types/descriptor.test.ts:
// each `@ts-expect-error` marks a descriptor that leaves out one fact, which TypeScript refuses. Were
// a fact optional, its line would compile, the directive would be unused, and the build would fail.
import type { INodeExecutionData } from 'n8n-workflow';

import type { Operation, OperationDescriptor } from '../../nodes/BusinessBanking/actions/types';

export const description = [];
export async function execute(): Promise<INodeExecutionData[]> {
	return [];
}

/** Every fact given: compiles. */
export const descriptor: OperationDescriptor = {
	class: 'moneyMoving',
	toolDescription: 'Pays a fake payee.',
	amountParameters: ['amount'],
	payeeParameters: ['beneficiaryId'],
	issuesDocumentClientPays: false,
	concurrency: 1,
};

// @ts-expect-error (no class)
export const withoutClass: OperationDescriptor = { toolDescription: 'x', amountParameters: [], payeeParameters: [], issuesDocumentClientPays: false, concurrency: 1 };
// @ts-expect-error (no text for a model)
export const withoutToolDescription: OperationDescriptor = { class: 'read', amountParameters: [], payeeParameters: [], issuesDocumentClientPays: false, concurrency: 1 };
// @ts-expect-error (which parameters carry money: not said)
export const withoutAmountParameters: OperationDescriptor = { class: 'moneyMoving', toolDescription: 'x', payeeParameters: [], issuesDocumentClientPays: false, concurrency: 1 };
// @ts-expect-error (which parameters name the payee: not said)
export const withoutPayeeParameters: OperationDescriptor = { class: 'moneyMoving', toolDescription: 'x', amountParameters: [], issuesDocumentClientPays: false, concurrency: 1 };
// @ts-expect-error (whether it issues a document a client pays: not said)
export const withoutIssuing: OperationDescriptor = { class: 'moneyMoving', toolDescription: 'x', amountParameters: [], payeeParameters: [], concurrency: 1 };
// @ts-expect-error (how many items run at once: not said)
export const withoutConcurrency: OperationDescriptor = { class: 'read', toolDescription: 'x', amountParameters: [], payeeParameters: [], issuesDocumentClientPays: false };

/** An operation module without a descriptor cannot be registered in a resource. */
// @ts-expect-error (no descriptor)
export const unregistrable: Operation = { description, execute };
export const registrable: Operation = { description, execute, descriptor };
