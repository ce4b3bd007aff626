import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/**
 * What an operation does to the organization:
 * - read: looks only (lists, gets, quotes, requirements, payee checks, downloads);
 * - write: changes records that move no money and can be changed back (clients, draft invoices, uploads);
 * - moneyMoving: moves money, commits to a payment, or cannot be undone.
 */
export type OperationClass = 'read' | 'write' | 'moneyMoving';

/**
 * Every fact about one operation that the rest of the package needs, given once, in its
 * `*.operation.ts` as `export const descriptor`. Every field is required: an operation that leaves
 * one out does not compile (test/types/descriptor.ts shows it). The registry, the AI-tool layer
 * (class, text, limits), the run pipeline (concurrency) and the docs' tables are derived from these.
 */
export interface OperationDescriptor {
	class: OperationClass;
	/**
	 * What an AI agent's model reads about the operation when the node is its tool: what it does,
	 * what it needs and where the ids come from, what it returns. Money is a decimal string with a
	 * currency ("120.50" EUR), dates are ISO dates (YYYY-MM-DD). The class' sentence is added to it.
	 */
	toolDescription: string;
	/** Where node version 2 reads the model's input otherwise (a VAT rate in percent): what a version-2 tool's model reads. */
	toolDescriptionV2?: string;
	/** The parameters holding an amount that leaves the organization ([] when none): AI Agent Limits apply to them. */
	amountParameters: readonly string[];
	/** The parameters naming whom the money goes to ([] when none): Allowed Beneficiary IDs apply to them. */
	payeeParameters: readonly string[];
	/**
	 * Whether it issues a document a client pays (an invoice): as an AI agent's tool, what it creates is
	 * then a draft unless the author also allowed issuing (*Allow an AI Agent to Issue Invoices*).
	 */
	issuesDocumentClientPays: boolean;
	/**
	 * How many items may run at once: 1; 'adaptive' (as many as the transport's pacer lets run, up to
	 * 100, within the rate limit: reads, and writes the service deduplicates or that act on the one
	 * item only); or a function of the node's own parameters (a batch option). Output keeps input order.
	 */
	concurrency: 1 | 'adaptive' | ((this: IExecuteFunctions) => number | 'adaptive');
}

/** One operation of one resource: the exports of its `*.operation.ts`. */
export interface Operation {
	/** Its parameters (version 1; and version 2 too when it has no `descriptionV2`). */
	description: INodeProperties[];
	/** Its parameters from node version 2 on, where they differ from version 1's (actions/versions.ts). */
	descriptionV2?: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
	descriptor: OperationDescriptor;
}

/** A resource: the operation picker and its operations keyed by the picker's values. */
export interface Resource {
	operationPicker: INodeProperties;
	operations: Record<string, Operation>;
}
