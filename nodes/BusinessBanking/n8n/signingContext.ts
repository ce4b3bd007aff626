import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { CREDENTIAL_TYPE, type ApiContext } from '../transport/types';

/*
 * Assumption: n8n-core's OAuth2 signing (httpRequestWithAuthentication) reads the credential through
 * `this.getCredentials(type)` of the context it is called on, on every request, and writes a refreshed
 * token into the object that call returned. Guarded by test/node/transport.test.ts (credential reads
 * per run, refresh on 401) and test/n8n/parameterReads.test.ts's engine runs, on n8n-core of each
 * release of the matrix through the engine harness (test/helpers/engine/).
 */

/**
 * The node's context, except that `getCredentials` of this type answers the copy already read:
 * n8n-core's OAuth2 signing calls `this.getCredentials` on every request otherwise.
 */
export function signingContext(context: ApiContext, data: ICredentialDataDecryptedObject): ApiContext {
	const signer = Object.create(context) as ApiContext;
	const getCredentials = context.getCredentials.bind(context) as (type: string, itemIndex?: number) => Promise<ICredentialDataDecryptedObject>;
	Object.defineProperty(signer, 'getCredentials', {
		value: async (type: string, itemIndex?: number) => (type === CREDENTIAL_TYPE ? data : await getCredentials(type, itemIndex)),
	});
	return signer;
}
