// Re-indexing building insurance values (docs/domain/calculations.md, "Insurance values"), against a table worked by
// hand: the settings' own rule (2 %, to the franc, reduced value from 50 % wear), then the presets of Zurich (±5 %),
// Fribourg (2 %) and St. Gallen (every move, to CHF 100, the time value once the wear exceeds 50 %); the index's
// latest value up to this year; a dry run that writes nothing; a write undone as the undo stack does it (one bulk
// PATCH of the old values at the written versions); and the 401, 403, 404 and 422 paths.
// @both-databases: the write and its undo on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { post, today, workspace, type Ws } from './planning-support';

let env: TestEnv;
let a: Ws;
const Y = Number(today().slice(0, 4));
const uuids: Record<string, string> = {};
type Values = Record<string, string | null>;
type Item = {
  uuid: string;
  name: string;
  outcome: string;
  change_percent: string | null;
  reestimation_due: boolean;
  old: Values;
  new: Values;
};
type Reply = { data: Item[]; meta: { reindexed: number; indexes: Record<string, unknown>[] } };

const reindex = (body: Record<string, unknown>, client = a.client) =>
  client.post('/properties/reindex-insurance', body);
const ok = async (body: Record<string, unknown>) => {
  const res = await reindex(body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Reply>(res);
};
const byName = (reply: Reply) => Object.fromEntries(reply.data.map((d) => [d.name, d]));
const settings = async (values: Record<string, unknown>) => {
  const res = await a.client.patch(`/settings-groups/${a.settingsGroup}/model-settings/property`, values);
  expect(res.statusCode, res.body).toBe(200);
};
const money = (v: string | null | undefined) => (v == null ? null : Number(v).toFixed(2));
const read = async (name: string) => {
  const data = json<{ data: Values & { updated_at: string } }>(await a.client.get(`/properties/${uuids[name]}`)).data;
  return {
    new: money(data.insurance_value_new),
    current: money(data.insurance_value_current),
    reduced: money(data.insurance_value_reduced),
    base: data.insurance_index_base === null ? null : Number(data.insurance_index_base),
    updated_at: data.updated_at,
  };
};
const all = () => Object.values(uuids);

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  const make = async (name: string, body: Record<string, unknown>) => {
    const res = await post(a.client, '/properties', { settings_group_uuid: a.settingsGroup, name, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    uuids[name] = res.body.data.uuid;
  };
  // wear 40 %, index 100 → 106: +6 %
  await make('Seehof', {
    insurance_value_basic: '900000',
    insurance_value_new: '1000000',
    insurance_value_current: '600000',
    insurance_index_base: '100',
  });
  // wear 60 %, index 104 → 106: +1.92 %
  await make('Mühle', {
    insurance_value_new: '500000',
    insurance_value_current: '200000',
    insurance_index_base: '104',
  });
  await make('Ohne Basis', { insurance_value_new: '700000' });
  await make('Aktuell', { insurance_value_new: '300000', insurance_index_base: '106' });
  for (const [year, value] of [
    [Y - 2, '100'],
    [Y - 1, '104'],
    [Y, '106'],
    [Y + 1, '200'], // a later year is never used
  ] as const) {
    const res = await post(a.client, '/construction-cost-indexes', {
      settings_group_uuid: a.settingsGroup,
      series: 'Wohnbau',
      year,
      value,
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => env?.close());

describe('POST /properties/reindex-insurance', () => {
  it('names the missing series, then a series without a value up to this year', async () => {
    let res = await reindex({ uuids: all(), dry_run: true });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(res).errors)).toEqual(['insurance_index_series']);
    await settings({ insurance_index_series: 'Leer' });
    res = await reindex({ uuids: all(), dry_run: true });
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(res).errors.insurance_index_series![0]).toContain(String(Y));
    await settings({ insurance_index_series: 'wohnbau ' }); // the series as named in its values, case and spaces aside
  });

  it('previews by the settings’ own rule and writes nothing in a dry run', async () => {
    const before = await read('Seehof');
    const reply = await ok({ uuids: all(), dry_run: true });
    expect(reply.meta).toMatchObject({ reindexed: 1, indexes: [{ year: Y, threshold: 2, rounding: 1 }] });
    expect(Number(reply.meta.indexes[0]!.value)).toBe(106);
    const items = byName(reply);
    expect(items.Seehof).toMatchObject({ outcome: 'reindexed', change_percent: '6.00' });
    expect(items.Seehof!.new).toMatchObject({
      insurance_value_new: '1060000.00',
      insurance_value_current: '636000.00',
      insurance_value_reduced: null, // 40 % wear
    });
    expect(Number(items.Seehof!.new.insurance_index_base)).toBe(106);
    expect(items['Mühle']).toMatchObject({ outcome: 'below_threshold', change_percent: '1.92' });
    expect(items['Mühle']!.new).toEqual(items['Mühle']!.old);
    expect(items['Ohne Basis']).toMatchObject({ outcome: 'no_base', change_percent: null });
    expect(items.Aktuell).toMatchObject({ outcome: 'unchanged', change_percent: '0.00' });
    expect(await read('Seehof')).toEqual(before);
  });

  it('applies the presets: Zurich ±5 %, Fribourg 2 %, St. Gallen every move to CHF 100 with the time value', async () => {
    await settings({ insurance_preset: 'zurich', insurance_threshold: 20 }); // a preset's rule wins over the values
    let items = byName(await ok({ uuids: all(), dry_run: true }));
    expect(items.Seehof!.outcome).toBe('reindexed');
    expect(items['Mühle']!.outcome).toBe('below_threshold');
    await settings({ insurance_preset: 'fribourg' });
    items = byName(await ok({ uuids: all(), dry_run: true }));
    expect(items['Mühle']!.outcome).toBe('below_threshold'); // 1.92 % is not more than 2 %
    await settings({ insurance_preset: 'st_gallen' });
    items = byName(await ok({ uuids: all(), dry_run: true }));
    // 500,000 × 106 ÷ 104 = 509,615.38 → 509,600; 200,000 × 106 ÷ 104 = 203,846.15 → 203,800; wear 60 % > 50 %
    expect(items['Mühle']).toMatchObject({ outcome: 'reindexed' });
    expect(items['Mühle']!.new).toMatchObject({
      insurance_value_new: '509600.00',
      insurance_value_current: '203800.00',
      insurance_value_reduced: '203800.00',
    });
    // 1,060,000 and 636,000 are whole hundreds already
    expect(items.Seehof!.new).toMatchObject({
      insurance_value_new: '1060000.00',
      insurance_value_current: '636000.00',
    });
    // a preset unknown to the product is refused
    const res = await a.client.patch(`/settings-groups/${a.settingsGroup}/model-settings/property`, {
      insurance_preset: 'geneva',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(res).errors)).toEqual(['insurance_preset']);
  });

  it('marks the properties whose estimate is older than the settings group’s re-estimation cycle', async () => {
    let reply = await ok({ uuids: all(), dry_run: true });
    expect(reply.meta.indexes[0]).toMatchObject({ reestimation_years: 0 });
    expect(reply.data.map((d) => d.reestimation_due)).toEqual(reply.data.map(() => false)); // no cycle set
    for (const [name, day] of [
      ['Seehof', `${Y - 11}-01-15`], // due since last year
      ['Mühle', `${Y - 9}-01-15`], // due next year
    ] as const) {
      const res = await a.client.patch(`/properties/${uuids[name]}`, { insurance_estimated_on: day });
      expect(res.statusCode, res.body).toBe(200);
    }
    await settings({ insurance_reestimation_years: 10 });
    reply = await ok({ uuids: all(), dry_run: true });
    expect(reply.meta.indexes[0]).toMatchObject({ reestimation_years: 10 });
    const items = byName(reply);
    expect(items.Seehof!.reestimation_due).toBe(true);
    expect(items['Mühle']!.reestimation_due).toBe(false);
    expect(items['Ohne Basis']!.reestimation_due).toBe(true); // never estimated
    // the cycle says when to estimate anew; it changes nothing in the re-indexing
    expect(items.Seehof!.outcome).toBe('reindexed');
    const bad = await a.client.patch(`/settings-groups/${a.settingsGroup}/model-settings/property`, {
      insurance_reestimation_years: 51,
    });
    expect(bad.statusCode).toBe(422);
    await settings({ insurance_reestimation_years: 0 });
  });

  it('writes the new values as one step, and one bulk PATCH of the old values takes it back', async () => {
    const before = { seehof: await read('Seehof'), muehle: await read('Mühle') };
    const reply = await ok({ uuids: [uuids.Seehof, uuids['Mühle'], uuids.Aktuell] });
    expect(reply.meta.reindexed).toBe(2);
    expect(await read('Seehof')).toMatchObject({ new: '1060000.00', current: '636000.00', reduced: null, base: 106 });
    const muehle = await read('Mühle');
    expect(muehle).toMatchObject({ new: '509600.00', current: '203800.00', reduced: '203800.00', base: 106 });
    const written = reply.data.filter((d) => d.outcome === 'reindexed');
    expect(written.every((d) => typeof (d as { updated_at?: string }).updated_at === 'string')).toBe(true);
    // the undo stack's inverse: the old values, at the versions the write answered
    const undo = await a.client.patch('/properties', {
      rows: written.map((d) => ({ uuid: d.uuid, updated_at: (d as { updated_at?: string }).updated_at, ...d.old })),
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(json<{ meta: { updated: number } }>(undo).meta.updated).toBe(2);
    const { updated_at: _a, ...seehof } = await read('Seehof');
    const { updated_at: _b, ...was } = before.seehof;
    expect(seehof).toEqual(was);
    expect((await read('Mühle')).new).toBe(before.muehle.new);
  });

  it('answers 401, 404 and 403, and 422 for a bad body', async () => {
    expect((await reindex({ uuids: all() }, new Client(env.app))).statusCode).toBe(401);
    const stranger = await signedIn(env);
    expect((await reindex({ uuids: [uuids.Seehof] }, stranger.client)).statusCode).toBe(404);
    const other = await workspace(env);
    expect((await reindex({ uuids: [uuids.Seehof, other.property] })).statusCode).toBe(404);
    // a member of the settings group without the right to update its properties
    const member = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: a.settingsGroup, user_id: member.user.id, role: 'user' });
    const users = await post(a.client, '/user-groups', {
      settings_group_uuid: a.settingsGroup,
      name: 'Readers',
      member_uuids: [member.user.uuid],
    });
    const group = await post(a.client, '/permission-groups', {
      settings_group_uuid: a.settingsGroup,
      name: 'Properties, to read',
      rights: { property: ['view'] },
      user_group_uuids: [users.body.data.uuid],
    });
    expect(group.status, JSON.stringify(group.body)).toBeLessThan(300);
    expect((await member.client.get(`/properties/${uuids.Seehof}`)).statusCode).toBe(200);
    expect((await reindex({ uuids: [uuids.Seehof] }, member.client)).statusCode).toBe(403);
    for (const body of [{ uuids: [] }, { uuids: ['not-a-uuid'] }, { uuids: all(), dry_run: 'yes' }, {}]) {
      const res = await reindex(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});
