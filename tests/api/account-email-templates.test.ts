// Account mail templates (docs/domain/email-templates.md, "Account mails"): a superuser with confirmed 2FA words an
// account mail per language; a user asking for it in that language gets those words over real SMTP with the real
// link, every text escaped in the HTML; another language, or the template archived, gets the built-in text. A
// placeholder the mail does not have, a body without the link, a second template per mail and language and a
// settings group's mail are 422s naming the field; the preview renders for the caller with `…` for the secret;
// everyone but a superuser with 2FA gets 403 (the 2FA message for a superuser without it), signed out 401.
// @both-databases: the template is read in SQL at send time on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, createUser, json, signedIn, signedInWithTwoFactor, type TestEnv } from './harness';
import { post, workspace, type Ws } from './planning-support';
import { decoded, startSmtp, waitFor } from './smtp';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ws: Ws;
let superuser: Client;
beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  ws = await workspace(env);
  superuser = (await signedInWithTwoFactor(env, { is_superuser: true, first_name: 'Sonja' })).client;
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

/** The last mail to an address, decoded, split in its text and HTML parts. */
async function mailTo(email: string) {
  const of = () => smtp.received.filter((m) => m.includes(`To: ${email}`));
  await waitFor(() => of().length > 0);
  const raw = decoded(of().at(-1) ?? '');
  const [text, html] = raw.split(/Content-Type: text\/html/);
  return { raw, text: text!, html: html ?? '' };
}

let address = 0;
/** Asks for a password reset for the address, from an address of its own (the rate limit counts per address). */
async function forgot(email: string) {
  address += 1;
  const client = new Client(env.app, { remoteAddress: `198.51.100.${address}` });
  await client.csrf();
  expect((await client.post('/forgot-password', { email })).statusCode).toBe(200);
}

const GERMAN = {
  mail: 'reset',
  locale: 'de',
  subject: 'Neues Passwort fuer {{ name }}',
  body: 'Hallo {{name}}\n\nHier geht es weiter: {{link}}\n<script>alert(1)</script>',
};

