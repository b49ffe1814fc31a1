// The workspace's settings (docs/domain/fields.md, "Workspace settings"): the sections with their defaults, a PATCH
// of some keys (audited, nothing half written on a 422), 401/403/404, and what the values do: the currency of new
// orders, bills and budgets, the default language of new contacts, the rounding of the amount payable, the planning
// horizon shared with the facility settings, the longest delegation, the sender name and reply-to of the mails
// (through a real SMTP server), and the daily purge of records archived longer ago than the group keeps them.
// @both-databases: the sections are jsonb values read back through each driver; the purge is one update per model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startSmtp } from './smtp';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { post, workspace, type Ws, memberOf } from './planning-support';
import { purgeArchived } from '../../server/services/archive-purge.service';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: Ws;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  a = await workspace(env);
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

type Reply = { data: Record<string, Record<string, unknown>>; errors?: Record<string, string[]> };
const url = (ws: Ws) => `/settings-groups/${ws.settingsGroup}/settings`;
const get = async (ws: Ws) => json<Reply>(await ws.client.get(url(ws)));

const member = (ws: Ws) => memberOf(env, ws);

describe('reading and changing', () => {
  it('answers every section with its defaults, to members too', async () => {
    const ws = await workspace(env);
    const expected = {
      language: { default_locale: 'de-ch', offered_locales: ['en-us', 'de', 'de-ch'] },
      finance: { currency: expect.any(String), cash_rounding: '0.05' },
      renewal: { planning_horizon: 5 },
      delegation: { max_days: 0 },
      email: { sender_name: '', reply_to: '', signature: '' },
      archive: { purge_after_days: 0 },
      exchange: { csv_separator: 'semicolon' },
    };
    expect((await get(ws)).data).toEqual(expected);
    const m = await member(ws);
    const res = await m.client.get(url(ws));
    expect(res.statusCode).toBe(200);
    expect(json<Reply>(res).data).toEqual(expected);
  });

  it('changes the keys sent, shares the values kept elsewhere, and audits what changed', async () => {
    const ws = await workspace(env);
    const res = await ws.client.patch(url(ws), {
      finance: { currency: 'EUR' },
      language: { offered_locales: ['de', 'en-us'] },
      renewal: { planning_horizon: 12 },
      email: { sender_name: 'Verwaltung Muster AG' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Reply>(res).data).toMatchObject({
      finance: { currency: 'EUR', cash_rounding: '0.05' },
      language: { default_locale: 'de-ch', offered_locales: ['de', 'en-us'] },
      renewal: { planning_horizon: 12 },
      email: { sender_name: 'Verwaltung Muster AG', reply_to: '' },
    });
    // the currency is the settings group's, the horizon the facility settings'
    const group = json<{ data: Record<string, unknown> }>(await ws.client.get(`/settings-groups/${ws.settingsGroup}`));
    expect(group.data.currency).toBe('EUR');
    const facility = json<{ data: Record<string, unknown> }>(
      await ws.client.get(`/settings-groups/${ws.settingsGroup}/model-settings/facility`),
    );
    expect(facility.data.planning_horizon).toBe(12);
    const log = json<{ data: { action: string; details: Record<string, unknown> }[] }>(
      await ws.client.get(`/settings-groups/${ws.settingsGroup}/audit-log`),
    ).data.filter((e) => e.action === 'workspace_settings.update');
    expect(log).toHaveLength(1);
    expect(log[0]!.details).toMatchObject({
      changes: {
        finance: { currency: { to: 'EUR' } },
        renewal: { planning_horizon: { from: 5, to: 12 } },
        email: { sender_name: { from: '', to: 'Verwaltung Muster AG' } },
      },
    });
  });

  it('refuses a bad value or an unknown key with a 422 naming it, writing nothing', async () => {
    const ws = await workspace(env);
    const before = (await get(ws)).data;
    for (const [body, path] of [
      [{ finance: { currency: 'XYZ' } }, 'finance.currency'],
      [{ archive: { purge_after_days: -1 } }, 'archive.purge_after_days'],
      [{ email: { reply_to: 'not an address' } }, 'email.reply_to'],
      [{ language: { offered_locales: [] } }, 'language.offered_locales'],
      [{ renewal: { horizon: 3 } }, 'renewal'],
      [{ nonsense: {} }, ''],
    ] as const) {
      const res = await ws.client.patch(url(ws), { delegation: { max_days: 3 }, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const errors = Object.keys(json<Reply>(res).errors ?? {});
      expect(
        errors.some((e) => e.startsWith(path)),
        `${JSON.stringify(body)} → ${errors.join()}`,
      ).toBe(true);
    }
    expect((await get(ws)).data).toEqual(before);
  });

  it('answers 401 signed out, 404 outside the group, 403 to a member who changes it', async () => {
    const ws = await workspace(env);
    expect((await new Client(env.app).get(url(ws))).statusCode).toBe(401);
    expect((await a.client.get(url(ws))).statusCode).toBe(404);
    expect((await a.client.patch(url(ws), { archive: { purge_after_days: 1 } })).statusCode).toBe(404);
    const m = await member(ws);
    expect((await m.client.patch(url(ws), { archive: { purge_after_days: 1 } })).statusCode).toBe(403);
    expect((await get(ws)).data.archive).toEqual({ purge_after_days: 0 });
  });
});

describe('what the values do', () => {
  it('gives new orders, bills and budgets the group’s currency, and new contacts its language', async () => {
    const ws = await workspace(env);
    await ws.client.patch(url(ws), { finance: { currency: 'EUR' }, language: { default_locale: 'en-us' } });
    const order = await post(ws.client, '/orders', { property_uuid: ws.property, title: 'A' });
    const bill = await post(ws.client, '/bills', { property_uuid: ws.property, title: 'B', amount: '10' });
    const budget = await post(ws.client, '/budgets', { property_uuid: ws.property, name: 'C', amount: '10' });
    expect([order.body.data.currency, bill.body.data.currency, budget.body.data.currency]).toEqual([
      'EUR',
      'EUR',
      'EUR',
    ]);
    // one given is kept
    const own = await post(ws.client, '/orders', { property_uuid: ws.property, title: 'D', currency: 'CHF' });
    expect(own.body.data.currency).toBe('CHF');
    const contact = await post(ws.client, '/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'person',
      last_name: 'Muster',
    });
    expect(contact.body.data.language).toBe('en-us');
  });

  it('pays francs to the cent when the group says so', async () => {
    const ws = await workspace(env);
    const bill = { property_uuid: ws.property, title: 'B', amount: '10.02', currency: 'CHF' };
    const typed = await post(ws.client, '/bills', bill);
    expect(typed.body.data.payable_total).toBe('10.00');
    await ws.client.patch(url(ws), { finance: { cash_rounding: '0.01' } });
    const after = await post(ws.client, '/bills', bill);
    expect(after.body.data.payable_total).toBe('10.02');
  });

  it('refuses a delegation longer than the group allows', async () => {
    const ws = await workspace(env);
    const m = await member(ws);
    await ws.client.patch(url(ws), { delegation: { max_days: 14 } });
    const body = { settings_group_uuid: ws.settingsGroup, to_user_uuid: m.user.uuid, valid_from: '2030-07-01' };
    const long = await post(ws.client, '/delegations', { ...body, valid_to: '2030-07-15' });
    expect(long.status).toBe(422);
    expect(long.body.errors!.valid_to![0]).toContain('14');
    const fits = await post(ws.client, '/delegations', { ...body, valid_to: '2030-07-14' });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });

  it('sends the group’s mails under its sender name with its reply-to address', async () => {
    const ws = await workspace(env);
    await ws.client.patch(url(ws), {
      email: { sender_name: 'Verwaltung "Muster"\r\nBcc: x@example.com', reply_to: 'verwaltung@example.com' },
    });
    const before = smtp.received.length;
    const res = await ws.client.post(`/settings-groups/${ws.settingsGroup}/invitations`, {
      emails: ['neu@example.com'],
      role: 'user',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expect.poll(() => smtp.received.length).toBeGreaterThan(before);
    const raw = smtp.received.at(-1)!;
    // the name is the group's, its quotes and line breaks taken out: no header of its own
    expect(raw).toMatch(/^From: "Verwaltung MusterBcc: x@example\.com" </m);
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toMatch(/^Reply-To: verwaltung@example\.com/m);
  });

  it('purges records archived longer ago than the group keeps them, and only those', async () => {
    const ws = await workspace(env);
    const keep = await workspace(env);
    const archived = async (w: Ws, name: string, daysAgo: number) => {
      const made = await post(w.client, '/units', { settings_group_uuid: w.settingsGroup, name, symbol: name });
      await w.client.post(`/units/${made.body.data.uuid}/archive`);
      await env.database.db.execute(
        sql`update units set archived_at = now() - make_interval(days => ${daysAgo}) where uuid = ${made.body.data.uuid}`,
      );
      return made.body.data.uuid;
    };
    const old = await archived(ws, 'alt', 40);
    const recent = await archived(ws, 'neu', 5);
    const otherGroup = await archived(keep, 'fremd', 400);
    const live = (await post(ws.client, '/units', { settings_group_uuid: ws.settingsGroup, name: 'x', symbol: 'x' }))
      .body.data.uuid;
    await ws.client.patch(url(ws), { archive: { purge_after_days: 30 } });
    const counts = await purgeArchived(env.database.db, new Date());
    expect(counts.purged).toBeGreaterThanOrEqual(1);
    const status = async (w: Ws, uuid: string) => (await w.client.get(`/units/${uuid}`)).statusCode;
    expect(await status(ws, old)).toBe(404);
    expect(await status(ws, recent)).toBe(200);
    expect(await status(ws, live)).toBe(200);
    expect(await status(keep, otherGroup)).toBe(200); // kept for good: the default
    // run again: nothing more
    expect((await purgeArchived(env.database.db, new Date())).purged).toBe(0);
    const log = json<{ data: { action: string; details: Record<string, unknown> }[] }>(
      await ws.client.get(`/settings-groups/${ws.settingsGroup}/audit-log`),
    ).data.filter((e) => e.action === 'archive.purge');
    expect(log[0]!.details).toMatchObject({ counts: { unit: 1 }, purge_after_days: 30 });
  });
});
