// Password reset and e-mail verification through the outbox, and the same mails over real SMTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp } from './smtp';
import { Client, createTestEnv, createUser, json, PASSWORD, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}
const outbox = async (to: string) =>
  json<{ data: OutboxMail[] }>(await new Client(env.app).get(`/outbox?to=${encodeURIComponent(to)}`)).data;
const linkIn = (mail: OutboxMail) => mail.text.match(/http\S+/)![0];

describe('forgot and reset password', () => {
  it('always answers 200, and mails a link only to an existing account', async () => {
    const user = await createUser(env);
    const client = new Client(env.app);
    await client.csrf();
    const a = await client.post('/forgot-password', { email: user.email });
    const b = await client.post('/forgot-password', { email: 'ghost@example.com' });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(await outbox('ghost@example.com')).toHaveLength(0);
    const [mail] = await outbox(user.email);
    expect(mail!.subject).toBe('Reset your password');
    const url = new URL(linkIn(mail!));
    expect(url.pathname).toBe('/reset-password');

    const token = url.searchParams.get('token')!;
    const reset = { token, email: user.email, password: 'brand new secret', password_confirmation: 'brand new secret' };
    expect((await client.post('/reset-password', reset)).statusCode).toBe(200);
    expect((await new Client(env.app).login(user.email, PASSWORD)).statusCode).toBe(422);
    expect((await new Client(env.app).login(user.email, 'brand new secret')).statusCode).toBe(200);
    // single use
    const again = await client.post('/reset-password', reset);
    expect(again.statusCode).toBe(422);
    expect(json(again).errors).toEqual({ email: ['This password reset link is invalid or has expired.'] });
  });

  it('limits reset mails to 6 per minute', async () => {
    const client = new Client(env.app, { remoteAddress: '198.51.100.7' });
    await client.csrf();
    for (let i = 0; i < 6; i++)
      expect((await client.post('/forgot-password', { email: 'x@example.com' })).statusCode).toBe(200);
    const res = await client.post('/forgot-password', { email: 'x@example.com' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('mails in the user language', async () => {
    const user = await createUser(env, { locale: 'de-ch' });
    const client = new Client(env.app);
    await client.csrf();
    await client.post('/forgot-password', { email: user.email });
    const [mail] = await outbox(user.email);
    expect(mail!.subject).toBe('Passwort zurücksetzen');
    expect(mail!.text).not.toContain('ß');
  });
});

describe('e-mail verification', () => {
  it('verifies through the signed link and reports the status', async () => {
    const user = await createUser(env, { email_verified_at: null });
    const client = new Client(env.app);
    await client.login(user.email);
    expect(json(await client.get('/email/verified-status'))).toEqual({ verified: false });
    expect((await client.post('/email/verification-notification')).statusCode).toBe(200);
    const [mail] = await outbox(user.email);
    const link = new URL(linkIn(mail!));
    const tampered = await client.get(`${link.pathname}${link.search.replace(/signature=[^&]*/, 'signature=forged')}`);
    expect(tampered.statusCode).toBe(302);
    expect(tampered.headers.location).toBe('/email-verification?verified=0');
    const res = await client.get(`${link.pathname}${link.search}`);
    expect(res.headers.location).toBe('/email-verification?verified=1');
    expect(json(await client.get('/email/verified-status'))).toEqual({ verified: true });
  });

  it('hides the outbox from other machines', async () => {
    expect((await new Client(env.app, { remoteAddress: '203.0.113.5' }).get('/outbox')).statusCode).toBe(404);
  });
});

describe('real SMTP', () => {
  it('sends the verification mail of a registration over SMTP', async () => {
    const { received, url, close } = await startSmtp();
    const smtpEnv = await createTestEnv({ smtpUrl: url });
    try {
      const client = new Client(smtpEnv.app);
      await client.csrf();
      const res = await client.post('/register', {
        first_name: 'Sina',
        last_name: 'Smtp',
        email: 'sina@example.com',
        password: 'a good password',
        password_confirmation: 'a good password',
        terms: true,
        locale: 'de',
      });
      expect(res.statusCode).toBe(201);
      expect(received).toHaveLength(1);
      // decode quoted-printable (soft breaks, =XX bytes) to read the mail as a mail client would
      const decoded = Buffer.from(
        received[0]!
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
      expect(decoded).toContain('To: sina@example.com');
      expect(decoded).toContain('Bitte bestätigen Sie Ihre E-Mail-Adresse');
      expect(decoded).toMatch(
        /http:\/\/hauswerk\.test\/api\/v1\/email\/verify\/[0-9a-f-]{36}\/[0-9a-f]{40}\?expires=\d+&signature=/,
      );
      // with SMTP configured there is no outbox, and nothing is stored in it
      expect((await new Client(smtpEnv.app).get('/outbox')).statusCode).toBe(404);
      expect(await smtpEnv.database.db.query.mailOutbox.findMany()).toEqual([]);
    } finally {
      await smtpEnv.close();
      await close();
    }
  });

  it('keeps a copy of each sent mail in the outbox when it is switched on (MAIL_OUTBOX=1)', async () => {
    const { received, url, close } = await startSmtp();
    const smtpEnv = await createTestEnv({ smtpUrl: url, mailOutbox: true });
    try {
      const user = await createUser(smtpEnv);
      const client = new Client(smtpEnv.app);
      await client.csrf();
      expect((await client.post('/forgot-password', { email: user.email })).statusCode).toBe(200);
      expect(received).toHaveLength(1);
      const res = await new Client(smtpEnv.app).get(`/outbox?to=${encodeURIComponent(user.email)}`);
      expect(res.statusCode).toBe(200);
      const [copy] = json<{ data: OutboxMail[] }>(res).data;
      expect(received[0]).toContain(`To: ${user.email}`);
      expect(linkIn(copy!)).toContain('/reset-password?token=');
      // still for this machine only
      const remote = new Client(smtpEnv.app, { remoteAddress: '203.0.113.5' });
      expect((await remote.get('/outbox')).statusCode).toBe(404);
    } finally {
      await smtpEnv.close();
      await close();
    }
  });
});
