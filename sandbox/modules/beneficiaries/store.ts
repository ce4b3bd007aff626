import { perSandbox } from '../../core/perSandbox';
import { SEED } from '../../core/seed';
import { makeIban } from '../bankAccounts/iban';

/** A trusted beneficiary of external transfers (docs/assumptions.md: id, name, iban, bic, currency, trusted). */
export interface Beneficiary {
	id: string;
	name: string;
	iban: string;
	bic: string;
	currency: string;
	trusted: boolean;
}

/** Seeded beneficiaries, the same four in every organization (ids differ by organization). */
export const BENEFICIARY_SEED = [
	{ key: 'supplier', name: 'Papeterie Martin SARL', iban: makeIban('FR', '20041010050500013M02606'), bic: 'PSSTFRPPPAR', trusted: true },
	{ key: 'partner', name: 'Kontor Süd GmbH', iban: makeIban('DE', '500105175407324931'), bic: 'INGDDEFFXXX', trusted: true },
	// Its BIC is not a BIC: transfers to it are declined with beneficiary_bic_invalid when they settle.
	{ key: 'invalidBic', name: 'Brouillard Conseil', iban: makeIban('FR', '30004000031234567890143'), bic: 'BNPFRP', trusted: true },
	{ key: 'untrusted', name: 'Nouveau Fournisseur SAS', iban: makeIban('FR', '10278060410002045670177'), bic: 'CMCIFR2AXXX', trusted: false },
] as const;

/**
 * The account holders the payees' banks know, by IBAN: what a payee verification compares a name
 * with. Seeded beneficiaries' accounts are held under the names they were saved with.
 */
export const ACCOUNT_HOLDERS: ReadonlyMap<string, string> = new Map(BENEFICIARY_SEED.map((b) => [b.iban, b.name]));

export type BeneficiarySeedKey = (typeof BENEFICIARY_SEED)[number]['key'];

const ORGANIZATION_KEYS = Object.keys(SEED.organizations) as Array<keyof typeof SEED.organizations>;

/** The fixed id of a seeded beneficiary, e.g. `beneficiaryId('fr', 'invalidBic')`. */
export function beneficiaryId(organization: keyof typeof SEED.organizations, key: BeneficiarySeedKey): string {
	const org = ORGANIZATION_KEYS.indexOf(organization) + 1;
	const n = BENEFICIARY_SEED.findIndex((b) => b.key === key) + 1;
	return `be0e0000-0000-4000-8000-0000000000${org}${n}`;
}

/** The trusted-beneficiary table of this sandbox (seeded on every reset). */
export const beneficiaries = perSandbox((ctx) => {
	const created = ctx.collection<Beneficiary>('beneficiaries');
	ctx.onReset(
		() => created.clear(),
		() => {
			for (const organization of ORGANIZATION_KEYS) {
				for (const seed of BENEFICIARY_SEED) {
					const { key, ...fields } = seed;
					created.insert(SEED.organizations[organization], { id: beneficiaryId(organization, key), ...fields, currency: 'EUR' });
				}
			}
		},
	);
	return created;
});
