// TOTP per RFC 6238 (SHA-1, 30 s, 6 digits) and base32 per RFC 4648. Pure; takes an HMAC function so that
// the server (node:crypto) and tests use the same code.
export type HmacSha1 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error('Invalid base32');
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

export const TOTP_PERIOD = 30;

export const timeStep = (epochMs: number) => Math.floor(epochMs / 1000 / TOTP_PERIOD);

export function hotp(secret: Uint8Array, counter: number, hmac: HmacSha1): string {
  const msg = new Uint8Array(8);
  let c = counter;
  for (let i = 7; i >= 0; i--) {
    msg[i] = c & 255;
    c = Math.floor(c / 256);
  }
  const digest = hmac(secret, msg);
  const offset = digest[digest.length - 1]! & 15;
  const bin =
    ((digest[offset]! & 127) << 24) | (digest[offset + 1]! << 16) | (digest[offset + 2]! << 8) | digest[offset + 3]!;
  return String(bin % 1_000_000).padStart(6, '0');
}

export const totp = (secretBase32: string, epochMs: number, hmac: HmacSha1) =>
  hotp(base32Decode(secretBase32), timeStep(epochMs), hmac);

/**
 * The time step a code matches within ±1 step of clock drift, or null. A step at or below `lastStep` is refused:
 * a code is accepted once.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  epochMs: number,
  hmac: HmacSha1,
  lastStep: number | null,
): number | null {
  const clean = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(clean)) return null;
  const secret = base32Decode(secretBase32);
  const now = timeStep(epochMs);
  for (const step of [now, now - 1, now + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    if (hotp(secret, step, hmac) === clean) return step;
  }
  return null;
}

export function otpauthUrl(issuer: string, account: string, secretBase32: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}
