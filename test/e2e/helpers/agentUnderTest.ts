// What the AI agent checks share (test/e2e/ai-agent.test.ts and the describe blocks it calls from
// ai-agent-review.ts and ai-agent-template.ts): known once their n8n and sandbox are up.
import type { TestSandbox } from '../../helpers/sandbox';
import type { AgentTool, AgentWorkflowOptions } from './agentWorkflow';
import type { Mailbox } from './mailbox';
import type { E2eN8n, ExecutionOutput } from './n8n';
import type { LoggedRequest } from './sandbox';
import type { ScriptedModel } from './scriptedModel';

export interface AgentUnderTest {
	n8n: E2eN8n;
	sandbox: TestSandbox;
	/** The Business Banking credential and the scripted model's, as imported into n8n. */
	banking: { id: string; name: string };
	modelCredential: { id: string; name: string };
	mailbox: Mailbox;
	model: ScriptedModel;
	/** The external transfers the sandbox received since its log was last cleared. */
	transfers(): Promise<LoggedRequest[]>;
	/** Runs an agent workflow with these tools (at the checked agent version) from its manual trigger; `[scenario: …]` picks the model's script. */
	runManually(scenario: string, tools: AgentTool[], subAgent?: AgentWorkflowOptions['subAgent']): Promise<ExecutionOutput>;
}
