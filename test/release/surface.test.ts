// The surface a saved workflow relies on (tools/release/surface.ts), kept against every release: the
// current sources break nothing a released package's node versions and credential had. And the
// check itself: each kind of break it names, on a real node's description changed in one place.
import { deepCopy, type ICredentialType, type INodeProperties, type INodePropertyOptions, type INodeType } from 'n8n-workflow';

import { BusinessBankingOAuth2Api } from '../../credentials/BusinessBankingOAuth2Api.credentials';
import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { compareSurfaces } from '../../tools/release/breaking';
import { currentSurface, surfaceAt } from '../../tools/release/load';
import { RELEASES } from '../../tools/release/releases';
import { packageSurface } from '../../tools/release/surface';

describe.each(RELEASES)('the surface of release $version', ({ version, commit }) => {
	it(`holds in the current sources: 0 breaking against ${version}`, () => {
		const { breaking, added } = compareSurfaces(surfaceAt(commit), currentSurface());
		expect(breaking).toEqual([]);
		process.stderr.write(`[surface] against ${version}: 0 breaking, ${added.length} added\n`);
	}, 240_000);
});

describe('the surface check', () => {
	const node = new BusinessBanking();
	const credential = new BusinessBankingOAuth2Api();
	const released = packageSurface([node], [credential]);

	/** The same node with its description changed by `change` (on a copy). */
	function changed(change: (properties: INodeProperties[]) => void): INodeType {
		const description = deepCopy(node.description);
		change(description.properties);
		return { description } as INodeType;
	}
	const breakingOf = (current: INodeType, credentials: ICredentialType[] = [credential]) => compareSurfaces(released, packageSurface([current], credentials)).breaking;
	/** The version-1 parameter `name` of External Transfer › Create. */
	const transferField = (properties: INodeProperties[], name: string) =>
		properties.find(
			(property) =>
				property.name === name &&
				property.displayOptions?.show?.resource?.includes('externalTransfer') &&
				property.displayOptions?.show?.operation?.includes('create') &&
				!JSON.stringify(property.displayOptions).includes('gte'),
		) as INodeProperties;

	it('finds nothing between a description and itself', () => {
		expect(compareSurfaces(released, packageSurface([new BusinessBanking()], [new BusinessBankingOAuth2Api()]))).toEqual({ breaking: [], added: [] });
	});

	it('names a parameter taken away', () => {
		const current = changed((properties) => properties.splice(properties.indexOf(transferField(properties, 'amount')), 1));
		expect(breakingOf(current)).toEqual(expect.arrayContaining(['node businessBanking v1 externalTransfer:create amount: removed (or shown under other conditions)']));
	});

	it('names a default changed: a saved workflow left the old one out', () => {
		const current = changed((properties) => void (transferField(properties, 'currency').default = 'USD'));
		expect(breakingOf(current)).toContain('node businessBanking v1 externalTransfer:create currency: default "EUR" became "USD"');
	});

	it('names an option value taken away, a type changed, and a parameter shown only under a new condition', () => {
		const current = changed((properties) => {
			const resource = properties.find((property) => property.name === 'resource') as INodeProperties;
			resource.options = (resource.options as INodePropertyOptions[]).filter((option) => option.value !== 'card');
			transferField(properties, 'amount').type = 'number';
			const reference = transferField(properties, 'reference');
			reference.displayOptions = { show: { ...reference.displayOptions?.show, referenceMode: ['typed'] } };
		});
		const breaking = breakingOf(current);
		expect(breaking).toEqual(
			expect.arrayContaining([
				'node businessBanking v1 externalTransfer:create resource: value "card" removed',
				'node businessBanking v1 externalTransfer:create amount: type string became number',
				'node businessBanking v1 externalTransfer:create reference: removed (or shown under other conditions)',
				'node businessBanking v1 card:get resource: removed (or shown under other conditions)',
			]),
		);
	});

	it('names a node version taken away and a credential field taken away, and counts new ones as added only', () => {
		const onlyVersion2 = changed(() => undefined);
		onlyVersion2.description.version = [2, 3];
		const credentialWithout = new BusinessBankingOAuth2Api();
		credentialWithout.properties = credentialWithout.properties.filter((property) => property.name !== 'customBaseUrl');
		const { breaking, added } = compareSurfaces(released, packageSurface([onlyVersion2], [credentialWithout]));
		expect(breaking).toEqual(expect.arrayContaining(['node businessBanking v1: removed', 'credential businessBankingOAuth2Api customBaseUrl {"show":{"environment":["custom"]}}: removed (or shown under other conditions)']));
		expect(added).toEqual(expect.arrayContaining([expect.stringMatching(/^node businessBanking v3 \(\d+ parameters\)$/)]));
	});

	it('counts a new option value and a new parameter as added, not breaking', () => {
		const current = changed((properties) => {
			const verification = transferField(properties, 'verification');
			verification.options = [...(verification.options ?? []), { name: 'Verify Later', value: 'later' }];
			properties.push({ ...transferField(properties, 'amount'), name: 'tip', default: '' });
		});
		const { breaking, added } = compareSurfaces(released, packageSurface([current], [credential]));
		expect(breaking).toEqual([]);
		expect(added).toEqual(expect.arrayContaining(['node businessBanking v1 externalTransfer:create tip', 'node businessBanking v1 externalTransfer:create verification: value "later"']));
	});
});
