import { randomBytes } from 'crypto';
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE, partnerWebhookSecret } from '../BusinessBanking/transport';
import { describeCredentialProblem, partnerSecretOf, type CredentialProblem } from '../BusinessBanking/transport/credentialFields';

/**
 * A partner has one webhook endpoint, so one secret: the credential's Partner Webhook Secret, the
 * one Webhook Subscription › Update Partner Endpoint sets too. The trigger registers that secret and
 * verifies each delivery with the credential as it is when the delivery arrives (no copy in static
 * data), so every workflow on the credential, a restart and a rotation all agree.
 *
 * A credential that never had the field set is what a partner-mode trigger saved with 1.0.0 runs on:
 * then the trigger keeps 1.0.0's behaviour, a secret of its own in the workflow's static data, so a
 * saved workflow keeps working (docs/trigger.md says why setting the credential's secret is better).
 * A value that is set but blank (spaces only) is a mistake, and is refused.
 */

type CredentialFields = Record<string, unknown>;

const isUnset = (fields: CredentialFields) => fields.partnerWebhookSecret === undefined || fields.partnerWebhookSecret === null || fields.partnerWebhookSecret === '';

/** The secret to register, and whether it is the trigger's own (to keep in static data). */
export async function partnerSecretToRegister(this: IHookFunctions, ownSecret: string | undefined): Promise<{ secret: string; own: boolean }> {
	if (isUnset(await this.getCredentials(CREDENTIAL_TYPE))) return { secret: ownSecret ?? randomBytes(32).toString('hex'), own: true };
	// Refuses a blank value (naming the credential's field) before any request.
	return { secret: await partnerWebhookSecret(this), own: false };
}

/**
 * The secret a partner delivery must be signed with: the credential's, read now, or the trigger's own
 * when the credential has none; undefined (the delivery is refused) when it is blank or the credential
 * cannot be read. Never logs the value.
 */
export async function partnerSecretForDelivery(this: IWebhookFunctions, ownSecret: string | undefined): Promise<string | undefined> {
	let problem: string;
	try {
		const fields = await this.getCredentials(CREDENTIAL_TYPE);
		if (isUnset(fields) && ownSecret !== undefined) return ownSecret;
		const secret: string | CredentialProblem = partnerSecretOf(fields);
		if (typeof secret === 'string') return secret;
		problem = describeCredentialProblem(secret);
	} catch (error) {
		problem = `the credential could not be read (${(error as Error).message})`;
	}
	this.logger.warn(`Business Banking Trigger: partner delivery refused: ${problem}`);
	return undefined;
}
