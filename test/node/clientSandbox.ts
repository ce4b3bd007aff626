import { clearSeenRequests } from '../helpers/engine/sandboxControls';
import { createClient as createClientWith } from '../helpers/fixtures';
import { useTestSandbox } from '../helpers/sandbox';

/** The node parameters of the Client resource's `operation`. */
export const client = (operation: string, parameters: Record<string, unknown> = {}) => ({ parameters: { resource: 'client', operation, ...parameters } });

/**
 * The sandbox of a Client node test file (kept across its tests, its request log cleared before
 * each), and `createClient`: a client of the French organization created over the API; its id.
 */
export function useClientSandbox() {
	const sandbox = useTestSandbox({ stagingToken: 'staging-clients' }, { resetEachTest: false });
	beforeEach(() => clearSeenRequests(sandbox));
	const createClient = (body: Record<string, unknown>) => createClientWith(sandbox.api('fr'), { client: body });
	return { sandbox, createClient };
}
