import axios, { type AxiosInstance } from 'axios';

import { ALL_SCOPES, type SandboxOptions } from '../../sandbox/core/context';
import type { EventEnvelope } from '../../sandbox/core/events';
import { SEED } from '../../sandbox/core/seed';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { clearProcessedData } from './engine/processedDataStore';

export const TEST_CLIENT_ID = 'test-client';
export const TEST_CLIENT_SECRET = 'test-secret-do-not-log';
export const TEST_REDIRECT_URI = 'http://localhost:5678/rest/oauth2-credential/callback';

export interface TestSandbox extends RunningSandbox {
	/** An axios client on the sandbox that never throws on HTTP status. */
	http: AxiosInstance;
	/** Mints tokens for the seeded user on an organization without walking the consent page. */
	mintTokens(organization?: keyof typeof SEED.organizations, scopes?: readonly string[]): { access_token: string; refresh_token?: string };
	/** An axios client carrying a fresh bearer token for the organization. */
	api(organization?: keyof typeof SEED.organizations, scopes?: readonly string[]): AxiosInstance;
}

/** A sandbox on a free loopback port with fixed OAuth credentials; close it in afterAll. */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
	const sandbox = await startSandbox({
		port: 0,
		quiet: true,
		clientId: TEST_CLIENT_ID,
		clientSecret: TEST_CLIENT_SECRET,
		redirectUris: [TEST_REDIRECT_URI],
		facturxDelayMs: 50,
		...options,
	});
	const http = axios.create({ baseURL: sandbox.url, validateStatus: () => true });
	const mintTokens: TestSandbox['mintTokens'] = (organization = 'fr', scopes = ALL_SCOPES) =>
		sandbox.ctx.tokens.issue({
			applicationId: TEST_CLIENT_ID,
			userId: SEED.userId,
			organizationId: SEED.organizations[organization],
			scopes: [...scopes],
		});
	return {
		...sandbox,
		http,
		mintTokens,
		api(organization = 'fr', scopes = ALL_SCOPES) {
			const headers: Record<string, string> = { Authorization: `Bearer ${mintTokens(organization, scopes).access_token}` };
			if (options.stagingToken) headers['X-Service-Staging-Token'] = options.stagingToken;
			return axios.create({ baseURL: sandbox.url, validateStatus: () => true, headers });
		},
	};
}

/**
 * The sandbox of the enclosing describe block (or test file): started before its tests with
 * `options`, reset before each test unless `resetEachTest` is false, closed after them. The object
 * is filled in once the sandbox has started, so read it inside hooks and tests only.
 */
export function useTestSandbox(options: SandboxOptions = {}, { resetEachTest = true } = {}): TestSandbox {
	const sandbox = {} as TestSandbox;
	beforeAll(async () => {
		Object.assign(sandbox, await startTestSandbox(options));
	});
	if (resetEachTest) {
		beforeEach(() => {
			// A fresh bank beside a fresh n8n database: the node's memory of what it made goes too.
			clearProcessedData();
			return sandbox.reset();
		});
	}
	afterAll(() => sandbox.close());
	return sandbox;
}

/**
 * Every event the sandbox emits, in order; emptied before each test (after the reset). A test may
 * empty it itself (`events.length = 0`) to look only at what follows.
 */
export function recordEvents(sandbox: TestSandbox): EventEnvelope[] {
	const events: EventEnvelope[] = [];
	beforeAll(() => {
		sandbox.ctx.events.subscribe((event) => events.push(event));
	});
	beforeEach(() => {
		events.length = 0;
	});
	return events;
}
