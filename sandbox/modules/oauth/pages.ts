/** Server-rendered pages of the consent flow: plain forms, every value HTML-escaped, no script. */
import { SEED } from '../../core/seed';

export function escapeHtml(value: string): string {
	return value
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');
}

const SCOPE_LABELS: Record<string, string> = {
	offline_access: 'Stay connected (refresh token)',
	'organization.read': 'Read the organization and its bank accounts',
	'clients.read': 'Read clients',
	'clients.write': 'Create and update clients',
	'client_invoices.read': 'Read client invoices',
	'client_invoices.write': 'Create, update and finalize client invoices',
	'attachments.read': 'Download attachments',
	'transfers.write': 'Create transfers',
	'international_transfers.write': 'Create international transfers',
	'bank_accounts.write': 'Create and update business accounts',
	'sepa_direct_debit.write': 'Create SEPA direct debit mandates and subscriptions',
	'supplier_invoices.write': 'Mark supplier invoices as paid',
	'cards.write': 'Update card restrictions',
	'insurance_contracts.write': 'Create insurance contracts',
	'webhooks.read': 'Read webhook subscriptions',
	'webhooks.write': 'Manage webhook subscriptions',
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f3f4f7;
font:15px/1.5 -apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d2230}
main{width:100%;max-width:440px;margin:24px;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(20,30,60,.1);padding:32px}
.brand{font-size:13px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#6b5bd2;margin:0 0 8px}
h1{font-size:21px;line-height:1.3;margin:0 0 16px}
p{margin:0 0 12px}
.muted{color:#5d6475;font-size:14px}
.scopes{list-style:none;padding:12px 16px;margin:0 0 20px;background:#f7f7fb;border-radius:8px;font-size:14px;max-height:220px;overflow:auto}
.scopes li{padding:3px 0}
.scopes li:before{content:"\\2713";color:#2f9e62;font-weight:700;margin-right:8px}
label{display:block;font-weight:600;font-size:14px;margin:0 0 6px}
input[type=email],input[type=password]{width:100%;padding:10px 12px;border:1px solid #c9cdd8;border-radius:8px;font-size:15px;margin:0 0 14px}
input:focus{outline:2px solid #6b5bd2;outline-offset:1px}
.org{display:flex;gap:12px;align-items:center;border:1px solid #d9dce5;border-radius:8px;padding:12px 14px;margin:0 0 10px;cursor:pointer;font-weight:400}
.org:hover{border-color:#6b5bd2}
.org small{display:block;color:#5d6475}
.actions{display:flex;flex-direction:row-reverse;gap:10px;margin-top:18px}
button{flex:1;padding:11px 16px;border-radius:8px;border:1px solid transparent;font-size:15px;font-weight:600;cursor:pointer}
.primary{background:#6b5bd2;color:#fff}
.primary:hover{background:#5a4bc0}
.secondary{background:#fff;color:#1d2230;border-color:#c9cdd8}
.error{background:#fdecec;color:#a4262c;border-radius:8px;padding:10px 12px;font-size:14px;margin:0 0 14px}
.notice{background:#eef4ff;color:#24487e;border-radius:8px;padding:10px 12px;font-size:14px;margin:0 0 14px}
footer{margin-top:20px;font-size:12px;color:#8a90a0;text-align:center}
`;

function layout(title: string, body: string): string {
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Business banking sandbox</p>
${body}
<footer>Sandbox authorization server: no real account is involved.</footer>
</main>
</body>
</html>`;
}

function scopeList(scopes: string[]): string {
	const items = scopes.map((scope) => `<li title="${escapeHtml(scope)}">${escapeHtml(SCOPE_LABELS[scope] ?? scope)}</li>`);
	return `<ul class="scopes" aria-label="Requested permissions">${items.join('')}</ul>`;
}

const message = (kind: 'error' | 'notice', text?: string) =>
	text ? `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>` : '';

export interface ConsentView {
	requestId: string;
	appName: string;
	scopes: string[];
}

export function signInPage(view: ConsentView & { error?: string; email?: string; organizationName?: string }): string {
	const target = view.organizationName
		? `<p class="muted">Organization: <strong>${escapeHtml(view.organizationName)}</strong></p>`
		: '';
	return layout(
		`Sign in — ${view.appName}`,
		`<h1><span id="app-name">${escapeHtml(view.appName)}</span> wants to access your business account</h1>
${target}
<p class="muted">It asks for:</p>
${scopeList(view.scopes)}
${message('error', view.error)}
<p class="notice" id="sandbox-login">This is the sandbox: sign in as <strong>${escapeHtml(SEED.userEmail)}</strong> with the password <strong>${escapeHtml(SEED.userPassword)}</strong>.</p>
<form method="post" action="/oauth2/auth/sign-in">
<input type="hidden" name="request_id" value="${escapeHtml(view.requestId)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(view.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>`,
	);
}

export interface OrganizationChoice {
	id: string;
	name: string;
	country: string;
}

export function pickerPage(
	view: ConsentView & { userName: string; organizations: OrganizationChoice[]; selectedId?: string; error?: string; notice?: string },
): string {
	const choices = view.organizations.map((organization, index) => {
		const checked = (view.selectedId ? organization.id === view.selectedId : index === 0) ? ' checked' : '';
		return `<label class="org"><input type="radio" name="organization_id" value="${escapeHtml(organization.id)}"${checked}>
<span>${escapeHtml(organization.name)}<small>${escapeHtml(organization.country)}</small></span></label>`;
	});
	return layout(
		`Choose an organization — ${view.appName}`,
		`<h1>Choose the organization <span id="app-name">${escapeHtml(view.appName)}</span> will act on</h1>
<p class="muted">Signed in as ${escapeHtml(view.userName)}.</p>
${message('notice', view.notice)}
${message('error', view.error)}
<form method="post" action="/oauth2/auth/consent">
<input type="hidden" name="request_id" value="${escapeHtml(view.requestId)}">
${choices.join('\n')}
<p class="muted">It will be allowed to:</p>
${scopeList(view.scopes)}
<div class="actions">
<!-- Authorize first in the DOM so Enter approves; row-reverse shows it on the right. -->
<button class="primary" type="submit" name="decision" value="allow">Authorize</button>
<button class="secondary" type="submit" name="decision" value="deny">Deny</button>
</div>
</form>`,
	);
}

export function errorPage(title: string, detail: string): string {
	return layout(title, `<h1>${escapeHtml(title)}</h1>${message('error', detail)}<p class="muted">Go back to the application and start again.</p>`);
}
