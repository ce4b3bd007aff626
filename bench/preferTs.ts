/**
 * Under ts-node, `require('…/BusinessBanking.node')` would find the node's codex file
 * BusinessBanking.node.json before the .ts source (Node tries .json before extensions added later).
 * Jest resolves .ts first; this makes plain ts-node do the same. Import it before anything else.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const extensions = (require('module') as { _extensions: Record<string, unknown> })._extensions;
for (const extension of ['.json', '.node']) {
	const handler = extensions[extension];
	delete extensions[extension];
	extensions[extension] = handler;
}
