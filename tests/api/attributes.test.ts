// Attributes (docs/domain/attributes.md): an admin adds fields to a model of a settings group; a record's values are
// checked by type (a 422 names `attributes.<key>`), defaulted on create, required on create and when cleared, merged
// on update; lists filter, sort (with a cursor) and search by them in SQL; members read the definitions, only admins
// write them; a key is a slug, never a field of the model, once per model among the live ones.
// @both-databases: jsonb comparison, the expression index and the cursor run in SQL on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, json, signedIn, type TestEnv } from './harness';
import { filterQuery, memberOf, post, workspace, type Rec, type Ws } from './planning-support';

let env: TestEnv;
let ws: Ws;
beforeAll(async () => {
  env = await createTestEnv();
  ws = await workspace(env);
});
afterAll(() => env.close());

const attribute = (body: Record<string, unknown>, w: Ws = ws) =>
  post(w.client, '/attributes', {
    settings_group_uuid: w.settingsGroup,
    labels: { 'en-us': String(body.key ?? 'x') },
    ...body,
  });
const facility = (body: Record<string, unknown>, w: Ws = ws) =>
  post(w.client, '/facilities', { property_uuid: w.property, name: 'Boiler', ...body });
const list = async (query: string, w: Ws = ws) => {
  const res = await w.client.get(`/facilities?${query}`);
  return {
    status: res.statusCode,
    body: json<{ data: Rec[]; meta: Record<string, unknown>; errors?: Record<string, string[]> }>(res),
  };
};
const names = (rows: Rec[]) => rows.map((r) => r.name);

