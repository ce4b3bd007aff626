import { randomUUID } from 'crypto';

import { clientCreateSchema, type ClientCreateRequest as ClientCreateInput } from '../../../nodes/shared/schemas/client';
import type { Organization, SandboxContext } from '../../core/context';
import { SEED } from '../../core/seed';
import { createRecord } from './build';
import { clientsOf, nextClientSeq, type ClientRecord } from './store';

/** French VAT number of a SIREN: FR + the official 2-digit key + the SIREN. */
export function frenchVatNumber(siren: string): string {
	const key = (12 + 3 * (Number(siren) % 97)) % 97;
	return `FR${String(key).padStart(2, '0')}${siren}`;
}

/** The seeded clients of each organization: some ready for invoicing, one bare (kind and name only). */
const SEEDED: Record<keyof typeof SEED.organizations, ClientCreateInput[]> = {
	fr: [
		{
			kind: 'company',
			name: 'Éditions Côte d’Azur SARL',
			email: 'compta@editions-cote-azur.example',
			extra_emails: ['direction@editions-cote-azur.example'],
			vat_number: frenchVatNumber('732829320'),
			tax_identification_number: '732829320',
			e_invoicing_address: '732829320',
			currency: 'EUR',
			locale: 'fr',
			phone: { country_code: '+33', number: '493000000' },
			billing_address: { street_address: '4 promenade des Anglais', city: 'Nice', zip_code: '06000', country_code: 'FR' },
		},
		{
			kind: 'individual',
			first_name: 'Jeanne',
			last_name: 'Dupont',
			email: 'jeanne.dupont@example.com',
			currency: 'EUR',
			locale: 'fr',
			billing_address: { street_address: '8 rue des Lilas', city: 'Lyon', zip_code: '69003', country_code: 'FR' },
		},
		{
			kind: 'company',
			name: 'Northwind Trading Ltd',
			email: 'accounts@northwind.example',
			vat_number: 'GB123456789',
			currency: 'GBP',
			locale: 'en',
			billing_address: { street_address: '1 King Street', city: 'London', zip_code: 'EC2V 8AU', country_code: 'GB' },
		},
		{ kind: 'company', name: 'Prospect Boulangerie Martin' },
	],
	it: [
		{
			kind: 'company',
			name: 'Ferramenta Rossi S.r.l.',
			email: 'amministrazione@ferramentarossi.example',
			vat_number: 'IT07643520567',
			tax_identification_number: '07643520567',
			recipient_code: 'M5UXCR1',
			currency: 'EUR',
			locale: 'it',
			billing_address: { street_address: 'Via Torino 21', city: 'Milano', zip_code: '20123', province_code: 'MI', country_code: 'IT' },
		},
		{
			kind: 'freelancer',
			first_name: 'Marco',
			last_name: 'Bianchi',
			email: 'marco.bianchi@example.it',
			tax_identification_number: 'BNCMRC80A01H501U',
			currency: 'EUR',
			locale: 'it',
			billing_address: { street_address: 'Via Appia Nuova 10', city: 'Roma', zip_code: '00183', province_code: 'RM', country_code: 'IT' },
		},
		{
			kind: 'individual',
			first_name: 'Giulia',
			last_name: 'Verdi',
			email: 'giulia.verdi@example.it',
			tax_identification_number: 'VRDGLI85M41L219K',
			currency: 'EUR',
			locale: 'it',
			billing_address: { street_address: 'Corso Francia 3', city: 'Torino', zip_code: '10138', province_code: 'TO', country_code: 'IT' },
		},
	],
	es: [
		{
			kind: 'company',
			name: 'Distribuciones Sol S.L.',
			email: 'facturas@distribucionessol.example',
			vat_number: 'ESB12345674',
			tax_identification_number: 'B12345674',
			currency: 'EUR',
			locale: 'es',
			billing_address: { street_address: 'Calle de Alcalá 50', city: 'Madrid', zip_code: '28014', country_code: 'ES' },
		},
		{
			kind: 'individual',
			first_name: 'Pablo',
			last_name: 'Ruiz',
			email: 'pablo.ruiz@example.es',
			tax_identification_number: '87654321X',
			currency: 'EUR',
			locale: 'es-ES',
			billing_address: { street_address: 'Carrer de Mallorca 120', city: 'Barcelona', zip_code: '08036', country_code: 'ES' },
		},
	],
	de: [
		{
			kind: 'company',
			name: 'Müller Maschinenbau GmbH',
			email: 'buchhaltung@mueller-maschinenbau.example',
			vat_number: 'DE811907980',
			tax_identification_number: '21/815/08150',
			currency: 'EUR',
			locale: 'de',
			billing_address: { street_address: 'Industriestraße 12', city: 'Stuttgart', zip_code: '70565', country_code: 'DE' },
		},
		{
			kind: 'individual',
			first_name: 'Anna',
			last_name: 'Schmidt',
			email: 'anna.schmidt@example.de',
			currency: 'EUR',
			locale: 'de',
			billing_address: { street_address: 'Lindenallee 4', city: 'Berlin', zip_code: '10115', country_code: 'DE' },
		},
	],
};

