// Random tokens, hashes, sealing (AES-256-GCM) and signatures, on node:crypto only.
import crypto from 'node:crypto';

/** 32 random bytes, base64url (docs/domain/sign-in.md, "Tokens"). */
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

/** Keys derived from the application key: one for sealing secrets, one for signing links. */
export class Keyring {
  private readonly sealKey: Buffer;
  private readonly signKey: Buffer;
  constructor(appKey: string) {
    const master = Buffer.from(appKey, 'base64url');
    this.sealKey = Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), 'hauswerk-seal', 32));
    this.signKey = Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), 'hauswerk-sign', 32));
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.sealKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  open(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) throw new Error('Malformed sealed value');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.sealKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  sign(value: string): string {
    return crypto.createHmac('sha256', this.signKey).update(value).digest('base64url');
  }

  verify(value: string, signature: string): boolean {
    return safeEqual(this.sign(value), signature);
  }
}
