// Stops the n8n of the global setup and removes its throwaway user folder (kept with E2E_KEEP=1).
import { rmSync } from 'fs';

import './global-setup';

export default async function globalTeardown(): Promise<void> {
	const globals = globalThis.__businessBankingE2e;
	await globals?.stop?.();
	if (globals?.userFolder && !process.env.E2E_KEEP) rmSync(globals.userFolder, { recursive: true, force: true });
}
