// n8n forms driven over HTTP as a browser does: GET the page, read which input each label names
// (n8n names them field-0, field-1, …), POST the answers as multipart/form-data to the same address.
import { waitFor } from './n8n';

/** The same path and query on the n8n the tests reach (a link printed by `n8n execute` names the CLI's own port). */
export function onN8n(n8nUrl: string, link: string): string {
	const url = new URL(link);
	return `${n8nUrl}${url.pathname}${url.search}`;
}

/** The form page's inputs by their label: `{ Decision: 'field-0' }`. */
export function fieldIdsByLabel(html: string): Record<string, string> {
	const ids: Record<string, string> = {};
	for (const match of html.matchAll(/<label class='form-label[^']*' for='(field-\d+)'>([^<]*)<\/label>/g)) ids[match[2].trim()] = match[1];
	return ids;
}

export interface FormAnswer {
	status: number;
	/** The answer's body: JSON (`formWaitingUrl`, …) or a page. */
	text: string;
}

/** GETs the form at `url`, then POSTs `answers` (by label) as the page's script would. */
export async function submitForm(url: string, answers: Record<string, string>): Promise<FormAnswer> {
	const page = await fetch(url);
	const html = await page.text();
	if (page.status !== 200) throw new Error(`GET ${url} answered ${page.status}: ${html.slice(0, 500)}`);
	const ids = fieldIdsByLabel(html);
	const body = new FormData();
	for (const [label, value] of Object.entries(answers)) {
		const id = ids[label];
		if (!id) throw new Error(`the form at ${url} has no field labelled "${label}" (it has: ${Object.keys(ids).join(', ')})`);
		body.append(id, value);
	}
	const response = await fetch(url, { method: 'POST', body });
	return { status: response.status, text: await response.text() };
}

/** Submits the form of a waiting execution (a Wait node's `$execution.resumeFormUrl`). */
export async function submitWaitingForm(n8nUrl: string, resumeFormUrl: string, answers: Record<string, string>): Promise<FormAnswer> {
	const answer = await submitForm(onN8n(n8nUrl, resumeFormUrl), answers);
	if (answer.status !== 200) throw new Error(`the waiting form answered ${answer.status}: ${answer.text.slice(0, 500)}`);
	return answer;
}

/**
 * Submits a published Form Trigger (`/form/<path>`) and follows the page's script to the form's
 * last page: the answer names the waiting form, whose status is polled until it shows; its HTML.
 */
export async function submitFormTrigger(n8nUrl: string, path: string, answers: Record<string, string>): Promise<string> {
	const answer = await submitForm(`${n8nUrl}/form/${path}`, answers);
	if (answer.status !== 200) throw new Error(`POST /form/${path} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
	const { formWaitingUrl } = JSON.parse(answer.text) as { formWaitingUrl?: string };
	if (!formWaitingUrl) throw new Error(`POST /form/${path} did not name the next page: ${answer.text.slice(0, 500)}`);
	const next = new URL(onN8n(n8nUrl, formWaitingUrl));
	const status = new URL(next);
	status.pathname += '/n8n-execution-status';
	await waitFor("the form's next page", async () => {
		const text = (await (await fetch(status)).text()).trim();
		if (['canceled', 'crashed', 'error', 'null'].includes(text)) throw new Error(`the form's execution is ${text}`);
		return text === 'form-waiting' || text === 'success' ? text : undefined;
	});
	const page = await fetch(next);
	const html = await page.text();
	if (page.status !== 200) throw new Error(`GET ${next.pathname} answered ${page.status}: ${html.slice(0, 500)}`);
	return html;
}
