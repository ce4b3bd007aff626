/**
 * Addresses of each environment. The local sandbox serves the API, the authorization server and the
 * partner registration API on one port. The specification names no production host, so Production
 * points at reserved `.example` names (they never resolve, so no token can leak to a stranger) until
 * the service's real addresses are known; use Custom for a real deployment meanwhile.
 */
export const SANDBOX_URL = 'http://localhost:4010';
export const PRODUCTION = {
	baseUrl: 'https://api.business-banking.example',
	authServerUrl: 'https://oauth.business-banking.example',
	registerUrl: 'https://partners.business-banking.example',
};

/** The stored fields of the credential that choose the addresses. */
export interface AddressFields {
	environment?: unknown;
	customBaseUrl?: unknown;
	customAuthServerUrl?: unknown;
	customRegisterUrl?: unknown;
}

export interface Addresses {
	baseUrl: string;
	registerUrl: string;
}

/** Spaces around an address are dropped (URL parsing drops them too), then trailing slashes. */
const trimSlash = (url: unknown) => (typeof url === 'string' ? url.trim() : '').replace(/\/+$/, '');

/**
 * The API and registration addresses of the credential's environment: one lookup in plain code,
 * instead of hidden expression fields that n8n would resolve through its expression engine on
 * every read of the credential.
 */
export function addressesOf(fields: AddressFields): Addresses {
	if (fields.environment === 'custom') {
		return { baseUrl: trimSlash(fields.customBaseUrl), registerUrl: trimSlash(fields.customRegisterUrl) };
	}
	if (fields.environment === 'production') return { baseUrl: PRODUCTION.baseUrl, registerUrl: PRODUCTION.registerUrl };
	return { baseUrl: SANDBOX_URL, registerUrl: SANDBOX_URL };
}
