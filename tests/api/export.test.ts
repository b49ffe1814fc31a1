// The export and template contract over every model (docs/spreadsheet-api.md): exactly the list query's rows in
// its order, the chosen columns, translated headers, typed cells, frozen header, autofilter, hidden uuid column,
// formula-injection escaping, CSV with BOM and either delimiter; 401 and workspace scoping. A superusers' table is
// exported by a superuser (every settings group's records, or a global model's), by nobody else (403).
// @both-databases: the export contract over every model (streamed reads).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { entityList } from '../../src/entities/registry';
import { isWritable } from '../../src/entities/fields';
import { users } from '../../server/db/schema';
import { fieldLabel, modelLabel } from '../../server/spreadsheet/labels';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { make, superuserContext, writerOf, type Context } from './factories';

let env: TestEnv;
let a: Context;
let b: Context;
let s: Context; // a superuser writing into a's settings group, in a's language

async function workspace(locale: string, dateFormat: string): Promise<Context> {
  const { client, user } = await signedIn(env);
  await env.database.db.update(users).set({ locale, date_format: dateFormat }).where(eq(users.id, user.id));
  const res = await client.post('/settings-groups', { name: `WS ${Math.random().toString(36).slice(2, 7)}` });
  return { client, settingsGroup: json<{ data: { uuid: string } }>(res).data.uuid, made: new Map() };
}

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace('de', 'DD.MM.YYYY');
  b = await workspace('en-us', 'MM/DD/YYYY');
  s = await superuserContext(env, a.settingsGroup, { locale: 'de', date_format: 'DD.MM.YYYY' });
});
afterAll(() => env.close());

async function readXlsx(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  return wb.worksheets[0]!;
}

type Rec = Record<string, unknown> & { uuid: string };

describe.each(entityList.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  const path = `/${entity.plural}`;
  // a text of a named format (a webhook's address) takes only its format's values
  const text = Object.entries(entity.fields).find(
    ([, f]) => isWritable(f) && f.kind === 'text' && !f.unique && !f.format,
  )?.[0];
  const visible = Object.entries(entity.fields)
    .filter(([, f]) => !f.hidden)
    .map(([n]) => n);
  const chosen = [...visible].reverse().slice(0, 4);
  const superusers = entity.access === 'superusers';
  // the workspace's writer and exporter: its admin, or for a superusers' table a superuser
  const w = () => writerOf(entity, a, s);

  it('exports exactly the list query as xlsx: order, columns, headers, frozen, filter, hidden uuid', async () => {
    const made = [] as Rec[];
    for (let i = 0; i < 3; i++)
      made.push((await make(w(), entity, text ? { [text]: `=HYPERLINK("x${i}")` } : {})) as Rec);
    const query = `filter[uuid][]=${made[0]!.uuid}&filter[uuid][]=${made[2]!.uuid}&sort_by=created_at&sort_descending=1`;
    const listed = json<{ data: Rec[] }>(await w().client.get(`${path}?${query}`)).data;
    const res = await w().client.get(`${path}/export?format=xlsx&columns=${chosen.join(',')}&widths=140,70&${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['x-total-count']).toBe(String(listed.length));
    const ws = await readXlsx(res.rawPayload);
    expect(ws.name).toBe(modelLabel(entity, 'de').slice(0, 31));
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...chosen.map((c) => fieldLabel(entity, c, 'de')), 'uuid']);
    expect(ws.getColumn(chosen.length + 1).hidden).toBe(true);
    expect(ws.getColumn(1).width).toBe(20);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    expect(ws.rowCount).toBe(1 + listed.length);
    const uuids = [2, 3].map((r) => ws.getRow(r).getCell(chosen.length + 1).value);
    expect(uuids).toEqual(listed.map((r) => r.uuid));
    if (text && chosen.includes(text)) {
      const cell = ws.getRow(2).getCell(chosen.indexOf(text) + 1).value;
      expect(cell).toBe(`'=HYPERLINK("x2")`);
    }
  });

  it('exports csv with a BOM, the chosen delimiter and escaped formulas', async () => {
    const one = (await make(w(), entity, text ? { [text]: '+41 cmd|calc' } : {})) as Rec;
    for (const [delimiter, sign] of [
      ['semicolon', ';'],
      ['comma', ','],
    ] as const) {
      const res = await w().client.get(
        `${path}/export?format=csv&delimiter=${delimiter}&filter[uuid][]=${one.uuid}${text ? `&columns=${text}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      const body = res.rawPayload.toString('utf8');
      expect(body.startsWith('\uFEFF')).toBe(true);
      const lines = body.slice(1).trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]!.endsWith(`${sign}${one.uuid}`)).toBe(true);
      if (text) expect(lines[1]).toBe(`'+41 cmd|calc${sign}${one.uuid}`);
    }
  });

  it.skipIf(superusers)('leaves other workspaces out and refuses unknown columns', async () => {
    const theirs = (await make(b, entity)) as Rec;
    const res = await a.client.get(`${path}/export?format=csv&uuids[]=${theirs.uuid}`);
    expect(res.rawPayload.toString('utf8').slice(1).trim().split('\r\n')).toHaveLength(1);
    expect((await a.client.get(`${path}/export?columns=not_a_field`)).statusCode).toBe(422);
    expect((await a.client.get(`${path}/export?sort_by=not_a_field`)).statusCode).toBe(422);
  });

  // a superusers' table is exported by a superuser, whole: nobody else exports it, not even the admins who read it
  it.runIf(superusers)('is exported by a superuser only (403 to anyone else) and refuses unknown columns', async () => {
    const mine = (await make(w(), entity)) as Rec;
    for (const client of [a.client, b.client])
      expect((await client.get(`${path}/export?format=csv&uuids[]=${mine.uuid}`)).statusCode).toBe(403);
    const res = await s.client.get(`${path}/export?format=csv&uuids[]=${mine.uuid}`);
    expect(res.rawPayload.toString('utf8').slice(1).trim().split('\r\n')).toHaveLength(2);
    expect((await s.client.get(`${path}/export?columns=not_a_field`)).statusCode).toBe(422);
    expect((await s.client.get(`${path}/export?sort_by=not_a_field`)).statusCode).toBe(422);
  });

  it('serves an import template: translated headers, enum dropdowns, hidden uuid', async () => {
    const res = await a.client.get(`${path}/import-template`);
    expect(res.statusCode).toBe(200);
    const ws = await readXlsx(res.rawPayload);
    const writable = Object.entries(entity.fields).filter(([, f]) => isWritable(f));
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...writable.map(([n]) => fieldLabel(entity, n, 'de')), 'uuid']);
    expect(ws.getColumn(header.length).hidden).toBe(true);
    const enumAt = writable.findIndex(([, f]) => f.kind === 'enum');
    if (enumAt >= 0) {
      const validation = ws.getCell(2, enumAt + 1).dataValidation;
      expect(validation?.type).toBe('list');
    }
  });

  it('answers 401 without a session', async () => {
    const anon = new Client(env.app);
    expect((await anon.get(`${path}/export`)).statusCode).toBe(401);
    expect((await anon.get(`${path}/import-template`)).statusCode).toBe(401);
  });
});

