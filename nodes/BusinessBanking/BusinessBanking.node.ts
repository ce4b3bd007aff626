import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { aiAgentFields } from './actions/aiTool/fields';
import { safetyLimitsFields } from './actions/limits/fields';
import { toolDescriptionFields } from './actions/aiTool/toolDescriptions';
import { rateLimitFieldOfVersion1 } from './actions/run/rateLimit';
import { resourcePicker, resources } from './actions/resources';
import { router } from './actions/run/router';
import { subtitleExpression } from './actions/subtitle';
import { NEWEST_VERSION, NODE_VERSIONS, operationAdvancedFromVersion2, operationPropertiesForEveryVersion } from './actions/versions';
import { listSearch, loadOptions, resourceMapping } from './methods';

export class BusinessBanking implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Banking',
		name: 'businessBanking',
		icon: { light: 'file:../../icons/businessBanking.svg', dark: 'file:../../icons/businessBanking.dark.svg' },
		group: ['transform'],
		version: NODE_VERSIONS,
		defaultVersion: NEWEST_VERSION,
		subtitle: subtitleExpression(),
		description: 'Manage clients, invoices, transfers, accounts and more on a business bank account',
		defaults: { name: 'Business Banking' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'businessBankingOAuth2Api', required: true }],
		properties: [
			resourcePicker,
			...Object.entries(resources).flatMap(([resourceName, resource]) => [
				resource.operationPicker,
				...Object.entries(resource.operations).flatMap(([name, operation]) => operationPropertiesForEveryVersion(operation, resourceName, name)),
			]),
			// The AI Agent section (from version 2 on: the tool's only), the limits, the tool's description.
			...aiAgentFields(),
			...safetyLimitsFields(),
			...toolDescriptionFields(),
			// Last: version 1's Rate Limit; from version 2 on, each operation's Advanced collection.
			...rateLimitFieldOfVersion1,
			...Object.entries(resources).flatMap(([resourceName, resource]) =>
				Object.entries(resource.operations).flatMap(([name, operation]) => operationAdvancedFromVersion2(operation, resourceName, name)),
			),
		],
	};

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
