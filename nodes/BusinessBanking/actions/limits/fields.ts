import type { INodeProperties } from 'n8n-workflow';

import { AMOUNT_PARAMETERS, BENEFICIARY_PARAMETERS } from './limitedParameters';
import { allowedBeneficiariesField } from './allowedBeneficiaries';
import { limitsCurrencyField } from './currency';
import { fromVersion2, onlyVersion1 } from '../versions';

/** What Safety Limits bound, in each operation's own words (one resource, one operation with limits each). */
const SAFETY_LIMITS_HELP: Record<string, string> = {
	externalTransfer: 'Bounds on every transfer this node sends, whoever filled its inputs: the most per transfer, the most per execution, the beneficiaries it may pay',
	internationalTransfer:
		'Bounds on every international transfer this node sends, whoever filled its inputs: the most per transfer (in the amount debited), the most per execution, the target accounts it may pay',
	directDebit:
		'Bounds on every subscription this node sets up, whoever filled its inputs: the most per collection, the most per execution. Under an amount limit only a one-off collection (Schedule: Once) is allowed, since a recurring one has no end.',
};

/**
 * "Safety Limits" on every version-1 node and on a regular node from version 2 on (a version-2
 * tool shows its AI Agent Limits instead, aiTool/fields.ts): the author's bounds for every run of the node, whoever filled its inputs (a
 * spreadsheet, a webhook, an agent through a sub-workflow). Empty by default, so a saved workflow
 * runs as before; no expression, so no input can set them (one copy per resource, since n8n's
 * display conditions AND resource with operation).
 */
export function safetyLimitsFields(): INodeProperties[] {
	const fromTwo = safetyLimitsOfEveryResource(2).map((field) => ({ ...field, displayOptions: { show: { ...field.displayOptions?.show, '@tool': [false] } } }));
	return [...onlyVersion1(safetyLimitsOfEveryResource(1)), ...fromVersion2(fromTwo)];
}

function safetyLimitsOfEveryResource(version: 1 | 2): INodeProperties[] {
	const resources = new Set([...Object.keys(AMOUNT_PARAMETERS), ...Object.keys(BENEFICIARY_PARAMETERS)]);
	return [...resources].map((resource) => {
		const withAmount = Object.keys(AMOUNT_PARAMETERS[resource] ?? {});
		const withBeneficiary = Object.keys(BENEFICIARY_PARAMETERS[resource] ?? {});
		const options: INodeProperties[] = [];
		if (withAmount.length > 0) {
			options.push(
				{
					displayName: 'Max Amount per Item',
					name: 'maxAmountPerItem',
					type: 'string',
					default: '',
					noDataExpression: true,
					placeholder: 'e.g. 500.00',
					description: 'An item above this amount stops with an error and nothing is sent (a decimal string, in the operation’s currency)',
				},
				{
					displayName: 'Max Amount per Execution',
					name: 'maxAmountPerExecution',
					type: 'string',
					default: '',
					noDataExpression: true,
					placeholder: 'e.g. 2000.00',
					description:
						'What this node may send in one execution, all items and runs together, counted from what it sent in this execution (n8n saves it with the execution), a payment that may have been made included (a decimal string)',
				},
				limitsCurrencyField,
			);
		}
		if (withBeneficiary.length > 0) {
			const typed: INodeProperties = {
				displayName: 'Allowed Beneficiary IDs',
				name: 'allowedBeneficiaryIds',
				type: 'string',
				default: '',
				noDataExpression: true,
				placeholder: 'e.g. 2b4c…, 7f1e…',
				description: 'Comma-separated. When set, this node pays only these beneficiaries (the target account ID for international transfers).',
			};
			options.push(allowedBeneficiariesField(resource, version, typed, 'this node'));
		}
		return {
			displayName: 'Safety Limits',
			name: 'safetyLimits',
			type: 'collection',
			placeholder: 'Add Limit',
			default: {},
			noDataExpression: true,
			displayOptions: { show: { resource: [resource], operation: [...new Set([...withAmount, ...withBeneficiary])] } },
			description: SAFETY_LIMITS_HELP[resource] ?? 'Bounds that hold on every run of this node, whoever filled its inputs',
			options,
		} satisfies INodeProperties;
	});
}
