import { Clock } from './clock';
import { Collection } from './collection';
import { EventBus } from './events';
import { RequestLog } from './requestLog';
import { TokenStore } from './tokens';

/** A freshly consented token has every scope. */
export { ALL_SCOPES } from '../../nodes/BusinessBanking/schemas/scopes';

export interface SandboxOptions {
	/** 4010 by default; 0 picks a free port (tests). */
	port?: number;
	host?: string;
	/** When set, every /v2 call must carry it in X-Service-Staging-Token. */
	stagingToken?: string;
	/** Requests per window per access token (decisions.md: 1,000 per 10 s). */
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
	/** First webhook retry delay, doubled on each retry (decisions.md: 1 s). Tests use a few ms. */
	deliveryBackoffMs?: number;
	/** How long a webhook delivery waits for the receiver (decisions.md: 10 s). */
	deliveryTimeoutMs?: number;
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

/** The shared state of one sandbox process: clock, identities, tokens, events, and module hooks. */
export class SandboxContext {
	readonly clock = new Clock();
	readonly tokens = new TokenStore(this.clock);
	readonly events = new EventBus(this.clock);
	readonly organizations = new Map<string, Organization>();
	readonly users = new Map<string, User>();
	readonly applications = new Map<string, Application>();
	readonly bankAccounts = new Collection<BankAccount>();
	/** What reached the sandbox (not cleared by reset): tests assert on it. */
	readonly requests = new RequestLog();
	private readonly resetHooks: Hook[] = [];
	private readonly seedHooks: Hook[] = [];

	constructor(readonly options: SandboxOptions) {}

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

	/** Back to the state of a fresh start: empty, then seeded. */
	reset(seedCore: (ctx: SandboxContext) => void): void {
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
}
