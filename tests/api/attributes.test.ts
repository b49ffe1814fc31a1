// Attributes (docs/domain/attributes.md): an admin adds fields to a model of a settings group; a record's values are
// checked by type (a 422 names `attributes.<key>`), defaulted on create, required on create and when cleared, merged
// on update; lists filter, sort (with a cursor) and search by them in SQL; members read the definitions, only admins
// write them; a key is a slug, never a field of the model, once per model among the live ones.
// @both-databases: jsonb comparison, the expression index and the cursor run in SQL on each database.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, json, signedIn, type TestEnv } from './harness';
import { filterQuery, memberOf, post, workspace, type Rec, type Ws } from './planning-support';
import { finished, upload, xlsx, type Cell, type Job } from './workbooks';
import { eq, sql } from 'drizzle-orm';
import { jobRuns } from '../../server/db/schema';
import { jobs } from '../../server/jobs/jobs';
import { runJobIfDue } from '../../server/jobs/scheduler';

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

describe('attribute columns in imports', () => {
  let w: Ws;
  beforeAll(async () => {
    w = await workspace(env);
    for (const body of [
      { key: 'key_no', type: 'text', labels: { de: 'Schlüsselnummer', 'en-us': 'Key number' } },
      {
        key: 'cost_centre',
        type: 'select',
        required: true,
        labels: { de: 'Kostenstelle', 'en-us': 'Cost centre' },
        options: [{ value: 'north', labels: { de: 'Nord', 'en-us': 'North' } }, { value: 'south' }],
      },
      { key: 'zones', type: 'multi_select', options: [{ value: 'a', labels: { de: 'Zone A' } }, { value: 'b' }] },
      { key: 'floors', type: 'int', default: 1 },
      { key: 'inspected', type: 'date' },
    ])
      expect((await attribute({ model: 'facility', ...body }, w)).status).toBe(201);
  });

  /** Uploads a workbook of facilities; its preview's headers and suggested mapping, and a validate/run body. */
  async function uploaded(rows: Cell[][]) {
    const file = await xlsx({ Facilities: rows });
    const job = json<{ data: Job }>(await upload(w.client, file, 'facilities.xlsx', 'facility')).data;
    const preview = json<{ data: { suggested_mapping: Record<string, string> } }>(
      await w.client.get(`/imports/${job.uuid}/preview`),
    ).data;
    return { job, mapping: preview.suggested_mapping };
  }
  const HEADERS = ['Name', 'Property', 'Schlüsselnummer', 'Cost centre', 'zones', 'Floors', 'inspected'];
  type Validation = { counts: Record<string, number>; problems: { row: number; errors: Record<string, string[]> }[] };

  it('maps columns by an attribute label in any language, checks each cell by its type, and names the attribute', async () => {
    const { job, mapping } = await uploaded([
      HEADERS,
      ['Boiler 1', 'Seestrasse 1', 'K-12', 'Nord', 'Zone A; b', 3, new Date(Date.UTC(2026, 11, 31))],
      ['Boiler 2', 'Seestrasse 1', 'K-13', 'south', null, null, null],
      ['Boiler 3', 'Seestrasse 1', 'K-14', 'west', 'c', 'many', null],
      ['Boiler 4', 'Seestrasse 1', null, null, null, null, null],
    ]);
    expect(mapping).toEqual({
      '0': 'name',
      '1': 'property_uuid',
      '2': 'attributes.key_no',
      '3': 'attributes.cost_centre',
      '4': 'attributes.zones',
      '5': 'attributes.floors',
      '6': 'attributes.inspected',
    });
    const body = { settings_group_uuid: w.settingsGroup, mapping };
    const validated = await w.client.post(`/imports/${job.uuid}/validate`, body);
    expect(validated.statusCode, validated.body).toBe(200);
    const v = json<{ data: Validation }>(validated).data;
    expect(v.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 2 });
    const byRow = Object.fromEntries(v.problems.map((p) => [p.row, p.errors]));
    expect(Object.keys(byRow[4]!).sort()).toEqual(['attributes.cost_centre', 'attributes.floors', 'attributes.zones']);
    expect(byRow[4]!['attributes.cost_centre']![0]).toContain('west');
    // a required attribute the row leaves empty, named by its label
    expect(Object.keys(byRow[5]!)).toEqual(['attributes.cost_centre']);
    expect(byRow[5]!['attributes.cost_centre']![0]).toMatch(/Cost centre/);

    expect((await w.client.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
    expect((await finished(w.client, job.uuid)).counts).toMatchObject({ created: 2, failed: 2 });
    const made = await list(`filter[name]=Boiler&sort_by=name`, w);
    expect(made.body.data.map((r) => [r.name, r.attributes])).toEqual([
      ['Boiler 1', { key_no: 'K-12', cost_centre: 'north', zones: ['a', 'b'], floors: 3, inspected: '2026-12-31' }],
      // the default of an attribute the row leaves empty
      ['Boiler 2', { key_no: 'K-13', cost_centre: 'south', floors: 1 }],
    ]);
  });

  it('re-imports its own export unchanged, then updates the one changed attribute and keeps the others', async () => {
    const exported = await w.client.get(
      '/facilities/export?format=xlsx&columns=name,attributes.key_no,attributes.cost_centre,attributes.zones&filter[name]=Boiler&sort_by=name',
    );
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as never);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as Cell[]).slice(1);
    expect(header).toEqual(['Name', 'Key number', 'Cost centre', 'zones', 'uuid']);
    const rows = [header, ...[2, 3].map((n) => (sheet.getRow(n).values as Cell[]).slice(1))];
    expect(rows[1]!.slice(0, 4)).toEqual(['Boiler 1', 'K-12', 'North', 'Zone A; b']);

    const same = await uploaded(rows);
    const body = { settings_group_uuid: w.settingsGroup, mapping: same.mapping, mode: 'update', match_key: 'uuid' };
    const unchanged = json<{ data: Validation }>(await w.client.post(`/imports/${same.job.uuid}/validate`, body)).data;
    expect(unchanged.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });

    rows[1]![2] = 'south';
    rows[1]![3] = null;
    const changed = await uploaded(rows);
    const body2 = { ...body, mapping: changed.mapping };
    const v = json<{ data: Validation }>(await w.client.post(`/imports/${changed.job.uuid}/validate`, body2)).data;
    expect(v.counts).toEqual({ create: 0, update: 1, unchanged: 1, error: 0 });
    expect((await w.client.post(`/imports/${changed.job.uuid}/run`, body2)).statusCode).toBe(202);
    expect((await finished(w.client, changed.job.uuid)).counts).toMatchObject({ updated: 1, skipped: 1 });
    const after = await list('filter[name]=Boiler 1', w);
    expect(after.body.data[0]!.attributes).toEqual({
      key_no: 'K-12',
      cost_centre: 'south',
      floors: 3,
      inspected: '2026-12-31',
    });
  });

  it('refuses a column mapped to an attribute the settings group does not have', async () => {
    const { job } = await uploaded([
      ['Name', 'x'],
      ['Boiler 9', 'y'],
    ]);
    const res = await w.client.post(`/imports/${job.uuid}/validate`, {
      settings_group_uuid: w.settingsGroup,
      mapping: { '0': 'name', '1': 'attributes.nope' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors)).toEqual(['mapping.1']);
    // another settings group's attribute is not this one's either
    const other = await workspace(env);
    const { job: theirs } = await (async () => {
      const file = await xlsx({
        Facilities: [
          ['Name', 'Key'],
          ['Boiler 9', 'K-1'],
        ],
      });
      return { job: json<{ data: Job }>(await upload(other.client, file, 'f.xlsx', 'facility')).data };
    })();
    const refused = await other.client.post(`/imports/${theirs.uuid}/validate`, {
      settings_group_uuid: other.settingsGroup,
      mapping: { '0': 'name', '1': 'attributes.key_no' },
    });
    expect(refused.statusCode).toBe(422);
  });
});

