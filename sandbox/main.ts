import { controlLines } from './core/controlRoutes';
import { startSandbox } from './server';
import { DataFileError } from './core/sqliteStore';

/**
 * `npm run sandbox [-- --port 4010] [--data FILE] [--staging-token T] [--client-id ID --client-secret S]`
 * With `--data` (or SANDBOX_DATA) the state is kept in that sqlite file and a restart continues it.
 */
function flag(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main() {
	const port = Number(flag('port') ?? process.env.SANDBOX_PORT ?? 4010);
	const sandbox = await startSandbox({
		port,
		host: flag('host') ?? '127.0.0.1',
		stagingToken: flag('staging-token') ?? process.env.SANDBOX_STAGING_TOKEN,
		clientId: flag('client-id') ?? process.env.SANDBOX_CLIENT_ID,
		clientSecret: flag('client-secret') ?? process.env.SANDBOX_CLIENT_SECRET,
		redirectUris: flag('redirect-uri') ? [flag('redirect-uri') as string] : undefined,
		quiet: process.argv.includes('--quiet'),
		dataFile: flag('data') ?? process.env.SANDBOX_DATA,
	});
	const application = sandbox.ctx.application;
	process.stdout.write(
		[
			'',
			`Business banking sandbox listening on ${sandbox.url}`,
			`  base URL / auth URL / register URL: ${sandbox.url}`,
			`  OAuth client id:     ${application.clientId}`,
			`  OAuth client secret: ${application.clientSecret}`,
			`  redirect URIs:       ${application.redirectUris.join(', ')}`,
			`  sign in as:          owner@example.com / sandbox`,
			`  state:               ${sandbox.ctx.options.dataFile ? `kept in ${sandbox.ctx.options.dataFile} (POST /sandbox/reset empties it)` : 'in memory (--data FILE keeps it across restarts)'}`,
			`  controls (no auth):  ${sandbox.url}/sandbox  (this list as a page)`,
			...controlLines(sandbox.controls),
			'',
		].join('\n'),
	);
	const stop = () => void sandbox.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	// A data file it must not read is the user's to fix: its message alone, no stack.
	process.stderr.write(`${error instanceof DataFileError ? error.message : (error as Error).stack}\n`);
	process.exit(2);
});
