import type { PayeeVerificationResult } from '../../../nodes/shared/schemas/transfer';

const LEGAL_FORMS = new Set(['sa', 'sas', 'sasu', 'sarl', 'eurl', 'gmbh', 'ag', 'kg', 'ug', 'srl', 'spa', 'sl', 'ltd', 'llc', 'inc']);

const words = (name: string) =>
	name
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		// S.A.R.L. is SARL
		.replace(/\./g, '')
		.replace(/[^a-z0-9]+/g, ' ')
		.trim()
		.split(' ')
		.filter(Boolean);

function distance(a: string, b: string): number {
	const row = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		let diagonal = row[0];
		row[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const above = row[j];
			row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
			diagonal = above;
		}
	}
	return row[b.length];
}

/**
 * Verification of payee, as the sandbox plays it: the same name (case, accents and punctuation
 * aside) is a match; the same name without its legal form, or one or two typos, is a close match.
 */
export function compareNames(given: string, holder: string): Exclude<PayeeVerificationResult, 'not_possible'> {
	const a = words(given);
	const b = words(holder);
	if (a.join(' ') === b.join(' ')) return 'match';
	const core = (w: string[]) => w.filter((word) => !LEGAL_FORMS.has(word)).join(' ');
	const coreA = core(a);
	const coreB = core(b);
	if (coreA && coreA === coreB) return 'close_match';
	if (coreA && coreB && distance(coreA, coreB) <= 2) return 'close_match';
	return 'no_match';
}
