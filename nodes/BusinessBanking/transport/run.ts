import { NodeOperationError, type ICredentialDataDecryptedObject } from 'n8n-workflow';

import { credentialProblem, describeCredentialProblem, partnerSecretOf, type CredentialProblem, type CredentialUse } from './credentialFields';
import { DEFAULT_RATE_LIMIT, pacerFor, type Pacer, type RateLimit } from './pacer';
import { signingContext } from '../n8n/signingContext';
import { CREDENTIAL_TYPE, type ApiContext } from './types';

export { CREDENTIAL_TYPE };

/** How a run's requests are paced: the contract's limit, and whether the in-flight cap adapts. */
export interface RunSettings {
	limit: RateLimit;
	/** False when the user fixed how many items run at once (then only the rate is paced). */
	adaptive: boolean;
}

/** The credential of one run, as read once, and the context that hands it to n8n's OAuth2 signing. */
interface ReadCredential {
	data: ICredentialDataDecryptedObject;
	signer: ApiContext;
	/** What is wrong with the values each kind of call relies on, checked once per read. */
	problems: Record<CredentialUse, CredentialProblem | undefined>;
}

interface RunState {
	settings: RunSettings;
	credential?: Promise<ReadCredential>;
	/** The settled read, to tell a stale copy from a read under way. */
	current?: ReadCredential;
	/** The node's credential (its id, or its name), for the pacer. */
	credentialId?: string;
}

/**
 * What one run of a node (one `execute`, one hook, one list search: one n8n context object) keeps
 * for its API calls. Weakly held: it goes with the context.
 */
const runs = new WeakMap<object, RunState>();

function stateOf(context: ApiContext): RunState {
	let state = runs.get(context);
	if (!state) {
		state = { settings: { limit: DEFAULT_RATE_LIMIT, adaptive: true } };
		runs.set(context, state);
	}
	return state;
}

/** Set by the router before the items run. */
export function configureRun(context: ApiContext, settings: RunSettings): void {
	stateOf(context).settings = settings;
}

/**
 * The credential, read once per run: each read decrypts it and resolves its expressions (in n8n,
 * a good share of a request's CPU). Concurrent items share the one read. A token n8n refreshes on
 * a 401 is written into this same object by n8n-core, so later requests use the new one.
 */
export async function readCredential(context: ApiContext): Promise<ReadCredential> {
	const state = stateOf(context);
	if (!state.credential) {
		const reading = (async () => {
			const data = await context.getCredentials(CREDENTIAL_TYPE);
			const problems = { api: credentialProblem(data, 'api'), register: credentialProblem(data, 'register') };
			state.current = { data, signer: signingContext(context, CREDENTIAL_TYPE, data), problems };
			return state.current;
		})();
		state.credential = reading;
		// A failed read is not kept: the next request tries again.
		reading.catch(() => {
			if (state.credential === reading) state.credential = undefined;
		});
	}
	return await state.credential;
}

/**
 * The credential, refused with a NodeOperationError naming the item and the credential's field when
 * a value the calls of `use` rely on is blank or malformed: before any request is sent.
 */
export async function readCheckedCredential(context: ApiContext, use: CredentialUse, itemIndex?: number): Promise<ReadCredential> {
	const credential = await readCredential(context);
	const problem = credential.problems[use];
	if (problem) throw credentialError(context, problem, itemIndex);
	return credential;
}

/**
 * The partner endpoint's signing secret, from the credential (n8n encrypts credentials; node
 * parameters are stored in plain text), after the checks of the partner registration calls. Without
 * an item (the trigger's registration) the error names no item.
 */
export async function partnerWebhookSecret(context: ApiContext, itemIndex?: number): Promise<string> {
	const credential = await readCheckedCredential(context, 'register', itemIndex);
	const secret = partnerSecretOf(credential.data);
	if (typeof secret !== 'string') throw credentialError(context, secret, itemIndex);
	return secret;
}

/** The error of a refused credential value (it never shows the value: some are secrets). */
function credentialError(context: ApiContext, problem: CredentialProblem, itemIndex?: number): NodeOperationError {
	const node = context.getNode();
	const saved = node.credentials?.[CREDENTIAL_TYPE]?.name;
	const prefix = itemIndex === undefined ? '' : `Item ${itemIndex}: `;
	return new NodeOperationError(node, `${prefix}${describeCredentialProblem(problem)}`, {
		itemIndex,
		description: `Open the credential${saved ? ` "${saved}"` : ''}, correct the field and save it: nothing was sent.`,
	});
}

/**
 * Drops the run's copy of the credential (after a refused refresh, or a 401 that n8n's refresh did
 * not cure): another process may have stored newer tokens, so the next request reads it again.
 */
export function forgetCredential(context: ApiContext, stale: ReadCredential): void {
	const state = stateOf(context);
	if (state.current !== stale) return;
	state.credential = undefined;
	state.current = undefined;
}

/** The run's settings and the pacer of the credential's current access token. */
export function pacing(context: ApiContext, credential: ReadCredential): { pacer: Pacer; adaptive: boolean } {
	const state = stateOf(context);
	// Once per run: n8n deep-copies the whole node on every getNode().
	state.credentialId ??= credentialIdOf(context);
	const { settings, credentialId: id } = state;
	const token = (credential.data.oauthTokenData as { access_token?: string } | undefined)?.access_token ?? '';
	const pacer = pacerFor(id, token);
	pacer.configure(settings.limit);
	return { pacer, adaptive: settings.adaptive };
}

function credentialIdOf(context: ApiContext): string {
	const reference = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return String(reference?.id ?? reference?.name ?? '');
}
