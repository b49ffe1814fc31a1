// TOTP against RFC 6238 appendix B (SHA-1) and RFC 4648 base32 vectors.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  otpauthUrl,
  timeStep,
  totp,
  type HmacSha1,
} from '../../src/domain/totp';

const hmac: HmacSha1 = (key, msg) => new Uint8Array(crypto.createHmac('sha1', key).update(msg).digest());
const rfcSecret = base32Encode(new TextEncoder().encode('12345678901234567890'));

describe('base32', () => {
  it('matches RFC 4648 vectors and round-trips', () => {
    expect(base32Encode(new TextEncoder().encode('foobar'))).toBe('MZXW6YTBOI');
    expect(new TextDecoder().decode(base32Decode('MZXW6YTBOI'))).toBe('foobar');
    expect(new TextDecoder().decode(base32Decode('mzxw 6ytb oi=='))).toBe('foobar');
    const bytes = crypto.randomBytes(20);
    expect(Buffer.from(base32Decode(base32Encode(bytes)))).toEqual(bytes);
    expect(() => base32Decode('1!')).toThrow();
  });
});

describe('TOTP (RFC 6238, SHA-1, 6 digits)', () => {
  // The RFC lists 8-digit codes; 6-digit codes are their last six digits.
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i s gives %s', (seconds, code) => {
    expect(totp(rfcSecret, seconds * 1000, hmac)).toBe(code);
  });

  it('matches HOTP (RFC 4226) counter vectors', () => {
    const secret = new TextEncoder().encode('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(secret, c, hmac))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('accepts one step of drift either way, and each step once', () => {
    const now = 1_700_000_000_000;
    const step = timeStep(now);
    const prev = totp(rfcSecret, now - 30_000, hmac);
    const next = totp(rfcSecret, now + 30_000, hmac);
    const far = totp(rfcSecret, now + 90_000, hmac);
    expect(matchTotp(rfcSecret, prev, now, hmac, null)).toBe(step - 1);
    expect(matchTotp(rfcSecret, next, now, hmac, null)).toBe(step + 1);
    expect(matchTotp(rfcSecret, far, now, hmac, null)).toBeNull();
    expect(matchTotp(rfcSecret, totp(rfcSecret, now, hmac), now, hmac, step)).toBeNull(); // already used
    expect(matchTotp(rfcSecret, 'abcdef', now, hmac, null)).toBeNull();
    expect(
      matchTotp(
        rfcSecret,
        ` ${totp(rfcSecret, now, hmac).slice(0, 3)} ${totp(rfcSecret, now, hmac).slice(3)} `,
        now,
        hmac,
        null,
      ),
    ).toBe(step);
  });

  it('builds an otpauth URL authenticator apps read', () => {
    expect(otpauthUrl('Hauswerk', 'a@b.ch', 'ABC')).toBe(
      'otpauth://totp/Hauswerk%3Aa%40b.ch?secret=ABC&issuer=Hauswerk&algorithm=SHA1&digits=6&period=30',
    );
  });
});
