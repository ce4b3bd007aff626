// n8n 1.123's SSH clients manager, created with the first node a test runs, starts a 60 s cleanup
// interval that it never unrefs (2.x unrefs it). Jest runs every file in its own process on a machine
// with cores to spare, but in band on 2 cores (CI), where that interval keeps jest from ever exiting.
// The tests open no SSH tunnel: shut the manager down after each file, through the release's own
// container.
import { dirname, join } from 'path';

type Manager = { onShutdown(): void };

afterAll(async () => {
	const coreDist = dirname(require.resolve('n8n-core'));
	const { SSHClientsManager } = (await import(join(coreDist, 'execution-engine', 'ssh-clients-manager'))) as { SSHClientsManager: new () => Manager };
	const { Container } = (await import(require.resolve('@n8n/di', { paths: [coreDist] }))) as { Container: { get(type: new () => Manager): Manager } };
	Container.get(SSHClientsManager).onShutdown();
});
