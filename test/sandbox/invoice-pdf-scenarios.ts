// The invoices the PDF rendering test prints, one per locale: what each page must say beyond the figures.
import { deCompanyClient, esCompanyClient, frCompanyClient, itCompanyClient } from '../helpers/fixtures';

type Organization = 'fr' | 'it' | 'es' | 'de';

const englishClient = {
	kind: 'company',
	name: 'Northwind Trading Ltd',
	email: 'accounts@northwind.example',
	vat_number: 'GB123456789',
	currency: 'EUR',
	locale: 'en-GB',
	billing_address: { street_address: '221 Baker Street', city: 'London', zip_code: 'NW1 6XE', country_code: 'GB' },
};

export const price = (value: string) => ({ value, currency: 'EUR' });

export interface Scenario {
	locale: 'fr' | 'en' | 'it' | 'de' | 'es';
	title: string;
	organization: Organization;
	client: Record<string, unknown>;
	body: Record<string, unknown>;
	/** Words of the page beyond the title, the buyer and the amounts. */
	mentions: string[];
}

export const SCENARIOS: Scenario[] = [
	{
		locale: 'fr',
		title: 'Facture',
		organization: 'fr',
		client: frCompanyClient,
		body: {
			number: 'F-2026-0042',
			purchase_order: 'BC-2026-17',
			header: 'Prestations de février 2026, selon le devis D-2026-04.',
			footer: 'Merci pour votre confiance.',
			terms_and_conditions: "Pénalités de retard : trois fois le taux d'intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.",
			performance_start_date: '2026-02-01',
			performance_end_date: '2026-02-28',
			discount: { type: 'percentage', value: '0.05' },
			items: [
				{ title: 'Pains de campagne', description: 'Livraison quotidienne, 28 jours', quantity: '28', unit: 'jour', unit_price: price('19.99'), vat_rate: '0.2', discount: { type: 'percentage', value: '0.1' } },
				{ title: 'Livres de recettes', quantity: '2', unit_price: price('1250.50'), vat_rate: '0.055', discount: { type: 'absolute', value: '1.5' } },
				{ title: 'Formation hygiène', quantity: '0.5', unit_price: price('800'), vat_rate: '0', vat_exemption_reason: 'Article 261-4-4° du CGI' },
			],
		},
		mentions: ['Désignation', 'Remise globale (5 %)', 'Total TTC', "Date d'échéance", 'Exonération de TVA : Article 261-4-4° du CGI', 'Virement bancaire', 'BC-2026-17'],
	},
	{
		locale: 'en',
		title: 'Invoice',
		organization: 'fr',
		client: englishClient,
		body: {
			number: 'F-2026-0043',
			items: [
				{ title: 'Brand workshop', quantity: '2', unit: 'day', unit_price: price('1450'), vat_rate: '0.2' },
				{ title: 'Printed materials', description: 'A5 leaflets, 2,000 copies', quantity: '1', unit_price: price('380.40'), vat_rate: '0.2', discount: { type: 'absolute', value: '30.40' } },
			],
		},
		mentions: ['Description', 'Unit price', 'Total incl. VAT', 'Due date', 'Bank transfer', 'United Kingdom'],
	},
	{
		locale: 'it',
		title: 'Fattura',
		organization: 'it',
		client: itCompanyClient,
		body: {
			number: 'FT-2026/017',
			payment_methods: { iban: 'IT60X0542811101000000123456' },
			welfare_fund: { type: 'TC22', rate: '0.04' },
			withholding_tax: { reason: 'RT01', rate: '0.2', payment_reason: 'A' },
			items: [
				{ title: 'Consulenza fiscale', quantity: '12', unit: 'ore', unit_price: price('85'), vat_rate: '0.22', discount: { type: 'percentage', value: '0.1' } },
				{ title: 'Revisione contratti', quantity: '1', unit_price: price('640'), vat_rate: '0.22' },
			],
		},
		mentions: ['Descrizione', 'Cassa previdenziale TC22 (4%)', "Ritenuta d'acconto (20%)", 'Netto a pagare', 'Data di scadenza', 'Bonifico bancario'],
	},
	{
		locale: 'de',
		title: 'Rechnung',
		organization: 'de',
		client: deCompanyClient,
		body: {
			number: 'RE-2026-1187',
			payment_methods: { iban: 'DE89370400440532013000' },
			items: [
				{ title: 'Beratung Lagerlogistik', quantity: '7.5', unit: 'Std.', unit_price: price('120'), vat_rate: '0.19' },
				{ title: 'Fachbuch Logistik', quantity: '3', unit_price: price('49.90'), vat_rate: '0.07', discount: { type: 'percentage', value: '0.15' } },
			],
		},
		mentions: ['Beschreibung', 'Gesamtbetrag brutto', 'Fällig am', 'Geschäftsführer: Jan Nordmann', 'Registergericht: Amtsgericht Hamburg, HRB 12345', 'Steuernummer: 22/815/08150', 'Überweisung'],
	},
	{
		locale: 'es',
		title: 'Factura',
		organization: 'es',
		client: esCompanyClient,
		body: {
			number: 'A-2026-031',
			payment_methods: { iban: 'ES9121000418450200051332' },
			withholding_tax: { rate: '0.15' },
			items: [
				{ title: 'Diseño de catálogo', quantity: '1', unit_price: price('2400'), vat_rate: '0.21' },
				{ title: 'Sesión de fotos', quantity: '3', unit: 'h', unit_price: price('95'), vat_rate: '0.21', discount: { type: 'absolute', value: '15' } },
			],
		},
		mentions: ['Concepto', 'Retención IRPF (15 %)', 'Total a pagar', 'Fecha de vencimiento', 'Transferencia bancaria'],
	},
];
