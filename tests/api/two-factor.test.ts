// TOTP two-factor: enable, QR code, secret, confirm, challenge with a code or a recovery code, disable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client, createTestEnv, json, signedIn, totpNow, type TestEnv } from './harness';
import { sessions } from '../../server/db/schema';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

async function withConfirmedTwoFactor() {
  const { user, client } = await signedIn(env);
  expect((await client.post('/user/two-factor-authentication')).statusCode).toBe(200);
  const { secretKey } = json<{ secretKey: string }>(await client.get('/user/two-factor-secret-key'));
  expect(
    (await client.post('/user/confirmed-two-factor-authentication', { code: totpNow(secretKey) })).statusCode,
  ).toBe(200);
  const codes = json<string[]>(await client.get('/user/two-factor-recovery-codes'));
  return { user, client, secretKey, codes };
}

describe('two-factor sign-in', () => {
  it('enables, shows a QR code and key, and needs a valid code to confirm', async () => {
    const { client } = await signedIn(env);
    expect((await client.post('/user/two-factor-authentication')).statusCode).toBe(200);
    let me = json<{ data: { two_factor_enabled: boolean; two_factor_confirmed: boolean } }>(
      await client.get('/user'),
    ).data;
    expect(me).toMatchObject({ two_factor_enabled: true, two_factor_confirmed: false });
    const qr = json<{ svg: string; url: string }>(await client.get('/user/two-factor-qr-code'));
    expect(qr.svg).toContain('<svg');
    expect(qr.url).toMatch(/^otpauth:\/\/totp\/Hauswerk/);
    const { secretKey } = json<{ secretKey: string }>(await client.get('/user/two-factor-secret-key'));
    expect(secretKey).toMatch(/^[A-Z2-7]{32}$/);
    const bad = await client.post('/user/confirmed-two-factor-authentication', { code: '000000' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors).toEqual({ code: ['The provided two factor authentication code was invalid.'] });
    expect(
      (await client.post('/user/confirmed-two-factor-authentication', { code: totpNow(secretKey) })).statusCode,
    ).toBe(200);
    me = json<{ data: { two_factor_enabled: boolean; two_factor_confirmed: boolean } }>(await client.get('/user')).data;
    expect(me).toMatchObject({ two_factor_enabled: true, two_factor_confirmed: true });
    expect(json<string[]>(await client.get('/user/two-factor-recovery-codes'))).toHaveLength(8);
  });

  it('asks for the password again (423) when it was confirmed too long ago', async () => {
    const { user, client } = await signedIn(env);
    await env.database.db
      .update(sessions)
      .set({ password_confirmed_at: new Date(Date.now() - 4 * 3600_000) })
      .where(eq(sessions.user_id, user.id));
    const res = await client.post('/user/two-factor-authentication');
    expect(res.statusCode).toBe(423);
    expect((await client.post('/user/confirm-password', { password: 'wrong one' })).statusCode).toBe(422);
    expect((await client.post('/user/confirm-password', { password: 'correct horse battery' })).statusCode).toBe(201);
    expect((await client.post('/user/two-factor-authentication')).statusCode).toBe(200);
  });

  it('answers a login with two_factor and completes it only with a valid code, accepted once', async () => {
    const { user, secretKey } = await withConfirmedTwoFactor();
    const client = new Client(env.app);
    const res = await client.login(user.email);
    expect(json(res)).toEqual({ two_factor: true });
    expect((await client.get('/user')).statusCode).toBe(401);
    const wrong = await client.post('/two-factor-challenge', { code: '123456' });
    expect(wrong.statusCode).toBe(422);
    const code = totpNow(secretKey, 1); // one step of drift is accepted
    expect((await client.post('/two-factor-challenge', { code })).statusCode).toBe(204);
    expect((await client.get('/user')).statusCode).toBe(200);
    // the same code cannot complete another sign-in
    const again = new Client(env.app);
    await again.login(user.email);
    expect((await again.post('/two-factor-challenge', { code })).statusCode).toBe(422);
  });

  it('accepts a recovery code once', async () => {
    const { user, codes } = await withConfirmedTwoFactor();
    const first = new Client(env.app);
    await first.login(user.email);
    expect((await first.post('/two-factor-challenge', { recovery_code: codes[0] })).statusCode).toBe(204);
    const second = new Client(env.app);
    await second.login(user.email);
    const res = await second.post('/two-factor-challenge', { recovery_code: codes[0] });
    expect(res.statusCode).toBe(422);
    expect(json(res).errors).toHaveProperty('recovery_code');
  });

  it('limits challenges to 5 per minute per pending login', async () => {
    const { user } = await withConfirmedTwoFactor();
    const client = new Client(env.app);
    await client.login(user.email);
    for (let i = 0; i < 5; i++)
      expect((await client.post('/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);
    const res = await client.post('/two-factor-challenge', { code: '000000' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('refuses a challenge without a pending login and a malformed body', async () => {
    const client = new Client(env.app);
    await client.csrf();
    expect((await client.post('/two-factor-challenge', { code: '123456' })).statusCode).toBe(422);
    const res = await client.post('/two-factor-challenge', { token: 'x' });
    expect(res.statusCode).toBe(422);
  });

  it('disables two-factor sign-in', async () => {
    const { user, client } = await withConfirmedTwoFactor();
    expect((await client.delete('/user/two-factor-authentication')).statusCode).toBe(200);
    expect(json(await new Client(env.app).login(user.email))).toEqual({ two_factor: false });
  });

  it('answers 401 without a session', async () => {
    const client = new Client(env.app);
    await client.csrf();
    for (const url of ['/user/two-factor-qr-code', '/user/two-factor-secret-key', '/user/two-factor-recovery-codes'])
      expect((await client.get(url)).statusCode).toBe(401);
    expect((await client.post('/user/confirmed-two-factor-authentication', { code: '123456' })).statusCode).toBe(401);
    expect((await client.delete('/user/two-factor-authentication')).statusCode).toBe(401);
  });
});
