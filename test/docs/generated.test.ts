// The docs' tables derived from the operations' descriptors are what `npm run docs:tables` writes.
import { currentText, GENERATED, regenerated } from '../../tools/docs/tables';

describe('generated docs tables', () => {
	it.each(GENERATED.map((table) => [table.page, table.name, table] as const))('%s › %s is up to date (npm run docs:tables)', (page, _name, { name, render }) => {
		expect(currentText(page)).toBe(regenerated(page, name, render));
	});
});
