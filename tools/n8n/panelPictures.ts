// `npm run panels`: a picture of the Business Banking node's version-2 panels, docs/panels/<panel>.png
// (panels/panelList.ts), and of its credential's dialog. Dev-only. Against a running n8n with
// `-- --url http://localhost:5678`, or else in an n8n of its own (pictureTarget.ts). `-- --only a,b`
// makes only those pictures (panel names, or `credential`).
import { N8nClient } from './api';
import { takePanelPictures } from './panels/takePictures';
import { onlyFlag, pictureTarget } from './pictureTarget';

async function main(): Promise<void> {
	const target = await pictureTarget('business-banking-panels-');
	try {
		const client = new N8nClient(target.url);
		await client.login(target.owner.email, target.owner.password);
		await takePanelPictures(target.url, target.owner, client, onlyFlag());
	} finally {
		await target.stop();
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
	process.exit(1);
});
