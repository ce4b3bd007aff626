/**
 * The words on an invoice page, in each language the spec allows for a client's documents
 * (`client.locale`: fr, en, it, de, es; a region such as fr-FR is ignored, anything else is English).
 */

export const INVOICE_LOCALES = ['fr', 'en', 'it', 'de', 'es'] as const;
export type InvoiceLocale = (typeof INVOICE_LOCALES)[number];

export interface InvoiceLabels {
	/** The BCP 47 tag whose number and date formats the page uses. */
	intl: string;
	/** Between a label and its value: French typography puts a space before the colon. */
	colon: string;
	title: string;
	draft: string;
	number: string;
	issueDate: string;
	dueDate: string;
	period: string;
	purchaseOrder: string;
	billedTo: string;
	vatNumber: string;
	taxId: string;
	legalNumber: string;
	item: string;
	quantity: string;
	unitPrice: string;
	discount: string;
	vatRate: string;
	net: string;
	exemption: string;
	linesTotal: string;
	globalDiscount: string;
	welfareFund: string;
	stampDuty: string;
	pretaxTotal: string;
	vatOn: (rate: string, basis: string) => string;
	exemptOn: (basis: string) => string;
	vatTotal: string;
	total: string;
	withholding: string;
	amountDue: string;
	amountsIn: (currency: string) => string;
	payment: string;
	transfer: string;
	beneficiary: string;
	reference: string;
	payBy: (date: string) => string;
	managingDirector: string;
	registerCourt: string;
	taxNumber: string;
	shareCapital: string;
	page: (index: number, count: number) => string;
	continued: string;
}

