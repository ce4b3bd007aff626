// A payment run as a finance team saves one: a production webhook (`?batch=A&count=1000`), a Code node
// making the batch's rows (distinct references, 1.00 to 9.99 EUR), and Business Banking version 2. The
// webhook answers once the workflow has run, with the first item it output.
import { randomUUID } from 'crypto';
import type { INodeParameters } from 'n8n-workflow';

import type { Workflow } from '../../../tools/n8n/examples';
import { webhookWorkflow } from './queueWorkflows';
import { BUSINESS_BANKING_NODE } from './workflows';

const ROWS = `const { batch, count } = $input.first().json.query;
return Array.from({ length: Number(count) }, (_, i) => ({ json: { amount: (1 + (i % 9)) + '.' + String(i % 100).padStart(2, '0'), reference: 'Batch ' + batch + ' #' + (i + 1) } }));`;

export function paymentWorkflow(name: string, path: string, parameters: INodeParameters, credential: { id: string; name: string }): Workflow {
	return webhookWorkflow(name, path, 'lastNode', [
		{ id: randomUUID(), name: 'Rows', type: 'n8n-nodes-base.code', typeVersion: 2, position: [0, 0], parameters: { jsCode: ROWS } },
		{ id: randomUUID(), name: 'Pay', type: BUSINESS_BANKING_NODE, typeVersion: 2, position: [0, 0], parameters, credentials: { businessBankingOAuth2Api: credential } },
	]);
}