describe('changing an attribute’s type', () => {
  let w: Ws;
  let floors: Rec;
  const values = async () =>
    Object.fromEntries(
      (await list('filter[name]=Typed&sort_by=name&per_page=10', w)).body.data.map((r) => [r.name, r.attributes]),
    );
  beforeAll(async () => {
    w = await workspace(env);
    floors = (await attribute({ model: 'facility', key: 'floors', type: 'text', labels: { 'en-us': 'Floors' } }, w))
      .body.data;
    for (const [name, value] of [
      ['Typed 1', '3'],
      ['Typed 2', '12'],
      ['Typed 3', 'many'],
    ] as const)
      expect((await facility({ name, attributes: { floors: value } }, w)).status).toBe(201);
    expect((await facility({ name: 'Typed 4' }, w)).status).toBe(201);
  });

  it('answers the dry run (409) when values do not convert, and changes nothing', async () => {
    const res = await w.client.patch(`/attributes/${floors.uuid}`, { type: 'int' });
    expect(res.statusCode).toBe(409);
    const body = json<{ message: string; dry_run: Record<string, unknown> }>(res);
    expect(body.dry_run).toMatchObject({ total: 3, converted: 2, failed: 1 });
    expect(body.dry_run.samples).toEqual([{ uuid: expect.any(String), value: 'many' }]);
    expect(body.message).toMatch(/1 values do not convert/);
    expect(json<{ data: Rec }>(await w.client.get(`/attributes/${floors.uuid}`)).data.type).toBe('text');
    expect(await values()).toEqual({
      'Typed 1': { floors: '3' },
      'Typed 2': { floors: '12' },
      'Typed 3': { floors: 'many' },
      'Typed 4': {},
    });
  });

  it('keeps what does not convert as text beside it when confirmed, and undoes the change', async () => {
    const res = await w.client.patch(`/attributes/${floors.uuid}`, { type: 'int', confirm: true, unconverted: 'keep' });
    expect(res.statusCode, res.body).toBe(200);
    const changed = json<{ data: Rec & { links: Record<string, string> } }>(res).data;
    expect(changed).toMatchObject({ type: 'int', previous_type: 'text' });
    expect(changed.links.undo_type_change).toBeDefined();
    expect(await values()).toEqual({
      'Typed 1': { floors: 3 },
      'Typed 2': { floors: 12 },
      'Typed 3': { floors_old: 'many' },
      'Typed 4': {},
    });
    const defs = json<{ data: Rec[] }>(await w.client.get('/attribute-definitions?model=facility')).data;
    expect(defs.find((d) => d.key === 'floors_old')).toMatchObject({
      type: 'text',
      labels: { 'en-us': 'Floors (before)' },
    });
    // the list sorts and filters by the new type
    const filtered = await list(`filter[name]=Typed&${filterQuery({ 'attributes.floors': { from: '5' } })}`, w);
    expect(names(filtered.body.data)).toEqual(['Typed 2']);

    const undo = await w.client.post(`/attributes/${floors.uuid}/undo-type-change`, {});
    expect(undo.statusCode, undo.body).toBe(200);
    expect(json<{ data: Rec }>(undo).data).toMatchObject({ type: 'text', previous_type: null });
    expect(await values()).toEqual({
      'Typed 1': { floors: '3' },
      'Typed 2': { floors: '12' },
      'Typed 3': { floors: 'many' },
      'Typed 4': {},
    });
    const after = json<{ data: Rec[] }>(await w.client.get('/attribute-definitions?model=facility')).data;
    expect(after.map((d) => d.key)).toEqual(['floors']);
    expect((await w.client.post(`/attributes/${floors.uuid}/undo-type-change`, {})).statusCode).toBe(409);
  });

  it('clears what does not convert when asked, and a removed option is a change too', async () => {
    const res = await w.client.patch(`/attributes/${floors.uuid}`, {
      type: 'int',
      confirm: true,
      unconverted: 'clear',
    });
    expect(res.statusCode).toBe(200);
    expect((await values())['Typed 3']).toEqual({});
    const zone = (
      await attribute({ model: 'facility', key: 'zone', type: 'select', options: [{ value: 'a' }, { value: 'b' }] }, w)
    ).body.data;
    const [typed1] = (await list('filter[name]=Typed 1', w)).body.data;
    expect((await w.client.patch(`/facilities/${typed1!.uuid}`, { attributes: { zone: 'b' } })).statusCode).toBe(200);
    const removed = await w.client.patch(`/attributes/${zone.uuid}`, { options: [{ value: 'a' }] });
    expect(removed.statusCode).toBe(409);
    expect(json<{ dry_run: { failed: number } }>(removed).dry_run.failed).toBe(1);
    // an option added converts every value: no question asked
    expect(
      (await w.client.patch(`/attributes/${zone.uuid}`, { options: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] }))
        .statusCode,
    ).toBe(200);
    // a member may not change a definition at all
    const member = await memberOf(env, w);
    expect((await member.client.patch(`/attributes/${zone.uuid}`, { type: 'text' })).statusCode).toBe(403);
  });
});

