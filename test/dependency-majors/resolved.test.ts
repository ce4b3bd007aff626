// Runs only in the "zod 4, luxon 3.4" project of jest.config.js: proves that the nodes' own imports
// resolve to zod 4 and luxon 3.4.4 there, so the checks that run beside it are really run on them.
import { DateTime } from 'luxon';
import { z } from 'zod/v3';

import { amountStringSchema } from '../../nodes/shared/schemas/money';

describe('the nodes under the dependency majors n8n may ship', () => {
	it('imports zod 4 through its zod/v3 export', () => {
		expect(require.resolve('zod/v3')).toContain(`${'node_modules'}/zod-v4/`);
		expect(z.string().parse('x')).toBe('x');
	});

	it('imports luxon 3.4.4', () => {
		expect(require.resolve('luxon')).toContain('/luxon-3.4/');
		expect(DateTime.fromISO('2026-02-30').isValid).toBe(false);
	});

	it("keeps the shared schemas' answers and messages", () => {
		const message = (value: unknown) => {
			const parsed = amountStringSchema.safeParse(value);
			return parsed.success ? 'ok' : parsed.error.issues[0].message;
		};
		expect(message('4900.00')).toBe('ok');
		expect(message('49,00')).toMatch(/^must be a non-negative decimal string/);
		expect(message(4900)).toBe('must be a decimal string (an amount written as a string), e.g. "12.30"');
		expect(message(undefined)).toBe('is required');
	});
});
