// n8n's own lint for community nodes, exactly as `n8n-node lint` ships it (@n8n/node-cli/eslint),
// on what ships: nodes/, credentials/ and package.json. The dev code (sandbox, tests, tools, bench)
// uses Node's APIs as it must and has its own lint (eslint.dev.config.mjs). Leaving it out here is
// why package.json's `n8n.strict` is false: docs/verification.md says why, and what strict would need.
import { config } from '@n8n/node-cli/eslint';
import { globalIgnores } from 'eslint/config';

export default [globalIgnores(['sandbox/', 'test/', 'tools/', 'bench/', 'coverage/', '.cache/', '.n8n-dev/', 'test-results/']), ...config];