describe('an archived attribute’s values', () => {
  it('a DELETE archives the attribute: its column goes, and a restore brings it back with its values', async () => {
    const w = await workspace(env);
    const made = (await attribute({ model: 'facility', key: 'seal', type: 'text' }, w)).body.data;
    expect((await facility({ name: 'Sealed', attributes: { seal: 'S-1' } }, w)).status).toBe(201);
    expect((await w.client.delete(`/attributes/${made.uuid}`)).statusCode).toBe(200);
    const keys = async () =>
      json<{ data: Rec[] }>(await w.client.get('/attribute-definitions?model=facility')).data.map((d) => d.key);
    expect(await keys()).toEqual([]);
    expect(json<{ data: Rec }>(await w.client.get(`/attributes/${made.uuid}`)).data.archived_at).not.toBeNull();
    expect((await w.client.post(`/attributes/${made.uuid}/restore`, {})).statusCode).toBe(200);
    expect(await keys()).toEqual(['seal']);
    expect((await list('filter[attributes.seal]=S-1', w)).body.data.map((r) => r.name)).toEqual(['Sealed']);
  });

  it('stay restorable for 30 days; then the daily job takes them out of the records and the attribute is gone', async () => {
    const w = await workspace(env);
    const made = (await attribute({ model: 'facility', key: 'tag', type: 'text' }, w)).body.data;
    const kept = (await attribute({ model: 'facility', key: 'colour', type: 'text' }, w)).body.data;
    expect((await facility({ name: 'Purged', attributes: { tag: 'T-1', colour: 'red' } }, w)).status).toBe(201);
    expect((await w.client.post(`/attributes/${made.uuid}/archive`, {})).statusCode).toBe(200);
    const job = jobs.find((j) => j.name === 'attribute-purge')!;
    const run = (at: Date) => runJobIfDue(env.app.ctx, job, jobs.indexOf(job), at);
    // a day later: the archived attribute's values are still in the record, and a restore brings them back
    await env.database.db.delete(jobRuns).where(eq(jobRuns.name, job.name));
    await run(new Date(Date.now() + 86_400_000));
    const [record] = (await list('filter[name]=Purged', w)).body.data;
    expect(record!.attributes).toEqual({ tag: 'T-1', colour: 'red' });
    // 31 days later: gone from the record, the attribute deleted (no restore), the live one kept
    await env.database.db.delete(jobRuns).where(eq(jobRuns.name, job.name));
    await run(new Date(Date.now() + 31 * 86_400_000));
    expect((await list('filter[name]=Purged', w)).body.data[0]!.attributes).toEqual({ colour: 'red' });
    expect((await w.client.post(`/attributes/${made.uuid}/restore`, {})).statusCode).toBe(404);
    expect((await w.client.get(`/attributes/${kept.uuid}`)).statusCode).toBe(200);
  });
});

