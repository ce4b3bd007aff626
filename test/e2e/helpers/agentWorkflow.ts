// Workflows with n8n's AI Agent (typeVersion 3.1), its OpenAI chat model pointed at the scripted model,
// and Business Banking nodes as its tools, optionally behind n8n's human review of tool calls (the
// Send Email node's "HitlTool" variant, whose approve and decline links arrive by e-mail).
import { CREDENTIAL_TYPE, type Workflow, type WorkflowNode } from '../../../tools/n8n/examples';
import { waitFor } from './n8n';
import { BUSINESS_BANKING_TOOL } from './workflows';

export { BUSINESS_BANKING_TOOL };
const AGENT = 'Finance assistant';
const MODEL = 'Chat model';
const REVIEW = 'Human review';

export interface AgentTool {
	/** The node's name; the model sees it with `_` for spaces. */
	name: string;
	parameters: Record<string, unknown>;
	/** Behind the human review node (the call waits for a person's approval). */
	reviewed?: boolean;
	/** Another node type than Business Banking's tool (e.g. n8n's HTTP Request Tool), with the same credential. */
	node?: { type: string; typeVersion: number };
}

export interface AgentWorkflowOptions {
	name: string;
	prompt: string;
	tools: AgentTool[];
	bankingCredential: { id: string; name: string };
	modelCredential: { id: string; name: string };
	/** Started by a webhook at this path (runs in the n8n server, can wait for a review); manual otherwise. */
	webhookPath?: string;
	/** The SMTP credential and the reviewer's address, when a tool is reviewed. */
	review?: { smtpCredential: { id: string; name: string }; to: string };
	/** The AI Agent node's typeVersion (3.1, the editor's default in n8n 2.41, unless given). */
	agentVersion?: number;
	/**
	 * The tools hang under n8n's AI Agent Tool (a sub-agent, `agentTool`, of this typeVersion: 3 or 2.2),
	 * itself a tool of the agent; the same chat model drives both. Its prompt is the parent model's
	 * argument (`$fromAI`, as the editor fills it).
	 */
	subAgent?: { typeVersion: number };
}

/** The sub-agent's node name, and its prompt's `$fromAI` key (the parent model fills it). */
export const SUB_AGENT = 'Payments assistant';
export const SUB_AGENT_PROMPT = 'Prompt__User_Message_';

/** `$fromAI(key, description, type)`, the expression n8n fills from the model's tool call. */
export const fromAi = (key: string, description: string, type = 'string') => `={{ $fromAI('${key}', \`${description}\`, '${type}') }}`;

let position = 0;
const at = (): [number, number] => [(position += 220), 0];

export function agentWorkflow(options: AgentWorkflowOptions): Workflow {
	const trigger: WorkflowNode = options.webhookPath
		? {
				id: 'b0000000-0000-4000-8000-000000000001',
				name: 'Question',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: at(),
				webhookId: `agent-${options.webhookPath}`,
				parameters: { httpMethod: 'POST', path: options.webhookPath, responseMode: 'onReceived', options: {} },
			}
		: { id: 'b0000000-0000-4000-8000-000000000001', name: 'Question', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: at(), parameters: {} };
	const nodes: WorkflowNode[] = [
		trigger,
		{
			id: 'b0000000-0000-4000-8000-000000000002',
			name: AGENT,
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: options.agentVersion ?? 3.1,
			position: at(),
			parameters: {
				promptType: 'define',
				text: options.prompt,
				options: { systemMessage: 'You help a finance team. Do not pay anything unless the user asks you to.', maxIterations: 8 },
			},
		},
		{
			id: 'b0000000-0000-4000-8000-000000000003',
			name: MODEL,
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.3,
			position: at(),
			parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, responsesApiEnabled: false, options: {} },
			credentials: { openAiApi: options.modelCredential },
		},
	];
	const connections: Record<string, unknown> = {
		Question: { main: [[{ node: AGENT, type: 'main', index: 0 }]] },
		[MODEL]: { ai_languageModel: [[{ node: AGENT, type: 'ai_languageModel', index: 0 }]] },
	};
	// Where the tools (or their review) connect: the agent, or the sub-agent that is its tool.
	let toolsAgent = AGENT;
	if (options.subAgent) {
		nodes.push({
			id: 'b0000000-0000-4000-8000-000000000005',
			name: SUB_AGENT,
			type: '@n8n/n8n-nodes-langchain.agentTool',
			typeVersion: options.subAgent.typeVersion,
			position: at(),
			parameters: {
				toolDescription: 'Pays suppliers and reads the bank’s data. Give it the whole request in words.',
				text: fromAi(SUB_AGENT_PROMPT, ''),
				options: { systemMessage: 'You make payments for a finance team, as asked.', maxIterations: 8 },
			},
		});
		connections[MODEL] = { ai_languageModel: [[AGENT, SUB_AGENT].map((node) => ({ node, type: 'ai_languageModel', index: 0 }))] };
		connections[SUB_AGENT] = { ai_tool: [[{ node: AGENT, type: 'ai_tool', index: 0 }]] };
		toolsAgent = SUB_AGENT;
	}
	if (options.tools.some((tool) => tool.reviewed)) {
		if (!options.review) throw new Error('a reviewed tool needs options.review');
		nodes.push({
			id: 'b0000000-0000-4000-8000-000000000004',
			name: REVIEW,
			type: 'n8n-nodes-base.emailSendHitlTool',
			typeVersion: 2.1,
			position: at(),
			// Each workflow's review waits on a webhook of its own.
			webhookId: `review-${options.webhookPath ?? options.name.replace(/\W+/g, '-')}`,
			parameters: {
				fromEmail: 'n8n@localhost',
				toEmail: options.review.to,
				subject: 'Approve a payment the finance assistant prepared',
				// What the person approves, in words: the tool and every value the model filled in.
				message: '=The finance assistant wants to run "{{ $tool.name }}" with: {{ JSON.stringify($tool.parameters) }}',
				approvalOptions: { values: { approvalType: 'double', approveLabel: 'Approve', disapproveLabel: 'Decline' } },
				options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 10, resumeUnit: 'minutes' } } },
			},
			credentials: { smtp: options.review.smtpCredential },
		});
		connections[REVIEW] = { ai_tool: [[{ node: toolsAgent, type: 'ai_tool', index: 0 }]] };
	}
	options.tools.forEach((tool, index) => {
		nodes.push({
			id: `b0000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
			name: tool.name,
			type: tool.node?.type ?? BUSINESS_BANKING_TOOL,
			typeVersion: tool.node?.typeVersion ?? 1,
			position: at(),
			parameters: tool.parameters,
			credentials: { [CREDENTIAL_TYPE]: options.bankingCredential },
		});
		connections[tool.name] = { ai_tool: [[{ node: tool.reviewed ? REVIEW : toolsAgent, type: 'ai_tool', index: 0 }]] };
	});
	return { name: options.name, nodes, connections, settings: { executionOrder: 'v1' } };
}

export const toolName = (nodeName: string) => nodeName.replace(/ /g, '_');

/**
 * Asks an activated agent workflow through its webhook (at `baseUrl`, main's or a webhook process's):
 * n8n 2.x publishes an activated workflow's webhook a moment later, answering 404 (and starting
 * nothing) until then, so asking again is safe. Returns the first other status.
 */
export async function askWhenPublished(baseUrl: string, path: string): Promise<number> {
	return await waitFor(`the webhook of ${path} at ${baseUrl}`, async () => {
		const response = await fetch(`${baseUrl}/webhook/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		return response.status === 404 ? undefined : response.status;
	});
}
