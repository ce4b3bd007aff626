// A minimal MCP client over Streamable HTTP, as an MCP host speaks to n8n's MCP Server Trigger:
// initialize (the answer's `mcp-session-id` header names the session every later request carries),
// notifications/initialized, tools/list, tools/call, and DELETE to end the session. n8n answers each
// request as one SSE event (`event: message`, `data: <JSON-RPC message>`), a notification with 202.
// Written with axios: the package has no MCP dependency of its own.
import axios from 'axios';

export interface McpTool {
	name: string;
	description?: string;
	inputSchema?: { properties?: Record<string, unknown> };
}

/** A tool's answer: its text parts joined (what the client's model reads), and whether the server marked it an error. */
export interface McpToolAnswer {
	text: string;
	isError?: boolean;
}

/** The JSON-RPC message of an answer sent as JSON or as SSE (its `data:` lines). */
function messageOf(body: string): { result?: unknown; error?: { message: string } } {
	const json = body.trimStart().startsWith('{')
		? body
		: body
				.split('\n')
				.filter((line) => line.startsWith('data:'))
				.map((line) => line.slice(5).trim())
				.join('');
	return JSON.parse(json) as { result?: unknown; error?: { message: string } };
}

export class McpClient {
	private sessionId: string | undefined;
	private nextId = 1;

	constructor(private readonly url: string) {}

	private async post(body: Record<string, unknown>) {
		return await axios.post(this.url, body, {
			headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(this.sessionId ? { 'mcp-session-id': this.sessionId } : {}) },
			responseType: 'text',
			transformResponse: (text: string) => text,
			validateStatus: () => true,
			timeout: 120_000,
		});
	}

	/** The JSON-RPC result of `method`, or a thrown error with the server's. */
	private async request<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
		const response = await this.post({ jsonrpc: '2.0', id: this.nextId++, method, params });
		if (response.status >= 400) throw new Error(`MCP ${method}: HTTP ${response.status} ${String(response.data).slice(0, 300)}`);
		const session = response.headers['mcp-session-id'];
		if (typeof session === 'string') this.sessionId = session;
		const message = messageOf(String(response.data));
		if (message.error) throw new Error(`MCP ${method}: ${message.error.message}`);
		return message.result as T;
	}

	async initialize(): Promise<void> {
		this.sessionId = undefined;
		await this.request('initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'business-banking-e2e', version: '1.0.0' } });
		if (!this.sessionId) throw new Error('MCP initialize: the answer named no session (mcp-session-id)');
		const notified = await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
		if (notified.status !== 202) throw new Error(`MCP notifications/initialized: HTTP ${notified.status} ${String(notified.data).slice(0, 300)}`);
	}

	async listTools(): Promise<McpTool[]> {
		return (await this.request<{ tools: McpTool[] }>('tools/list')).tools;
	}

	async callTool(name: string, args: Record<string, unknown>): Promise<McpToolAnswer> {
		const result = await this.request<{ content: Array<{ type: string; text?: string }>; isError?: boolean }>('tools/call', { name, arguments: args });
		return { text: result.content.map((part) => part.text ?? '').join(''), isError: result.isError };
	}

	/** Ends the session (DELETE with its id). */
	async close(): Promise<void> {
		if (!this.sessionId) return;
		await axios.delete(this.url, { headers: { 'mcp-session-id': this.sessionId }, validateStatus: () => true });
		this.sessionId = undefined;
	}
}
