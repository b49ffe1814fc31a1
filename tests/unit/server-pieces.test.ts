// Pure server pieces: URL masking for logs, zod issues to the 422 shape, sealing and signing, passwords.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maskUrl } from '../../server/plugins/logging';
import { zodIssuesToErrors } from '../../server/plugins/errors';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { Keyring, randomToken } from '../../server/services/crypto';
import { hashPassword, verifyPassword } from '../../server/services/password';
import { localeFromHeader, translate } from '../../server/i18n/messages';

describe('maskUrl', () => {
  it('masks tokens in query strings and token paths', () => {
    expect(maskUrl('/reset-password?token=abc123&email=a%40b.ch')).toBe('/reset-password?token=***&email=***');
    expect(maskUrl('/api/v1/user/delete-request/XYZsecret')).toBe('/api/v1/user/delete-request/***');
    expect(maskUrl('/api/v1/email/verify/uuid-1/hash?expires=1&signature=sig')).toBe(
      '/api/v1/email/verify/uuid-1/***?expires=1&signature=***',
    );
    expect(maskUrl('/api/v1/public/order/tok')).toBe('/api/v1/public/order/***');
    expect(maskUrl('/api/v1/user')).toBe('/api/v1/user');
  });
});

describe('422 errors from zod', () => {
  const errorsFor = (schema: z.ZodType, value: unknown, locale: 'en-us' | 'de' = 'en-us') => {
    // the same path a request body takes: Fastify's validator compiled from the zod schema
    const result = (validatorCompiler as unknown as (o: { schema: z.ZodType }) => (v: unknown) => { error?: unknown })({
      schema,
    })(value);
    if (!result.error) throw new Error('expected a failure');
    return zodIssuesToErrors(result.error as never, locale);
  };
  const schema = z.strictObject({
    first_name: z.string().min(1).max(5),
    years_old: z.number().int().min(0),
    email: z.email(),
    kind: z.enum(['a', 'b']),
    nested: z.strictObject({ city: z.string() }).optional(),
  });

  it('keys messages by field path, Laravel style', () => {
    expect(
      errorsFor(schema, { first_name: 'toolong', years_old: -1, email: 'x', kind: 'c', nested: { city: 1 }, extra: 1 }),
    ).toEqual({
      first_name: ['First name must not be greater than 5 characters.'],
      years_old: ['years old must be at least 0.'],
      email: ['E-mail address must be a valid e-mail address.'],
      kind: ['Kind has an invalid value.'],
      'nested.city': ['City must be a text.'],
      extra: ['extra is not allowed.'],
    });
  });

  it('says required for missing and empty values, in the caller language', () => {
    expect(errorsFor(schema, { first_name: '', years_old: 1, email: 'a@b.ch', kind: 'a' })).toEqual({
      first_name: ['First name is required.'],
    });
    expect(errorsFor(schema, { years_old: 1, email: 'a@b.ch', kind: 'a' }, 'de')).toEqual({
      first_name: ['Vorname ist erforderlich.'],
    });
    // null is a cleared value, not a wrong type
    expect(errorsFor(schema, { first_name: null, years_old: 1, email: 'a@b.ch', kind: 'a' })).toEqual({
      first_name: ['First name is required.'],
    });
  });
});

describe('keyring', () => {
  const key = randomToken(32);
  it('seals and opens, and detects tampering', () => {
    const k = new Keyring(key);
    const sealed = k.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(k.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    parts[2] = parts[2]!.slice(0, -2) + (parts[2]!.endsWith('AA') ? 'BB' : 'AA');
    expect(() => k.open(parts.join('.'))).toThrow();
    expect(() => new Keyring(randomToken(32)).open(sealed)).toThrow();
  });
  it('signs and verifies', () => {
    const k = new Keyring(key);
    expect(k.verify('a', k.sign('a'))).toBe(true);
    expect(k.verify('b', k.sign('a'))).toBe(false);
  });
});

describe('passwords', () => {
  it('hash with scrypt and verify', async () => {
    const hash = await hashPassword('secret words', 1024);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('secret words', hash)).toBe(true);
    expect(await verifyPassword('Secret words', hash)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});

describe('server messages', () => {
  it('picks the language from Accept-Language and has Swiss spelling', () => {
    expect(localeFromHeader('de-CH,de;q=0.9')).toBe('de-ch');
    expect(localeFromHeader('de-AT')).toBe('de');
    expect(localeFromHeader('fr-FR')).toBe('en-us');
    expect(translate('de', 'errors.payload_too_large')).toBe('Die Anfrage ist zu gross.');
    expect(translate('de-ch', 'mail.reset.subject')).toBe('Passwort zurücksetzen');
    expect(translate('de-ch', 'auth.forbidden')).not.toContain('ß');
  });
});
