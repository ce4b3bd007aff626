import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { connectedCredential } from '../helpers/engine/connectedCredential';
import type { TestSandbox } from '../helpers/sandbox';

/** The partner fields the sandbox's application answers to (placeholders, not secrets). */
export const PARTNER_FIELDS = { partnerId: 'partner-sandbox', partnerWebhookSecret: 'golden-partner-secret-placeholder' };

/** The golden workflows' credential: connected to the sandbox, with the partner fields its partner endpoint needs. */
export function goldenCredential(sandbox: TestSandbox): ICredentialDataDecryptedObject {
	return connectedCredential(sandbox, { fields: PARTNER_FIELDS });
}
