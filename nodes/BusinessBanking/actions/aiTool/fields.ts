import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { limitsCurrencyField } from '../limits/currency';
import { OPERATION_CLASSES } from '../operationClasses';
import { tableOf } from '../resources';
import { fromVersion2, onlyVersion1 } from '../versions';
import { allowedBeneficiariesField } from '../limits/allowedBeneficiaries';
import { AMOUNT_PARAMETERS, BENEFICIARY_PARAMETERS } from '../limits/limitedParameters';
import { onToolVariantOnly } from '../../n8n/toolVariant';

/**
 * The operations that issue a document a client pays, from their descriptors (`issuesDocumentClientPays`):
 * as a tool they make drafts unless the author allowed issuing.
 */
export const ISSUING_OPERATIONS: Record<string, Record<string, true>> = tableOf(({ issuesDocumentClientPays }) => (issuesDocumentClientPays ? true : undefined));

/**
 * The AI Agent section: "Allow Use by an AI Agent", "Allow an AI Agent to Issue Invoices" and "AI
 * Agent Limits" of every money-moving operation (one copy per resource, since n8n's display
 * conditions AND resource with operation). Version 1 shows them on every node (a regular node
 * ignores them); from version 2 on they show only on the node as an AI agent's tool ('@tool'),
 * headed by a notice that says, while the leave is off, that every call is refused. Each is the
 * author's alone: no expression, so n8n's editor offers no "let the model define this" (`$fromAI`)
 * on them either, and the gate refuses a stored value that is one anyway (authorOnly.ts).
 */
export function aiAgentFields(): INodeProperties[] {
	return [...onlyVersion1(aiAgentFieldsOf(1)), ...fromVersion2(aiAgentFieldsOf(2))];
}

function aiAgentFieldsOf(version: 1 | 2): INodeProperties[] {
	return Object.entries(OPERATION_CLASSES).flatMap(([resource, operations]) => {
		const moneyMoving = Object.keys(operations).filter((operation) => operations[operation] === 'moneyMoving');
		if (moneyMoving.length === 0) return [];
		// From version 2 on, the section is the tool's only ('@tool').
		const show = version === 1 ? { show: { resource: [resource], operation: moneyMoving } } : onToolVariantOnly({ resource: [resource], operation: moneyMoving });
		const limits: INodeProperties['options'] = [];
		const withAmount = moneyMoving.filter((operation) => AMOUNT_PARAMETERS[resource]?.[operation]);
		if (withAmount.length > 0) {
			limits.push({
				displayName: 'Max Amount per Call',
				name: 'maxAmountPerCall',
				type: 'string',
				default: '',
				noDataExpression: true,
				placeholder: 'e.g. 500.00',
				description: 'An agent may not send more than this in one call (a decimal string, in the operation’s currency)',
			});
			limits.push({
				displayName: 'Max Amount per Execution',
				name: 'maxAmountPerExecution',
				type: 'string',
				default: '',
				noDataExpression: true,
				placeholder: 'e.g. 2000.00',
				description: 'What an agent may send through this node in one execution, all calls together (a decimal string)',
			});
			limits.push(limitsCurrencyField);
		}
		if (moneyMoving.some((operation) => BENEFICIARY_PARAMETERS[resource]?.[operation])) {
			const typed: INodeProperties = {
				displayName: 'Allowed Beneficiary IDs',
				name: 'allowedBeneficiaryIds',
				type: 'string',
				default: '',
				noDataExpression: true,
				placeholder: 'e.g. 2b4c…, 7f1e…',
				description: 'Comma-separated. When set, an agent may pay only these beneficiaries (the target account ID for international transfers).',
			};
			limits.push(allowedBeneficiariesField(resource, version, typed, 'an agent'));
		}
		const fields: INodeProperties[] = [
			...(version === 1 ? [] : sectionNotices(show)),
			{
				displayName: 'Allow Use by an AI Agent',
				name: 'allowAiAgentUse',
				type: 'boolean',
				default: false,
				noDataExpression: true,
				displayOptions: show,
				description:
					version === 1
						? 'Whether an AI agent may run this operation when this node is its tool. Off: the agent is told it is refused and nothing is sent. Put n8n’s human review of tool calls in front of it when you turn it on. Has no effect on a regular node.'
						: 'Whether an AI agent may run this operation through this tool. Off: every call is refused, the agent is told why, and nothing is sent. Put n8n’s human review of tool calls in front of it when you turn it on.',
			},
		];
		// Issuing is allowed only beside the leave itself, which only money-moving operations show.
		const issuing = moneyMoving.filter((operation) => ISSUING_OPERATIONS[resource]?.[operation]);
		if (issuing.length > 0) {
			fields.push({
				displayName: 'Allow an AI Agent to Issue Invoices',
				name: 'allowAiAgentIssuing',
				type: 'boolean',
				default: false,
				noDataExpression: true,
				displayOptions: { show: { ...show.show, operation: issuing, allowAiAgentUse: [true] } },
				description:
					'Whether an AI agent may issue (finalize) the invoice it creates. Off: it is created as a draft, whatever Status says, and a person finalizes it. Either way its IBAN must be one of the organization’s own accounts.',
			});
		}
		if (limits.length > 0) {
			fields.push({
				displayName: 'AI Agent Limits',
				name: 'aiAgentLimits',
				type: 'collection',
				placeholder: 'Add Limit',
				default: {},
				noDataExpression: true,
				displayOptions: { show: { ...show.show, allowAiAgentUse: [true] } },
				...(version === 1
					? {}
					: { description: 'Bounds on every call of this tool, whatever the model sent. They take the place of the Safety Limits a regular node shows.' }),
				options: limits,
			});
		}
		return fields;
	});
}

/**
 * The head of version 2's AI Agent section (n8n has no section headers): while the leave is off,
 * a warning that every call is refused; once it is on, what the section holds.
 */
function sectionNotices(show: IDisplayOptions): INodeProperties[] {
	return [
		{
			displayName: 'AI Agent: every call of this tool is refused until you turn on Allow Use by an AI Agent below. Nothing is sent until then.',
			name: 'aiAgentNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { ...show.show, allowAiAgentUse: [false] } },
		},
		{
			displayName: 'AI Agent: an agent may run this operation through this tool, within the AI Agent Limits below. Put n8n’s human review of tool calls in front of it.',
			name: 'aiAgentNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { ...show.show, allowAiAgentUse: [true] } },
		},
	];
}
