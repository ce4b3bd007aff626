import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

/** One request as it reached the receiver: headers and the exact bytes of the body. */
export interface ReceivedRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	rawBody: Buffer;
}

/**
 * A real HTTP server on a loopback port that records what it receives. By default it answers 200;
 * `handler` may answer otherwise (status code, or take the response itself and return undefined).
 */
export class Receiver {
	readonly requests: ReceivedRequest[] = [];
	private waiters: Array<{ count: number; resolve: () => void }> = [];
	private server: Server | undefined;
	url = '';

	constructor(
		private handler: (request: ReceivedRequest, index: number, req: IncomingMessage, res: ServerResponse) => Promise<number | undefined> | number | undefined = () => 200,
	) {}

	setHandler(handler: Receiver['handler']): void {
		this.handler = handler;
	}

	async start(path = '/hook'): Promise<this> {
		this.server = createServer((req, res) => void this.handle(req, res));
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
		return this;
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const request: ReceivedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, rawBody: Buffer.concat(chunks) };
		const index = this.requests.push(request) - 1;
		this.notify();
		try {
			const status = await this.handler(request, index, req, res);
			if (status !== undefined && !res.headersSent) {
				res.writeHead(status, { 'Content-Type': 'application/json' });
				res.end('{}');
			}
		} catch (error) {
			if (!res.headersSent) res.writeHead(500).end(String(error));
		}
	}

	/** Resolves once `count` requests in all have arrived (answered or not). */
	waitForRequests(count: number): Promise<void> {
		if (this.requests.length >= count) return Promise.resolve();
		return new Promise((resolve) => this.waiters.push({ count, resolve }));
	}

	private notify(): void {
		const ready = this.waiters.filter((waiter) => this.requests.length >= waiter.count);
		this.waiters = this.waiters.filter((waiter) => this.requests.length < waiter.count);
		for (const waiter of ready) waiter.resolve();
	}

	async close(): Promise<void> {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}
}
