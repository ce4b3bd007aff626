import { Clock } from './clock';
import { Collection, type OwnedRow } from './collection';
import { EventBus } from './events';
import { RequestLog } from './requestLog';
import { SqliteStore } from './sqliteStore';
import { MemoryStore, type StateStore } from './store';
import { StoredMap } from './storedMap';
import { TokenStore } from './tokens';

/** A freshly consented token has every scope. */
export { ALL_SCOPES } from '../../nodes/shared/schemas/scopes';

export interface SandboxOptions {
	/** 4010 by default; 0 picks a free port (tests). */
	port?: number;
	host?: string;
	/** When set, every /v2 call must carry it in X-Service-Staging-Token. */
	stagingToken?: string;
	/** Requests per window per access token (docs/assumptions.md: 1,000 per 10 s). */
	rateLimit?: { max: number; windowMs: number };
	/** Delay before a finalized invoice's Factur-X PDF replaces the draft PDF (10 s by default). */
	facturxDelayMs?: number;
	/** Fixed OAuth application credentials (random ones otherwise, printed at start). */
	clientId?: string;
	clientSecret?: string;
	/** Registered redirect URIs of the seeded application. */
	redirectUris?: string[];
	/** Silence request logs (tests). */
	quiet?: boolean;
	/** First webhook retry delay, doubled on each retry (docs/assumptions.md: 1 s). Tests use a few ms. */
	deliveryBackoffMs?: number;
	/** How long a webhook delivery waits for the receiver (docs/assumptions.md: 10 s). */
	deliveryTimeoutMs?: number;
	/**
	 * A sqlite file that keeps the whole state across restarts (`--data`, `npm run dev`); a start on
	 * an existing file continues where the last run stopped. In memory when absent (tests).
	 */
	dataFile?: string;
}

export interface Organization {
	id: string;
	slug: string;
	legal_name: string;
	legal_number: string;
	legal_country: 'FR' | 'IT' | 'ES' | 'DE';
	address_line_1: string;
	address_line_2: string | null;
	address_zipcode: string;
	address_city: string;
	address_country: string;
	vat_number: string | null;
	tax_number: string | null;
	company_leadership: string | null;
	district_court: string | null;
	commercial_register_number: string | null;
	legal_capital_share: { value: string; currency: string } | null;
	transaction_type: string | null;
	vat_payment_condition: string | null;
	/** Invoice numbering: the spec's default is manual numbers. */
	automatic_numbering: boolean;
	/** Italian organizations only: e-invoicing activated (required to create invoices). */
	einvoicing_activated: boolean;
	/** Spanish organizations: the holder is a freelancer (withholding tax = IRPF). */
	freelancer: boolean;
}

/** The bank_account shape of the spec (Business account). */
export interface BankAccount {
	id: string;
	name: string;
	organization_id: string;
	status: 'active' | 'closed';
	main: boolean;
	iban: string;
	bic: string;
	currency: string;
	balance: number;
	balance_cents: number;
	authorized_balance: string;
	authorized_balance_cents: number;
	updated_at: string;
	is_external_account: boolean;
	account_number: number;
}

export interface User {
	id: string;
	email: string;
	password: string;
	name: string;
	/** Organization id → membership id. */
	memberships: Record<string, string>;
}

export interface Application {
	clientId: string;
	clientSecret: string;
	name: string;
	redirectUris: string[];
	partnerId: string;
}

/** Whatever a module seeds or clears joins the reset cycle through these hooks. */
type Hook = () => void;

/**
 * The shared state of one sandbox process: clock, identities, tokens, events, and module hooks.
 * Every piece of state is a `StoredMap` (or a `Collection` over one) named after its table, so that
 * with a data file it is kept on disk, and loaded back on the next start.
 */
