// A model's record settings in a settings group (docs/domain/fields.md, "Model settings"): a switched-off module's
// records answer as missing ones (list, get, update, delete, archive, actions, bulk) and a create or import into it is
// a 422, all back once it is switched on; a new record's default values (single create, bulk, import; refused when
// they do not fit); the fields a group requires beside the model's own (create, update, bulk, import); the default
// grid view (a shared view of the table in the group), which members read.
// @both-databases: the scope's subquery on the settings' jsonb and the defaults read back through each driver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, json, type TestEnv } from './harness';
import { memberOf, post, workspace, type Rec, type Ws } from './planning-support';
import { finished, upload, xlsx, type Job } from './workbooks';

let env: TestEnv;
let other: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  other = await workspace(env);
});
afterAll(async () => {
  await env.close();
});

type Reply = { data: Record<string, unknown>; errors?: Record<string, string[]>; message?: string };
const url = (ws: Ws, model = 'contract') => `/settings-groups/${ws.settingsGroup}/model-settings/${model}`;
const settings = async (ws: Ws, body: Record<string, unknown>) => ws.client.patch(url(ws), body);
const contract = (ws: Ws, body: Record<string, unknown> = {}) =>
  post(ws.client, '/contracts', { property_uuid: ws.property, title: 'Wartung Lift', ...body });
const errorKeys = (res: { body: string }) => Object.keys(json<Reply>(res as never).errors ?? {}).sort();

/** Uploads an xlsx of contracts (a header row, then `rows`) and validates it with the columns mapped in order. */
async function importContracts(ws: Ws, header: string[], rows: (string | number | null)[][]) {
  const up = await upload(ws.client, await xlsx({ Contracts: [header, ...rows] }), 'contracts.xlsx', 'contract');
  expect(up.statusCode).toBe(201);
  const job = json<{ data: Job }>(up).data;
  const body = {
    settings_group_uuid: ws.settingsGroup,
    mapping: Object.fromEntries(header.map((name, i) => [String(i), name])),
  };
  const validated = await ws.client.post(`/imports/${job.uuid}/validate`, body);
  const run = async () => {
    const res = await ws.client.post(`/imports/${job.uuid}/run`, body);
    return res.statusCode === 202 ? { res, job: await finished(ws.client, job.uuid) } : { res, job: null };
  };
  return { validated, run };
}

