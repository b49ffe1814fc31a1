// Access rules and restricted access (docs/domain/permissions.md, "Access rules", "Restricted access"): a rule
// hides the records its filters match from members outside its user groups in every read path (list, count, read,
// search, export, calendar, bulk writes, import matches); restricted access shows members only the properties of
// their user groups and what is under them. Filters are checked against the model's list filters (422); the routes
// are admins' (403 for members, 404 outside, 401 signed out).
// @both-databases: the rules' trigger and, on PostgreSQL, a rule change racing a write.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { compileAllRuleMatches } from '../../server/services/access-rule-matches';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Rec, type Ws, memberOf } from './planning-support';
import { finished, upload, xlsx } from './workbooks';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-access-rules-'));
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ dataDir });
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Errors = { errors: Record<string, string[]> };

const member = (ws: Ws) => memberOf(env, ws);

/** A workspace with a lease and a service contract, an outsider and an insider (in the rule's user group). */
async function setup() {
  const ws = await workspace(env);
  const outsider = await member(ws);
  const insider = await member(ws);
  const group = await post(ws.client, '/user-groups', {
    settings_group_uuid: ws.settingsGroup,
    name: 'Leases',
    member_uuids: [insider.user.uuid],
  });
  expect(group.status).toBe(201);
  const end = addDays(today(), 10);
  const lease = await post(ws.client, '/contracts', {
    property_uuid: ws.property,
    title: 'Mietvertrag Laden',
    contract_type: 'lease',
    contract_end_date: end,
  });
  expect(lease.status, JSON.stringify(lease.body)).toBe(201);
  const service = await post(ws.client, '/contracts', {
    property_uuid: ws.property,
    title: 'Wartung Lift',
    contract_type: 'service',
    contract_end_date: end,
  });
  return { ws, outsider, insider, group: group.body.data, lease: lease.body.data, service: service.body.data };
}