export class SandboxContext {
	/** Where the state is kept: the data file, or nowhere. */
	readonly store: StateStore;
	/** The clock's offset and the counters. */
	private readonly meta: StoredMap<number>;
	readonly clock: Clock;
	readonly tokens: TokenStore;
	readonly events: EventBus;
	readonly organizations: StoredMap<Organization>;
	readonly users: StoredMap<User>;
	readonly applications: StoredMap<Application>;
	readonly bankAccounts: Collection<BankAccount>;
	/** What reached the sandbox (not cleared by reset, not kept on disk): tests assert on it. */
	readonly requests = new RequestLog();
	private readonly resetHooks: Hook[] = [];
	private readonly seedHooks: Hook[] = [];
	private readonly restoreHooks: Hook[] = [];
	private readonly tables = new Set<string>();

	constructor(readonly options: SandboxOptions) {
		this.store = options.dataFile ? new SqliteStore(options.dataFile) : new MemoryStore();
		this.meta = this.storedMap('meta');
		this.clock = new Clock(this.meta.get('clock_offset_ms') ?? 0, (offsetMs) => this.meta.set('clock_offset_ms', offsetMs));
		this.tokens = new TokenStore(this.clock, this.store);
		this.events = new EventBus(this.clock);
		this.organizations = this.storedMap('organizations');
		this.users = this.storedMap('users');
		this.applications = this.storedMap('applications');
		this.bankAccounts = this.collection('bank_accounts');
	}

	/** A Map kept in the store's table `table` (one name per piece of state). */
	storedMap<V>(table: string): StoredMap<V> {
		if (this.tables.has(table)) throw new Error(`the sandbox table ${table} is opened twice`);
		this.tables.add(table);
		return StoredMap.open<V>(this.store, table);
	}

	collection<T extends { id: string }>(table: string): Collection<T> {
		return new Collection<T>(this.storedMap<OwnedRow<T>>(table));
	}

	/** The next value of a named sequence (1, 2, …), kept with the state and restarted by reset. */
	nextInSequence(name: string): number {
		const next = (this.meta.get(`sequence:${name}`) ?? 0) + 1;
		this.meta.set(`sequence:${name}`, next);
		return next;
	}

	/** Runs when the sandbox starts on a data file that held a sandbox: resumes timers (deliveries, Factur-X). */
	onRestore(hook: Hook): void {
		this.restoreHooks.push(hook);
	}

	/** `clear` empties the module's state on reset; `seed` refills it after the core seed. */
	onReset(clear: Hook, seed?: Hook): void {
		this.resetHooks.push(clear);
		if (seed) this.seedHooks.push(seed);
	}

	organization(id: string): Organization {
		const organization = this.organizations.get(id);
		if (!organization) throw new Error(`unknown organization ${id}`);
		return organization;
	}

	organizationBySlug(slug: string): Organization {
		const organization = [...this.organizations.values()].find((o) => o.slug === slug);
		if (!organization) throw new Error(`unknown organization ${slug}`);
		return organization;
	}

	/** The seeded application (the sandbox has exactly one). */
	get application(): Application {
		return [...this.applications.values()][0];
	}

	/** Back to the state of a fresh start: empty (the data file too), then seeded. */
	reset(seedCore: (ctx: SandboxContext) => void): void {
		this.store.clearAll();
		this.meta.clear();
		this.clock.reset();
		this.tokens.clear();
		this.organizations.clear();
		this.users.clear();
		this.applications.clear();
		this.bankAccounts.clear();
		for (const clear of this.resetHooks) clear();
		seedCore(this);
		for (const seed of this.seedHooks) seed();
	}

	/**
	 * Continues the stored sandbox: the OAuth application keeps its stored id and secret unless the
	 * options name others, and the modules resume what was waiting.
	 */
	restore(seedApplication: (ctx: SandboxContext) => void): void {
		const stored = this.application;
		this.options.clientId ??= stored?.clientId;
		this.options.clientSecret ??= stored?.clientSecret;
		this.applications.clear();
		seedApplication(this);
		for (const hook of this.restoreHooks) hook();
	}
}
