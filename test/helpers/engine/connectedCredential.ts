/** The stored data of a credential connected to a test sandbox, and the id workflows refer to it by. */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import type { TestSandbox } from '../sandbox';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../sandbox';

export const CREDENTIAL_ID = 'cred-1';
export const CREDENTIAL_NAME = 'Business Banking account';

export interface CredentialOptions {
	organization?: Parameters<TestSandbox['mintTokens']>[0];
	scopes?: readonly string[];
	/** Overrides of the stored fields (e.g. a wrong stagingToken). */
	fields?: ICredentialDataDecryptedObject;
}

/**
 * Stored data of a credential already connected to the sandbox (tokens minted for the seeded user),
 * with Custom addresses pointing at the sandbox's port — what n8n keeps after the consent flow.
 */
export function connectedCredential(sandbox: TestSandbox, options: CredentialOptions = {}): ICredentialDataDecryptedObject {
	const tokens = sandbox.mintTokens(options.organization, options.scopes);
	return { ...credentialAt(sandbox.url, tokens, sandbox.ctx.options.stagingToken), ...options.fields };
}

/** The stored data of a credential connected with `tokens` to a sandbox at `url` (Custom addresses). */
export function credentialAt(url: string, tokens: object, stagingToken = ''): ICredentialDataDecryptedObject {
	return {
		environment: 'custom',
		customBaseUrl: url,
		customAuthServerUrl: url,
		customRegisterUrl: url,
		clientId: TEST_CLIENT_ID,
		clientSecret: TEST_CLIENT_SECRET,
		stagingToken,
		oauthTokenData: { ...tokens, token_type: 'bearer' } as unknown as IDataObject,
	};
}
