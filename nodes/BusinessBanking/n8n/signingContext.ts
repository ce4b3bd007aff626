import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/*
 * Assumption: n8n-core's OAuth2 signing (httpRequestWithAuthentication) reads the credential through
 * `this.getCredentials(type)` of the context it is called on, on every request, and writes a refreshed
 * token into the object that call returned. Guarded by test/node/transport.test.ts (credential reads
 * per run, refresh on 401) and test/n8n/parameterReads.test.ts's engine runs, on n8n-core of each
 * release of the matrix through the engine harness (test/helpers/engine/).
 */

/** Any n8n context that reads credentials (a node's run, the editor's calls, a trigger's hooks and webhooks). */
interface ReadsCredentials {
	getCredentials(type: string, itemIndex?: number): Promise<object>;
}

/**
 * The node's context, except that `getCredentials` of `credentialType` answers the copy already read:
 * n8n-core's OAuth2 signing calls `this.getCredentials` on every request otherwise. The type is the
 * caller's (transport/), so that this room needs nothing from above it.
 */
export function signingContext<Context extends ReadsCredentials>(context: Context, credentialType: string, data: ICredentialDataDecryptedObject): Context {
	const signer = Object.create(context) as Context;
	const getCredentials = context.getCredentials.bind(context) as (type: string, itemIndex?: number) => Promise<ICredentialDataDecryptedObject>;
	Object.defineProperty(signer, 'getCredentials', {
		value: async (type: string, itemIndex?: number) => (type === credentialType ? data : await getCredentials(type, itemIndex)),
	});
	return signer;
}
