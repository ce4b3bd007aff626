// The 2FA methods the editor offers a transfer: "Mock (Sandbox)" never with a production credential.
import type { INodePropertyOptions } from 'n8n-workflow';

import { CredentialStore } from '../helpers/engine/credentialStore';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { runEditorMethod } from '../helpers/engine/editor';
import { useTestSandbox } from '../helpers/sandbox';

describe('the 2FA methods, loaded from the credential in n8n’s editor context', () => {
	const sandbox = useTestSandbox();
	const methods = async (environment: string) => {
		const store = new CredentialStore({ ...connectedCredential(sandbox), environment });
		const options = await runEditorMethod<INodePropertyOptions[]>(store, 'loadOptions', 'getTwoFaMethods', { resource: 'internationalTransfer', operation: 'create' });
		return options.map((option) => option.value);
	};

	it('production: the service’s methods only', async () => {
		expect(await methods('production')).toEqual(['paired-device', 'passkey', 'sms-otp']);
	});

	it('the sandbox or custom addresses (a test service): the simulated confirmation too', async () => {
		expect(await methods('sandbox')).toEqual(['paired-device', 'passkey', 'sms-otp', 'mock']);
		expect(await methods('custom')).toEqual(['paired-device', 'passkey', 'sms-otp', 'mock']);
	});
});
