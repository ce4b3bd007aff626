import { invoiceCreateSchema, invoiceUpdateSchema, isValidIban } from '../../nodes/shared/schemas/invoice';
import { amountToCents, centsToAmount, fractionStringSchema, moneySchema } from '../../nodes/shared/schemas/money';

/** The shared request schemas the node checks its input with before sending (pure, no sandbox). */
describe('invoice and money schemas', () => {
	const valid = {
		client_id: '7d2f5f0c-1b8e-4f6a-9a51-2b8c0f0a0f01',
		issue_date: '2026-01-31',
		due_date: '2026-02-28',
		currency: 'EUR',
		payment_methods: { iban: 'FR76 3000 6000 0112 3456 7890 189' },
		items: [{ title: 'Line', quantity: '1.5', unit_price: { value: '10.00', currency: 'EUR' }, vat_rate: '0.055' }],
	};
	const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: Array<string | number> }> } }) =>
		result.success ? [] : (result.error?.issues ?? []).map((i) => i.path.join('.'));

	it('accepts a minimal valid body (IBAN with spaces included)', () => {
		expect(invoiceCreateSchema.safeParse(valid).success).toBe(true);
	});

	it('checks IBANs with the mod-97 checksum', () => {
		expect(['FR7630006000011234567890189', 'DE89370400440532013000', 'IT60X0542811101000000123456', 'ES9121000418450200051332'].every(isValidIban)).toBe(true);
		expect(isValidIban('FR7630006000011234567890188')).toBe(false);
		expect(isValidIban('not an iban')).toBe(false);
	});

	it('refuses leap-year mistakes and non-ISO dates', () => {
		expect(issuesOf(invoiceCreateSchema.safeParse({ ...valid, issue_date: '2026-02-29', due_date: '2026-03-31' }))).toEqual(['issue_date']);
		expect(invoiceCreateSchema.safeParse({ ...valid, issue_date: '2028-02-29', due_date: '2028-03-01' }).success).toBe(true);
		expect(issuesOf(invoiceCreateSchema.safeParse({ ...valid, due_date: '2026-2-28' }))).toEqual(['due_date']);
	});

	it('keeps fractions and amounts as strings and refuses numbers', () => {
		expect(fractionStringSchema.safeParse('0.055').success).toBe(true);
		expect(fractionStringSchema.safeParse('1').success).toBe(true);
		expect(fractionStringSchema.safeParse('1.5').success).toBe(false);
		expect(fractionStringSchema.safeParse(0.2).success).toBe(false);
		expect(moneySchema.safeParse({ value: '12.3', currency: 'EUR' }).success).toBe(true);
		expect(moneySchema.safeParse({ value: '12.345', currency: 'EUR' }).success).toBe(false);
		expect(moneySchema.safeParse({ value: '1e3', currency: 'EUR' }).success).toBe(false);
		expect(moneySchema.safeParse({ value: 12.3, currency: 'EUR' }).success).toBe(false);
	});

	it('converts amounts to cents and back without floating point', () => {
		expect(amountToCents('12.3')).toBe(1230);
		expect(amountToCents('0.07')).toBe(7);
		expect(amountToCents('1005.99')).toBe(100599);
		expect(amountToCents('-2.5')).toBe(-250);
		expect(centsToAmount(1230)).toBe('12.30');
		expect(centsToAmount(7)).toBe('0.07');
		expect(centsToAmount(-250)).toBe('-2.50');
		expect(() => amountToCents('1.005')).toThrow();
	});

	it('accepts only the discount types percentage (a fraction) and absolute (an amount)', () => {
		const withDiscount = (discount: unknown) => invoiceCreateSchema.safeParse({ ...valid, discount });
		expect(withDiscount({ type: 'percentage', value: '0.1' }).success).toBe(true);
		expect(withDiscount({ type: 'absolute', value: '15.50' }).success).toBe(true);
		expect(issuesOf(withDiscount({ type: 'percentage', value: '10' }))).toEqual(['discount.value']);
		expect(issuesOf(withDiscount({ type: 'fixed', value: '1' }))).toEqual(['discount.type']);
	});

	it('PATCH accepts only the listed fields, all optional, and still checks them across fields', () => {
		expect(invoiceUpdateSchema.safeParse({}).success).toBe(true);
		expect(invoiceUpdateSchema.safeParse({ footer: 'x' }).success).toBe(true);
		expect(invoiceUpdateSchema.safeParse({ currency: 'EUR' }).success).toBe(false);
		expect(issuesOf(invoiceUpdateSchema.safeParse({ issue_date: '2026-03-01', due_date: '2026-02-01' }))).toEqual(['due_date']);
		expect(issuesOf(invoiceUpdateSchema.safeParse({ stamp_duty_amount: '2' }))).toEqual(['stamp_duty_amount']);
	});
});
