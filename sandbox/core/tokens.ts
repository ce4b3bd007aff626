import { randomBytes } from 'crypto';

import type { Clock } from './clock';
import type { StateStore } from './store';
import { StoredMap } from './storedMap';

export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;
export const AUTHORIZATION_CODE_TTL_MS = 10 * 60 * 1000;

/** Who a token acts for: one user on one of the user's organizations, with the granted scopes. */
export interface Grant {
	applicationId: string;
	userId: string;
	organizationId: string;
	scopes: string[];
}

interface Expiring extends Grant {
	expiresAt: number;
}

interface AuthorizationCode extends Expiring {
	redirectUri: string;
}

export interface IssuedTokens {
	access_token: string;
	token_type: 'bearer';
	expires_in: number;
	scope: string;
	refresh_token?: string;
}

const opaque = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

/** Authorization codes, access tokens and one-time refresh tokens, all on the sandbox clock. */
export class TokenStore {
	private readonly codes: StoredMap<AuthorizationCode>;
	private readonly accessTokens: StoredMap<Expiring>;
	private readonly refreshTokens: StoredMap<Expiring>;

	constructor(
		private readonly clock: Clock,
		store: StateStore,
	) {
		this.codes = StoredMap.open(store, 'authorization_codes');
		this.accessTokens = StoredMap.open(store, 'access_tokens');
		this.refreshTokens = StoredMap.open(store, 'refresh_tokens');
		// Tokens that expired while the sandbox was stopped are dropped from the file.
		for (const map of [this.codes, this.accessTokens, this.refreshTokens]) {
			for (const [token, entry] of map) if (entry.expiresAt <= clock.nowMs()) map.delete(token);
		}
	}

	createCode(grant: Grant, redirectUri: string): string {
		const code = opaque('code');
		this.codes.set(code, { ...grant, redirectUri, expiresAt: this.clock.nowMs() + AUTHORIZATION_CODE_TTL_MS });
		return code;
	}

	/** Single use: the code is gone after the first look, whatever the outcome. */
	consumeCode(code: string): AuthorizationCode | undefined {
		const entry = this.codes.get(code);
		this.codes.delete(code);
		if (!entry || entry.expiresAt <= this.clock.nowMs()) return undefined;
		return entry;
	}

	/** A refresh token only when offline_access was granted. */
	issue(grant: Grant): IssuedTokens {
		const accessToken = opaque('at');
		const now = this.clock.nowMs();
		this.accessTokens.set(accessToken, { ...grant, expiresAt: now + ACCESS_TOKEN_TTL_MS });
		const tokens: IssuedTokens = {
			access_token: accessToken,
			token_type: 'bearer',
			expires_in: ACCESS_TOKEN_TTL_MS / 1000,
			scope: grant.scopes.join(' '),
		};
		if (grant.scopes.includes('offline_access')) {
			const refreshToken = opaque('rt');
			this.refreshTokens.set(refreshToken, { ...grant, expiresAt: now + REFRESH_TOKEN_TTL_MS });
			tokens.refresh_token = refreshToken;
		}
		return tokens;
	}

	/**
	 * Rotation: the old refresh token is deleted before the new one exists, synchronously, so of two
	 * concurrent refreshes of one token the second always fails.
	 */
	consumeRefreshToken(refreshToken: string, applicationId: string): Grant | undefined {
		const entry = this.refreshTokens.get(refreshToken);
		if (!entry || entry.applicationId !== applicationId) return undefined;
		this.refreshTokens.delete(refreshToken);
		if (entry.expiresAt <= this.clock.nowMs()) return undefined;
		const { expiresAt: _expired, ...grant } = entry;
		return grant;
	}

	verifyAccessToken(accessToken: string): Grant | undefined {
		const entry = this.accessTokens.get(accessToken);
		if (!entry || entry.expiresAt <= this.clock.nowMs()) return undefined;
		const { expiresAt: _expired, ...grant } = entry;
		return grant;
	}

	clear(): void {
		this.codes.clear();
		this.accessTokens.clear();
		this.refreshTokens.clear();
	}
}
