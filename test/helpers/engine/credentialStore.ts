/**
 * n8n's database and CredentialsHelper, reduced to credentials kept in memory by id.
 * - CredentialStore: the stored credential; `tokenWrites` counts n8n's token updates; `serveStale`
 *   answers an old snapshot for the next reads (a concurrent refresh elsewhere).
 */
import './environment';
import {
	ICredentialsHelper,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type IHttpRequestOptions,
	type INodeCredentialsDetails,
	type INodeProperties,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { credentialProperties, credentialType, parentTypes, resolveCredential } from './credentialTypes';

/** One stored credential, as n8n keeps it (unresolved fields plus oauthTokenData). */
export class CredentialStore {
	/** How often n8n-core wrote rotated tokens back. */
	tokenWrites = 0;
	private stale: { data: ICredentialDataDecryptedObject; reads: number } | undefined;

	constructor(public data: ICredentialDataDecryptedObject) {}

	/**
	 * The next `reads` reads answer `snapshot` instead of the stored data: what a process sees that
	 * read the credential just before another one rotated its refresh token (n8n 1.x refreshes
	 * without a lock). In n8n-core 2.40 one API call reads twice when it refreshes: once to sign the
	 * request, once before refreshing.
	 */
	serveStale(snapshot: ICredentialDataDecryptedObject, reads: number): void {
		this.stale = { data: structuredClone(snapshot), reads };
	}

	read(): ICredentialDataDecryptedObject {
		if (this.stale && this.stale.reads > 0) {
			this.stale.reads--;
			return structuredClone(this.stale.data);
		}
		return structuredClone(this.data);
	}
}

/** n8n's CredentialsHelper, reduced to one in-memory credential per id, same resolution rules. */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly stores: Map<string, CredentialStore>) {
		super();
	}

	getParentTypes(name: string): string[] {
		return parentTypes(name);
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	/** OAuth2 types have no `authenticate`: n8n-core signs their requests itself. */
	async authenticate(credentials: ICredentialDataDecryptedObject, typeName: string, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const authenticate = credentialType(typeName).authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate) throw new Error('engine harness: generic `authenticate` is not supported');
		return requestOptions;
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('engine harness: getCredentials (encrypted form) is not supported');
	}

	/**
	 * Like n8n: `raw` answers the stored data; otherwise defaults are filled in and expressions
	 * (hidden fields such as `={{ $self["environment"] … }}`) resolved with `$self` = the data.
	 */
	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		_executeData?: unknown,
		raw?: boolean,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.store(nodeCredentials).read();
		if (raw) return stored;
		return resolveCredential(type, stored, mode);
	}

	async updateCredentials(nodeCredentials: INodeCredentialsDetails, _type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		this.store(nodeCredentials).data = structuredClone(data);
	}

	/** n8n-core hands the whole credential; n8n's database keeps only the new token data from it. */
	async updateCredentialsOauthTokenData(nodeCredentials: INodeCredentialsDetails, _type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		const store = this.store(nodeCredentials);
		store.data = { ...store.data, oauthTokenData: structuredClone(data.oauthTokenData) };
		store.tokenWrites++;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialProperties(type);
	}

	private store(nodeCredentials: INodeCredentialsDetails): CredentialStore {
		const store = nodeCredentials.id ? this.stores.get(nodeCredentials.id) : undefined;
		if (!store) throw new Error(`engine harness: no credential with id ${nodeCredentials.id}`);
		return store;
	}
}
