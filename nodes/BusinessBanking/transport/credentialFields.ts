/**
 * The checks of what a user types into the credential, run when the node reads it (before any
 * request): a blank or malformed value is refused naming the credential's field, never showing the
 * value (some are secrets). What a saved credential that works today holds still passes: spaces
 * around a value are dropped (HTTP drops them from a header, URL parsing from an address), and an
 * optional field holding only spaces is not given (as an empty one).
 */

/** The credential type's display name, as n8n's credential list shows it. */
export const CREDENTIAL_DISPLAY_NAME = 'Business Banking OAuth2 API';

/** The credential's fields a user types, by stored name: their labels in the credential form. */
export const CREDENTIAL_LABELS = {
	customBaseUrl: 'Base URL',
	customAuthServerUrl: 'Auth URL',
	customRegisterUrl: 'Register URL',
	stagingToken: 'Staging Token',
	organizationId: 'Organization ID',
	partnerId: 'Partner ID',
	partnerWebhookSecret: 'Partner Webhook Secret',
} as const;

export type CredentialField = keyof typeof CREDENTIAL_LABELS;

/** One refused value: which field, and what is wrong with it (never the value). */
export interface CredentialProblem {
	field: CredentialField;
	problem: string;
}

/** Which calls a check is for: every API call, or the partner registration API's. */
export type CredentialUse = 'api' | 'register';

type Fields = Record<string, unknown>;

/** Printable ASCII: what an HTTP header carries as it is (no control character, no line break). */
const HEADER_SAFE = /^[\x20-\x7e]+$/;
/** An identifier of the service: URL-safe characters (a UUID is one). */
/** Half of a UTF-16 pair without its other half: no text a user types holds one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const IDENTIFIER = /^[A-Za-z0-9._~-]+$/;
const MAX_IDENTIFIER = 200;
const MAX_URL = 2048;

/** The text of an optional field, spaces around it dropped; undefined when none was given. */
function optionalText(fields: Fields, field: CredentialField): string | CredentialProblem | undefined {
	const value = fields[field];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') return { field, problem: 'must be text' };
	const trimmed = value.trim();
	return trimmed === '' ? undefined : trimmed;
}

function requiredText(fields: Fields, field: CredentialField): string | CredentialProblem {
	return optionalText(fields, field) ?? { field, problem: 'is blank' };
}

const isProblem = (value: unknown): value is CredentialProblem => typeof value === 'object' && value !== null;

function hasControlCharacter(text: string): boolean {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code < 0x20 || code === 0x7f) return true;
	}
	return false;
}

/** An address the transport puts a path after: http(s), a host, no query, fragment or spaces. */
function urlProblem(field: CredentialField, url: string): CredentialProblem | undefined {
	if (url.length > MAX_URL) return { field, problem: `must be at most ${MAX_URL} characters` };
	let parsed: URL | undefined;
	try {
		parsed = /\s/.test(url) || hasControlCharacter(url) || LONE_SURROGATE.test(url) ? undefined : new URL(url);
	} catch {
		parsed = undefined;
	}
	if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hostname === '' || !/^https?:\/\/[^/]/i.test(url)) {
		return { field, problem: 'must be an http:// or https:// address, e.g. https://api.example.com' };
	}
	if (parsed.search !== '' || parsed.hash !== '' || /[?#]/.test(url)) return { field, problem: 'must not hold a query (?…) or a fragment (#…): paths are added after it' };
	return undefined;
}

function checkUrl(fields: Fields, field: CredentialField): CredentialProblem | undefined {
	const url = requiredText(fields, field);
	return isProblem(url) ? url : urlProblem(field, url);
}

function checkIdentifier(fields: Fields, field: CredentialField, required: boolean): CredentialProblem | undefined {
	const value = required ? requiredText(fields, field) : optionalText(fields, field);
	if (value === undefined || isProblem(value)) return value;
	if (value.length > MAX_IDENTIFIER) return { field, problem: `must be at most ${MAX_IDENTIFIER} characters` };
	return IDENTIFIER.test(value) ? undefined : { field, problem: 'may hold only letters, digits and . _ ~ -' };
}

function checkHeaderValue(fields: Fields, field: CredentialField): CredentialProblem | undefined {
	const value = optionalText(fields, field);
	if (value === undefined || isProblem(value)) return value;
	return HEADER_SAFE.test(value) ? undefined : { field, problem: 'may hold only printable ASCII characters (no line break or control character)' };
}

/**
 * The first problem of the fields the calls of `use` rely on, or undefined. Every call: the custom
 * addresses of the API and of the authorization server (n8n refreshes tokens there), the staging
 * token, the organization. Partner registration calls: the custom register address and the partner ID.
 */
export function credentialProblem(fields: Fields, use: CredentialUse): CredentialProblem | undefined {
	const custom = fields.environment === 'custom';
	const checks: Array<() => CredentialProblem | undefined> = [
		() => (custom && use === 'api' ? checkUrl(fields, 'customBaseUrl') : undefined),
		() => (custom ? checkUrl(fields, 'customAuthServerUrl') : undefined),
		() => (custom && use === 'register' ? checkUrl(fields, 'customRegisterUrl') : undefined),
		() => checkHeaderValue(fields, 'stagingToken'),
		() => checkIdentifier(fields, 'organizationId', false),
		() => (use === 'register' ? checkIdentifier(fields, 'partnerId', true) : undefined),
	];
	for (const check of checks) {
		const problem = check();
		if (problem) return problem;
	}
	return undefined;
}

/**
 * The partner endpoint's signing secret: not trimmed (spaces may be part of a secret), but a value
 * that is empty once trimmed is blank. Answers the secret, or the problem.
 */
export function partnerSecretOf(fields: Fields): string | CredentialProblem {
	const field = 'partnerWebhookSecret';
	const secret = fields[field];
	if (secret === undefined || secret === null || (typeof secret === 'string' && secret.trim() === '')) return { field, problem: 'is blank' };
	if (typeof secret !== 'string') return { field, problem: 'must be text' };
	return secret;
}

/** "Credential 'Business Banking OAuth2 API' › Partner ID is blank". */
export function describeCredentialProblem({ field, problem }: CredentialProblem): string {
	return `Credential '${CREDENTIAL_DISPLAY_NAME}' › ${CREDENTIAL_LABELS[field]} ${problem}`;
}

/** The credential's own values, spaces around them dropped: what the transport sends. */
export function trimmedText(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}
