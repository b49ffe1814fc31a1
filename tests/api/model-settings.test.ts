// A model's settings in a settings group (docs/domain/fields.md, "Model settings"): the defaults, a PATCH of one key,
// the 422s (wrong type, unknown key: nothing half written), unknown model, 401/403/404, the audit entry, the guarantee
// reminder job mailing by the changed `reminder_days`, a new ticket numbered by `numbering_prefix` and
// `next_number`, a switched-off model refusing new records and hiding its own, and the migration keeping the values
// it moves. The record settings (defaults, required fields, default view, a module switched off): model-settings-records.test.ts.
// @both-databases: the settings are jsonb values and the numbering an upsert on them, read back through each driver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSmtp } from './smtp';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { post, workspace, type Rec, type Ws, memberOf } from './planning-support';
import { jobs } from '../../server/jobs/jobs';
import { runJobIfDue } from '../../server/jobs/scheduler';
import { jobRuns } from '../../server/db/schema';
import { databaseBefore } from './migrations';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: Ws;
let b: Ws;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  a = await workspace(env);
  b = await workspace(env);
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

type Reply = { data: Record<string, unknown>; errors?: Record<string, string[]>; message?: string };
const url = (ws: Ws, model: string, sg = ws.settingsGroup) => `/settings-groups/${sg}/model-settings/${model}`;
const get = async (ws: Ws, model: string) => json<Reply>(await ws.client.get(url(ws, model)));

const member = (ws: Ws) => memberOf(env, ws);
/** The record settings every model has beside `enabled`, as they read unset (docs/domain/fields.md). */
const REC = { default_values: {}, required_fields: [], default_view: '' };

