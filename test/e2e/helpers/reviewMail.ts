// A person answering n8n's review mail (human review of a tool call, send-and-wait e-mail).
import { waitFor } from './n8n';

/** Clicks the link of the review mail whose text holds `label` ("Approve", "Decline"), as a browser would. */
export async function clickReviewLink(mail: { links: Record<string, string> }, label: string): Promise<void> {
	const link = Object.entries(mail.links).find(([text]) => text.toLowerCase().includes(label.toLowerCase()))?.[1];
	if (!link) throw new Error(`no "${label}" link in the review mail: ${JSON.stringify(mail.links)}`);
	// As a browser: n8n ignores clicks whose user agent looks like a bot's or a link preview's.
	// The mail leaves before n8n has saved the execution as waiting; until then n8n answers 409
	// ("running already") and records nothing, so the click is repeated, as a person would. Any
	// other answer (a 409 "finished with error" among them) is final.
	const response = await waitFor(`the ${label} link to be taken`, async () => {
		const answer = await fetch(link, { headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' } });
		const text = await answer.text();
		return answer.status === 409 && text.includes('running already') ? undefined : { status: answer.status, text };
	});
	if (response.status !== 200) throw new Error(`${label} (${link}) answered ${response.status}: ${response.text.slice(0, 300)}`);
}
