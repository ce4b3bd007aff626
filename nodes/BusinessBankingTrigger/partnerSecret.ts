import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE, partnerWebhookSecret } from '../BusinessBanking/transport';
import { describeCredentialProblem, partnerSecretOf } from '../BusinessBanking/transport/credentialFields';

/**
 * A partner has one webhook endpoint, so one secret: the credential's Partner Webhook Secret, the
 * one Webhook Subscription › Update Partner Endpoint sets too. The trigger registers that secret and
 * verifies each delivery with the credential as it is when the delivery arrives (no copy in static
 * data), so every workflow on the credential, a restart and a rotation all agree.
 */

/** The secret to register; a blank one is refused (naming the credential's field) before any request. */
export async function partnerSecretToRegister(this: IHookFunctions): Promise<string> {
	return await partnerWebhookSecret(this);
}

/**
 * The secret a partner delivery must be signed with, read from the credential now; undefined (the
 * delivery is refused) when it is blank or the credential cannot be read. Never logs the value.
 */
export async function partnerSecretForDelivery(this: IWebhookFunctions): Promise<string | undefined> {
	let problem: string;
	try {
		const secret = partnerSecretOf(await this.getCredentials(CREDENTIAL_TYPE));
		if (typeof secret === 'string') return secret;
		problem = describeCredentialProblem(secret);
	} catch (error) {
		problem = `the credential could not be read (${(error as Error).message})`;
	}
	this.logger.warn(`Business Banking Trigger: partner delivery refused: ${problem}`);
	return undefined;
}