describe('reading and changing', () => {
  it('answers the defaults, every model with `enabled`', async () => {
    expect((await get(a, 'guarantee')).data).toEqual({ enabled: true, reminder_days: [180, 90, 30], ...REC });
    expect((await get(a, 'ticket')).data).toEqual({ enabled: true, numbering_prefix: 'T-', next_number: 1, ...REC });
    expect((await get(a, 'facility')).data).toEqual({
      enabled: true,
      planning_horizon: 5,
      index_series: '',
      price_base_year: 2025,
      ...REC,
    });
    expect((await get(a, 'contact')).data).toEqual({ enabled: true, ...REC });
  });

  it('changes only the keys sent, and audits what changed', async () => {
    const ws = await workspace(env);
    let res = await ws.client.patch(url(ws, 'guarantee'), { reminder_days: [60, 14] });
    expect(res.statusCode).toBe(200);
    expect(json<Reply>(res).data).toEqual({ enabled: true, reminder_days: [60, 14], ...REC });
    res = await ws.client.patch(url(ws, 'guarantee'), { enabled: false });
    expect(json<Reply>(res).data).toEqual({ enabled: false, reminder_days: [60, 14], ...REC });
    expect((await get(ws, 'guarantee')).data).toEqual({ enabled: false, reminder_days: [60, 14], ...REC });
    // another model and another group keep their own
    expect((await get(ws, 'ticket')).data.enabled).toBe(true);
    expect((await get(a, 'guarantee')).data.reminder_days).toEqual([180, 90, 30]);
    // the same value again changes nothing and writes no entry
    await ws.client.patch(url(ws, 'guarantee'), { reminder_days: [60, 14] });
    const log = json<{ data: { action: string; details: Record<string, unknown> }[] }>(
      await ws.client.get(`/settings-groups/${ws.settingsGroup}/audit-log`),
    ).data.filter((e) => e.action === 'model_settings.update');
    expect(log.map((e) => e.details)).toEqual([
      { model: 'guarantee', changes: { enabled: { from: true, to: false } } },
      { model: 'guarantee', changes: { reminder_days: { from: [180, 90, 30], to: [60, 14] } } },
    ]);
  });

  it('refuses a wrong type or an unknown key with a 422 naming it, writing nothing', async () => {
    const ws = await workspace(env);
    const bad: [string, Record<string, unknown>, string][] = [
      ['guarantee', { reminder_days: 'soon' }, 'reminder_days'],
      ['guarantee', { reminder_days: [0] }, 'reminder_days.0'],
      ['guarantee', { reminder_days: [3651] }, 'reminder_days.0'],
      ['guarantee', { reminder_days: [1.5] }, 'reminder_days.0'],
      ['guarantee', { reminder_days: [1, 2, 3, 4, 5, 6] }, 'reminder_days'],
      ['guarantee', { reminder_days: [30, 30] }, 'reminder_days'],
      ['guarantee', { enabled: 'yes' }, 'enabled'],
      ['guarantee', { reminder_days: [7], numbering_prefix: 'G-' }, 'numbering_prefix'],
      ['ticket', { next_number: 0 }, 'next_number'],
      ['ticket', { next_number: '5' }, 'next_number'],
      ['ticket', { numbering_prefix: 'x'.repeat(21) }, 'numbering_prefix'],
      ['ticket', { numbering_prefix: 'TK-', nope: 1 }, 'nope'],
      ['ticket', { __proto__: 1, constructor: 2 } as Record<string, unknown>, 'constructor'],
    ];
    for (const [model, body, key] of bad) {
      const res = await ws.client.patch(url(ws, model), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(json<Reply>(res).errors!), JSON.stringify(body)).toContain(key);
    }
    const wrong = json<Reply>(await ws.client.patch(url(ws, 'guarantee'), { reminder_days: 'soon' }));
    expect(wrong.errors!.reminder_days![0]).toMatch(/Reminders \(days before the end\)/);
    const unknown = json<Reply>(await ws.client.patch(url(ws, 'ticket'), { nope: 1 }));
    expect(unknown.errors!.nope![0]).toMatch(/nope/);
    for (const body of [[1], 'x', null]) {
      const res = await ws.client.patch(url(ws, 'ticket'), JSON.stringify(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    // nothing of a refused body was kept, not even its valid keys
    expect((await get(ws, 'guarantee')).data).toEqual({ enabled: true, reminder_days: [180, 90, 30], ...REC });
    expect((await get(ws, 'ticket')).data).toEqual({ enabled: true, numbering_prefix: 'T-', next_number: 1, ...REC });
  });

  it('is changed by the group admins: 401 signed out, 403 a member’s change, 404 another workspace or an unknown model', async () => {
    const m = await member(a);
    // a member reads them (the new-record form takes its defaults, the grid its default view)
    expect(json<Reply>(await m.client.get(url(a, 'guarantee'))).data.reminder_days).toEqual([180, 90, 30]);
    expect((await m.client.patch(url(a, 'guarantee'), { reminder_days: [1] })).statusCode).toBe(403);
    expect((await m.client.patch(url(a, 'guarantee'), { reminder_days: 'bad' })).statusCode).toBe(403);
    for (const path of [
      url(a, 'guarantee', b.settingsGroup),
      url(a, 'nonsense'),
      url(a, '__proto__'),
      url(a, 'guarantees'),
    ]) {
      expect((await a.client.get(path)).statusCode, path).toBe(404);
      expect((await a.client.patch(path, { enabled: false })).statusCode, path).toBe(404);
    }
    const anonymous = new Client(env.app);
    expect((await anonymous.get(url(a, 'guarantee'))).statusCode).toBe(401);
    expect((await anonymous.patch(url(a, 'guarantee'), { enabled: false })).statusCode).toBe(401);
    expect((await get(b, 'guarantee')).data.enabled).toBe(true);
    expect((await get(a, 'guarantee')).data).toEqual({ enabled: true, reminder_days: [180, 90, 30], ...REC });
  });

  it('is the same setting as the settings group’s guarantee_reminder_days', async () => {
    const ws = await workspace(env);
    await ws.client.patch(url(ws, 'guarantee'), { reminder_days: [45] });
    const group = async () =>
      json<Reply>(await ws.client.get(`/settings-groups/${ws.settingsGroup}`)).data.guarantee_reminder_days;
    expect(await group()).toEqual([45]);
    await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, { guarantee_reminder_days: [20, 10] });
    expect((await get(ws, 'guarantee')).data.reminder_days).toEqual([20, 10]);
    expect(await group()).toEqual([20, 10]);
  });
});

describe('what the settings do', () => {
  const job = () => jobs.find((j) => j.name === 'guarantee-deadlines')!;
  async function runJobOn(day: string) {
    await env.database.db.delete(jobRuns).where(eq(jobRuns.name, 'guarantee-deadlines'));
    expect(await runJobIfDue(env.app.ctx, job(), jobs.indexOf(job()), new Date(`${day}T06:00:00Z`))).toBe(true);
  }

  it('mails the guarantee reminders at the changed reminder_days', async () => {
    const ws = await workspace(env);
    const contact = (
      await post(ws.client, '/contacts', {
        settings_group_uuid: ws.settingsGroup,
        kind: 'organisation',
        organisation: 'Tor AG',
      })
    ).body.data.uuid;
    const g = await post(ws.client, '/guarantees', {
      property_uuid: ws.property,
      title: 'Garantie Tor',
      guarantor_uuid: contact,
      start_date: '2026-05-31',
      guarantee_duration: 12,
    });
    expect(g.body.data.end_date).toBe('2027-05-31');
    expect((await ws.client.patch(url(ws, 'guarantee'), { reminder_days: [45, 10] })).statusCode).toBe(200);
    const mine = () => smtp.received.filter((m) => m.includes(ws.user.email));
    const expectMails = async (day: string, count: number) => {
      await runJobOn(day);
      const until = Date.now() + 2_000;
      while (mine().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(mine(), day).toHaveLength(count);
    };
    await expectMails('2027-03-02', 0); // 90 days before: a default stage, not one of this group's
    await expectMails('2027-04-16', 1); // 45 days before
    expect(mine()[0]).toContain('45');
    await expectMails('2027-05-01', 1); // 30 days before: not a stage here
    await expectMails('2027-05-21', 2); // 10 days before
  });

  it('numbers a new ticket by numbering_prefix and next_number', async () => {
    const ws = await workspace(env);
    const ticket = async () =>
      (await post(ws.client, '/tickets', { property_uuid: ws.property, subject: 'Heizung' })).body.data as Rec;
    expect((await ticket()).number).toBe('T-00001');
    expect((await get(ws, 'ticket')).data.next_number).toBe(2);
    await ws.client.patch(url(ws, 'ticket'), { numbering_prefix: 'HW-2027-', next_number: 120 });
    expect((await ticket()).number).toBe('HW-2027-00120');
    expect((await ticket()).number).toBe('HW-2027-00121');
    expect((await get(ws, 'ticket')).data).toEqual({
      enabled: true,
      numbering_prefix: 'HW-2027-',
      next_number: 122,
      ...REC,
    });
    // another group counts on its own
    const other = await workspace(env);
    expect(
      (await post(other.client, '/tickets', { property_uuid: other.property, subject: 'Lift' })).body.data.number,
    ).toBe('T-00001');
    // bulk creates number each ticket in turn
    const bulk = json<{ data: Rec[] }>(
      await ws.client.post('/tickets/bulk', {
        rows: [
          { property_uuid: ws.property, subject: 'A' },
          { property_uuid: ws.property, subject: 'B' },
        ],
      }),
    ).data;
    expect(bulk.map((t) => t.number).sort()).toEqual(['HW-2027-00122', 'HW-2027-00123']);
  });

  it('refuses new records of a switched-off model with a 422, hides its records, keeps the others writable', async () => {
    const ws = await workspace(env);
    const made = await post(ws.client, '/tickets', { property_uuid: ws.property, subject: 'Vorher' });
    await ws.client.patch(url(ws, 'ticket'), { enabled: false });
    const refused = await post(ws.client, '/tickets', { property_uuid: ws.property, subject: 'Nachher' });
    expect(refused.status).toBe(422);
    expect(Object.keys((refused.body as unknown as Reply).errors!)).toEqual(['settings_group_uuid']);
    expect((refused.body as unknown as Reply).errors!.settings_group_uuid![0]).toMatch(/switched off/);
    const bulk = await ws.client.post('/tickets/bulk', { rows: [{ property_uuid: ws.property, subject: 'B' }] });
    expect(bulk.statusCode).toBe(422);
    expect(Object.keys(json<Reply>(bulk).errors!)).toEqual(['rows.0.settings_group_uuid']);
    // its records answer as missing ones; the counter did not move
    expect((await ws.client.get(`/tickets/${made.body.data.uuid}`)).statusCode).toBe(404);
    expect((await ws.client.patch(`/tickets/${made.body.data.uuid}`, { subject: 'Geändert' })).statusCode).toBe(404);
    expect((await get(ws, 'ticket')).data.next_number).toBe(2);
    // other models and other groups are not affected
    expect((await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Lift' })).status).toBe(201);
    expect((await post(a.client, '/tickets', { property_uuid: a.property, subject: 'A' })).status).toBe(201);
    await ws.client.patch(url(ws, 'ticket'), { enabled: true });
    expect((await ws.client.get(`/tickets/${made.body.data.uuid}`)).statusCode).toBe(200);
    expect(
      (await post(ws.client, '/tickets', { property_uuid: ws.property, subject: 'Wieder' })).body.data.number,
    ).toBe('T-00002');
  });
});

describe('the navigation', () => {
  it('tells the signed-in user, in GET /user, the models switched off in each of their settings groups', async () => {
    const ws = await workspace(env);
    const other = json<{ data: { uuid: string } }>(await ws.client.post('/settings-groups', { name: 'Zweite' })).data;
    type Me = { data: { acl: { disabled_models: Record<string, string[]> } } };
    const off = async (client = ws.client) => json<Me>(await client.get('/user')).data.acl.disabled_models;
    expect(await off()).toEqual({ [ws.settingsGroup]: [], [other.uuid]: [] });

    await ws.client.patch(url(ws, 'ticket'), { enabled: false });
    await ws.client.patch(url(ws, 'facility'), { enabled: false });
    await ws.client.patch(url(ws, 'guarantee'), { reminder_days: [30] }); // a stored row that stays on
    expect(await off()).toEqual({ [ws.settingsGroup]: ['facility', 'ticket'], [other.uuid]: [] });
    // a member of the group learns it too; another user's groups are not in their reply
    const m = await member(ws);
    expect((await off(m.client))[ws.settingsGroup]).toEqual(['facility', 'ticket']);
    expect(Object.keys(await off(a.client))).not.toContain(ws.settingsGroup);

    await ws.client.patch(url(ws, 'facility'), { enabled: true });
    expect(await off()).toEqual({ [ws.settingsGroup]: ['ticket'], [other.uuid]: [] });
  });
});

describe('the migration', () => {
  it('keeps the reminder days and the ticket counters it moves', async () => {
    const { db, upTo } = await databaseBefore('0021');
    await db.exec(`insert into settings_groups (uuid, name, guarantee_reminder_days) values
      ('11111111-1111-4111-8111-111111111111', 'Eins', '{60,7}'),
      ('22222222-2222-4222-8222-222222222222', 'Zwei', '{180,90,30}');
      insert into record_numbers values ('11111111-1111-4111-8111-111111111111', 'ticket', 41)`);
    await upTo('0022');
    const rows = await db.query<{ sg: string; model: string; values: Record<string, unknown> }>(
      'select settings_group_uuid as sg, model, values from model_settings order by 1, 2',
    );
    expect(rows.rows).toEqual([
      { sg: '11111111-1111-4111-8111-111111111111', model: 'guarantee', values: { reminder_days: [60, 7] } },
      { sg: '11111111-1111-4111-8111-111111111111', model: 'ticket', values: { next_number: 42 } },
      { sg: '22222222-2222-4222-8222-222222222222', model: 'guarantee', values: { reminder_days: [180, 90, 30] } },
    ]);
    const left = await db.query(
      `select 1 from information_schema.columns
         where table_name = 'settings_groups' and column_name = 'guarantee_reminder_days'
       union all select 1 from information_schema.tables where table_name = 'record_numbers'`,
    );
    expect(left.rows).toEqual([]);
    await db.close();
  }, 120_000);
});
