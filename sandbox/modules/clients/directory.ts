/**
 * The sandbox's national e-invoicing directory (French organizations): a few addresses of each
 * form. A client's e_invoicing_address must be one of them; e_invoicing_reachable is then true.
 */
export const E_INVOICING_DIRECTORY: readonly string[] = [
	// siren
	'732829320',
	'552081317',
	'356000000',
	// siren_siret
	'732829320_73282932000074',
	'552081317_55208131766522',
	// siren_siret_routingCode
	'732829320_73282932000074_COMPTA',
	'552081317_55208131766522_SERVICE-ACHATS',
	// siren_suffix
	'732829320_FACTURES',
	'356000000_DIRECTION',
];

const directory = new Set(E_INVOICING_DIRECTORY);

export const isInEInvoicingDirectory = (address: string) => directory.has(address);
