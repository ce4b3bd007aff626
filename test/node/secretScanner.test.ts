// The scanner the secrets test (secrets.test.ts) relies on: it finds a secret in every form it may take.
import { SecretScanner } from '../helpers/secretScanner';

describe('the secret scanner', () => {
	const secret = 'tok_9f8e7d6c5b4a';

	it.each([
		['an error message (not enumerable)', () => new Error(`refused ${secret}`)],
		['the cause of a cause', () => new Error('outer', { cause: new Error('middle', { cause: { detail: secret } }) })],
		['a Basic header (base64)', () => ({ headers: { authorization: `Basic ${Buffer.from(`client:${secret}`).toString('base64')}` } })],
		['a form body (URL-encoded)', () => `client_secret=${encodeURIComponent(`${secret} /+`)}`],
		['a buffer', () => ({ body: Buffer.from(`{"secret":"${secret}"}`) })],
		['a map inside a circular structure', () => {
			const holder: Record<string, unknown> = { tokens: new Map([['current', secret]]) };
			holder.self = holder;
			return holder;
		}],
	])('finds a secret in %s', (_label, evidence) => {
		const scanner = new SecretScanner().add('token', secret).add('with spaces', `${secret} /+`);
		scanner.inspect('evidence', evidence());
		expect(scanner.hits().length).toBeGreaterThan(0);
		expect(scanner.hits()[0]).toMatchObject({ where: 'evidence' });
	});

	it('finds any value of a pattern, and nothing in clean evidence; refuses values too short to look for', () => {
		const scanner = new SecretScanner().add('token', secret).addPattern('access token', /\bat_[A-Za-z0-9_-]{32}/);
		scanner.inspect('clean', { message: 'The service refused the call', token: '[redacted]' });
		expect(scanner.hits()).toEqual([]);
		scanner.inspect('leak', { header: `Bearer at_${'a'.repeat(32)}` });
		expect(scanner.hits()).toEqual([{ secret: 'access token', where: 'leak', form: 'pattern' }]);
		expect(() => scanner.add('pin', '1234')).toThrow(/too short/);
	});
});