async function leaseRule(ws: Ws, userGroup: string) {
  const filter = await post(ws.client, '/filters', {
    settings_group_uuid: ws.settingsGroup,
    name: 'Leases',
    model: 'contract',
    filter: { contract_type: ['lease'] },
  });
  expect(filter.status, JSON.stringify(filter.body)).toBe(201);
  const rule = await post(ws.client, '/access-rules', {
    settings_group_uuid: ws.settingsGroup,
    name: 'Leases for the lease team',
    model: 'contract',
    filter_uuids: [filter.body.data.uuid],
    user_group_uuids: [userGroup],
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);
  return { filter: filter.body.data, rule: rule.body.data };
}

const titles = async (c: Client, url: string) => {
  const res = json<{ data: Rec[]; meta: { total: number } }>(await c.get(url));
  return { titles: res.data.map((r) => r.title as string).sort(), total: res.meta.total };
};

describe('access rules', () => {
  it('hide the matched records from members outside the rule’s user groups everywhere', async () => {
    const { ws, outsider, insider, group, lease, service } = await setup();
    await leaseRule(ws, group.uuid);
    const c = outsider.client;
    // list, count, read, search
    expect(await titles(c, '/contracts')).toEqual({ titles: ['Wartung Lift'], total: 1 });
    const hidden = await c.get(`/contracts/${lease.uuid}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe((await c.get('/contracts/00000000-0000-4000-8000-000000000000')).body);
    expect((await titles(c, '/contracts?search=miet')).total).toBe(0);
    expect((await titles(c, '/contracts?filter[contract_type]=lease')).total).toBe(0);
    // export
    const csv = await c.get('/contracts/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Wartung Lift');
    expect(csv.body).not.toContain('Mietvertrag');
    // the calendar
    const q = `from=${today()}&to=${addDays(today(), 30)}`;
    const events = json<{ data: Rec[] }>(await c.get(`/calendar/events?${q}`)).data.map((e) => e.uuid);
    expect(events).toContain(service.uuid);
    expect(events).not.toContain(lease.uuid);
    // a bulk update naming the hidden record fails as a foreign uuid does, and changes nothing
    const bulk = await c.patch('/contracts', {
      rows: [
        { uuid: service.uuid, title: 'Wartung Lift 2' },
        { uuid: lease.uuid, title: 'Taken' },
      ],
    });
    expect(bulk.statusCode).toBe(404);
    expect((await c.post('/contracts/bulk-archive', { rows: [{ uuid: lease.uuid }] })).statusCode).toBe(404);
    // an import update matching the hidden uuid cannot reach it
    const file = await xlsx({
      Contracts: [
        ['uuid', 'title'],
        [lease.uuid, 'Imported'],
      ],
    });
    const up = await upload(c, file, 'contracts.xlsx', 'contract');
    expect(up.statusCode).toBe(201);
    const job = json<{ data: { uuid: string } }>(up).data;
    const body = { settings_group_uuid: ws.settingsGroup, mapping: { '0': 'uuid', '1': 'title' }, mode: 'upsert' };
    const validated = json<{ data: { counts: Record<string, number> } }>(
      await c.post(`/imports/${job.uuid}/validate`, body),
    ).data;
    expect(validated.counts).toMatchObject({ update: 0, create: 0, error: 1 });
    expect((await c.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
    await finished(c, job.uuid);
    const stored = json<{ data: Rec }>(await ws.client.get(`/contracts/${lease.uuid}`)).data;
    expect(stored.title).toBe('Mietvertrag Laden');
    // the insider and the admin see it
    expect(await titles(insider.client, '/contracts')).toEqual({
      titles: ['Mietvertrag Laden', 'Wartung Lift'],
      total: 2,
    });
    expect((await insider.client.get(`/contracts/${lease.uuid}`)).statusCode).toBe(200);
    const insiderEvents = json<{ data: Rec[] }>(await insider.client.get(`/calendar/events?${q}`)).data;
    expect(insiderEvents.map((e) => e.uuid)).toContain(lease.uuid);
    expect((await titles(ws.client, '/contracts')).total).toBe(2);
    expect((await ws.client.get('/contracts/export?format=csv')).body).toContain('Mietvertrag');
  });

  it('match a record any of their filters matches, follow a change at once, and take an own filter', async () => {
    const { ws, outsider, group } = await setup();
    const { rule } = await leaseRule(ws, group.uuid);
    const other = await post(ws.client, '/filters', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Lift',
      model: 'contract',
      filter: { title: { contains: 'LIFT' } },
    });
    expect(other.status).toBe(201);
    expect(other.body.data.filter).toEqual({ title: 'LIFT' });
    const both = await ws.client.patch(`/access-rules/${rule.uuid}`, {
      filter_uuids: [(rule.filter_uuids as string[])[0], other.body.data.uuid],
    });
    expect(both.statusCode).toBe(200);
    expect((await titles(outsider.client, '/contracts')).total).toBe(0);
    // an own filter instead of stored ones
    await ws.client.patch(`/access-rules/${rule.uuid}`, { filter_uuids: [], filter: { title: 'laden' } });
    expect((await titles(outsider.client, '/contracts')).titles).toEqual(['Wartung Lift']);
    // the outsider joins the group: everything shows
    await ws.client.patch(`/user-groups/${group.uuid}`, { member_uuids: [outsider.user.uuid] });
    expect((await titles(outsider.client, '/contracts')).total).toBe(2);
    expect((await ws.client.delete(`/access-rules/${rule.uuid}`)).statusCode).toBe(200);
    // a filter on a field left empty does not match the record
    await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Heizung' });
    await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Lift', manufacturer: 'Schindler' });
    await post(ws.client, '/access-rules', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Schindler',
      model: 'facility',
      filter: { manufacturer: 'schind' },
      user_group_uuids: [],
    });
    const names = json<{ data: Rec[] }>(await outsider.client.get('/facilities')).data.map((f) => f.name);
    expect(names).toEqual(['Heizung']);
    expect((await ws.client.get(`/access-rules/${rule.uuid}`)).statusCode).toBe(404);
  });
});

describe('the rules each record matches', () => {
  it('are kept as records, rules and stored filters change, for values with quotes and placeholders', async () => {
    const { ws, outsider, group } = await setup();
    const names = async () =>
      json<{ data: Rec[] }>(await outsider.client.get('/facilities?sort_by=name'))
        .data.map((f) => f.name)
        .join(',');
    const filter = await post(ws.client, '/filters', {
      settings_group_uuid: ws.settingsGroup,
      name: "O'Brien",
      model: 'facility',
      filter: { manufacturer: "o'bri" },
    });
    expect(filter.status).toBe(201);
    await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Heizung', manufacturer: "O'Brien AG" });
    const rule = await post(ws.client, '/access-rules', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Hidden makers',
      model: 'facility',
      filter_uuids: [filter.body.data.uuid],
      filter: { name: '$1 50%' },
      user_group_uuids: [group.uuid],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    expect(await names()).toBe(''); // matched when the rule was made
    const lift = await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Lift', manufacturer: 'x' });
    const odd = await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Pumpe $1 50% B' });
    expect(await names()).toBe('Lift'); // records written later are matched as they are written
    const moved = await ws.client.patch(`/facilities/${lift.body.data.uuid}`, { manufacturer: "o'brien" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await names()).toBe('');
    // the stored filter changes: what it matched shows, what it matches now hides
    const changed = await ws.client.patch(`/filters/${filter.body.data.uuid}`, { filter: { manufacturer: 'ag' } });
    expect(changed.statusCode).toBe(200);
    expect(await names()).toBe('Lift');
    expect(json<{ data: Rec[] }>(await outsider.client.get(`/facilities?search=pumpe`)).data).toEqual([]);
    // the rule's own filter removed and the stored one deleted: a rule without a filter matches every record
    await ws.client.patch(`/access-rules/${rule.body.data.uuid}`, { filter: null });
    expect(await names()).toBe('Lift,Pumpe $1 50% B');
    expect((await ws.client.delete(`/filters/${filter.body.data.uuid}`)).statusCode).toBe(200);
    expect(await names()).toBe('');
    expect((await ws.client.delete(`/access-rules/${rule.body.data.uuid}`)).statusCode).toBe(200);
    expect(await names()).toBe('Heizung,Lift,Pumpe $1 50% B');
    expect(odd.status).toBe(201);
  });

  it('are compiled on start where a database lacks them, a range of records at a time', async () => {
    const { ws, outsider, group } = await setup();
    for (const name of ['Lift A', 'Pumpe', 'Lift B', 'Lift C', 'Heizung'])
      expect((await post(ws.client, '/facilities', { property_uuid: ws.property, name })).status).toBe(201);
    await post(ws.client, '/access-rules', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Lifts',
      model: 'facility',
      filter: { name: 'lift' },
      user_group_uuids: [group.uuid],
    });
    const seen = async () =>
      json<{ data: Rec[] }>(await outsider.client.get('/facilities?sort_by=name'))
        .data.map((f) => f.name)
        .join(',');
    expect(await seen()).toBe('Heizung,Pumpe');
    // a database from before the rules were kept per record: no compiled statement, no matches
    const { db } = env.database;
    await db.execute(sql`delete from access_rule_checks where settings_group_uuid = ${ws.settingsGroup}`);
    await db.execute(sql`update facilities set name = name where settings_group_uuid = ${ws.settingsGroup}`);
    expect(await seen()).toBe('Heizung,Lift A,Lift B,Lift C,Pumpe');
    await compileAllRuleMatches(db, { chunk: 2 });
    expect(await seen()).toBe('Heizung,Pumpe');
  });

  it('leave a hidden property’s area out of its counter’s consumption per m²', async () => {
    const { ws, outsider } = await setup();
    await ws.client.patch(`/properties/${ws.property}`, { energy_reference_area: '250' });
    const counter = await post(ws.client, '/counters', {
      property_uuid: ws.property,
      counter_id: 'E-1',
      name: 'Strom',
    });
    expect(counter.status, JSON.stringify(counter.body)).toBe(201);
    const url = `/counters/${String(counter.body.data.uuid)}/consumption?period=month`;
    const area = async (c: Client) => json<{ meta: { energy_reference_area: string | null } }>(await c.get(url)).meta;
    expect((await area(outsider.client)).energy_reference_area).toBe('250.00');
    await post(ws.client, '/access-rules', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Properties',
      model: 'property',
      user_group_uuids: [],
    });
    expect((await area(outsider.client)).energy_reference_area).toBeNull();
    expect((await area(ws.client)).energy_reference_area).toBe('250.00');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'wait for a write in flight when a rule changes, so that its record is matched too',
    async () => {
      const { ws, outsider } = await setup();
      let inserted!: () => void;
      const insertedNow = new Promise<void>((r) => (inserted = r));
      let commit!: () => void;
      const committed = new Promise<void>((r) => (commit = r));
      const writing = env.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into facilities (settings_group_uuid, property_uuid, name)
          values (${ws.settingsGroup}, ${ws.property}, 'Lift in flight')`);
        inserted();
        await committed;
      });
      await insertedNow;
      let answered = false;
      const rule = post(ws.client, '/access-rules', {
        settings_group_uuid: ws.settingsGroup,
        name: 'Lifts',
        model: 'facility',
        filter: { name: 'lift' },
        user_group_uuids: [],
      }).then((r) => ((answered = true), r));
      await new Promise((r) => setTimeout(r, 500));
      expect(answered).toBe(false); // the rule change waits for the write to commit
      commit();
      await writing;
      expect((await rule).status).toBe(201);
      const names = json<{ data: Rec[] }>(await outsider.client.get('/facilities')).data.map((f) => f.name);
      expect(names).toEqual([]);
    },
  );

  it('are kept by a trigger on a model’s table from its first rule on, dropped on start when none is left', async () => {
    const { ws, outsider, group } = await setup();
    const triggers = async () => {
      const rows = (await env.database.db.execute(
        sql`select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname = c.relname || '_access_rules' and not t.tgisinternal`,
      )) as unknown as { rows?: { table: string }[] } & { table: string }[];
      return (rows.rows ?? rows).map((r) => r.table);
    };
    expect(await triggers()).not.toContain('units'); // no rule on units yet: their writes run no trigger
    const unit = await post(ws.client, '/units', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Stück',
      symbol: 'St',
    });
    expect(unit.status, JSON.stringify(unit.body)).toBe(201);
    const rule = await post(ws.client, '/access-rules', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Units',
      model: 'unit',
      filter: { name: 'stück' },
      user_group_uuids: [group.uuid],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    expect(await triggers()).toContain('units');
    const seen = async () => json<{ data: Rec[] }>(await outsider.client.get('/units')).data.map((u) => u.name);
    expect(await seen()).not.toContain('Stück');
    await post(ws.client, '/units', { settings_group_uuid: ws.settingsGroup, name: 'Stückgut', symbol: 'Sg' });
    expect(await seen()).not.toContain('Stückgut'); // matched by the trigger as it is written
    expect((await ws.client.delete(`/access-rules/${rule.body.data.uuid}`)).statusCode).toBe(200);
    expect(await seen()).toEqual(expect.arrayContaining(['Stück', 'Stückgut']));
    await compileAllRuleMatches(env.database.db);
    expect(await triggers()).not.toContain('units');
    expect(await triggers()).toContain('facilities'); // other tests' rules on facilities are still there
  });
});

