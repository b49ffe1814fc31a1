// The Standard Webhooks signature (docs/domain/webhooks.md, "Signatures"): `webhook-signature` is `v1,` and the
// base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the secret's bytes (the base64 after
// `whsec_`); during a rotation each secret signs, the signatures separated by a space.
import crypto from 'node:crypto';

const PREFIX = 'whsec_';

/** A new secret: `whsec_` and the base64 of 24 random bytes. */
export const newSecret = () => PREFIX + crypto.randomBytes(24).toString('base64');

/** One secret's signature of a message. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of a delivery, signed with every secret given. */
export function signedHeaders(secrets: readonly string[], id: string, timestamp: number, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, id, timestamp, body)).join(' '),
  };
}

/** Whether a `webhook-signature` header holds a valid signature by `secret` (a receiver's check; tests use it). */
export function verify(secret: string, headers: Record<string, string | string[] | undefined>, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = Number(headers['webhook-timestamp']);
  const expected = sign(secret, id, timestamp, body);
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((s) => s.length === expected.length && crypto.timingSafeEqual(Buffer.from(s), Buffer.from(expected)));
}
