import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../transport';

function credentialName(context: IExecuteFunctions): string {
	const name = context.getNode().credentials?.[CREDENTIAL_TYPE]?.name;
	return name ? `the credential "${name}"` : 'the Business Banking credential';
}

/**
 * A workflow made with an older version of the node still holds the secret in its "Secret"
 * parameter: refuse to run until it is moved to the credential. The error carries the node without
 * that parameter, so that n8n does not copy the value into the execution's error data and logs.
 */
export function refuseSecretParameter(this: IExecuteFunctions, itemIndex: number): void {
	const node = this.getNode();
	const { secret, ...parameters } = node.parameters;
	if (secret === undefined || secret === null || secret === '') return;
	throw new NodeOperationError(
		{ ...node, parameters },
		`Item ${itemIndex}: the node's Secret parameter is no longer used: enter the secret in ${credentialName(this)} (Partner Webhook Secret), then clear "Secret (No Longer Used)" in this node`,
		{
			itemIndex,
			description:
				'n8n keeps node parameters in plain text with the workflow and copies them into execution errors and logs; credentials are encrypted. Since the secret was stored in this workflow, consider changing it.',
		},
	);
}
