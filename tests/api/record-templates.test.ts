// Record templates (docs/domain/record-templates.md): a named set of values for new records of a model, checked like
// a record's (types, references of the settings group, attributes) with a 422 at `values.<field>`; a create, a bulk
// row and an import row naming one start from its values and their own win; a template of another settings group or
// model is not found; a name is a model's once among the live templates.
// @both-databases: the templates' lookups by uuid and by name run in SQL on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, json, type TestEnv } from './harness';
import { memberOf, post, workspace, type Rec, type Ws } from './planning-support';
import { finished, upload, xlsx, type Job } from './workbooks';
import { fromCell } from '../../src/domain/cells';
import { nestAttributes } from '../../src/api/attribute-paths';
import { parseTsv } from '../../src/domain/clipboard';
import { planRequests } from '../../grids/clipboard/paste-edits';
import { headerNames, headerTargets, templateColumn } from '../../grids/clipboard/paste-header';
import { buildPastePlan, type SheetColumn } from '../../grids/clipboard/paste-plan';

let env: TestEnv;
let ws: Ws;
let other: Ws;
let heating: string;
let boiler: Rec;
beforeAll(async () => {
  env = await createTestEnv();
  ws = await workspace(env);
  other = await workspace(env);
  heating = (await post(ws.client, '/renewal-groups', { settings_group_uuid: ws.settingsGroup, name: 'Heating' })).body
    .data.uuid;
  for (const body of [
    { key: 'fuel', type: 'select', options: [{ value: 'gas' }, { value: 'oil' }] },
    { key: 'key_no', type: 'text' },
    { key: 'burner_kw', type: 'int' },
    { key: 'inspected', type: 'bool', required: true, default: false },
  ])
    expect(
      (
        await post(ws.client, '/attributes', {
          settings_group_uuid: ws.settingsGroup,
          model: 'facility',
          labels: { 'en-us': body.key },
          ...body,
        })
      ).status,
    ).toBe(201);
  const made = await template({
    name: 'Gas boiler',
    values: {
      name: 'Gas boiler',
      renewal_group_uuid: heating,
      lifetime: 20,
      manufacturer: 'Viessmann',
      attributes: { fuel: 'gas', burner_kw: '24', key_no: 'K-0' },
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  boiler = made.body.data;
});
afterAll(() => env.close());

const template = (body: Record<string, unknown>, w: Ws = ws) =>
  post(w.client, '/record-templates', { settings_group_uuid: w.settingsGroup, model: 'facility', ...body });
const errorKeys = (body: { errors?: Record<string, string[]> }) => Object.keys(body.errors ?? {}).sort();

describe('record templates', () => {
  it('stores the values as checked (a number typed as text is a number)', () => {
    expect(boiler.values).toEqual({
      name: 'Gas boiler',
      renewal_group_uuid: heating,
      lifetime: 20,
      manufacturer: 'Viessmann',
      attributes: { fuel: 'gas', burner_kw: 24, key_no: 'K-0' },
    });
  });

  it('refuses values a record of the model could not hold, each at values.<field>, and writes nothing', async () => {
    const before = json<{ data: Rec[] }>(await ws.client.get('/record-templates?per_page=100')).data.length;
    const bad = await template({
      name: 'Bad',
      values: {
        lifetime: 'twenty',
        colour: 'red',
        age: 3,
        renewal_group_uuid: '00000000-0000-4000-8000-000000000000',
        attributes: { fuel: 'coal', nope: 1 },
      },
    });
    expect(bad.status).toBe(422);
    expect(errorKeys(bad.body)).toEqual(['values.age', 'values.colour']);
    const typed = await template({
      name: 'Bad',
      values: {
        lifetime: 'twenty',
        renewal_group_uuid: '00000000-0000-4000-8000-000000000000',
        attributes: { fuel: 'coal', nope: 1 },
      },
    });
    expect(typed.status).toBe(422);
    expect(errorKeys(typed.body)).toEqual(['values.lifetime']);
    const refs = await template({
      name: 'Bad',
      values: { renewal_group_uuid: '00000000-0000-4000-8000-000000000000', attributes: { fuel: 'coal', nope: 1 } },
    });
    expect(errorKeys(refs.body)).toEqual([
      'values.attributes.fuel',
      'values.attributes.nope',
      'values.renewal_group_uuid',
    ]);
    // a renewal group of another settings group is not found either
    const theirs = (
      await post(other.client, '/renewal-groups', { settings_group_uuid: other.settingsGroup, name: 'X' })
    ).body.data.uuid;
    expect(errorKeys((await template({ name: 'Bad', values: { renewal_group_uuid: theirs } })).body)).toEqual([
      'values.renewal_group_uuid',
    ]);
    // a required attribute cleared by a template
    expect(errorKeys((await template({ name: 'Bad', values: { attributes: { inspected: null } } })).body)).toEqual([
      'values.attributes.inspected',
    ]);
    expect(json<{ data: Rec[] }>(await ws.client.get('/record-templates?per_page=100')).data.length).toBe(before);
  });

  it('keeps a name once per model among the live templates, and the model as created', async () => {
    const again = await template({ name: 'gas BOILER', values: {} });
    expect(again.status).toBe(422);
    expect(errorKeys(again.body)).toEqual(['name']);
    // another model may have a template of the same name
    expect((await template({ model: 'property', name: 'Gas boiler', values: {} })).status).toBe(201);
    const moved = await ws.client.patch(`/record-templates/${boiler.uuid}`, { model: 'area' });
    expect(moved.statusCode).toBe(422);
    expect(errorKeys(json(moved))).toEqual(['model']);
  });

  it('fills a new record from a template; the record’s own values win, its attributes key by key', async () => {
    const res = await post(ws.client, '/facilities', {
      property_uuid: ws.property,
      template_uuid: boiler.uuid,
      name: 'Boiler basement',
      attributes: { key_no: 'K-12' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Boiler basement',
      renewal_group_uuid: heating,
      lifetime: 20,
      manufacturer: 'Viessmann',
      attributes: { fuel: 'gas', burner_kw: 24, key_no: 'K-12', inspected: false },
    });
    expect(res.body.data).not.toHaveProperty('template_uuid');
    // a template's name alone makes a valid record: it fills the required name
    const named = await post(ws.client, '/facilities', { property_uuid: ws.property, template_uuid: boiler.uuid });
    expect(named.status).toBe(201);
    expect(named.body.data.name).toBe('Gas boiler');
  });

  it('refuses a template of another settings group, of another model, archived or unknown: 422 at template_uuid', async () => {
    const theirs = await template({ name: 'Theirs', values: { lifetime: 5 } }, other);
    const property = await template({ model: 'property', name: 'Estate', values: {} });
    const archived = await template({ name: 'Old', values: {} });
    expect((await ws.client.post(`/record-templates/${archived.body.data.uuid}/archive`, {})).statusCode).toBe(200);
    for (const uuid of [
      theirs.body.data.uuid,
      property.body.data.uuid,
      archived.body.data.uuid,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
    ]) {
      const res = await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'X', template_uuid: uuid });
      expect(res.status, uuid).toBe(422);
      expect(errorKeys(res.body)).toEqual(['template_uuid']);
    }
    // the other settings group's admin cannot use ours on their property either
    const mine = await post(other.client, '/facilities', {
      property_uuid: other.property,
      name: 'X',
      template_uuid: boiler.uuid,
    });
    expect(errorKeys(mine.body)).toEqual(['template_uuid']);
  });

  it('fills bulk rows from their templates; a row naming an unknown one is that row’s error', async () => {
    const res = await ws.client.post('/facilities/bulk', {
      rows: [
        { property_uuid: ws.property, template_uuid: boiler.uuid, name: 'Bulk 1' },
        { property_uuid: ws.property, template_uuid: boiler.uuid, name: 'Bulk 2', lifetime: 25 },
        { property_uuid: ws.property, template_uuid: '00000000-0000-4000-8000-000000000000', name: 'Bulk 3' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors)).toEqual(['rows.2.template_uuid']);
    const ok = await ws.client.post('/facilities/bulk', {
      rows: [
        { property_uuid: ws.property, template_uuid: boiler.uuid, name: 'Bulk 1' },
        { property_uuid: ws.property, template_uuid: boiler.uuid, name: 'Bulk 2', lifetime: 25 },
      ],
    });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
    const rows = json<{ data: Rec[] }>(await ws.client.get('/facilities?filter[name]=Bulk&sort_by=name')).data;
    expect(rows.map((r) => [r.name, r.lifetime, r.manufacturer, (r.attributes as Rec).fuel])).toEqual([
      ['Bulk 1', 20, 'Viessmann', 'gas'],
      ['Bulk 2', 25, 'Viessmann', 'gas'],
    ]);
  });

  it('fills import rows from a template column by name; a row’s own cells win and an unknown name is its error', async () => {
    const file = await xlsx({
      Facilities: [
        ['Name', 'Property', 'Template', 'Lifetime'],
        ['Imported 1', 'Seestrasse 1', 'gas boiler', null],
        ['Imported 2', 'Seestrasse 1', 'Gas boiler', 30],
        ['Imported 3', 'Seestrasse 1', 'Steam engine', null],
        ['Imported 4', 'Seestrasse 1', null, 12],
      ],
    });
    const job = json<{ data: Job }>(await upload(ws.client, file, 'f.xlsx', 'facility')).data;
    const preview = json<{ data: { suggested_mapping: Record<string, string> } }>(
      await ws.client.get(`/imports/${job.uuid}/preview`),
    ).data;
    expect(preview.suggested_mapping['2']).toBe('template');
    const body = { settings_group_uuid: ws.settingsGroup, mapping: preview.suggested_mapping };
    const validated = await ws.client.post(`/imports/${job.uuid}/validate`, body);
    expect(validated.statusCode, validated.body).toBe(200);
    const v = json<{ data: { counts: Record<string, number>; problems: { row: number; errors: Rec }[] } }>(
      validated,
    ).data;
    expect(v.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 1 });
    expect(v.problems.map((p) => [p.row, Object.keys(p.errors)])).toEqual([[4, ['template']]]);
    expect((await ws.client.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
    expect((await finished(ws.client, job.uuid)).counts).toMatchObject({ created: 3, failed: 1 });
    const rows = json<{ data: Rec[] }>(await ws.client.get('/facilities?filter[name]=Imported&sort_by=name')).data;
    expect(rows.map((r) => [r.name, r.lifetime, r.manufacturer, (r.attributes as Rec).fuel ?? null])).toEqual([
      ['Imported 1', 20, 'Viessmann', 'gas'],
      ['Imported 2', 30, 'Viessmann', 'gas'],
      ['Imported 4', 12, null, null],
    ]);
  });

  it('creates pasted rows from the template their header row names: the server fills it, the pasted cells win', async () => {
    const columns: SheetColumn[] = [
      { name: 'name', field: { kind: 'text' }, writable: true },
      { name: 'property_uuid', field: { kind: 'ref', model: 'property' }, writable: true },
      { name: 'lifetime', field: { kind: 'int' }, writable: true },
      { name: 'attributes.fuel', field: { kind: 'text' }, writable: true },
      templateColumn,
    ];
    const byName = headerNames([
      { column: columns[0]!, names: ['Name'] },
      { column: columns[1]!, names: ['Property', 'Liegenschaft'] },
      { column: columns[2]!, names: ['Lifetime', 'Lebensdauer'] },
      { column: columns[3]!, names: ['fuel'] },
      { column: templateColumn, names: ['Template', 'Vorlage'] },
    ]);
    const templates = [{ uuid: boiler.uuid, name: 'Gas boiler' }];
    const clip = parseTsv(
      [
        'Vorlage\tName\tLiegenschaft\tLebensdauer\tfuel',
        `gas boiler\tPasted 1\t${ws.property}\t\t`,
        `Gas boiler\tPasted 2\t${ws.property}\t30\toil`,
      ].join('\n'),
    );
    const header = headerTargets(clip, byName);
    expect(header?.map((c) => c?.name)).toEqual([
      'template_uuid',
      'name',
      'property_uuid',
      'lifetime',
      'attributes.fuel',
    ]);
    const plan = buildPastePlan({
      clip,
      bounds: { top: 0, bottom: 0, left: 0, right: 0 },
      columns,
      rowAt: () => 'end',
      parse: (raw, column) => {
        if (column === templateColumn) {
          const t = templates.find((x) => x.name.toLowerCase() === raw.trim().toLowerCase());
          return t ? { ok: true, value: t.uuid } : { ok: false };
        }
        if (column.field.kind === 'ref') return { ok: true, value: raw.trim() || null };
        return fromCell(column.field, column.name, raw, { locale: 'en-us', dateFormat: 'YYYY-MM-DD' });
      },
      invalid: (column) => `bad ${column.name}`,
      header,
    });
    const rows = planRequests(plan).creates.map((c) => c.values);
    // the first row's empty cells are left to the template
    expect(rows[0]).toEqual({ name: 'Pasted 1', property_uuid: ws.property, template_uuid: boiler.uuid });
    const body = nestAttributes({ rows }) as { rows: Rec[] };
    // the preview's dry run writes nothing; a template of another settings group is that row's error
    const foreign = (await template({ name: 'Their boiler', values: { lifetime: 5 } }, other)).body.data as Rec;
    const dry = await ws.client.post('/facilities/bulk?dry_run=1', {
      rows: [...body.rows, { ...body.rows[0], name: 'Pasted 3', template_uuid: foreign.uuid }],
      skip_invalid: true,
    });
    expect(Object.keys(json<{ errors?: Record<string, string[]> }>(dry).errors ?? {})).toEqual([
      'rows.2.template_uuid',
    ]);
    expect(json<{ data: Rec[] }>(await ws.client.get('/facilities?filter[name]=Pasted')).data).toEqual([]);
    const made = await ws.client.post('/facilities/bulk', body);
    expect(made.statusCode, made.body).toBe(201);
    const saved = json<{ data: Rec[] }>(await ws.client.get('/facilities?filter[name]=Pasted&sort_by=name')).data;
    expect(saved.map((r) => [r.name, r.lifetime, r.manufacturer, (r.attributes as Rec).fuel])).toEqual([
      ['Pasted 1', 20, 'Viessmann', 'gas'],
      ['Pasted 2', 30, 'Viessmann', 'oil'],
    ]);
  });

  it('is read by members, written as their rights allow, and another settings group finds none', async () => {
    const member = await memberOf(env, ws);
    const listed = json<{ data: Rec[] }>(await member.client.get('/record-templates?filter[model]=facility')).data;
    expect(listed.map((t) => t.name)).toContain('Gas boiler');
    expect((await other.client.get(`/record-templates/${boiler.uuid}`)).statusCode).toBe(404);
    expect((await env.app.inject({ method: 'GET', url: '/api/v1/record-templates' })).statusCode).toBe(401);
  });
});
