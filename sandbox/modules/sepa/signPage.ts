import { escapeHtml } from '../oauth/pages';
import type { Mandate } from './store';

/** The page a client opens from sign_url: the mandate's terms and one button (no script). */
export function signPage(mandate: Mandate, creditor: string): string {
	const body =
		mandate.status === 'active'
			? `<h1>Mandate signed</h1><p>Reference ${escapeHtml(mandate.unique_mandate_reference)}, signed on ${escapeHtml(mandate.mandate_signature_date ?? '')}.</p>`
			: `<h1>SEPA Direct Debit mandate</h1>
<p>By signing, you authorise <strong>${escapeHtml(creditor)}</strong> to send instructions to your bank to debit your account.</p>
<p>Mandate reference: <strong>${escapeHtml(mandate.unique_mandate_reference)}</strong></p>
<form method="post"><button type="submit">Sign the mandate</button></form>`;
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign your mandate (sandbox)</title></head><body><main>${body}</main></body></html>`;
}
