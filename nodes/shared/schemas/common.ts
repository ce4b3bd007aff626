import { z } from 'zod/v3';

export { moneySchema, type Money } from './money';

/**
 * Building blocks shared by the resource schemas: identifiers, dates, e-mails, ISO codes and the
 * address object with its Italian rules. Pure rules only (nothing that depends on an organization).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidSchema = z.string().regex(UUID, 'must be a UUID');

/** YYYY-MM-DD and a real calendar day (2026-02-30 is refused). */
export const dateSchema = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
	.refine((value) => {
		const [year, month, day] = value.split('-').map(Number);
		const date = new Date(Date.UTC(year, month - 1, day));
		return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
	}, 'is not a calendar date');

/** An ISO 8601 timestamp (with an offset or Z), or a plain date meaning its midnight UTC. */
export const dateTimeSchema = z
	.string()
	.refine(
		(value) =>
			/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(value) && !Number.isNaN(Date.parse(value)),
		'must be an ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z',
	);

export const emailSchema = z.string().max(250, 'must be at most 250 characters').email('must be an e-mail address');

/** ISO 3166-1 alpha-2. */
export const COUNTRY_CODES = (
	'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
	'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
	'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
	'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
	'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
	'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
	'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const countrySet = new Set(COUNTRY_CODES);
export const countryCodeSchema = z
	.string()
	.refine((value) => countrySet.has(value), 'must be an ISO 3166-1 alpha-2 country code in capitals, e.g. FR');

/** ISO 4217 alpha-3 (active codes). */
export const CURRENCY_CODES = (
	'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF ' +
	'CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG ' +
	'HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA ' +
	'MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD ' +
	'RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD ' +
	'UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG'
).split(' ');
const currencySet = new Set(CURRENCY_CODES);
export const currencyCodeSchema = z
	.string()
	.refine((value) => currencySet.has(value), 'must be an ISO 4217 alpha-3 currency code in capitals, e.g. EUR');

/** The province codes the spec lists for Italian addresses. */
export const ITALIAN_PROVINCE_CODES = (
	'AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CL CN CO CR CS CT CZ EN FC FE FG FI FM FR GE ' +
	'GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO NU OR PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC ' +
	'RE RG RI RM RN RO SA SI SO SP SR SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VT VV'
).split(' ');
const provinceSet = new Set(ITALIAN_PROVINCE_CODES);

/** A VAT number starting with FR: FR, a 2-character key (digits, or letters and digits), the 9-digit SIREN. */
export const FR_VAT_NUMBER_PATTERN = /^FR[0-9A-Z]{2}\d{9}$/;

/** The parts of an address, as in billing_address (the deprecated root fields use `address` for the street). */
export interface AddressParts {
	street_address?: string;
	city?: string;
	zip_code?: string;
	province_code?: string;
	country_code?: string;
}

/** Italian address rules (country_code IT): zip code of exactly 5 characters, a listed province code. */
export function italianAddressIssues(address: AddressParts): Array<{ field: 'zip_code' | 'province_code'; message: string }> {
	if (address.country_code !== 'IT') return [];
	const issues: Array<{ field: 'zip_code' | 'province_code'; message: string }> = [];
	if (address.zip_code !== undefined && address.zip_code.length !== 5) {
		issues.push({ field: 'zip_code', message: 'must be exactly 5 characters for an Italian address' });
	}
	if (address.province_code !== undefined && !provinceSet.has(address.province_code)) {
		issues.push({ field: 'province_code', message: 'must be an Italian province code (e.g. MI, RM, TO)' });
	}
	return issues;
}

export const addressSchema = z
	.object({
		street_address: z.string().max(250, 'must be at most 250 characters').optional(),
		city: z.string().max(50, 'must be at most 50 characters').optional(),
		zip_code: z.string().max(20, 'must be at most 20 characters').optional(),
		province_code: z.string().length(2, 'must be 2 characters').optional(),
		country_code: countryCodeSchema.optional(),
	})
	.superRefine((address, ctx) => {
		for (const issue of italianAddressIssues(address)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.field], message: issue.message });
		}
	});
export type Address = z.infer<typeof addressSchema>;
