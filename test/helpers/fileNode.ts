/**
 * A previous node that hands out a file as n8n binary data (stored by n8n's BinaryDataService, in
 * whatever mode the test file set up), and the File → Business Banking workflow around it.
 */
import type { IExecuteFunctions, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';

import { connectedCredential, CREDENTIAL_ID } from './engine/connectedCredential';
import { CredentialStore } from './engine/credentialStore';
import { registerNodeType } from './engine/nodeTypes';
import { bankingNode } from './engine/runNode';
import { runWorkflow, type RunResult } from './engine/runWorkflow';
import type { TestSandbox } from './sandbox';

/** Emits one item whose binary field `invoicePdf` holds the bytes of its parameters. */
class FileNode implements INodeType {
	description = {
		displayName: 'File',
		name: 'file',
		group: ['input'],
		version: 1,
		description: 'Test file source',
		defaults: { name: 'File' },
		inputs: [],
		outputs: ['main'],
		properties: [
			{ displayName: 'Base64', name: 'base64', type: 'string', default: '' },
			{ displayName: 'File Name', name: 'fileName', type: 'string', default: '' },
			{ displayName: 'MIME Type', name: 'mimeType', type: 'string', default: '' },
		],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const bytes = Buffer.from(this.getNodeParameter('base64', 0) as string, 'base64');
		const binary = await this.helpers.prepareBinaryData(bytes, this.getNodeParameter('fileName', 0) as string, this.getNodeParameter('mimeType', 0) as string);
		return [[{ json: { name: binary.fileName }, binary: { invoicePdf: binary } }]];
	}
}
registerNodeType('test.file', new FileNode());

export interface TestFile {
	bytes: Uint8Array;
	fileName: string;
	mimeType: string;
}

/** File → Business Banking (with `parameters`), as a user wires it, on `credential` or a fresh one connected to `sandbox`. */
export function runFileInto(sandbox: TestSandbox, file: TestFile, parameters: INodeParameters, credential = new CredentialStore(connectedCredential(sandbox))): Promise<RunResult> {
	return runWorkflow(
		{
			nodes: [
				{
					id: 'file',
					name: 'File',
					type: 'test.file',
					typeVersion: 1,
					position: [0, 0],
					parameters: { base64: Buffer.from(file.bytes).toString('base64'), fileName: file.fileName, mimeType: file.mimeType },
				},
				bankingNode(parameters, { id: 'bank' }),
			],
			connections: { File: { main: [[{ node: 'Business Banking', type: 'main', index: 0 }]] } },
		},
		{ credentials: new Map([[CREDENTIAL_ID, credential]]) },
	);
}
