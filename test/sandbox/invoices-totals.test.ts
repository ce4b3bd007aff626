import Big from 'big.js';

import { computeTotals, shareInProportion, TotalsError } from '../../sandbox/modules/invoices/totals';

/** Hand-worked examples of docs/assumptions.md "Invoice arithmetic"; each line of working is in the comment. */
describe('invoice totals (pure decimal arithmetic)', () => {
	it('3 × 0.10 at 20 % VAT is 0.30 + 0.06 = 0.36 (binary floats give 0.30000000000000004)', () => {
		expect(0.1 * 3).not.toBe(0.3);
		const totals = computeTotals({ items: [{ quantity: '3', unit_price: '0.10', vat_rate: '0.2' }] });
		expect(totals.items[0]).toMatchObject({ subtotal: '0.30', base: '0.30', vat: '0.06', total: '0.36' });
		expect(totals).toMatchObject({ pretax: '0.30', vat: '0.06', total: '0.36' });
	});

	it('0.5 × 2.01 = 1.005 rounds half up to 1.01 (Math.round on floats gives 1.00)', () => {
		expect(Math.round(0.5 * 2.01 * 100) / 100).toBe(1);
		const totals = computeTotals({ items: [{ quantity: '0.5', unit_price: '2.01', vat_rate: '0' }] });
		expect(totals.items[0].subtotal).toBe('1.01');
		expect(totals.total).toBe('1.01');
	});

	it('VAT 1.15 × 10 % = 0.115 rounds to 0.12 (the float product is 0.11499999999999999)', () => {
		expect(1.15 * 0.1).toBeLessThan(0.115);
		const totals = computeTotals({ items: [{ quantity: '1', unit_price: '1.15', vat_rate: '0.1' }] });
		expect(totals.items[0].vat).toBe('0.12');
		expect(totals.total).toBe('1.27');
	});

	it('19.99 × 3 with a 10 % item discount and 20 % VAT: 59.97 − 6.00 = 53.97, VAT 10.79, total 64.76', () => {
		// The discount is rounded before VAT: 5.997 → 6.00; VAT 53.97 × 0.2 = 10.794 → 10.79.
		// Unrounded float work (59.97 × 0.9 × 1.2 = 64.7676) would give 64.77, a cent off.
		expect((19.99 * 3 * 0.9 * 1.2).toFixed(2)).toBe('64.77');
		const totals = computeTotals({
			items: [{ quantity: '3', unit_price: '19.99', vat_rate: '0.2', discount: { type: 'percentage', value: '0.1' } }],
		});
		expect(totals.items[0]).toMatchObject({ subtotal: '59.97', discount: '6.00', net: '53.97', vat: '10.79', total: '64.76' });
		expect(totals).toMatchObject({ pretax: '53.97', vat: '10.79', total: '64.76' });
	});

	it('an absolute item discount is taken as is', () => {
		const totals = computeTotals({
			items: [{ quantity: '2', unit_price: '50', vat_rate: '0.055', discount: { type: 'absolute', value: '12.5' } }],
		});
		// 100.00 − 12.50 = 87.50; VAT 87.50 × 0.055 = 4.8125 → 4.81.
		expect(totals.items[0]).toMatchObject({ subtotal: '100.00', discount: '12.50', net: '87.50', vat: '4.81', total: '92.31' });
	});

	it('shares a global discount in proportion to item nets, the last item taking the remainder', () => {
		// Nets 10, 20, 30 (sum 60); discount 10.00: 10 × 10/60 = 1.666… → 1.67, 10 × 20/60 = 3.333… → 3.33,
		// last 10 − 1.67 − 3.33 = 5.00. Bases 8.33, 16.67, 25.00; VAT 20 %: 1.666 → 1.67, 3.334 → 3.33, 5.00.
		const totals = computeTotals({
			items: [
				{ quantity: '1', unit_price: '10', vat_rate: '0.2' },
				{ quantity: '1', unit_price: '20', vat_rate: '0.2' },
				{ quantity: '1', unit_price: '30', vat_rate: '0.2' },
			],
			discount: { type: 'absolute', value: '10' },
		});
		expect(totals.items.map((i) => i.globalDiscountShare)).toEqual(['1.67', '3.33', '5.00']);
		expect(totals.items.map((i) => i.base)).toEqual(['8.33', '16.67', '25.00']);
		expect(totals.items.map((i) => i.vat)).toEqual(['1.67', '3.33', '5.00']);
		expect(totals).toMatchObject({ itemsNet: '60.00', discount: '10.00', pretax: '50.00', vat: '10.00', total: '60.00' });
	});

	it('applies a percentage global discount to the sum of nets after item discounts', () => {
		// Item 1: 100 − 10 % = 90.00; item 2: 33.33. Sum 123.33; 5 % = 6.1665 → 6.17.
		// Shares: 6.17 × 90/123.33 = 4.5025… → 4.50; last 6.17 − 4.50 = 1.67.
		// Bases 85.50 (VAT 20 % 17.10), 31.66 (VAT 10 % 3.166 → 3.17). Total 117.16 + 20.27 = 137.43.
		const totals = computeTotals({
			items: [
				{ quantity: '1', unit_price: '100', vat_rate: '0.2', discount: { type: 'percentage', value: '0.1' } },
				{ quantity: '1', unit_price: '33.33', vat_rate: '0.1' },
			],
			discount: { type: 'percentage', value: '0.05' },
		});
		expect(totals.discount).toBe('6.17');
		expect(totals.items.map((i) => i.base)).toEqual(['85.50', '31.66']);
		expect(totals.items.map((i) => i.vat)).toEqual(['17.10', '3.17']);
		expect(totals).toMatchObject({ pretax: '117.16', vat: '20.27', total: '137.43' });
	});

	it('Italy: welfare fund bears VAT, withholding is deducted after VAT', () => {
		// 100.00; welfare 4 % = 4.00 → base 104.00; VAT 22 % = 22.88; withholding 20 % of 104.00 = 20.80.
		// Total 104.00 + 22.88 − 20.80 = 106.08.
		const totals = computeTotals({
			items: [{ quantity: '1', unit_price: '100', vat_rate: '0.22' }],
			welfareRate: '0.04',
			withholdingRate: '0.2',
		});
		expect(totals).toMatchObject({ pretax: '100.00', welfare: '4.00', vat: '22.88', withholding: '20.80', total: '106.08' });
		expect(totals.items[0]).toMatchObject({ welfareShare: '4.00', base: '104.00', total: '126.88' });
	});

	it('Spain: a freelancer IRPF of 15 % on 1,000.00 with 21 % VAT totals 1,060.00', () => {
		const totals = computeTotals({ items: [{ quantity: '8', unit_price: '125', vat_rate: '0.21' }], withholdingRate: '0.15' });
		expect(totals).toMatchObject({ pretax: '1000.00', vat: '210.00', withholding: '150.00', total: '1060.00' });
	});

	it('adds stamp duty as is', () => {
		const totals = computeTotals({ items: [{ quantity: '1', unit_price: '100', vat_rate: '0' }], stampDuty: '2.00' });
		expect(totals).toMatchObject({ vat: '0.00', stampDuty: '2.00', total: '102.00' });
	});

	it('refuses an absolute discount larger than what it discounts, naming the field', () => {
		expect(() =>
			computeTotals({ items: [{ quantity: '1', unit_price: '5', vat_rate: '0.2', discount: { type: 'absolute', value: '6' } }] }),
		).toThrow(TotalsError);
		try {
			computeTotals({ items: [{ quantity: '1', unit_price: '5', vat_rate: '0.2' }], discount: { type: 'absolute', value: '5.01' } });
			throw new Error('expected a TotalsError');
		} catch (error) {
			expect(error).toBeInstanceOf(TotalsError);
			expect((error as TotalsError).path).toEqual(['discount', 'value']);
		}
	});

	it('shareInProportion always adds up to the amount, even with zero weights', () => {
		const shares = shareInProportion(new Big('0.10'), [new Big('1'), new Big('1'), new Big('1')]);
		expect(shares.map((s) => s.toFixed(2))).toEqual(['0.03', '0.03', '0.04']);
		expect(shareInProportion(new Big('5'), [new Big(0), new Big(0)]).map((s) => s.toFixed(2))).toEqual(['0.00', '0.00']);
	});
});
