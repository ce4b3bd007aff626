import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

import { ALL_SCOPES } from '../nodes/shared/schemas/scopes';
import { PRODUCTION, SANDBOX_URL } from '../nodes/BusinessBanking/transport/addresses';
import { CREDENTIAL_DISPLAY_NAME, CREDENTIAL_LABELS } from '../nodes/BusinessBanking/transport/credentialFields';

/**
 * An n8n expression that picks the address of the chosen environment (Custom reads the user's
 * field), without a trailing slash, followed by `suffix`. Only what n8n itself needs is resolved this
 * way (its OAuth flow reads authUrl and accessTokenUrl, its credential test the API address): the
 * node's transport looks its addresses up from the environment in plain code (`addressesOf`), so
 * that no expression runs for them on each read of the credential.
 */
function addressOf(variable: '$self' | '$credentials', production: string, customField: string, suffix = ''): string {
	const custom = `String(${variable}["${customField}"] || "").replace(/\\/+$/, "")`;
	return `={{ (${variable}["environment"] === "custom" ? ${custom} : ${variable}["environment"] === "production" ? "${production}" : "${SANDBOX_URL}") + "${suffix}" }}`;
}

export class BusinessBankingOAuth2Api implements ICredentialType {
	name = 'businessBankingOAuth2Api';

	extends = ['oAuth2Api'];

	/**
	 * Only this package's nodes (the node, its AI tool variant, the trigger: the nodes that declare this
	 * credential) may use it. Otherwise n8n lets its HTTP Request node and HTTP Request Tool use any
	 * credential, with a URL and body a model fills, past the leave and limits this package's nodes keep.
	 * n8n-workflow 2.40.1 and later enforce it (at run time and when a workflow is saved); older n8n ignores
	 * it (docs/credential.md says what to do there).
	 */
	restrictToSupportedNodes = true as const;

	// The node's checks of these fields name them with the same words (credentialFields.ts).
	displayName = CREDENTIAL_DISPLAY_NAME;

	documentationUrl = 'https://github.com/n8n-nodes-business-banking/n8n-nodes-business-banking#credential';

	icon: Icon = { light: 'file:../icons/businessBanking.svg', dark: 'file:../icons/businessBanking.dark.svg' };

	properties: INodeProperties[] = [
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{ name: 'Sandbox (Local Simulator)', value: 'sandbox', description: `The local sandbox at ${SANDBOX_URL}` },
				{ name: 'Production', value: 'production' },
				{ name: 'Custom', value: 'custom', description: 'Addresses you enter below' },
			],
			default: 'sandbox',
			description: 'Which service to connect to. After changing it, reconnect the credential.',
		},
		{
			displayName: CREDENTIAL_LABELS.customBaseUrl,
			name: 'customBaseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com',
			description: 'Address of the bank’s API as its documentation gives it, without /v2',
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: CREDENTIAL_LABELS.customAuthServerUrl,
			name: 'customAuthServerUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://oauth.example.com',
			description: 'Address of the bank’s sign-in (authorization) server as its documentation gives it, without /oauth2',
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: CREDENTIAL_LABELS.customRegisterUrl,
			name: 'customRegisterUrl',
			type: 'string',
			default: '',
			placeholder: 'https://partners.example.com',
			description: 'Address where partner webhook endpoints are registered, as the documentation gives it; only needed for partner webhooks',
			displayOptions: { show: { environment: ['custom'] } },
		},
		{
			displayName: CREDENTIAL_LABELS.stagingToken,
			name: 'stagingToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'The sandbox’s access token from the developer portal, sent with every call: required when the sandbox was started with one; leave empty in production.',
		},
		{
			displayName: CREDENTIAL_LABELS.organizationId,
			name: 'organizationId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 7d2f5f0c-1b8e-4f6a-9a51-2b8c0f0a0f01',
			description: 'Optional. Locks the connection to this organization: the consent screen skips the organization picker.',
		},
		{
			displayName: CREDENTIAL_LABELS.partnerId,
			name: 'partnerId',
			type: 'string',
			default: '',
			description: 'Your partner identifier from the developer portal. Only needed for the partner webhook endpoint.',
		},
		{
			displayName: CREDENTIAL_LABELS.partnerWebhookSecret,
			name: 'partnerWebhookSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'The key the service signs partner webhook deliveries with. Webhook Subscription › Update Partner Endpoint and the trigger (partner mode) set it on your endpoint; the trigger verifies deliveries with it. Kept here, encrypted, rather than in the workflow.',
		},
		// The OAuth2 settings n8n's generic OAuth2 credential would otherwise ask for.
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'authorizationCode' },
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: addressOf('$self', PRODUCTION.authServerUrl, 'customAuthServerUrl', '/oauth2/auth'),
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: addressOf('$self', PRODUCTION.authServerUrl, 'customAuthServerUrl', '/oauth2/token'),
			required: true,
		},
		// Every scope: n8n ignores scopes a user types for community OAuth2 types.
		{ displayName: 'Scope', name: 'scope', type: 'hidden', default: ALL_SCOPES.join(' ') },
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: '={{ $self["organizationId"] ? "organization_id=" + encodeURIComponent($self["organizationId"]) : "" }}',
		},
		// The spec: client_id and client_secret go in the form body, never in a Basic header.
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'body' },
	];

	/**
	 * GET /organization, the spec's test call. n8n sends it through its OAuth2 request path, so it
	 * carries the bearer token once the credential is connected (before that there is nothing to test).
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: addressOf('$credentials', PRODUCTION.baseUrl, 'customBaseUrl'),
			url: '/organization',
			method: 'GET',
			headers: {
				Accept: 'application/json',
				'Content-Type': 'application/json',
				'X-Service-Staging-Token': '={{$credentials.stagingToken || undefined}}',
			},
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The service refused the call: check the Staging Token (sandbox), or reconnect the credential if access was revoked',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The connection may not read the organization: reconnect the credential and accept every requested permission',
				},
			},
		],
	};
}