describe('a switched-off module', () => {
  it('hides its records from every route of the group, refuses creates and imports with a 422, and brings all back', async () => {
    const ws = await workspace(env);
    const kept = (await contract(ws, { notice_period: 3 })).body.data;
    const archived = (await contract(ws, { title: 'Reinigung' })).body.data;
    await ws.client.post(`/contracts/${archived.uuid}/archive`);
    const theirs = (await contract(other)).body.data;
    const m = await memberOf(env, ws);

    expect((await settings(ws, { enabled: false })).statusCode).toBe(200);
    const list = json<{ data: Rec[]; meta: { total: number } }>(await ws.client.get('/contracts?archived=all'));
    expect(list.data).toEqual([]);
    expect(list.meta.total).toBe(0);
    expect(json<{ data: Rec[] }>(await m.client.get('/contracts')).data).toEqual([]);
    // the search and the references' lookups leave them out as well
    expect(json<{ data: Rec[] }>(await ws.client.get('/contracts?search=Wartung')).data).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/contracts/${kept.uuid}`, undefined],
      ['PATCH', `/contracts/${kept.uuid}`, { title: 'Neu' }],
      ['DELETE', `/contracts/${kept.uuid}`, undefined],
      ['POST', `/contracts/${kept.uuid}/archive`, {}],
      ['POST', `/contracts/${archived.uuid}/restore`, {}],
      ['POST', `/contracts/${kept.uuid}/cancel`, { cancellation_date: '2030-01-01' }],
      ['GET', `/contracts/${kept.uuid}/facilities`, undefined],
    ] as const) {
      const res = await ws.client.request(method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // bulk writes treat them as foreign records
    const bulk = await ws.client.patch('/contracts', { rows: [{ uuid: kept.uuid, title: 'Neu' }] });
    expect(bulk.statusCode).toBe(404);
    expect((await ws.client.post('/contracts/bulk-archive', { rows: [{ uuid: kept.uuid }] })).statusCode).toBe(404);

    // a create naming the group: 422 on settings_group_uuid, also with other fields missing; bulk per row
    const refused = await contract(ws);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors!)).toEqual(['settings_group_uuid']);
    expect(refused.body.errors!.settings_group_uuid![0]).toMatch(/switched off/);
    expect(Object.keys((await post(ws.client, '/contracts', { property_uuid: ws.property })).body.errors!)).toEqual([
      'settings_group_uuid',
    ]);
    const rows = await ws.client.post('/contracts/bulk', {
      rows: [{ property_uuid: ws.property, title: 'A' }],
    });
    expect(rows.statusCode).toBe(422);
    expect(errorKeys(rows)).toEqual(['rows.0.settings_group_uuid']);
    // an import into it: 422 before anything is written
    const imported = await importContracts(ws, ['property_uuid', 'title'], [[ws.property, 'Import']]);
    expect(imported.validated.statusCode).toBe(422);
    expect(errorKeys(imported.validated)).toEqual(['settings_group_uuid']);
    const run = await imported.run();
    expect(run.res.statusCode).toBe(422);

    // another group's records and this group's other modules are not touched
    expect((await other.client.get(`/contracts/${theirs.uuid}`)).statusCode).toBe(200);
    expect((await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Lift' })).status).toBe(201);

    // switched on again: everything back, unchanged, and nothing was created meanwhile
    expect((await settings(ws, { enabled: true })).statusCode).toBe(200);
    const back = json<{ data: Rec }>(await ws.client.get(`/contracts/${kept.uuid}`)).data;
    expect(back).toMatchObject({ title: 'Wartung Lift', notice_period: 3, archived_at: null });
    expect(back.updated_at).toBe(kept.updated_at);
    const all = json<{ data: Rec[] }>(await ws.client.get('/contracts?archived=all')).data;
    expect(all.map((c) => c.title).sort()).toEqual(['Reinigung', 'Wartung Lift']);
    expect((await contract(ws)).status).toBe(201);
  });

  it('never switches off a superusers’ table, whose settings are not the group’s', async () => {
    const ws = await workspace(env);
    expect((await ws.client.patch(url(ws, 'license'), { enabled: false })).statusCode).toBe(404);
  });
});

describe('default values of new records', () => {
  it('fill what a create, a bulk create and an import leave out, before the write is validated', async () => {
    const ws = await workspace(env);
    const giver = (
      await post(ws.client, '/contacts', {
        settings_group_uuid: ws.settingsGroup,
        kind: 'organisation',
        organisation: 'Lift AG',
      })
    ).body.data.uuid;
    const res = await settings(ws, {
      default_values: {
        title: 'Vertrag',
        contract_type: 'maintenance',
        notice_period: 3,
        payment_interval: 'quarterly',
        auto_extend: true,
        contract_giver_uuid: giver,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // a member reads them (the new-record form starts with them)
    const m = await memberOf(env, ws);
    expect(json<Reply>(await m.client.get(url(ws))).data.default_values).toMatchObject({ notice_period: 3 });

    // a required field left out takes its default too (the create is validated after the defaults)
    const made = await post(ws.client, '/contracts', { property_uuid: ws.property });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({
      title: 'Vertrag',
      contract_type: 'maintenance',
      notice_period: 3,
      payment_interval: 'quarterly',
      auto_extend: true,
      contract_giver_uuid: giver,
    });
    // what the write gives wins, an explicit null too
    const own = await contract(ws, { notice_period: 6, payment_interval: null, contract_type: 'lease' });
    expect(own.body.data).toMatchObject({
      title: 'Wartung Lift',
      notice_period: 6,
      payment_interval: null,
      contract_type: 'lease',
    });
    // the defaults are the group's own: another group's create takes none
    expect((await contract(other)).body.data).toMatchObject({ notice_period: null, contract_type: 'service' });

    const bulk = json<{ data: Rec[] }>(
      await ws.client.post('/contracts/bulk', {
        rows: [{ property_uuid: ws.property }, { property_uuid: ws.property, notice_period: 1 }],
      }),
    ).data;
    expect(bulk.map((c) => [c.title, c.notice_period, c.payment_interval])).toEqual([
      ['Vertrag', 3, 'quarterly'],
      ['Vertrag', 1, 'quarterly'],
    ]);

    // an import: the columns it lacks and its empty cells take the defaults
    const imported = await importContracts(
      ws,
      ['property_uuid', 'title', 'notice_period'],
      [
        [ws.property, 'Importiert', null],
        [ws.property, null, 2],
      ],
    );
    expect(imported.validated.statusCode, imported.validated.body).toBe(200);
    expect(json<{ data: { counts: Record<string, number> } }>(imported.validated).data.counts).toMatchObject({
      create: 2,
      error: 0,
    });
    const { job } = await imported.run();
    expect(job!.status).toBe('done');
    const list = json<{ data: Rec[] }>(await ws.client.get('/contracts?filter[title]=Importiert')).data;
    expect(list[0]).toMatchObject({ notice_period: 3, payment_interval: 'quarterly', contract_type: 'maintenance' });
    const second = json<{ data: Rec[] }>(await ws.client.get('/contracts?filter[notice_period]=2')).data;
    expect(second.map((c) => c.title)).toEqual(['Vertrag']);
  });

  it('refuses values that do not fit their field, fields that take none and references outside the group', async () => {
    const ws = await workspace(env);
    const foreign = (
      await post(other.client, '/contacts', {
        settings_group_uuid: other.settingsGroup,
        kind: 'person',
        last_name: 'Fremd',
      })
    ).body.data.uuid;
    const bad: [Record<string, unknown>, string][] = [
      [{ notice_period: 500 }, 'default_values.notice_period'],
      [{ notice_period: 'drei' }, 'default_values.notice_period'],
      [{ payment_interval: 'weekly' }, 'default_values.payment_interval'],
      [{ contract_start_date: '2027-02-30' }, 'default_values.contract_start_date'],
      [{ amount: '12.345' }, 'default_values.amount'],
      [{ status: 'cancelled' }, 'default_values.status'],
      [{ number_internal: 'C-1' }, 'default_values.number_internal'],
      [{ nope: 1 }, 'default_values.nope'],
      [{ contract_giver_uuid: foreign }, 'default_values.contract_giver_uuid'],
      [{ contract_giver_uuid: crypto.randomUUID() }, 'default_values.contract_giver_uuid'],
    ];
    for (const [values, key] of bad) {
      const res = await settings(ws, { default_values: values, enabled: false });
      expect(res.statusCode, JSON.stringify(values)).toBe(422);
      expect(errorKeys(res), JSON.stringify(values)).toEqual([key]);
    }
    const labelled = json<Reply>(await settings(ws, { default_values: { notice_period: 500 } }));
    expect(labelled.errors!['default_values.notice_period']![0]).toMatch(/Notice period/i);
    // nothing of a refused change was kept
    expect(json<Reply>(await ws.client.get(url(ws))).data).toMatchObject({ enabled: true, default_values: {} });
  });
});

describe('fields a settings group requires', () => {
  it('refuse a create, an update emptying one, bulk rows and import rows lacking them, all in one reply', async () => {
    const ws = await workspace(env);
    const before = (await contract(ws)).body.data;
    expect((await settings(ws, { required_fields: ['contract_start_date', 'amount'] })).statusCode).toBe(200);

    const refused = await contract(ws);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors!).sort()).toEqual(['amount', 'contract_start_date']);
    expect(refused.body.errors!.amount![0]).toMatch(/required/);
    const blank = await contract(ws, { contract_start_date: '2027-01-01', amount: null });
    expect(Object.keys(blank.body.errors!)).toEqual(['amount']);
    const made = await contract(ws, { contract_start_date: '2027-01-01', amount: '1200.00' });
    expect(made.status).toBe(201);

    // a record saved before they were required keeps its other changes; an update emptying one is refused
    const old = await ws.client.patch(`/contracts/${before.uuid}`, { title: 'Neu' });
    expect(old.statusCode).toBe(200);
    const oldEmptied = await ws.client.patch(`/contracts/${before.uuid}`, { contract_start_date: null });
    expect(errorKeys(oldEmptied)).toEqual(['contract_start_date']);
    const emptied = await ws.client.patch(`/contracts/${made.body.data.uuid}`, { amount: null });
    expect(errorKeys(emptied)).toEqual(['amount']);
    expect((await ws.client.patch(`/contracts/${made.body.data.uuid}`, { title: 'Geändert' })).statusCode).toBe(200);

    // bulk: each row's own
    const bulk = await ws.client.post('/contracts/bulk', {
      rows: [
        { property_uuid: ws.property, title: 'A', contract_start_date: '2027-01-01', amount: '1.00' },
        { property_uuid: ws.property, title: 'B', amount: '1.00' },
      ],
    });
    expect(bulk.statusCode).toBe(422);
    expect(errorKeys(bulk)).toEqual(['rows.1.contract_start_date']);
    const bulkUpdate = await ws.client.patch('/contracts', {
      rows: [
        { uuid: before.uuid, notice_period: 2 },
        { uuid: made.body.data.uuid, amount: null },
      ],
    });
    expect(errorKeys(bulkUpdate)).toEqual(['rows.1.amount']);
    // a default fills a required field
    await settings(ws, { default_values: { amount: '10.00' } });
    expect((await contract(ws, { contract_start_date: '2027-01-01' })).status).toBe(201);

    // import: the row lacking one is an error of its own
    const imported = await importContracts(
      ws,
      ['property_uuid', 'title', 'contract_start_date'],
      [
        [ws.property, 'Mit Beginn', '2027-03-01'],
        [ws.property, 'Ohne Beginn', null],
      ],
    );
    const validation = json<{
      data: { counts: Record<string, number>; problems: { row: number; errors: Record<string, string[]> }[] };
    }>(imported.validated).data;
    expect(validation.counts).toMatchObject({ create: 1, error: 1 });
    expect(validation.problems.map((p) => [p.row, Object.keys(p.errors)])).toEqual([[3, ['contract_start_date']]]);

    // a field the model requires already, or one not written, is none to require
    for (const name of ['title', 'status', 'latest_cancellation_date'])
      expect((await settings(ws, { required_fields: [name] })).statusCode, name).toBe(422);
    // dropped again: a field may be emptied
    await settings(ws, { required_fields: [] });
    expect((await ws.client.patch(`/contracts/${made.body.data.uuid}`, { amount: null })).statusCode).toBe(200);
  });
});

describe('the default grid view', () => {
  const view = async (ws: Ws, body: Record<string, unknown>) =>
    (
      await post(ws.client, '/grid-views', {
        settings_group_uuid: ws.settingsGroup,
        table_name: 'contract',
        name: 'Offene Verträge',
        shared: true,
        query: { status_limiter: 'active' },
        ...body,
      })
    ).body.data.uuid;

  it('is a shared view of the model’s table in the group, which its members read', async () => {
    const ws = await workspace(env);
    const shared = await view(ws, {});
    const personal = await view(ws, { shared: false, name: 'Meine' });
    const facilities = await view(ws, { table_name: 'facility', name: 'Anlagen' });
    const foreign = await view(other, {});
    for (const uuid of [personal, facilities, foreign, crypto.randomUUID()]) {
      const res = await settings(ws, { default_view: uuid });
      expect(res.statusCode, uuid).toBe(422);
      expect(errorKeys(res)).toEqual(['default_view']);
    }
    expect((await settings(ws, { default_view: 'nope' })).statusCode).toBe(422);
    expect((await settings(ws, { default_view: shared })).statusCode).toBe(200);
    const m = await memberOf(env, ws);
    expect(json<Reply>(await m.client.get(url(ws))).data.default_view).toBe(shared);
    // a member may read but not change it
    expect((await m.client.patch(url(ws), { default_view: '' })).statusCode).toBe(403);
    // unshared later: it reads as set, and the grid opens it only while it is a shared view the user sees
    expect((await settings(ws, { default_view: '' })).statusCode).toBe(200);
    expect(json<Reply>(await m.client.get(url(ws))).data.default_view).toBe('');
  });
});
