// `npm run docs:tables`: writes the tables of the docs that are derived from the operations'
// descriptors (actions/<resource>/<op>.operation.ts), between their GENERATED markers.
// test/docs/generated.test.ts fails when a page differs from what this would write.
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { OPERATIONS } from '../../nodes/BusinessBanking/actions/resources';
import type { OperationClass } from '../../nodes/BusinessBanking/actions/types';

const REPO_ROOT = join(__dirname, '..', '..');

const CLASS_NAMES: Record<OperationClass, string> = { read: 'read', write: 'write', moneyMoving: '**money-moving**' };

const list = (names: readonly string[]) => (names.length > 0 ? names.map((name) => `\`${name}\``).join(', ') : '—');

/** docs/ai-agents.md: each operation's class and the parameters AI Agent Limits apply to. */
function operationClasses(): string {
	const rows = OPERATIONS.map(
		({ resource, operation, descriptor }) => `| ${resource} | ${operation} | ${CLASS_NAMES[descriptor.class]} | ${list(descriptor.amountParameters)} | ${list(descriptor.payeeParameters)} |`,
	);
	return ['| resource | operation | class | amount | payee |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** Each generated table: the page and the name in its markers. */
export const GENERATED: ReadonlyArray<{ page: string; name: string; render: () => string }> = [
	{ page: 'docs/ai-agents.md', name: 'operation classes', render: operationClasses },
];

const markers = (name: string) => [`<!-- GENERATED: ${name} (npm run docs:tables) -->`, `<!-- END GENERATED: ${name} -->`] as const;

/** The page's text with the table between its markers as it would be generated. */
export function regenerated(page: string, name: string, render: () => string): string {
	const text = readFileSync(join(REPO_ROOT, page), 'utf8');
	const [start, end] = markers(name);
	const from = text.indexOf(start);
	const to = text.indexOf(end);
	if (from < 0 || to < from) throw new Error(`${page} has no "${start}" … "${end}" markers`);
	return `${text.slice(0, from + start.length)}\n${render()}\n${text.slice(to)}`;
}

export function currentText(page: string): string {
	return readFileSync(join(REPO_ROOT, page), 'utf8');
}

if (require.main === module) {
	for (const { page, name, render } of GENERATED) writeFileSync(join(REPO_ROOT, page), regenerated(page, name, render));
}
