import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { TWO_FA_OPTIONS } from '../actions/internationalTransfer/fields';
import { CREDENTIAL_TYPE } from '../transport/types';

/**
 * The 2FA methods a transfer may ask for, as the editor offers them: the service's own methods
 * always, the simulated confirmation ("Mock (Sandbox)") only when the node's credential is not
 * production (the sandbox, or custom addresses: a test or staging service). n8n's display rules read the node's parameters, never its credential, so the list is
 * loaded: a saved value stays valid either way (same values), nothing saved changes.
 */
export async function getTwoFaMethods(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const credential = await this.getCredentials(CREDENTIAL_TYPE).catch(() => undefined);
	const production = credential?.environment === 'production';
	return TWO_FA_OPTIONS.filter((option) => !production || option.value !== 'mock');
}
