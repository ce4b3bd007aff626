import { checkedByN8nAmong } from '../../n8n/checkedByN8n';
import { resources } from '../resources';

/**
 * Whether a parameter of the node's operations is one n8n resolves and checks itself
 * (n8n/checkedByN8n.ts), over every operation's parameters of every version: the run reads such a
 * parameter through n8n, never straight from the item.
 */
export const checkedByN8n = checkedByN8nAmong(
	Object.values(resources)
		.flatMap((resource) => Object.values(resource.operations))
		.flatMap((operation) => [...operation.description, ...(operation.descriptionV2 ?? [])]),
);