describe('restricted access', () => {
  it('shows members only the properties of their user groups and the records under them', async () => {
    const { ws, outsider, insider, group } = await setup();
    const second = await post(ws.client, '/properties', { settings_group_uuid: ws.settingsGroup, name: 'Bergweg 2' });
    await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Heizung' });
    await post(ws.client, '/facilities', { property_uuid: second.body.data.uuid, name: 'Lift' });
    const patched = await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, { restricted_access: true });
    expect(patched.statusCode).toBe(200);
    expect(json<{ data: { restricted_access: boolean } }>(patched).data.restricted_access).toBe(true);
    const put = await ws.client.put(`/properties/${ws.property}/user-groups`, { user_group_uuids: [group.uuid] });
    expect(put.statusCode).toBe(200);
    expect(json<{ data: { user_group_uuids: string[] } }>(put).data.user_group_uuids).toEqual([group.uuid]);
    const names = async (c: Client, url: string) =>
      json<{ data: Rec[] }>(await c.get(url))
        .data.map((r) => (r.name ?? r.title) as string)
        .sort();
    expect(await names(insider.client, '/properties')).toEqual(['Seestrasse 1']);
    expect(await names(insider.client, '/facilities')).toEqual(['Heizung']);
    expect((await insider.client.get(`/properties/${second.body.data.uuid}`)).statusCode).toBe(404);
    expect(await names(outsider.client, '/properties')).toEqual([]);
    expect(await names(outsider.client, '/facilities')).toEqual([]);
    expect(await names(ws.client, '/properties')).toEqual(['Bergweg 2', 'Seestrasse 1']);
    expect(await names(ws.client, '/facilities')).toEqual(['Heizung', 'Lift']);
    // a new record under a property one cannot see is refused as for a missing property
    const refused = await post(insider.client, '/facilities', { property_uuid: second.body.data.uuid, name: 'X' });
    expect(refused.status).toBe(422);
    // lifting the restriction shows everything again
    await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, { restricted_access: false });
    expect(await names(outsider.client, '/properties')).toEqual(['Bergweg 2', 'Seestrasse 1']);
  });
});

