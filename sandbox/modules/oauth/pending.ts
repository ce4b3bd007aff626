import { randomBytes } from 'crypto';

import type { Clock } from '../../core/clock';
import type { StoredMap } from '../../core/storedMap';

/** How long a user has to walk the consent pages once the application sent them. */
export const PENDING_TTL_MS = 30 * 60 * 1000;

/** One authorization request in progress: what /oauth2/auth validated, and who signed in. */
export interface PendingAuthorization {
	id: string;
	applicationId: string;
	redirectUri: string;
	scopes: string[];
	state?: string;
	/** organization_id: the flow is locked to it. */
	lockedOrganizationId?: string;
	/** registration_id resolved to an organization: preselected, picker skipped. */
	preselectedOrganizationId?: string;
	/** registration_id that matched nothing: the picker says so. */
	unknownRegistration?: boolean;
	userId?: string;
	expiresAt: number;
}

/** Keyed by an unguessable id carried in the pages' hidden field (no cookie needed). */
export class PendingAuthorizations {
	constructor(
		private readonly clock: Clock,
		private readonly byId: StoredMap<PendingAuthorization>,
	) {}

	create(request: Omit<PendingAuthorization, 'id' | 'expiresAt'>): PendingAuthorization {
		const pending = { ...request, id: randomBytes(18).toString('base64url'), expiresAt: this.clock.nowMs() + PENDING_TTL_MS };
		this.byId.set(pending.id, pending);
		return pending;
	}

	get(id: unknown): PendingAuthorization | undefined {
		if (typeof id !== 'string') return undefined;
		const pending = this.byId.get(id);
		if (pending && pending.expiresAt <= this.clock.nowMs()) {
			this.byId.delete(id);
			return undefined;
		}
		return pending;
	}

	/** Keeps what the pages learnt (who signed in). */
	save(pending: PendingAuthorization): void {
		if (this.byId.has(pending.id)) this.byId.set(pending.id, pending);
	}

	/** The flow ends (code issued or denied): the pages cannot be replayed. */
	finish(id: string): void {
		this.byId.delete(id);
	}

	clear(): void {
		this.byId.clear();
	}
}
