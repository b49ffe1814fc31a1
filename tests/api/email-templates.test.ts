// E-mail templates (docs/domain/email-templates.md): an admin words a mail per language with its placeholders; a
// placeholder the mail does not have, a body without the link and a second template of one mail and language are
// 422s naming the field; the invitation goes out over real SMTP in the template's words, every value and the admin's
// own text escaped in its HTML, signed with the settings group's signature; a language without a template gets the
// built-in text; the preview renders a template (saved or typed) with sample values; 401/403/404 as for every
// admins' table.
// @both-databases: the template is read in SQL at send time on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { memberOf, post, workspace, type Ws } from './planning-support';
import { startSmtp } from './smtp';
import { eq } from 'drizzle-orm';
import { orderTokens } from '../../server/db/planning-schema';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ws: Ws;
let locale: string;
beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  ws = await workspace(env);
  locale = json<{ data: { locale: string } }>(await ws.client.get('/user')).data.locale;
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

/** A received message's source with its quoted-printable soft breaks and bytes decoded. */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const mailTo = (email: string) => decoded(smtp.received.filter((m) => m.includes(`To: ${email}`)).at(-1) ?? '');

const template = (body: Record<string, unknown>) =>
  post(ws.client, '/email-templates', { settings_group_uuid: ws.settingsGroup, ...body });