describe('bad input and who may', () => {
  it('refuses unknown or non-filterable fields, unknown models and filters of another model (422)', async () => {
    const { ws, group } = await setup();
    const base = { settings_group_uuid: ws.settingsGroup, name: 'F' };
    const unknown = await ws.client.post('/filters', { ...base, model: 'contract', filter: { nope: 'x' } });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(unknown).errors)).toEqual(['filter.nope']);
    const computed = await ws.client.post('/filters', {
      ...base,
      model: 'facility',
      filter: { remaining_lifetime: 3 },
    });
    expect(computed.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(computed).errors)).toEqual(['filter.remaining_lifetime']);
    const badValue = await ws.client.post('/filters', { ...base, model: 'contract', filter: { contract_type: 'x' } });
    expect(Object.keys(json<Errors>(badValue).errors)).toEqual(['filter.contract_type']);
    const model = await ws.client.post('/filters', { ...base, model: 'spaceship', filter: {} });
    expect(model.statusCode).toBe(422);
    expect(json<Errors>(model).errors.model).toBeDefined();
    const facilities = await post(ws.client, '/filters', { ...base, model: 'facility', filter: { name: 'Lift' } });
    expect(facilities.status).toBe(201);
    const mixed = await ws.client.post('/access-rules', {
      ...base,
      model: 'contract',
      filter_uuids: [facilities.body.data.uuid],
      user_group_uuids: [group.uuid],
    });
    expect(mixed.statusCode).toBe(422);
    expect(json<Errors>(mixed).errors.filter_uuids).toBeDefined();
    const ownBad = await ws.client.post('/access-rules', {
      ...base,
      model: 'contract',
      filter: { remaining_lifetime: 1 },
      user_group_uuids: [group.uuid],
    });
    expect(Object.keys(json<Errors>(ownBad).errors)).toEqual(['filter.remaining_lifetime']);
    expect(json<{ data: Rec[] }>(await ws.client.get('/access-rules')).data).toEqual([]);
  });

  it('answers 401 signed out, 403 for members and 404 outside the settings group', async () => {
    const { ws, outsider, group } = await setup();
    const { filter, rule } = await leaseRule(ws, group.uuid);
    const stranger = await signedIn(env);
    const anonymous = new Client(env.app);
    const routes = [
      ['get', `/filters/${filter.uuid}`],
      ['patch', `/filters/${filter.uuid}`],
      ['delete', `/filters/${filter.uuid}`],
      ['get', `/access-rules/${rule.uuid}`],
      ['patch', `/access-rules/${rule.uuid}`],
      ['delete', `/access-rules/${rule.uuid}`],
      ['get', `/properties/${ws.property}/user-groups`],
      ['put', `/properties/${ws.property}/user-groups`],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'put' ? { user_group_uuids: [] } : method === 'patch' ? { name: 'X' } : undefined;
      const call = (c: Client) => (body ? c[method as 'put'](url, body) : c[method as 'get'](url));
      expect((await call(anonymous)).statusCode, url).toBe(401);
      expect((await call(outsider.client)).statusCode, url).toBe(403);
      expect((await call(stranger.client)).statusCode, url).toBe(404);
    }
    const create = { settings_group_uuid: ws.settingsGroup, name: 'X', model: 'contract', filter: {} };
    expect((await outsider.client.post('/filters', create)).statusCode).toBe(403);
    expect((await stranger.client.post('/filters', create)).statusCode).toBe(404);
    expect((await anonymous.post('/filters', create)).statusCode).toBe(401);
    expect((await outsider.client.get(`/access-rules?settings_group_uuid=${ws.settingsGroup}`)).statusCode).toBe(403);
    expect(json<{ data: Rec[] }>(await stranger.client.get('/access-rules')).data).toEqual([]);
    expect(json<{ data: Rec[] }>(await ws.client.get('/filters')).data.map((f) => f.uuid)).toEqual([filter.uuid]);
    expect((await ws.client.delete(`/filters/${filter.uuid}`)).statusCode).toBe(200);
    expect(json<{ data: Rec }>(await ws.client.get(`/access-rules/${rule.uuid}`)).data.filter_uuids).toEqual([]);
  });
});
