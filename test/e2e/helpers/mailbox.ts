// An SMTP server on loopback (smtp-server, parsed with mailparser) that keeps what n8n sends: the
// reviewer's inbox for n8n's e-mail human review, whose approve and decline links a test follows as a
// person would click them.
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'net';
import { SMTPServer } from 'smtp-server';

import { waitFor } from './n8n';

export interface Mail {
	to: string;
	subject: string;
	html: string;
	/** The links in the mail's HTML, by their text ("Approve", "Decline"). */
	links: Record<string, string>;
}

function linksOf(html: string): Record<string, string> {
	const links: Record<string, string> = {};
	for (const match of html.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)) {
		const text = match[2].replace(/<[^>]+>/g, '').trim();
		if (text) links[text] = match[1].replace(/&amp;/g, '&');
	}
	return links;
}

export class Mailbox {
	readonly mails: Mail[] = [];
	private server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData: (stream, _session, callback) => {
			simpleParser(stream)
				.then((parsed) => {
					const html = typeof parsed.html === 'string' ? parsed.html : '';
					const to = Array.isArray(parsed.to) ? parsed.to.map((address) => address.text).join(', ') : (parsed.to?.text ?? '');
					this.mails.push({ to, subject: parsed.subject ?? '', html, links: linksOf(html) });
					callback();
				})
				.catch((error: Error) => callback(error));
		},
	});
	port = 0;

	async start(): Promise<void> {
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		this.port = (this.server.server.address() as AddressInfo).port;
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	/** n8n's SMTP credential for this mailbox (plain SMTP on loopback, no login). */
	credentialData(): Record<string, unknown> {
		return { host: '127.0.0.1', port: this.port, secure: false, disableStartTls: true, user: '', password: '' };
	}

	/** Waits for the `count`-th mail (1-based) to arrive. */
	async nth(count: number, timeoutMs = 60_000): Promise<Mail> {
		return await waitFor(`mail number ${count} (got ${this.mails.length} so far)`, async () => this.mails[count - 1], timeoutMs);
	}
}
