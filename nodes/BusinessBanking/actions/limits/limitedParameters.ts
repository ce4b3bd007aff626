import { tableOf } from '../resources';

/*
 * Where each limit applies, derived from the operations' descriptors (`amountParameters`,
 * `payeeParameters`): the parameters holding an amount, and the one naming the payee, per operation.
 * The limits read them, and so does the AI Agent section that shows them (aiTool/fields.ts).
 */
export const AMOUNT_PARAMETERS: Record<string, Record<string, string[]>> = tableOf(({ amountParameters }) =>
	amountParameters.length > 0 ? [...amountParameters] : undefined,
);
export const BENEFICIARY_PARAMETERS: Record<string, Record<string, string>> = tableOf(({ payeeParameters }) => payeeParameters[0]);
