import type { INodeProperties } from 'n8n-workflow';

/** Labels of the API fields, for validation messages a user can map back to the node. */
export const MANDATE_LABELS: Record<string, string> = {
	client_id: 'Client',
	send_mandate_signature_email: 'Send Signature Email',
};

export const SUBSCRIPTION_LABELS: Record<string, string> = {
	client_id: 'Client',
	bank_account_id: 'Account',
	initial_collection_date: 'First Collection Date',
	amount: 'Amount',
	'amount.value': 'Amount',
	'amount.currency': 'Amount',
	reference: 'Reference',
	schedule_type: 'Schedule',
	notify_client: 'Notify Client',
	direct_debit_mandate_id: 'Mandate ID',
	send_mandate_signature_email: 'Send Signature Email',
};

export const sendSignatureEmailField: INodeProperties = {
	displayName: 'Send Signature Email',
	name: 'sendMandateSignatureEmail',
	type: 'boolean',
	default: false,
	description: 'Whether to e-mail the client a link to sign the mandate. Either way the output carries the link (Sign URL) to pass on yourself.',
};
