import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { aiAgentFields } from './actions/aiTool/fields';
import { safetyLimitsFields } from './actions/limits/fields';
import { toolDescriptionFields } from './actions/aiTool/toolDescriptions';
import { rateLimitField } from './actions/run/rateLimit';
import { resourcePicker, resources } from './actions/resources';
import { router } from './actions/run/router';
import { subtitleExpression } from './actions/subtitle';
import { NEWEST_VERSION, NODE_VERSIONS, operationPropertiesForEveryVersion } from './actions/versions';
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
			...Object.values(resources).flatMap((resource) => [
				resource.operationPicker,
				...Object.values(resource.operations).flatMap(operationPropertiesForEveryVersion),
			]),
			...aiAgentFields(),
			...safetyLimitsFields(),
			...toolDescriptionFields(),
			rateLimitField,
		],
	};

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
