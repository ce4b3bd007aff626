// Stops the n8n of the global setup and removes its throwaway folders (kept with E2E_KEEP=1).
import { rmSync } from 'fs';

import './global-setup';

export default async function globalTeardown(): Promise<void> {
	const globals = globalThis.__businessBankingE2e;
	await globals?.stop?.();
	if (process.env.E2E_KEEP) return;
	for (const folder of globals?.folders ?? []) rmSync(folder, { recursive: true, force: true });
}
