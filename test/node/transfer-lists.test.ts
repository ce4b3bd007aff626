import { SEED } from '../../sandbox/core/seed';
import { beneficiaryId } from '../../sandbox/modules/beneficiaries/store';
import { connectedCredential } from '../helpers/engine/connectedCredential';
import { CredentialStore } from '../helpers/engine/credentialStore';
import { runListSearch } from '../helpers/engine/editor';
import { useTestSandbox } from '../helpers/sandbox';

describe('list searches of transfers and accounts (n8n-core’s LoadOptionsContext)', () => {
	const sandbox = useTestSandbox({}, { resetEachTest: false });
	let credential: CredentialStore;
	beforeAll(() => {
		credential = new CredentialStore(connectedCredential(sandbox));
	});

	it('offers trusted beneficiaries only, matched on name or IBAN', async () => {
		const all = await runListSearch(credential, 'searchBeneficiaries');
		expect(all.results.map((r) => r.value)).toEqual([
			beneficiaryId('fr', 'invalidBic'),
			beneficiaryId('fr', 'partner'),
			beneficiaryId('fr', 'supplier'),
		]);
		expect(all.results[1].name).toMatch(/^Kontor Süd GmbH \(DE\d\d…\d{4}\)$/);
		expect((await runListSearch(credential, 'searchBeneficiaries', 'papeterie')).results.map((r) => r.value)).toEqual([beneficiaryId('fr', 'supplier')]);
		expect((await runListSearch(credential, 'searchBeneficiaries', 'nouveau')).results).toEqual([]);
	});

	it('offers the active accounts by IBAN (transfers) and by ID (account updates)', async () => {
		const main = sandbox.ctx.bankAccounts.list(SEED.organizations.fr)[0];
		const ibans = await runListSearch(credential, 'searchBankAccountIbans');
		expect(ibans.results).toEqual([{ name: `Main account (main) · ${main.iban}`, value: main.iban }]);
		const ids = await runListSearch(credential, 'searchBankAccounts', 'main');
		expect(ids.results).toEqual([{ name: `Main account (main) · ${main.iban}`, value: main.id }]);
		expect((await runListSearch(credential, 'searchBankAccounts', 'payroll')).results).toEqual([]);
	});
});
