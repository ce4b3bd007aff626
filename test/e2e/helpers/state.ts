// What the e2e global setup hands to the test files (through a JSON file named in the environment).
import { readFileSync } from 'fs';

import type { N8nInstall } from '../../../tools/n8n/install';
import type { Owner } from '../../../tools/n8n/server';

export const STATE_ENV = 'BUSINESS_BANKING_E2E_STATE';

export interface E2eState {
	/** Set when n8n could not be installed or started: every test file skips, printing it. */
	skipReason?: string;
	/** Set when Chromium is missing and cannot be installed: only the browser test skips. */
	browserSkipReason?: string;
	chromiumPath?: string;
	n8n?: {
		url: string;
		port: number;
		userFolder: string;
		owner: Owner;
		apiKey: string;
		install: N8nInstall;
	};
	/** The packed package, for test files that start their own n8n (n8n 1.x). */
	tarball?: string;
	/** n8n 1.x, installed (not started) for the test file that checks the package there. */
	n8n1?: { install: N8nInstall };
	/** Set when n8n 1.x could not be installed: only its test file skips, printing it. */
	n8n1SkipReason?: string;
	/** The n8n 2.x minor before the newest, installed (not started) for the files that check it too. */
	previous?: { install: N8nInstall };
	previousSkipReason?: string;
}

export function readE2eState(): E2eState {
	const file = process.env[STATE_ENV];
	if (!file) {
		return { skipReason: `${STATE_ENV} is not set: run the end-to-end suite with \`npm run test:e2e\` (its global setup starts n8n)` };
	}
	return JSON.parse(readFileSync(file, 'utf8')) as E2eState;
}
