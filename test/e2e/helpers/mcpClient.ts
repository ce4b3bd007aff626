// A minimal MCP client over Streamable HTTP (JSON-RPC 2.0 POSTs; answers as JSON or as one SSE
// "message" event), as an MCP host speaks to n8n's MCP Server Trigger: initialize, tools/list,
// tools/call. Written with axios: the package has no MCP dependency of its own.
import axios from 'axios';

export interface McpTool {
	name: string;
	description?: string;
	inputSchema?: { properties?: Record<string, unknown> };
}

export interface McpToolResult {
	content: Array<{ type: string; text?: string }>;
	isError?: boolean;
}

export class McpClient {
	private sessionId: string | undefined;
	private nextId = 1;

	constructor(private readonly url: string) {}

	/** The JSON-RPC result of `method`, or a thrown error with the server's. */
	private async request<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
		const response = await axios.post(
			this.url,
			{ jsonrpc: '2.0', id: this.nextId++, method, params },
			{
				headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(this.sessionId ? { 'mcp-session-id': this.sessionId } : {}) },
				responseType: 'text',
				transformResponse: (body: string) => body,
				validateStatus: () => true,
				timeout: 120_000,
			},
		);
		if (response.status >= 400) throw new Error(`MCP ${method}: HTTP ${response.status} ${String(response.data).slice(0, 300)}`);
		const session = response.headers['mcp-session-id'];
		if (typeof session === 'string') this.sessionId = session;
		const text = String(response.data);
		// An SSE answer carries the JSON-RPC message in its data lines.
		const json = text.trimStart().startsWith('{') ? text : text.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim()).join('');
		const message = JSON.parse(json) as { result?: T; error?: { message: string } };
		if (message.error) throw new Error(`MCP ${method}: ${message.error.message}`);
		return message.result as T;
	}

	async initialize(): Promise<void> {
		await this.request('initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'business-banking-e2e', version: '1.0.0' } });
		await axios.post(this.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, {
			headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(this.sessionId ? { 'mcp-session-id': this.sessionId } : {}) },
			validateStatus: () => true,
		});
	}

	async listTools(): Promise<McpTool[]> {
		return (await this.request<{ tools: McpTool[] }>('tools/list')).tools;
	}

	/** The text the tool answered (what the model reads). */
	async callTool(name: string, args: Record<string, unknown>): Promise<string> {
		const result = await this.request<McpToolResult>('tools/call', { name, arguments: args });
		return result.content.map((part) => part.text ?? '').join('');
	}
}