const LABELS: Record<InvoiceLocale, InvoiceLabels> = {
	fr: {
		intl: 'fr-FR',
		colon: '\u00a0: ',
		title: 'Facture',
		draft: 'Brouillon',
		number: 'N°',
		issueDate: "Date d'émission",
		dueDate: "Date d'échéance",
		period: 'Période de prestation',
		purchaseOrder: 'Bon de commande',
		billedTo: 'Facturé à',
		vatNumber: 'N° TVA',
		taxId: 'Identifiant fiscal',
		legalNumber: "N° d'immatriculation",
		item: 'Désignation',
		quantity: 'Qté',
		unitPrice: 'Prix unit. HT',
		discount: 'Remise',
		vatRate: 'TVA',
		net: 'Total HT',
		exemption: 'Exonération de TVA',
		linesTotal: 'Total des lignes HT',
		globalDiscount: 'Remise globale',
		welfareFund: 'Caisse de prévoyance',
		stampDuty: 'Droit de timbre',
		pretaxTotal: 'Total HT',
		vatOn: (rate, basis) => `TVA ${rate} sur ${basis}`,
		exemptOn: (basis) => `Exonéré de TVA sur ${basis}`,
		vatTotal: 'Total TVA',
		total: 'Total TTC',
		withholding: 'Retenue à la source',
		amountDue: 'Net à payer',
		amountsIn: (currency) => `Montants en ${currency}`,
		payment: 'Paiement',
		transfer: 'Virement bancaire',
		beneficiary: 'Bénéficiaire',
		reference: 'Référence à indiquer',
		payBy: (date) => `À régler au plus tard le ${date}`,
		managingDirector: 'Dirigeant',
		registerCourt: 'Registre du commerce',
		taxNumber: 'Numéro fiscal',
		shareCapital: 'Capital social',
		page: (index, count) => `Page ${index}/${count}`,
		continued: 'suite',
	},
	en: {
		intl: 'en-GB',
		colon: ': ',
		title: 'Invoice',
		draft: 'Draft',
		number: 'No.',
		issueDate: 'Issue date',
		dueDate: 'Due date',
		period: 'Service period',
		purchaseOrder: 'Purchase order',
		billedTo: 'Billed to',
		vatNumber: 'VAT no.',
		taxId: 'Tax ID',
		legalNumber: 'Company no.',
		item: 'Description',
		quantity: 'Qty',
		unitPrice: 'Unit price',
		discount: 'Discount',
		vatRate: 'VAT',
		net: 'Net',
		exemption: 'VAT exemption',
		linesTotal: 'Lines total (excl. VAT)',
		globalDiscount: 'Discount',
		welfareFund: 'Welfare fund',
		stampDuty: 'Stamp duty',
		pretaxTotal: 'Total excl. VAT',
		vatOn: (rate, basis) => `VAT ${rate} on ${basis}`,
		exemptOn: (basis) => `VAT exempt on ${basis}`,
		vatTotal: 'Total VAT',
		total: 'Total incl. VAT',
		withholding: 'Withholding tax',
		amountDue: 'Amount due',
		amountsIn: (currency) => `Amounts in ${currency}`,
		payment: 'Payment',
		transfer: 'Bank transfer',
		beneficiary: 'Beneficiary',
		reference: 'Reference',
		payBy: (date) => `Please pay by ${date}`,
		managingDirector: 'Managing director',
		registerCourt: 'Register court',
		taxNumber: 'Tax number',
		shareCapital: 'Share capital',
		page: (index, count) => `Page ${index} of ${count}`,
		continued: 'continued',
	},
	it: {
		intl: 'it-IT',
		colon: ': ',
		title: 'Fattura',
		draft: 'Bozza',
		number: 'N.',
		issueDate: 'Data di emissione',
		dueDate: 'Data di scadenza',
		period: 'Periodo di prestazione',
		purchaseOrder: "Ordine d'acquisto",
		billedTo: 'Destinatario',
		vatNumber: 'P. IVA',
		taxId: 'Codice fiscale',
		legalNumber: 'N. di registrazione',
		item: 'Descrizione',
		quantity: 'Qtà',
		unitPrice: 'Prezzo unit.',
		discount: 'Sconto',
		vatRate: 'IVA',
		net: 'Imponibile',
		exemption: 'Esenzione IVA',
		linesTotal: 'Totale righe',
		globalDiscount: 'Sconto',
		welfareFund: 'Cassa previdenziale',
		stampDuty: 'Imposta di bollo',
		pretaxTotal: 'Totale imponibile',
		vatOn: (rate, basis) => `IVA ${rate} su ${basis}`,
		exemptOn: (basis) => `Esente IVA su ${basis}`,
		vatTotal: 'Totale IVA',
		total: 'Totale documento',
		withholding: "Ritenuta d'acconto",
		amountDue: 'Netto a pagare',
		amountsIn: (currency) => `Importi in ${currency}`,
		payment: 'Pagamento',
		transfer: 'Bonifico bancario',
		beneficiary: 'Beneficiario',
		reference: 'Causale',
		payBy: (date) => `Da pagare entro il ${date}`,
		managingDirector: 'Amministratore',
		registerCourt: 'Registro delle imprese',
		taxNumber: 'Numero fiscale',
		shareCapital: 'Capitale sociale',
		page: (index, count) => `Pagina ${index} di ${count}`,
		continued: 'segue',
	},
	de: {
		intl: 'de-DE',
		colon: ': ',
		title: 'Rechnung',
		draft: 'Entwurf',
		number: 'Nr.',
		issueDate: 'Rechnungsdatum',
		dueDate: 'Fällig am',
		period: 'Leistungszeitraum',
		purchaseOrder: 'Bestellnummer',
		billedTo: 'Rechnungsempfänger',
		vatNumber: 'USt-IdNr.',
		taxId: 'Steuernummer',
		legalNumber: 'Registernummer',
		item: 'Beschreibung',
		quantity: 'Menge',
		unitPrice: 'Einzelpreis',
		discount: 'Rabatt',
		vatRate: 'USt.',
		net: 'Netto',
		exemption: 'Steuerbefreiung',
		linesTotal: 'Summe der Positionen',
		globalDiscount: 'Rabatt',
		welfareFund: 'Vorsorgekasse',
		stampDuty: 'Stempelsteuer',
		pretaxTotal: 'Summe netto',
		vatOn: (rate, basis) => `USt. ${rate} auf ${basis}`,
		exemptOn: (basis) => `Steuerfrei auf ${basis}`,
		vatTotal: 'Summe USt.',
		total: 'Gesamtbetrag brutto',
		withholding: 'Quellensteuer',
		amountDue: 'Zahlbetrag',
		amountsIn: (currency) => `Beträge in ${currency}`,
		payment: 'Zahlung',
		transfer: 'Überweisung',
		beneficiary: 'Empfänger',
		reference: 'Verwendungszweck',
		payBy: (date) => `Zahlbar bis ${date}`,
		managingDirector: 'Geschäftsführer',
		registerCourt: 'Registergericht',
		taxNumber: 'Steuernummer',
		shareCapital: 'Stammkapital',
		page: (index, count) => `Seite ${index} von ${count}`,
		continued: 'Fortsetzung',
	},
	es: {
		intl: 'es-ES',
		colon: ': ',
		title: 'Factura',
		draft: 'Borrador',
		number: 'N.º',
		issueDate: 'Fecha de emisión',
		dueDate: 'Fecha de vencimiento',
		period: 'Periodo de prestación',
		purchaseOrder: 'Pedido',
		billedTo: 'Facturar a',
		vatNumber: 'NIF-IVA',
		taxId: 'NIF',
		legalNumber: 'N.º de registro',
		item: 'Concepto',
		quantity: 'Cant.',
		unitPrice: 'Precio unit.',
		discount: 'Descuento',
		vatRate: 'IVA',
		net: 'Base',
		exemption: 'Exención de IVA',
		linesTotal: 'Total de líneas',
		globalDiscount: 'Descuento',
		welfareFund: 'Fondo de previsión',
		stampDuty: 'Impuesto de timbre',
		pretaxTotal: 'Base imponible',
		vatOn: (rate, basis) => `IVA ${rate} sobre ${basis}`,
		exemptOn: (basis) => `Exento de IVA sobre ${basis}`,
		vatTotal: 'Total IVA',
		total: 'Total factura',
		withholding: 'Retención IRPF',
		amountDue: 'Total a pagar',
		amountsIn: (currency) => `Importes en ${currency}`,
		payment: 'Pago',
		transfer: 'Transferencia bancaria',
		beneficiary: 'Beneficiario',
		reference: 'Concepto',
		payBy: (date) => `A pagar antes del ${date}`,
		managingDirector: 'Administrador',
		registerCourt: 'Registro Mercantil',
		taxNumber: 'Número fiscal',
		shareCapital: 'Capital social',
		page: (index, count) => `Página ${index} de ${count}`,
		continued: 'continuación',
	},
};

/** The client's document language: its locale's language part, English when it is not one of the five. */
export function invoiceLocale(locale: unknown): InvoiceLocale {
	const language = typeof locale === 'string' ? locale.slice(0, 2).toLowerCase() : '';
	return (INVOICE_LOCALES as readonly string[]).includes(language) ? (language as InvoiceLocale) : 'en';
}

export function invoiceLabels(locale: InvoiceLocale): InvoiceLabels {
	return LABELS[locale];
}