describe('indexes of attributes', () => {
  it('index an attribute a saved view sorts or filters by, searchable or not', async () => {
    const w = await workspace(env);
    const key = `plain_${Math.random().toString(36).slice(2, 8)}`;
    expect((await attribute({ model: 'facility', key, type: 'int' }, w)).status).toBe(201);
    const indexed = async () => {
      const rows = await env.database.db.execute(
        sql`select indexdef from pg_indexes where tablename = 'facilities' and indexdef like ${`%${key}%`}`,
      );
      return ((rows as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])).length;
    };
    expect(await indexed()).toBe(0);
    const view = await post(w.client, '/grid-views', {
      settings_group_uuid: w.settingsGroup,
      name: 'By key',
      table_name: 'facility',
      shared: false,
      query: { sort_by: `attributes.${key}`, filters: {} },
    });
    expect(view.status, JSON.stringify(view.body)).toBe(201);
    expect(await indexed()).toBe(1);
  });
});

describe('charts by an attribute', () => {
  it("count the records the list's attribute filter lists, and refuse a key the model does not have", async () => {
    const w = await workspace(env);
    const region = {
      model: 'contract',
      key: 'region',
      type: 'select',
      options: [{ value: 'north' }, { value: 'south' }],
    };
    expect((await attribute(region, w)).status).toBe(201);
    const contract = (title: string, amount: string, r: string) =>
      post(w.client, '/contracts', {
        property_uuid: w.property,
        title,
        contract_type: 'service',
        amount,
        contract_start_date: '2025-01-01',
        attributes: { region: r },
      });
    for (const [title, amount, r] of [
      ['Lift', '1200.00', 'north'],
      ['Cleaning', '300.00', 'south'],
      ['Heating', '800.00', 'north'],
    ] as const)
      expect((await contract(title, amount, r)).status).toBe(201);
    const chart = (q: string) =>
      w.client.get(`/charts/contract-volume?settings_group_uuid=${w.settingsGroup}&from=2025-01-01&to=2025-12-31&${q}`);
    const north = await chart('filter[attributes.region]=north');
    expect(north.statusCode, north.body).toBe(200);
    expect(json<{ data: Rec[] }>(north).data).toMatchObject([{ type: 'service', count: 2, volume: '2000.00' }]);
    // the list says the same
    const listed = await w.client.get(
      `/contracts?settings_group_uuid=${w.settingsGroup}&filter[attributes.region]=north`,
    );
    expect(json<{ data: Rec[] }>(listed).data).toHaveLength(2);
    const unknown = await chart('filter[attributes.nope]=x');
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(unknown).errors)).toEqual(['filter.attributes.nope']);
  });
});
