import { connect } from 'net';

/**
 * Sends raw HTTP/1.1 requests back to back on one keep-alive connection (pipelining) and counts the
 * answers by status. Much cheaper per request than fetch, so that a soak of thousands of requests
 * spends its time in the server under test rather than in the client.
 */
export function pipeline(url: string, requests: Iterable<string | Buffer>, count: number): Promise<Record<string, number>> {
	const { hostname, port } = new URL(url);
	return new Promise((resolve, reject) => {
		const socket = connect(Number(port), hostname);
		const statuses: Record<string, number> = {};
		let answered = 0;
		// A status line cut between two chunks: at most its first 12 characters wait for the next one.
		let carry = '';
		socket.on('data', (chunk: Buffer) => {
			const text = carry + chunk.toString('latin1');
			let end = 0;
			for (const match of text.matchAll(/HTTP\/1\.1 (\d{3}) /g)) {
				statuses[match[1]] = (statuses[match[1]] ?? 0) + 1;
				answered++;
				end = match.index + match[0].length;
			}
			carry = text.slice(Math.max(end, text.length - 12));
			if (answered >= count) {
				socket.end();
				resolve(statuses);
			}
		});
		socket.on('error', reject);
		socket.on('close', () => {
			if (answered < count) reject(new Error(`the connection closed after ${answered} of ${count} answers`));
		});
		socket.on('connect', async () => {
			for (const request of requests) {
				if (!socket.write(request)) await new Promise((drained) => socket.once('drain', drained));
			}
		});
	});
}

/** `total` requests made by `make`, spread over `connections` pipelined connections; statuses summed. */
export async function pipelined(url: string, total: number, make: () => string | Buffer, connections = 4): Promise<Record<string, number>> {
	const share = (index: number) => Math.floor(total / connections) + (index < total % connections ? 1 : 0);
	function* requests(count: number) {
		for (let i = 0; i < count; i++) yield make();
	}
	const results = await Promise.all(Array.from({ length: connections }, (_, index) => pipeline(url, requests(share(index)), share(index))));
	const sum: Record<string, number> = {};
	for (const statuses of results) for (const [status, n] of Object.entries(statuses)) sum[status] = (sum[status] ?? 0) + n;
	return sum;
}