describe('account mail templates', () => {
  let template: string;

  it('refuses an unknown placeholder, a body without the link, a second one per language, a settings group’s mail', async () => {
    const unknown = await post(superuser, '/account-email-templates', { ...GERMAN, subject: 'Für {{group}}' });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors!)).toEqual(['subject']);
    expect(unknown.body.errors!.subject![0]).toContain('{{group}}');
    expect(unknown.body.errors!.subject![0]).toContain('{{name}}, {{link}}');
    const noLink = await post(superuser, '/account-email-templates', { ...GERMAN, body: 'Hallo {{name}}' });
    expect(noLink.status).toBe(422);
    expect(Object.keys(noLink.body.errors!)).toEqual(['body']);
    expect(noLink.body.errors!.body![0]).toContain('{{link}}');
    // the two lists never mix: an invitation is a settings group's mail, a reset an account mail
    const group = await post(superuser, '/account-email-templates', { ...GERMAN, mail: 'invitation' });
    expect(group.status).toBe(422);
    expect(Object.keys(group.body.errors!)).toEqual(['mail']);
    const inGroup = await post(ws.client, '/email-templates', { ...GERMAN, settings_group_uuid: ws.settingsGroup });
    expect(inGroup.status).toBe(422);
    expect(Object.keys(inGroup.body.errors!)).toContain('mail');

    const made = await post(superuser, '/account-email-templates', GERMAN);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    template = made.body.data.uuid;
    expect(made.body.data.settings_group_uuid ?? null).toBeNull();
    const second = await post(superuser, '/account-email-templates', { ...GERMAN, subject: 'Noch einer' });
    expect(second.status).toBe(422);
    expect(Object.keys(second.body.errors!)).toEqual(['locale']);
    // another language, another mail: templates of their own
    expect((await post(superuser, '/account-email-templates', { ...GERMAN, locale: 'de-ch' })).status).toBe(201);
    expect((await post(superuser, '/account-email-templates', { ...GERMAN, mail: 'verify' })).status).toBe(201);
    // audited like every engine model
    const history = json<{ data: { action: string }[] }>(
      await superuser.get(`/account-email-templates/${template}/history`),
    ).data;
    expect(history.map((h) => h.action)).toEqual(['account_email_template.create']);
  });

  it('sends the reset mail in the template’s words with the real link, escaped in HTML; English gets the built-in text', async () => {
    const german = await createUser(env, { locale: 'de', first_name: 'Greta' });
    await forgot(german.email);
    const mail = await mailTo(german.email);
    expect(mail.raw).toContain(`Subject: Neues Passwort fuer Greta`);
    expect(mail.text).toContain('Hallo Greta');
    expect(mail.text).toContain('Hier geht es weiter: http://hauswerk.test/reset-password?token=');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    const href = /<a href="(http:\/\/hauswerk\.test\/reset-password\?token=[^"]+)">/.exec(mail.html)?.[1];
    expect(href).toBeDefined();
    // the link is the real one: it resets the password
    const url = new URL(href!.replace(/&amp;/g, '&'));
    const client = new Client(env.app, { remoteAddress: '203.0.113.9' });
    await client.csrf();
    const reset = await client.post('/reset-password', {
      token: url.searchParams.get('token'),
      email: german.email,
      password: 'ein ganz neues Passwort',
      password_confirmation: 'ein ganz neues Passwort',
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const english = await createUser(env, { locale: 'en-us', first_name: 'Emma' });
    await forgot(english.email);
    const builtIn = await mailTo(english.email);
    expect(builtIn.raw).toContain('Subject: Reset your password');
    expect(builtIn.text).not.toContain('Hier geht es weiter');
    expect(builtIn.text).toContain('http://hauswerk.test/reset-password?token=');
  });

  it('sends the verification mail in its template’s words', async () => {
    const { user, client } = await signedIn(env, { locale: 'de', first_name: 'Vera', email_verified_at: null });
    expect((await client.post('/email/verification-notification')).statusCode).toBe(200);
    const mail = await mailTo(user.email);
    expect(mail.text).toContain('Hallo Vera');
    expect(mail.text).toContain(`Hier geht es weiter: http://hauswerk.test/api/v1/email/verify/${user.uuid}/`);
  });

  it('previews a template as typed or saved, for the caller, with … for the secret', async () => {
    const typed = await post(superuser, '/account-email-templates/preview', {
      mail: 'unlock',
      locale: 'en-us',
      subject: 'Unlock for {{name}}\nnow',
      body: 'Hi {{name}} <b>!</b>\n{{link}}',
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    const data = typed.body.data as unknown as { subject: string; text: string; html: string };
    expect(data.subject).toBe('Unlock for Sonja now');
    expect(data.text).toBe('Hi Sonja <b>!</b>\nhttp://hauswerk.test/login?two_factor_unlock=…');
    expect(data.html).toContain(
      'Hi Sonja &lt;b&gt;!&lt;/b&gt;<br><a href="http://hauswerk.test/login?two_factor_unlock=…">',
    );
    const saved = await post(superuser, '/account-email-templates/preview', { template_uuid: template });
    expect(saved.status).toBe(200);
    const savedData = saved.body.data as unknown as { subject: string; text: string };
    expect(savedData.subject).toBe('Neues Passwort fuer Sonja');
    expect(savedData.text).toMatch(/Hier geht es weiter: http:\/\/hauswerk\.test\/reset-password\?token=…&email=\S+/);
    const bad = await post(superuser, '/account-email-templates/preview', { ...GERMAN, body: '{{title}} {{link}}' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors!.body![0]).toContain('{{title}}');
    expect(
      (await post(superuser, '/account-email-templates/preview', { template_uuid: crypto.randomUUID() })).status,
    ).toBe(404);
  });

  it('is the superusers’ alone: 401 signed out, 403 for an admin, the 2FA message for a superuser without it', async () => {
    const anonymous = new Client(env.app);
    await anonymous.csrf();
    const noTwoFactor = (await signedIn(env, { is_superuser: true })).client;
    for (const [method, url, body] of [
      ['GET', '/account-email-templates', undefined],
      ['POST', '/account-email-templates', { ...GERMAN, locale: 'en-us' }],
      ['PATCH', `/account-email-templates/${template}`, { subject: 'Anders' }],
      ['POST', '/account-email-templates/preview', GERMAN],
    ] as const) {
      expect((await anonymous.request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await ws.client.request(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const refused = await noTwoFactor.request(method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      if (method !== 'GET') expect(json<{ message: string }>(refused).message).toMatch(/two-factor/);
    }
  });

  it('archived, the template no longer speaks: the built-in text again', async () => {
    expect((await superuser.post(`/account-email-templates/${template}/archive`)).statusCode).toBe(200);
    const german = await createUser(env, { locale: 'de', first_name: 'Greta' });
    await forgot(german.email);
    const mail = await mailTo(german.email);
    expect(mail.text).not.toContain('Hier geht es weiter');
    expect(mail.raw).toMatch(/Subject: .*Passwort[_ ]zurücksetzen/);
  });
});
