import { createHmac } from 'crypto';

/**
 * The sandbox's side of the two signature schemes (docs/assumptions.md, Webhooks). Written separately
 * from the trigger's verifier so that each checks the other in the end-to-end tests.
 */

/** `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export function subscriptionSignature(secret: string, rawBody: string, unixSeconds: number): string {
	const digest = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`, 'utf8').digest('hex');
	return `t=${unixSeconds},v1=${digest}`;
}

/** `Service-SHA256-Signature: <hex HMAC-SHA256 of the raw body>`, keyed with the secret's UTF-8 bytes. */
export function partnerSignature(secret: string, rawBody: string): string {
	return createHmac('sha256', Buffer.from(secret, 'utf8')).update(rawBody, 'utf8').digest('hex');
}
