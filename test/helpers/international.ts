// An international payment's node parameters, as the engine tests write them: a US beneficiary's
// details (the sandbox's requirements for USD) and a transfer paying a quote to a beneficiary.
import type { INodeParameters } from 'n8n-workflow';

export interface QuoteOutput {
	id: string;
	source_amount: { value: string };
	target_amount: { value: string };
}

export interface BeneficiaryOutput {
	beneficiary: { id: string };
	target_account_id: string;
}

/** The bank details of a US beneficiary paid by SWIFT. */
export const US_DETAILS = {
	accountHolderName: 'Acme Supplies Inc',
	swiftCode: 'CHASUS33',
	accountNumber: '000123456789',
	address: { city: 'New York', country: 'US', state: 'NY', postCode: '10001', firstLine: '350 Fifth Avenue' },
};

/** International Transfer › Create paying `quote` (EUR → USD) to `beneficiary`, reference "INV 2026-07" unless overridden. */
export const internationalTransferParameters = (quote: QuoteOutput, beneficiary: BeneficiaryOutput, overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'internationalTransfer',
	operation: 'create',
	quoteId: quote.id,
	internationalBeneficiaryId: beneficiary.beneficiary.id,
	targetAccountId: beneficiary.target_account_id,
	sourceAmount: quote.source_amount.value,
	sourceCurrency: 'EUR',
	targetAmount: quote.target_amount.value,
	targetCurrency: 'USD',
	detailsInput: 'json',
	detailsJson: '{"reference": "INV 2026-07"}',
	...overrides,
});