/** Fixed ids: c11e0000-0000-4000-8000-0000000<org><n>. */
const seededId = (organizationIndex: number, index: number) =>
	`c11e0000-0000-4000-8000-${String(organizationIndex + 1).padStart(10, '0')}${String(index + 1).padStart(2, '0')}`;

function insert(ctx: SandboxContext, organizationId: string, input: ClientCreateInput, id: string, at: Date): ClientRecord {
	const parsed = clientCreateSchema.parse(input);
	const now = at.toISOString();
	return clientsOf(ctx).insert(organizationId, createRecord(parsed, id, nextClientSeq(ctx), now));
}

/** The reset seed: each organization's clients, created a minute apart in the past. */
export function seedDefaultClients(ctx: SandboxContext): void {
	const now = ctx.clock.nowMs();
	(Object.keys(SEEDED) as Array<keyof typeof SEEDED>).forEach((key, organizationIndex) => {
		const inputs = SEEDED[key];
		inputs.forEach((input, index) => {
			const at = new Date(now - (inputs.length - index) * 60_000);
			insert(ctx, SEED.organizations[key], input, seededId(organizationIndex, index), at);
		});
	});
}

const COUNTRY_DATA: Record<Organization['legal_country'], Pick<ClientCreateInput, 'locale' | 'billing_address'>> = {
	FR: { locale: 'fr', billing_address: { street_address: '1 avenue de la République', city: 'Paris', zip_code: '75011', country_code: 'FR' } },
	IT: { locale: 'it', billing_address: { street_address: 'Via Milano 1', city: 'Bergamo', zip_code: '24121', province_code: 'BG', country_code: 'IT' } },
	ES: { locale: 'es', billing_address: { street_address: 'Calle Real 1', city: 'Sevilla', zip_code: '41001', country_code: 'ES' } },
	DE: { locale: 'de', billing_address: { street_address: 'Hauptstraße 1', city: 'Köln', zip_code: '50667', country_code: 'DE' } },
};

/** Tax ids valid in form for the country (docs/assumptions.md, Client rules). */
function taxIds(country: Organization['legal_country'], n: number): Pick<ClientCreateInput, 'tax_identification_number' | 'vat_number'> {
	const digits = (length: number) => String(n).padStart(length, '0').slice(-length);
	switch (country) {
		case 'FR': {
			const siren = `8${digits(8)}`;
			return { tax_identification_number: siren, vat_number: frenchVatNumber(siren) };
		}
		case 'IT':
			return { tax_identification_number: `1${digits(10)}`, vat_number: `IT1${digits(10)}` };
		case 'ES':
			return { tax_identification_number: `B${digits(8)}`, vat_number: `ESB${digits(8)}` };
		case 'DE':
			return { tax_identification_number: `12/${digits(3)}/${digits(5)}`, vat_number: `DE1${digits(8)}` };
	}
}

/**
 * Adds `count` invoicing-ready companies to an organization (lists, pagination and load tests).
 * Names are "Seeded client 0001"… continuing after the ones already seeded this way.
 */
export function seedClients(ctx: SandboxContext, organizationId: string, count: number): ClientRecord[] {
	const organization = ctx.organization(organizationId);
	const already = clientsOf(ctx).list(organizationId).filter((c) => c.name?.startsWith('Seeded client ')).length;
	const now = ctx.clock.now();
	const created: ClientRecord[] = [];
	for (let i = 1; i <= count; i++) {
		const n = already + i;
		const label = String(n).padStart(4, '0');
		const input: ClientCreateInput = {
			kind: 'company',
			name: `Seeded client ${label}`,
			email: `client${label}@seeded.example`,
			currency: 'EUR',
			...COUNTRY_DATA[organization.legal_country],
			...taxIds(organization.legal_country, n),
		};
		const id = randomUUID();
		created.push(insert(ctx, organizationId, input, id, now));
	}
	return created;
}
