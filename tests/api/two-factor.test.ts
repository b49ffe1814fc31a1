// TOTP two-factor: enable, QR code, secret, confirm, challenge with a code or a recovery code, disable; the account's
// lock after 10 wrong codes in 15 minutes, whatever the pending login, and its unlocking by the mailed link (over a real
// SMTP server) or by an administrator (docs/domain/sign-in.md, "Two-factor lock").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { Client, createTestEnv, json, PASSWORD, signedIn, totpNow, type TestEnv } from './harness';
import { startSmtp } from './smtp';
import { rateLimits, sessions, settingsGroupMembers } from '../../server/db/schema';
import { auditLog } from '../../server/db/permission-schema';
import { workspace } from './planning-support';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

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

/** A code the authenticator shows at no step the server accepts now (the current one and one either side). */
function wrongCode(secret: string) {
  const valid = new Set([-2, -1, 0, 1, 2].map((step) => totpNow(secret, step)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

/** `n` wrong codes, at most `perLogin` per fresh password login: the statuses of the challenges. */
async function wrongCodes(email: string, secret: string, n: number, perLogin = 5) {
  const statuses: number[] = [];
  let client = new Client(env.app);
  for (let i = 0; i < n; i++) {
    if (i % perLogin === 0) {
      client = new Client(env.app);
      expect(json(await client.login(email))).toEqual({ two_factor: true });
    }
    statuses.push((await client.post('/two-factor-challenge', { code: wrongCode(secret) })).statusCode);
  }
  return { statuses, client };
}

/** A fresh password login answered with `code`. */
async function challengeWith(email: string, body: { code: string } | { recovery_code: string }) {
  const client = new Client(env.app);
  await client.login(email);
  const res = await client.post('/two-factor-challenge', body);
  return { res, client };
}

/** The mails the SMTP server received for `to`, decoded as a mail client would (quoted-printable). */
const mailsTo = (to: string) =>
  smtp.received
    .map((raw) =>
      Buffer.from(
        raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .filter((mail) => mail.includes(`To: ${to}`));
const unlockToken = (mail: string) => /\/login\?two_factor_unlock=([A-Za-z0-9_-]+)/.exec(mail)![1]!;

const LOCKED = 'Too many wrong codes: two-factor sign-in to this account is locked.';
const failures = async (userId: number) =>
  (
    await env.database.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(eq(rateLimits.key, `2fa-failures:${userId}`))
  )[0]?.hits ?? 0;

describe('the two-factor lock', () => {
  it('locks after 10 wrong codes across fresh password logins, refuses a right code, and unlocks by the mailed link once', async () => {
    const { user, secretKey, codes } = await withConfirmedTwoFactor();
    // 5 + 4 wrong codes over two logins are refused one by one; the first of a third login is the tenth: locked
    expect((await wrongCodes(user.email, secretKey, 9)).statuses).toEqual([
      422, 422, 422, 422, 422, 422, 422, 422, 422,
    ]);
    expect(await failures(user.id)).toBe(9);
    expect(mailsTo(user.email)).toHaveLength(0);
    const { statuses, client } = await wrongCodes(user.email, secretKey, 1);
    expect(statuses).toEqual([429]);
    // every code now refused with the lock's message, a right one too, on this login and a fresh one
    const right = totpNow(secretKey, 1);
    const refused = await client.post('/two-factor-challenge', { code: right });
    expect(refused.statusCode).toBe(429);
    expect(json<{ message: string }>(refused).message).toContain(LOCKED);
    expect(refused.headers['retry-after']).toBeUndefined();
    expect((await client.get('/user')).statusCode).toBe(401);
    expect((await challengeWith(user.email, { code: right })).res.statusCode).toBe(429);
    expect((await challengeWith(user.email, { recovery_code: codes[0]! })).res.statusCode).toBe(429);
    // one mail with the link, whatever the number of refused tries
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Two-factor sign-in to your account is locked');
    const token = unlockToken(mails[0]!);
    // a link that names no lock is refused on token and unlocks nothing
    const anon = new Client(env.app);
    await anon.csrf();
    const bad = await anon.post('/two-factor-unlock', { token: `${token}x` });
    expect(bad.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(bad).errors).toEqual({
      token: ['This unlock link is invalid or has been used already.'],
    });
    expect((await challengeWith(user.email, { code: right })).res.statusCode).toBe(429);
    // the link unlocks, once
    const unlocked = await anon.post('/two-factor-unlock', { token });
    expect(unlocked.statusCode).toBe(200);
    expect(json(unlocked)).toEqual({ message: 'Two-factor sign-in is unlocked.' });
    expect((await anon.post('/two-factor-unlock', { token })).statusCode).toBe(422);
    expect(await failures(user.id)).toBe(0);
    const signedInAgain = await challengeWith(user.email, { code: right });
    expect(signedInAgain.res.statusCode).toBe(204);
    expect((await signedInAgain.client.get('/user')).statusCode).toBe(200);
  });

  it('forgets wrong codes once their 15 minutes are over', async () => {
    const { user, secretKey } = await withConfirmedTwoFactor();
    expect((await wrongCodes(user.email, secretKey, 9)).statuses.every((s) => s === 422)).toBe(true);
    // the window began 16 minutes ago: the next wrong code starts a new one
    await env.database.db
      .update(rateLimits)
      .set({ window_start: sql`now() - interval '16 minutes'` })
      .where(eq(rateLimits.key, `2fa-failures:${user.id}`));
    expect((await wrongCodes(user.email, secretKey, 9)).statuses.every((s) => s === 422)).toBe(true);
    expect(await failures(user.id)).toBe(9);
    // 18 wrong codes in two windows lock nothing; a right code signs in and clears the count
    expect((await challengeWith(user.email, { code: totpNow(secretKey, 1) })).res.statusCode).toBe(204);
    expect(await failures(user.id)).toBe(0);
    // within one window the tenth locks
    expect((await wrongCodes(user.email, secretKey, 10)).statuses.slice(-2)).toEqual([422, 429]);
  });

  it('is ended by an administrator of the settings group; members get 403, others 404', async () => {
    const admin = await workspace(env);
    const locked = await withConfirmedTwoFactor();
    const colleague = await signedIn(env);
    const outsider = await workspace(env);
    for (const [id, role] of [
      [locked.user.id, 'user'],
      [colleague.user.id, 'user'],
    ] as const)
      await env.database.db
        .insert(settingsGroupMembers)
        .values({ settings_group_uuid: admin.settingsGroup, user_id: id, role });
    expect((await wrongCodes(locked.user.email, locked.secretKey, 10)).statuses.at(-1)).toBe(429);
    const url = `/settings-groups/${admin.settingsGroup}/members/${locked.user.uuid}/two-factor-unlock`;
    expect((await colleague.client.post(url)).statusCode).toBe(403);
    expect((await outsider.client.post(url)).statusCode).toBe(404);
    const anon = new Client(env.app);
    await anon.csrf();
    expect((await anon.post(url)).statusCode).toBe(401);
    const stranger = await signedIn(env);
    expect(
      (
        await admin.client.post(
          `/settings-groups/${admin.settingsGroup}/members/${stranger.user.uuid}/two-factor-unlock`,
        )
      ).statusCode,
    ).toBe(404);
    const right = totpNow(locked.secretKey, 1);
    expect((await challengeWith(locked.user.email, { code: right })).res.statusCode).toBe(429);
    // the members list tells the admin who is locked
    const lockedOf = async () =>
      Object.fromEntries(
        json<{ data: { user_uuid: string; two_factor_locked: boolean }[] }>(
          await admin.client.get(`/settings-groups/${admin.settingsGroup}/members/details`),
        ).data.map((m) => [m.user_uuid, m.two_factor_locked]),
      );
    expect(await lockedOf()).toMatchObject({ [locked.user.uuid]: true, [colleague.user.uuid]: false });
    const res = await admin.client.post(url);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: 'Two-factor sign-in is unlocked.' });
    const entries = await env.database.db
      .select({ target: auditLog.target_uuid })
      .from(auditLog)
      .where(and(eq(auditLog.settings_group_uuid, admin.settingsGroup), like(auditLog.action, 'member.two_factor%')));
    expect(entries).toEqual([{ target: locked.user.uuid }]);
    expect((await lockedOf())[locked.user.uuid]).toBe(false);
    // the mailed link of that lock is spent with it
    const [mail] = mailsTo(locked.user.email);
    expect((await anon.post('/two-factor-unlock', { token: unlockToken(mail!) })).statusCode).toBe(422);
    expect((await challengeWith(locked.user.email, { code: right })).res.statusCode).toBe(204);
  });

  it('gives a script its token only with the second factor, counted towards the lock like a sign-in', async () => {
    const { user, secretKey, codes } = await withConfirmedTwoFactor();
    const token = (body: object) =>
      new Client(env.app).post('/sanctum/token', {
        email: user.email,
        password: PASSWORD,
        device_name: 'script',
        ...body,
      });
    const none = await token({});
    expect(none.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(none).errors).toEqual({
      code: ['This account signs in with a second factor: send its code (or a recovery code).'],
    });
    const wrong = await token({ code: wrongCode(secretKey) });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(wrong).errors)).toEqual(['code']);
    expect(await failures(user.id)).toBe(1);
    const right = await token({ code: totpNow(secretKey, 1) });
    expect(right.statusCode).toBe(200);
    expect(json<{ data: { token: string } }>(right).data.token).toMatch(/^hw_/);
    expect(await failures(user.id)).toBe(0);
    // a recovery code works once
    expect((await token({ recovery_code: codes[0] })).statusCode).toBe(200);
    expect((await token({ recovery_code: codes[0] })).statusCode).toBe(422);
    // a locked account gets no token, a right code neither
    await wrongCodes(user.email, secretKey, 10);
    expect((await token({ code: totpNow(secretKey, 2) })).statusCode).toBe(429);
  });

  it('refuses a malformed unlock request, and too many unknown links from one address', async () => {
    const anon = new Client(env.app, { remoteAddress: '198.51.100.23' });
    await anon.csrf();
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(101) }, { token: 5 }, { token: 'x', more: 1 }]) {
      const res = await anon.post('/two-factor-unlock', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    for (let i = 0; i < 10; i++)
      expect((await anon.post('/two-factor-unlock', { token: `guess-${i}` })).statusCode).toBe(422);
    const res = await anon.post('/two-factor-unlock', { token: 'guess-10' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
