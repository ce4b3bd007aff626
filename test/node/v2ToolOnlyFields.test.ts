// Version 2's panel: what only an AI agent's tool needs shows only on the tool ('@tool'), as one AI
// Agent section headed by a notice; a regular node shows none of it. Evaluated with n8n-workflow's own
// NodeHelpers (getNodeParameters, displayParameter) for every operation, regular node and tool.
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { BusinessBanking } from '../../nodes/BusinessBanking/BusinessBanking.node';
import { OPERATION_CLASSES } from '../../nodes/BusinessBanking/actions/operationClasses';
import { toolVariant } from '../helpers/engine/toolVariant';
import { shownProperties } from '../helpers/panel';

const REGULAR = new BusinessBanking().description;
const TOOL = toolVariant().description;
const TOOL_ONLY = ['allowAiAgentUse', 'allowAiAgentIssuing', 'aiAgentLimits', 'toolDescription', 'aiAgentNotice'];
const OPERATIONS = Object.entries(OPERATION_CLASSES).flatMap(([resource, operations]) => Object.entries(operations).map(([operation, kind]) => [resource, operation, kind] as const));
const names = (properties: INodeProperties[]) => properties.map((property) => property.name);

/** Every way an author may have left the section: leave off, leave on, issuing on. */
const SETTINGS: INodeParameters[] = [{}, { allowAiAgentUse: true }, { allowAiAgentUse: true, allowAiAgentIssuing: true }];

describe('version 2: the AI Agent section shows on the tool only', () => {
	it.each(OPERATIONS)('%s › %s: a regular node shows no tool-only field, whatever is stored', (resource, operation) => {
		for (const settings of SETTINGS) {
			const shown = names(shownProperties(REGULAR, { resource, operation, ...settings }, 2));
			expect(shown.filter((name) => TOOL_ONLY.includes(name))).toEqual([]);
			expect(shown).toContain('advanced');
		}
	});

	it.each(OPERATIONS)('%s › %s: the tool shows its section (a money-moving one) and its description, never Safety Limits', (resource, operation, kind) => {
		const off = shownProperties(TOOL, { resource, operation }, 2);
		const on = shownProperties(TOOL, { resource, operation, allowAiAgentUse: true }, 2);
		expect(names(off)).toContain('toolDescription');
		expect(names(on)).not.toContain('safetyLimits');
		if (kind !== 'moneyMoving') {
			expect(names(on).filter((name) => TOOL_ONLY.includes(name))).toEqual(['toolDescription']);
			return;
		}
		// Without the leave: the warning heads the section, the toggle follows, no limits yet.
		const section = names(off).filter((name) => TOOL_ONLY.includes(name));
		expect(section.slice(0, 2)).toEqual(['aiAgentNotice', 'allowAiAgentUse']);
		expect(off.find((property) => property.name === 'aiAgentNotice')?.displayName).toMatch(/every call of this tool is refused until you turn on Allow Use by an AI Agent/);
		expect(names(off)).not.toContain('aiAgentLimits');
		// With it: another notice, no warning.
		expect(on.find((property) => property.name === 'aiAgentNotice')?.displayName).not.toMatch(/refused/);
		// One section: its fields follow each other, the tool's description last.
		const first = names(on).indexOf('aiAgentNotice');
		const last = names(on).indexOf('toolDescription');
		expect(names(on).slice(first, last + 1).every((name) => TOOL_ONLY.includes(name))).toBe(true);
	});

	it('the money-moving operations with limits: a regular node shows Safety Limits, the tool AI Agent Limits, never both', () => {
		for (const [resource, operation] of [['externalTransfer', 'create'], ['internationalTransfer', 'create'], ['directDebit', 'createSubscription']]) {
			expect(names(shownProperties(REGULAR, { resource, operation, allowAiAgentUse: true }, 2))).toContain('safetyLimits');
			const tool = names(shownProperties(TOOL, { resource, operation, allowAiAgentUse: true }, 2));
			expect([resource, tool.filter((name) => name === 'safetyLimits' || name === 'aiAgentLimits')]).toEqual([resource, ['aiAgentLimits']]);
		}
	});

	it('no help text of version 2 says a field "has no effect on a regular node"', () => {
		for (const [resource, operation] of OPERATIONS) {
			const shown = shownProperties(TOOL, { resource, operation, allowAiAgentUse: true }, 2);
			expect(shown.filter((property) => /no effect on a regular node/.test(String(property.description)))).toEqual([]);
		}
	});

	it('version 1 keeps its panel: the leave on every money-moving node, regular or tool, and its own Rate Limit', () => {
		const regular = names(shownProperties(REGULAR, { resource: 'externalTransfer', operation: 'create' }, 1));
		expect(regular).toEqual(expect.arrayContaining(['allowAiAgentUse', 'safetyLimits', 'rateLimit']));
		expect(regular).not.toContain('advanced');
		expect(regular).not.toContain('aiAgentNotice');
		const tool = names(shownProperties(TOOL, { resource: 'externalTransfer', operation: 'create', allowAiAgentUse: true }, 1));
		expect(tool).toEqual(expect.arrayContaining(['allowAiAgentUse', 'aiAgentLimits', 'safetyLimits', 'toolDescription', 'rateLimit']));
	});
});