describe('attribute definitions', () => {
  it('refuses a bad key, a field name, a select without options or with one twice, a default of another type', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await attribute({ model: 'facility', type: 'text', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.errors!)).toContain(field);
    };
    await bad({ key: 'Schlüssel nummer' }, 'key');
    await bad({ key: 'x'.repeat(200) }, 'key');
    await bad({ key: 'name' }, 'key'); // a facility's own field
    await bad({ key: 'uuid' }, 'key');
    await bad({ key: 'kind_of', type: 'select', options: [] }, 'options');
    await bad({ key: 'kind_of', type: 'select', options: [{ value: 'a' }, { value: 'a' }] }, 'options.1.value');
    await bad({ key: 'tags', type: 'text', options: [{ value: 'a' }] }, 'options');
    await bad({ key: 'count', type: 'int', default: 'many' }, 'default');
    await bad({ key: 'nolabel', labels: {} }, 'labels');
    const list = json<{ data: Rec[] }>(await ws.client.get('/attributes')).data;
    expect(list).toEqual([]); // nothing half written
  });

  it('keeps a key once per model among the live ones, the model and key fixed, and frees it when archived', async () => {
    const first = await attribute({ model: 'property', key: 'energy_class' });
    expect(first.status).toBe(201);
    expect((await attribute({ model: 'property', key: 'energy_class' })).status).toBe(422);
    expect((await attribute({ model: 'facility', key: 'energy_class' })).status).toBe(201); // another model
    const moved = await ws.client.patch(`/attributes/${first.body.data.uuid}`, { key: 'energy' });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(moved).errors)).toEqual(['key']);
    expect((await ws.client.post(`/attributes/${first.body.data.uuid}/archive`)).statusCode).toBe(200);
    const again = await attribute({ model: 'property', key: 'energy_class' });
    expect(again.status).toBe(201);
    // the archived one cannot come back while its key is taken
    expect((await ws.client.post(`/attributes/${first.body.data.uuid}/restore`)).statusCode).toBe(422);
  });

  it('lets members read the definitions and only admins write them', async () => {
    const member = await memberOf(env, ws);
    const defs = json<{ data: Rec[] }>(await member.client.get('/attribute-definitions?model=property')).data;
    expect(defs.map((d) => d.key)).toContain('energy_class');
    expect(
      (
        await member.client.post('/attributes', {
          settings_group_uuid: ws.settingsGroup,
          model: 'facility',
          key: 'x1',
          labels: { de: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await member.client.get(`/attributes/${String(defs[0]!.uuid)}`)).statusCode).toBe(403);
    const outsider = await signedIn(env);
    expect(
      (await outsider.client.get(`/attribute-definitions?settings_group_uuid=${ws.settingsGroup}`)).statusCode,
    ).toBe(404);
    expect((await env.app.inject({ method: 'GET', url: '/api/v1/attribute-definitions' })).statusCode).toBe(401);
  });
});

describe('attribute values on records', () => {
  let other: Ws;
  beforeAll(async () => {
    for (const body of [
      { key: 'key_no', type: 'text', searchable: true, labels: { de: 'Schlüsselnummer', 'en-us': 'Key number' } },
      { key: 'floors', type: 'int' },
      { key: 'cost', type: 'money' },
      { key: 'inspected', type: 'date' },
      { key: 'heated', type: 'bool', default: false },
      {
        key: 'cost_centre',
        type: 'select',
        searchable: true,
        options: [{ value: 'north', labels: { de: 'Nord' } }, { value: 'south' }, { value: 'east' }],
      },
      { key: 'zones', type: 'multi_select', options: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] },
    ])
      expect((await attribute({ model: 'facility', ...body })).status).toBe(201);
    other = await workspace(env);
  });

  it('checks each type and names the attribute; nothing is written', async () => {
    const res = await facility({
      attributes: {
        floors: 2.5,
        cost: '12.345',
        inspected: '2026-02-30',
        heated: 'yes',
        cost_centre: 'west',
        zones: ['a', 'z'],
        nope: 1,
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!).sort()).toEqual(
      [
        'attributes.cost',
        'attributes.cost_centre',
        'attributes.floors',
        'attributes.heated',
        'attributes.inspected',
        'attributes.nope',
        'attributes.zones',
      ].sort(),
    );
    expect((await list('filter[name]=Boiler')).body.meta.total).toBe(0);
  });

  it('stores typed values with defaults, merges an update, and refuses clearing a required one', async () => {
    const made = await facility({
      attributes: {
        key_no: 'K-12',
        floors: '3',
        cost: '1234.5',
        inspected: '2026-03-31',
        cost_centre: 'north',
        zones: ['c', 'a'],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.attributes).toEqual({
      key_no: 'K-12',
      floors: 3,
      cost: 1234.5,
      inspected: '2026-03-31',
      heated: false,
      cost_centre: 'north',
      zones: ['a', 'c'],
    });
    const patched = await ws.client.patch(`/facilities/${made.body.data.uuid}`, {
      attributes: { floors: null, heated: true },
    });
    expect(patched.statusCode).toBe(200);
    const attrs = json<{ data: Rec }>(patched).data.attributes as Record<string, unknown>;
    expect(attrs.floors).toBeUndefined();
    expect(attrs).toMatchObject({ key_no: 'K-12', heated: true, cost_centre: 'north' });

    const required = await attribute({ model: 'facility', key: 'cost_unit', type: 'text', required: true });
    expect(required.status).toBe(201);
    const missing = await facility({ name: 'Pump' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors!)).toEqual(['attributes.cost_unit']);
    // an update that leaves it out is fine; one that clears it is not
    expect((await ws.client.patch(`/facilities/${made.body.data.uuid}`, { name: 'Boiler 2' })).statusCode).toBe(200);
    const cleared = await ws.client.patch(`/facilities/${made.body.data.uuid}`, { attributes: { cost_unit: '' } });
    expect(cleared.statusCode).toBe(422);
    expect((await ws.client.delete(`/attributes/${required.body.data.uuid}`)).statusCode).toBe(200);
    // another settings group has no such attributes: its facilities take none
    const foreign = await facility({ attributes: { key_no: 'K-1' } }, other);
    expect(foreign.status).toBe(422);
  });

  it('filters, sorts with a cursor and searches by attributes in SQL', async () => {
    const rows = [
      { name: 'A1', attributes: { cost_centre: 'south', floors: 5, inspected: '2025-01-10', zones: ['b'] } },
      { name: 'A2', attributes: { cost_centre: 'north', floors: 1, inspected: '2026-06-01', key_no: 'Z-99' } },
      { name: 'A3', attributes: { cost_centre: 'east', floors: 12, inspected: '2024-12-31', zones: ['a', 'b'] } },
      { name: 'A4', attributes: { floors: 7 } },
    ];
    for (const r of rows) expect((await facility(r)).status).toBe(201);
    const q = (s: string) => list(`filter[name]=A&${s}`);
    expect(names((await q('sort_by=attributes.floors')).body.data)).toEqual(['A2', 'A1', 'A4', 'A3']);
    expect(names((await q('sort_by=attributes.floors&sort_descending=1')).body.data)).toEqual(['A3', 'A4', 'A1', 'A2']);
    // missing values last
    expect(names((await q('sort_by=attributes.cost_centre')).body.data)).toEqual(['A3', 'A2', 'A1', 'A4']);
    // the cursor pages on through the attribute's order
    const first = await q('sort_by=attributes.floors&per_page=2');
    expect(names(first.body.data)).toEqual(['A2', 'A1']);
    const next = await q(`sort_by=attributes.floors&per_page=2&cursor=${String(first.body.meta.next_cursor)}`);
    expect(names(next.body.data)).toEqual(['A4', 'A3']);
    const byCentre = await q('sort_by=attributes.cost_centre&per_page=2');
    const rest = await q(`sort_by=attributes.cost_centre&per_page=2&cursor=${String(byCentre.body.meta.next_cursor)}`);
    expect(names([...byCentre.body.data, ...rest.body.data])).toEqual(['A3', 'A2', 'A1', 'A4']);
    expect(Object.keys(first.body.data[0]!)).not.toContain('attributes.floors');

    const filtered = async (filter: Record<string, unknown>) => names((await q(filterQuery(filter))).body.data).sort();
    expect(await filtered({ 'attributes.cost_centre': ['north', 'east'] })).toEqual(['A2', 'A3']);
    expect(await filtered({ 'attributes.floors': { from: '5', to: '10' } })).toEqual(['A1', 'A4']);
    expect(await filtered({ 'attributes.floors': '12' })).toEqual(['A3']);
    expect(await filtered({ 'attributes.inspected': { from: '2025-01-01' } })).toEqual(['A1', 'A2']);
    expect(await filtered({ 'attributes.zones': ['a'] })).toEqual(['A3']);
    expect(await filtered({ 'attributes.key_no': 'z-9' })).toEqual(['A2']);
    expect(names((await list('search=z-99')).body.data)).toEqual(['A2']);
    expect(names((await list('search=south')).body.data)).toEqual(['A1']);

    const unknown = await q('filter[attributes.nothing]=1');
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors!)).toEqual(['filter.attributes.nothing']);
    expect((await q('filter[attributes.floors]=many')).status).toBe(422);
    expect((await q('sort_by=attributes.nothing')).status).toBe(422);
    expect((await q('sort_by=attributes.Bad Key')).status).toBe(422);
    const forged = Buffer.from(JSON.stringify({ v: { x: 1 }, u: crypto.randomUUID() })).toString('base64url');
    expect((await q(`sort_by=attributes.floors&cursor=${forged}`)).status).toBe(422);
    // another settings group does not know the key
    expect((await list('filter[attributes.floors]=1', other)).status).toBe(422);
  });

  it('exports attribute columns headed by their labels, in the attribute order, filtered by one', async () => {
    const res = await ws.client.get(
      `/facilities/export?format=csv&columns=name,attributes.cost_centre,attributes.floors,attributes.zones&sort_by=attributes.floors&${filterQuery({ name: 'A', 'attributes.floors': { from: '1' } })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    // the record's uuid closes each line (docs/spreadsheet-api.md, "Export")
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((l) => l.replace(/;[0-9a-f-]{36}$/, ''));
    expect(lines[0]).toBe('Name;cost_centre;floors;zones;uuid');
    expect(lines.slice(1)).toEqual(['A2;Nord;1;', 'A1;south;5;b', 'A4;;7;', 'A3;east;12;"a; b"']);
    // every column of the model and then its attributes (in their order: sort order, then key) when none are named
    const all = await ws.client.get('/facilities/export?format=csv&filter[name]=A4');
    const header = all.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header.endsWith(';Status;cost;cost_centre;energy_class;floors;heated;inspected;Key number;zones;uuid')).toBe(
      true,
    );
  });
});