describe('e-mail templates', () => {
  it('refuses a placeholder the mail does not have, a body without the link, and a second one per language', async () => {
    const unknown = await template({ mail: 'invitation', locale, subject: 'Hallo {{name}}', body: '{{link}}' });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors!)).toEqual(['subject']);
    expect(unknown.body.errors!.subject![0]).toContain('{{name}}');
    expect(unknown.body.errors!.subject![0]).toContain('{{inviter}}');
    const noLink = await template({ mail: 'invitation', locale, subject: 'Einladung', body: 'Kommen Sie!' });
    expect(noLink.status).toBe(422);
    expect(Object.keys(noLink.body.errors!)).toEqual(['body']);
    expect((await template({ mail: 'reminder', locale, subject: 'x', body: '{{link}}' })).status).toBe(422);
    const first = await template({ mail: 'order', locale, subject: 'Auftrag {{title}}', body: '{{link}}' });
    expect(first.status).toBe(201);
    const second = await template({ mail: 'order', locale, subject: 'Noch einer', body: '{{link}}' });
    expect(second.status).toBe(422);
    expect(Object.keys(second.body.errors!)).toEqual(['locale']);
    // another language of the same mail is its own template
    const other = locale === 'de' ? 'en-us' : 'de';
    expect((await template({ mail: 'order', locale: other, subject: 'Order', body: '{{link}}' })).status).toBe(201);
  });

  it('sends the invitation in the template’s words, escaped in HTML, signed; without one the built-in text', async () => {
    const signature = await ws.client.patch(`/settings-groups/${ws.settingsGroup}/settings`, {
      email: { signature: 'Hauswartung Muster AG' },
    });
    expect(signature.statusCode, signature.body).toBe(200);
    const made = await template({
      mail: 'invitation',
      locale,
      subject: '{{inviter}} lädt Sie zu {{group}} ein',
      body: 'Guten Tag\n\nBitte hier annehmen: {{link}}\n<script>alert(1)</script> bis {{date}}',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const url = `/settings-groups/${ws.settingsGroup}/invitations`;
    expect((await ws.client.post(url, { emails: ['templ@example.ch'], role: 'user' })).statusCode).toBe(201);
    const mail = mailTo('templ@example.ch');
    // the subject's encoded words (RFC 2047, read from the message as sent), decoded: "<inviter> lädt Sie zu <group> ein"
    const raw = smtp.received.filter((m) => m.includes('To: templ@example.ch')).at(-1)!;
    const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r?\n[ \t]/g, ' ');
    const words = header.replace(/\?=\s*=\?UTF-8\?Q\?/g, '').replace(/=\?UTF-8\?Q\?|\?=/g, '');
    expect(decoded(words.replace(/_/g, ' '))).toMatch(/^Test User \d+ lädt Sie zu WS \w+ ein$/);
    const text = mail.split(/Content-Type: text\/html/)[0]!;
    expect(text).toContain('Bitte hier annehmen: http://hauswerk.test/invitations/');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('-- \r\nHauswartung Muster AG');
    const html = mail.split(/Content-Type: text\/html/)[1]!;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<a href="http:\/\/hauswerk\.test\/invitations\/[A-Za-z0-9_-]+">/);
    expect(html).toContain('Hauswartung Muster AG');

    // archived, the template no longer speaks: the built-in text again, still signed
    expect((await ws.client.post(`/email-templates/${made.body.data!.uuid}/archive`)).statusCode).toBe(200);
    expect((await ws.client.post(url, { emails: ['plain@example.ch'], role: 'user' })).statusCode).toBe(201);
    const plain = mailTo('plain@example.ch');
    expect(plain).not.toContain('Bitte hier annehmen');
    expect(plain).toContain('Hauswartung Muster AG');
  });

  it('previews a template as typed or saved, with sample values', async () => {
    const typed = await post(ws.client, '/email-templates/preview', {
      settings_group_uuid: ws.settingsGroup,
      mail: 'guarantee',
      locale: 'de',
      subject: 'Garantie {{title}} endet',
      body: 'Hallo {{name}}\n\n{{property}}: noch {{days}} Tage <b>!</b>\n{{link}}',
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    const data = typed.body.data as unknown as { subject: string; text: string; html: string };
    expect(data.subject).toBe('Garantie Heizkessel endet');
    expect(data.text).toContain('Seestrasse 1: noch 30 Tage <b>!</b>');
    expect(data.html).toContain('noch 30 Tage &lt;b&gt;!&lt;/b&gt;<br><a href="https://example.com/guarantees/');
    const bad = await post(ws.client, '/email-templates/preview', {
      settings_group_uuid: ws.settingsGroup,
      mail: 'guarantee',
      locale: 'de',
      subject: '{{inviter}}',
      body: '{{link}}',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(['subject']);
    const saved = await template({
      mail: 'property_delete',
      locale: 'de',
      subject: '{{property}} löschen?',
      body: '{{link}}',
    });
    const byUuid = await post(ws.client, '/email-templates/preview', { template_uuid: saved.body.data!.uuid });
    expect((byUuid.body.data as unknown as { subject: string }).subject).toBe('Seestrasse 1 löschen?');
  });

  it('previews with a record of the settings group the admin picks, as the mail would read, with no token made', async () => {
    const preview = async (mail: string, body: string, record?: string) => {
      const res = await post(ws.client, '/email-templates/preview', {
        settings_group_uuid: ws.settingsGroup,
        mail,
        locale: 'de-ch',
        subject: 'x',
        body,
        ...(record ? { record_uuid: record } : {}),
      });
      return { status: res.status, text: (res.body.data as unknown as { text: string } | undefined)?.text, res };
    };
    const guarantor = await post(ws.client, '/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'organisation',
      organisation: 'Wärme AG',
    });
    const end = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.parse(`${end}T00:00:00Z`));
    start.setUTCMonth(start.getUTCMonth() - 12);
    const guarantee = await post(ws.client, '/guarantees', {
      property_uuid: ws.property,
      title: 'Garantie Lift',
      guarantor_uuid: guarantor.body.data.uuid,
      start_date: start.toISOString().slice(0, 10),
      guarantee_duration: 12,
    });
    expect(guarantee.status, JSON.stringify(guarantee.body)).toBe(201);
    const g = guarantee.body.data as unknown as { uuid: string; end_date: string };
    const days = Math.round((Date.parse(g.end_date) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000);
    const text = '{{title}} / {{property}} / {{guarantor}} / {{days}} / {{link}}';
    expect((await preview('guarantee', text, g.uuid)).text).toBe(
      `Garantie Lift / Seestrasse 1 / Wärme AG / ${days} / http://hauswerk.test/guarantees/${g.uuid}`,
    );
    // without a record: the samples
    expect((await preview('guarantee', text)).text).toContain('Heizkessel');

    const order = await post(ws.client, '/orders', {
      property_uuid: ws.property,
      title: 'Pumpe ersetzen',
      contact_uuid: guarantor.body.data.uuid,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const ordered = await preview('order', '{{name}}: {{title}} ({{sender}}) {{link}}', order.body.data.uuid);
    expect(ordered.text).toMatch(/^Wärme AG: Pumpe ersetzen \(.+\) http:\/\/hauswerk\.test\/public\/order\/…$/);
    // no public link was made for the preview
    const tokens = await env.database.db
      .select()
      .from(orderTokens)
      .where(eq(orderTokens.order_uuid, order.body.data.uuid));
    expect(tokens).toEqual([]);

    expect((await preview('property_delete', '{{property}} {{link}}', ws.property)).text).toBe(
      'Seestrasse 1 http://hauswerk.test/property-delete-requests/confirm/…',
    );
    const invited = await preview('invitation', '{{group}} {{inviter}} {{link}}');
    expect(invited.text).toMatch(/ Test User \d+ http:\/\/hauswerk\.test\/invitations\/…$/);
    expect(invited.text).not.toContain('Demo Immobilien AG');

    // a record of the wrong model, of another settings group, or none: a 422 on record_uuid
    const other = await workspace(env);
    for (const record of [other.property, ws.settingsGroup]) {
      const bad = await preview('property_delete', '{{link}}', record);
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.res.body.errors!)).toEqual(['record_uuid']);
    }
    const wrongModel = await preview('guarantee', '{{link}}', ws.property);
    expect(wrongModel.status).toBe(422);
    // a form without its language names the language
    const noLocale = await post(ws.client, '/email-templates/preview', {
      settings_group_uuid: ws.settingsGroup,
      mail: 'guarantee',
      subject: 'x',
      body: '{{link}}',
    });
    expect(noLocale.status).toBe(422);
    expect(Object.keys(noLocale.body.errors!)).toEqual(['locale']);
  });

  it('answers 401 signed out, 403 to a member and 404 outside the settings group', async () => {
    const [one] = json<{ data: { uuid: string }[] }>(await ws.client.get('/email-templates')).data;
    const body = { settings_group_uuid: ws.settingsGroup, mail: 'order', locale: 'de', subject: 'x', body: '{{link}}' };
    expect((await new Client(env.app).get('/email-templates')).statusCode).toBe(401);
    expect((await new Client(env.app).post('/email-templates/preview', body)).statusCode).toBe(401);
    const member = await memberOf(env, ws);
    expect((await member.client.get(`/email-templates/${one!.uuid}`)).statusCode).toBe(403);
    expect((await member.client.post('/email-templates/preview', body)).statusCode).toBe(403);
    expect((await post(member.client, '/email-templates', { ...body, locale: 'en-us' })).status).toBe(403);
    const outsider = await signedIn(env);
    expect((await outsider.client.get(`/email-templates/${one!.uuid}`)).statusCode).toBe(404);
    expect((await outsider.client.post('/email-templates/preview', body)).statusCode).toBe(404);
    expect((await outsider.client.post('/email-templates/preview', { template_uuid: one!.uuid })).statusCode).toBe(404);
  });
});