describe('typed cells in the user locale', () => {
  it('pages through more rows than one database page, in the list order', async () => {
    const tag = `Page${Math.random().toString(36).slice(2, 6)}`;
    for (let batch = 0; batch < 3; batch++) {
      const rows = Array.from({ length: 750 }, (_, i) => ({
        name: `${tag} ${String(batch * 750 + i).padStart(4, '0')}`,
        settings_group_uuid: a.settingsGroup,
      }));
      expect((await a.client.post('/properties/bulk', { rows })).statusCode).toBe(201);
    }
    const csv = (
      await a.client.get(`/properties/export?format=csv&columns=name&search=${tag}&sort_by=name&sort_descending=1`)
    ).rawPayload
      .toString('utf8')
      .slice(1)
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(2251);
    const names = csv.slice(1).map((l) => l.split(';')[0]);
    expect(names[0]).toBe(`${tag} 2249`);
    expect(names[2249]).toBe(`${tag} 0000`);
    expect(new Set(names).size).toBe(2250);
  });

  it('writes numbers and dates as typed cells with the date format, and csv in German notation', async () => {
    const facility = entityList.find((e) => e.name === 'facility')!;
    const rec = (await make(a, facility, {
      purchase_price: '1234.50',
      purchase_date: '2024-02-29',
      status: 'inactive',
    })) as Rec;
    const cols = 'purchase_price,purchase_date,status,property_uuid,created_at';
    const ws = await readXlsx(
      (await a.client.get(`/facilities/export?columns=${cols}&filter[uuid][]=${rec.uuid}`)).rawPayload,
    );
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe(1234.5);
    expect(row.getCell(1).numFmt).toBe('#,##0.00');
    expect((row.getCell(2).value as Date).toISOString().slice(0, 10)).toBe('2024-02-29');
    expect(row.getCell(2).numFmt).toBe('dd.mm.yyyy');
    expect(row.getCell(3).value).toBe('Inaktiv');
    const property = json<{ data: Rec }>(await a.client.get(`/properties/${String(rec.property_uuid)}`)).data;
    expect(row.getCell(4).value).toBe(property.name);
    expect((row.getCell(5).value as Date).toISOString()).toBe(rec.created_at);
    const csv = (
      await a.client.get(`/facilities/export?format=csv&columns=${cols}&filter[uuid][]=${rec.uuid}`)
    ).rawPayload
      .toString('utf8')
      .split('\r\n')[1];
    const created = String(rec.created_at);
    const stamp = `${created.slice(8, 10)}.${created.slice(5, 7)}.${created.slice(0, 4)} ${created.slice(11, 16)}`;
    expect(csv).toBe(`1234,50;29.02.2024;Inaktiv;${String(property.name)};${stamp};${rec.uuid}`);
  });
});
