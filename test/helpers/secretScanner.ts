/**
 * Looks for secrets where they must never appear: node outputs, errors as n8n stores them, log lines.
 *
 *   const scanner = new SecretScanner();
 *   scanner.add('client secret', TEST_CLIENT_SECRET);          // a known value
 *   scanner.addPattern('access token', /\bat_[\w-]{32}\b/);    // any value of a known shape
 *   scanner.inspect('output of Get', items);                    // anything: objects, errors, buffers
 *   expect(scanner.hits()).toEqual([]);
 *
 * Evidence is serialised with every own property (an Error's message, stack and cause included),
 * so a secret hidden in a non-enumerable field or a nested cause is found. Each value is looked for
 * as is, JSON-escaped, URL-encoded and base64-encoded (a Basic header, a form body).
 */
export interface SecretHit {
	/** The name the secret was added under (never the value itself). */
	secret: string;
	/** The label of the evidence it was found in. */
	where: string;
	/** How it appeared: as is, json-escaped, url-encoded or base64. */
	form: string;
}

const MIN_SECRET_LENGTH = 8;

/** Every own property, recursively, as JSON; circular references and functions are skipped. */
export function serialiseForScan(value: unknown): string {
	const seen = new WeakSet<object>();
	const walk = (current: unknown): unknown => {
		if (current === null || current === undefined) return current;
		if (typeof current === 'bigint') return current.toString();
		if (typeof current === 'function' || typeof current === 'symbol') return undefined;
		if (typeof current !== 'object') return current;
		if (Buffer.isBuffer(current) || current instanceof Uint8Array) return Buffer.from(current).toString('latin1');
		if (seen.has(current)) return '[circular]';
		seen.add(current);
		if (current instanceof Map) return walk(Object.fromEntries(current));
		if (current instanceof Set) return walk([...current]);
		if (current instanceof Date) return current.toISOString();
		if (Array.isArray(current)) return current.map(walk);
		const copy: Record<string, unknown> = {};
		for (const key of Object.getOwnPropertyNames(current)) {
			copy[key] = walk((current as Record<string, unknown>)[key]);
		}
		return copy;
	};
	return JSON.stringify(walk(value)) ?? '';
}

/**
 * The secret's base64 text wherever it starts in the encoded bytes (e.g. after "client:" in a Basic
 * header): for each of the three alignments, only the characters its own bytes alone decide.
 */
function base64Forms(secret: string): string[] {
	const bytes = Buffer.from(secret);
	return [0, 1, 2].map((offset) => {
		const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
		const completeGroups = Math.floor((offset + bytes.length) / 3);
		return encoded.slice([0, 2, 3][offset], completeGroups * 4);
	});
}

function formsOf(secret: string): Array<[form: string, text: string]> {
	const forms: Array<[string, string]> = [
		['as is', secret],
		['json-escaped', JSON.stringify(secret).slice(1, -1)],
		['url-encoded', encodeURIComponent(secret)],
		...base64Forms(secret).map((text): [string, string] => ['base64', text]),
	];
	return forms.filter(([, text], index) => forms.findIndex(([, other]) => other === text) === index);
}

export class SecretScanner {
	private readonly secrets = new Map<string, string>();
	private readonly patterns: Array<{ name: string; pattern: RegExp }> = [];
	private readonly evidence: Array<{ where: string; text: string }> = [];

	/** A secret value to look for; undefined and empty values are ignored, short ones refused. */
	add(name: string, value: unknown): this {
		if (value === undefined || value === null || value === '') return this;
		const text = String(value);
		if (text.length < MIN_SECRET_LENGTH) throw new Error(`secret scanner: "${name}" is too short (${text.length} characters) to be looked for without false hits`);
		if (!this.secrets.has(text)) this.secrets.set(text, name);
		return this;
	}

	/** Any text of this shape counts as a secret (e.g. every token the sandbox issues). */
	addPattern(name: string, pattern: RegExp): this {
		this.patterns.push({ name, pattern: new RegExp(pattern.source, pattern.flags.replace('g', '')) });
		return this;
	}

	/** Keeps `value`, serialised now, to be searched by hits(). */
	inspect(where: string, value: unknown): this {
		this.evidence.push({ where, text: typeof value === 'string' ? value : serialiseForScan(value) });
		return this;
	}

	/** Every secret found in the evidence kept so far (with every secret added so far). */
	hits(): SecretHit[] {
		const hits: SecretHit[] = [];
		for (const { where, text } of this.evidence) {
			for (const [secret, name] of this.secrets) {
				for (const [form, needle] of formsOf(secret)) {
					if (text.includes(needle)) hits.push({ secret: name, where, form });
				}
			}
			for (const { name, pattern } of this.patterns) {
				if (pattern.test(text)) hits.push({ secret: name, where, form: 'pattern' });
			}
		}
		return hits;
	}

	/** How many values, patterns and pieces of evidence the scanner holds (to show a scan was not empty). */
	get counts(): { secrets: number; patterns: number; evidence: number; evidenceChars: number } {
		return {
			secrets: this.secrets.size,
			patterns: this.patterns.length,
			evidence: this.evidence.length,
			evidenceChars: this.evidence.reduce((sum, { text }) => sum + text.length, 0),
		};
	}

	/** The names of the secrets added so far. */
	names(): string[] {
		return [...new Set(this.secrets.values())];
	}
}
