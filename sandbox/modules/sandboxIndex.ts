import type { SandboxModule } from '../module';
import type { ControlRoute } from '../core/controlRoutes';
import { SEED } from '../core/seed';
import { escapeHtml } from './oauth/pages';

const STYLE = `body{font:15px/1.5 -apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2230;background:#f3f4f7;margin:0}
main{max-width:860px;margin:24px auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(20,30,60,.1);padding:28px 32px}
.brand{font-size:13px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#6b5bd2;margin:0}
h1{font-size:22px;margin:4px 0 16px}h2{font-size:17px;margin:24px 0 8px}
table{border-collapse:collapse;width:100%;font-size:14px}td,th{text-align:left;padding:5px 8px;border-bottom:1px solid #eceef3;vertical-align:top}
code{background:#f7f7fb;padding:1px 5px;border-radius:4px;font-size:13px}.method{font-weight:600;color:#6b5bd2;white-space:nowrap}`;

/** The sandbox's front page: what to sign in with, the OAuth application, the organizations and every control. */
export function sandboxIndexModule(controls: ControlRoute[]): SandboxModule {
	return {
		name: 'sandboxIndex',
		register(app, ctx) {
			app.get('/sandbox', async (request, reply) => {
				const base = `${request.protocol}://${request.headers.host ?? request.hostname}`;
				const organizations = [...ctx.organizations.values()].map((o) => ({ id: o.id, name: o.legal_name, country: o.legal_country }));
				const summary = {
					base_url: base,
					sign_in: { email: SEED.userEmail, password: SEED.userPassword },
					oauth_client_id: ctx.application.clientId,
					redirect_uris: ctx.application.redirectUris,
					organizations,
					controls: controls.map(({ method, url, description }) => ({ method, path: url, description })),
				};
				if (!String(request.headers.accept ?? '').includes('text/html')) return summary;
				const rows = controls
					.map((c) => `<tr><td class="method">${c.method}</td><td><code>${escapeHtml(c.url)}</code></td><td>${escapeHtml(c.description)}</td></tr>`)
					.join('\n');
				const orgRows = organizations
					.map((o) => `<tr><td>${escapeHtml(o.name)}</td><td>${o.country}</td><td><code>${o.id}</code></td></tr>`)
					.join('\n');
				return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Business banking sandbox</title><style>${STYLE}</style></head><body><main>
<p class="brand">Business banking sandbox</p><h1>Running at <code>${escapeHtml(base)}</code></h1>
<p>Base URL, auth URL and register URL are all this address. Sign in on the consent page as
<code>${escapeHtml(SEED.userEmail)}</code> with the password <code>${escapeHtml(SEED.userPassword)}</code>.
OAuth client id: <code>${escapeHtml(ctx.application.clientId)}</code> (the secret is printed in the terminal that started the sandbox).</p>
<h2>Organizations</h2><table><tr><th>name</th><th>country</th><th>id</th></tr>${orgRows}</table>
<h2>Simulation controls</h2><p>No authentication; JSON bodies. Off the public contract.</p>
<table><tr><th>method</th><th>path</th><th>what it does</th></tr>${rows}</table>
</main></body></html>`);
			});
		},
	};
}
