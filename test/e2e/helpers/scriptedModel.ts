// A chat model on loopback that answers the OpenAI chat-completions protocol (what n8n's OpenAI Chat
// Model node calls when its credential's base URL points here) with scripted turns, and records every
// request n8n sent: the messages, the tools and their descriptions, the tool results.
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

export interface ChatRequest {
	model: string;
	/** n8n's AI Agent 1.x asks for server-sent chunks. */
	stream?: boolean;
	messages: ChatMessage[];
	tools?: Array<{ type: 'function'; function: { name: string; description: string; parameters: unknown } }>;
}

/** What the model says next: call tools, or answer in text. */
export type Turn = { toolCalls: Array<{ name: string; args: Record<string, unknown> }> } | { answer: string };

/** Decides the next turn from the conversation so far (the request n8n sent). */
export type Script = (request: ChatRequest) => Turn;

export const textOf = (message: ChatMessage): string =>
	typeof message.content === 'string' ? message.content : (message.content ?? []).map((part) => part.text ?? '').join('');

/** The tool results n8n sent back so far, by tool name, oldest first. */
export function toolResults(request: ChatRequest): Array<{ name: string; content: string }> {
	const names = new Map<string, string>();
	for (const message of request.messages) for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
	return request.messages.filter((message) => message.role === 'tool').map((message) => ({ name: names.get(message.tool_call_id ?? '') ?? '?', content: textOf(message) }));
}

export class ScriptedModel {
	readonly requests: ChatRequest[] = [];
	private server?: Server;
	private calls = 0;
	url = '';

	/** The script of each conversation, chosen by a marker in the user's prompt: `[scenario: name]`. */
	constructor(private readonly scripts: Record<string, Script>) {}

	async start(): Promise<void> {
		this.server = createServer((request, response) => {
			let body = '';
			request.on('data', (chunk: Buffer) => (body += chunk.toString()));
			request.on('end', () => {
				const answer = (status: number, value: unknown) => {
					response.writeHead(status, { 'Content-Type': 'application/json' });
					response.end(JSON.stringify(value));
				};
				if (request.method === 'GET' && request.url?.endsWith('/models')) return answer(200, { object: 'list', data: [{ id: 'scripted-model', object: 'model' }] });
				if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) return answer(404, { error: { message: `no ${request.method} ${request.url}` } });
				try {
					const chat = JSON.parse(body) as ChatRequest;
					this.requests.push(chat);
					const completion = this.completion(chat, this.turnFor(chat));
					if (!chat.stream) return answer(200, completion);
					response.writeHead(200, { 'Content-Type': 'text/event-stream' });
					for (const chunk of chunksOf(completion)) response.write(`data: ${JSON.stringify(chunk)}\n\n`);
					response.end('data: [DONE]\n\n');
				} catch (error) {
					answer(500, { error: { message: (error as Error).message } });
				}
			});
		});
		await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
	}

	/** The requests of one scenario, in order. */
	requestsOf(scenario: string): ChatRequest[] {
		return this.requests.filter((request) => scenarioOf(request) === scenario);
	}

	private turnFor(request: ChatRequest): Turn {
		const scenario = scenarioOf(request);
		const script = scenario === undefined ? undefined : this.scripts[scenario];
		if (!script) throw new Error(`no script for scenario ${scenario ?? '(none: put [scenario: name] in the prompt)'}`);
		return script(request);
	}

	private completion(request: ChatRequest, turn: Turn): Completion {
		this.calls += 1;
		const message =
			'answer' in turn
				? { role: 'assistant', content: turn.answer }
				: {
						role: 'assistant',
						content: null,
						tool_calls: turn.toolCalls.map((call, index) => ({
							id: `call_${this.calls}_${index}`,
							type: 'function',
							function: { name: call.name, arguments: JSON.stringify(call.args) },
						})),
					};
		return {
			id: `chatcmpl-${this.calls}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: request.model,
			choices: [{ index: 0, message, finish_reason: 'answer' in turn ? 'stop' : 'tool_calls', logprobs: null }],
			usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
		};
	}
}

function scenarioOf(request: ChatRequest): string | undefined {
	const user = request.messages.find((message) => message.role === 'user');
	return user ? /\[scenario: ([\w-]+)\]/.exec(textOf(user))?.[1] : undefined;
}

interface Completion {
	id: string;
	object: string;
	created: number;
	model: string;
	choices: Array<{ index: number; message: { role: string; content: string | null; tool_calls?: Array<Record<string, unknown>> }; finish_reason: string; logprobs: null }>;
	usage: unknown;
}

/** The same answer as the chat-completions stream sends it: the whole message in one delta, then the finish and the usage. */
function chunksOf(completion: Completion): unknown[] {
	const { id, created, model } = completion;
	const [{ message, finish_reason }] = completion.choices;
	const chunk = (rest: object) => ({ id, object: 'chat.completion.chunk', created, model, ...rest });
	const toolCalls = message.tool_calls?.map((call, index) => ({ index, ...call }));
	return [
		chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: message.content, ...(toolCalls ? { tool_calls: toolCalls } : {}) }, finish_reason: null }] }),
		chunk({ choices: [{ index: 0, delta: {}, finish_reason }] }),
		chunk({ choices: [], usage: completion.usage }),
	];
}
