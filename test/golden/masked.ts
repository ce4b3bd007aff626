// What the bank issues that differs from one run to the next — timestamps of the moment a request
// was served, links that expire — is named, not compared, in a golden workflow's output. Issued ids
// are named by where they first show (golden.test.ts), the bank's address by what it is; these are
// the other values, by JSON path.

/**
 * The masked paths of the package's nodes' outputs: `<node>[*].json.<key path>`, where `*` stands
 * for any item, key or list index and `**` for any depth. Each names what the value is.
 */
export const MASKED_PATHS: Record<string, string> = {
	'**.created_at': '<time the bank issued>',
	'**.updated_at': '<time the bank issued>',
	'**.finalized_at': '<time the bank issued>',
	'**.expires_at': '<time the bank issued>',
	'**.invoice_url': '<link the bank issued>',
	'**.url': '<link the bank issued>',
	'**.slug': '<slug the bank issued>',
	// a PDF the bank draws holds the invoice's issued ids and times, so its size varies with them
	'**.file_size': '<size of a file the bank drew>',
	// the query of a download from a link the bank issued (requests.*.query)
	'**.expires': '<expiry of a link the bank issued>',
	'**.signature': '<signature of a link the bank issued>',
};

/** Whether a path's segments match a masked path's (`*`: one segment, `**`: any number of them). */
function matches(mask: string[], path: string[]): boolean {
	if (mask.length === 0) return path.length === 0;
	const [head, ...rest] = mask;
	if (head === '**') return path.some((_, skip) => matches(rest, path.slice(skip))) || matches(rest, []);
	return path.length > 0 && (head === '*' || head === path[0]) && matches(rest, path.slice(1));
}

const MASKS = Object.entries(MASKED_PATHS).map(([path, name]) => ({ segments: path.split('.'), name }));

/** A run's requests and outputs with each masked path's value (when present and not null) replaced by its name. */
export function masked(value: unknown, path: string[] = []): unknown {
	const mask = path.length > 0 && value !== null && value !== undefined ? MASKS.find(({ segments }) => matches(segments, path)) : undefined;
	if (mask) return mask.name;
	if (Array.isArray(value)) return value.map((entry, index) => masked(entry, [...path, String(index)]));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, masked(entry, [...path, key])]));
	return value;
}
