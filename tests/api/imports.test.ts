// The import contract over every model (docs/spreadsheet-api.md): a filled template uploads, previews with every
// column matched, validates, runs as a job and is undone; an export of the same records re-imports as an update
// with nothing changed; updates are undone back to the old values; remembered mappings; 401 and 404. A superusers'
// table is imported by a superuser (into any settings group; a global model's records into none), by nobody else.
// @both-databases: the import contract over every model (chunked writes, leases).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/entities/registry';
import { isWritable } from '../../src/entities/fields';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { bodyFor, make, superuserContext, writerOf, type Context } from './factories';
import { finished, upload, xlsx, type Cell, type Job } from './workbooks';

let env: TestEnv;
let a: Context;
let b: Context;
let s: Context; // a superuser importing into a's settings group
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-imports-'));

async function workspace(): Promise<Context> {
  const { client } = await signedIn(env);
  const res = await client.post('/settings-groups', { name: `WS ${Math.random().toString(36).slice(2, 7)}` });
  return { client, settingsGroup: json<{ data: { uuid: string } }>(res).data.uuid, made: new Map() };
}

beforeAll(async () => {
  env = await createTestEnv({ dataDir });
  a = await workspace();
  b = await workspace();
  s = await superuserContext(env, a.settingsGroup);
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Rec = Record<string, unknown> & { uuid: string };

/** Upload, preview (returning the suggested mapping), validate and run with it; the finished job. */
async function importFile(ctx: Context, model: string, file: Buffer, name: string, extra: object = {}) {
  const up = await upload(ctx.client, file, name, model);
  expect(up.statusCode).toBe(201);
  const job = json<{ data: Job }>(up).data;
  const preview = json<{ data: { headers: string[]; suggested_mapping: Record<string, string> } }>(
    await ctx.client.get(`/imports/${job.uuid}/preview`),
  ).data;
  const body = { settings_group_uuid: ctx.settingsGroup, mapping: preview.suggested_mapping, ...extra };
  const validated = await ctx.client.post(`/imports/${job.uuid}/validate`, body);
  expect(validated.statusCode, validated.body).toBe(200);
  const run = await ctx.client.post(`/imports/${job.uuid}/run`, body);
  expect(run.statusCode).toBe(202);
  return {
    upload: job,
    preview,
    validation: json<{ data: { counts: Record<string, number> } }>(validated).data,
    job: await finished(ctx.client, job.uuid),
  };
}

const asCell = (v: unknown): Cell => (v === undefined ? null : (v as Cell));

describe.each(entityList.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  const plural = `/${entity.plural}`;
  const writable = Object.entries(entity.fields)
    .filter(([, f]) => isWritable(f))
    .map(([n]) => n);
  // the workspace's importer: its admin, or for a superusers' table a superuser
  const w = () => writerOf(entity, a, s);

  it.skipIf(entity.createdByUpload)(
    'imports a filled template, re-imports its export unchanged, and undoes the batch',
    async () => {
      const template = new ExcelJS.Workbook();
      await template.xlsx.load((await w().client.get(`${plural}/import-template`)).rawPayload as never);
      const sheet = template.worksheets[0]!;
      for (let i = 0; i < 3; i++) {
        const body = await bodyFor(w(), entity);
        sheet.addRow([...writable.map((n) => asCell(body[n])), null]);
      }
      const file = Buffer.from(await template.xlsx.writeBuffer());
      const first = await importFile(w(), entity.name, file, 'template.xlsx');
      expect(first.upload.sheets[0]!.row_count).toBe(4);
      expect(first.preview.suggested_mapping).toEqual(
        Object.fromEntries([...writable, 'uuid'].map((n, i) => [String(i), n])),
      );
      expect(first.validation.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
      expect(first.job).toMatchObject({ status: 'done', counts: { created: 3, updated: 0, skipped: 0, failed: 0 } });
      expect(first.job.progress).toEqual({ processed: 3, total: 3 });
      expect(first.job.links.undo).toBeDefined();

      const made = json<{ data: Rec[] }>(
        await w().client.get(`${plural}?sort_by=created_at&sort_descending=1&per_page=3`),
      ).data;
      const exported = await w().client.get(`${plural}/export?${made.map((r) => `uuids[]=${r.uuid}`).join('&')}`);
      const again = await importFile(w(), entity.name, exported.rawPayload, 'export.xlsx', {
        mode: 'update',
        match_key: 'uuid',
      });
      expect(Object.values(again.preview.suggested_mapping)).toContain('uuid');
      expect(again.validation.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
      expect(again.job.counts).toMatchObject({ created: 0, updated: 0, skipped: 3, failed: 0 });

      const undone = await w().client.post(`/imports/${first.upload.uuid}/undo`);
      expect(undone.statusCode).toBe(200);
      expect(json<{ data: Job }>(undone).data.status).toBe('undone');
      for (const r of made) expect((await w().client.get(`${plural}/${r.uuid}`)).statusCode).toBe(404);
      expect((await w().client.post(`/imports/${first.upload.uuid}/undo`)).statusCode).toBe(409);
    },
  );

  // a superusers' table takes no import but a superuser's: its settings group's admin gets 403, nothing is written
  it.runIf(entity.access === 'superusers')('refuses an import by anyone but a superuser (403)', async () => {
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await a.client.get(`${plural}/import-template`)).rawPayload as never);
    const body = await bodyFor(w(), entity);
    template.worksheets[0]!.addRow([...writable.map((n) => asCell(body[n])), null]);
    const up = await upload(a.client, Buffer.from(await template.xlsx.writeBuffer()), 'template.xlsx', entity.name);
    expect(up.statusCode).toBe(201);
    const job = json<{ data: Job }>(up).data;
    const mapping = Object.fromEntries([...writable, 'uuid'].map((n, i) => [String(i), n]));
    for (const step of ['validate', 'run'])
      expect(
        (await a.client.post(`/imports/${job.uuid}/${step}`, { settings_group_uuid: a.settingsGroup, mapping }))
          .statusCode,
        step,
      ).toBe(403);
  });

  // Records that are stored files (documents) come from uploads: an import may only update them.
  it.runIf(entity.createdByUpload)('refuses to insert, and re-imports its export as an update', async () => {
    const made = [await make(a, entity), await make(a, entity)] as Rec[];
    const exported = await a.client.get(`${plural}/export?${made.map((r) => `uuids[]=${r.uuid}`).join('&')}`);
    const job = json<{ data: Job }>(await upload(a.client, exported.rawPayload, 'export.xlsx', entity.name)).data;
    const { suggested_mapping } = json<{ data: { suggested_mapping: Record<string, string> } }>(
      await a.client.get(`/imports/${job.uuid}/preview`),
    ).data;
    const insert = await a.client.post(`/imports/${job.uuid}/validate`, {
      settings_group_uuid: a.settingsGroup,
      mapping: suggested_mapping,
    });
    expect(insert.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(insert).errors)).toEqual(['mode']);
    const again = await importFile(a, entity.name, exported.rawPayload, 'export.xlsx', {
      mode: 'update',
      match_key: 'uuid',
    });
    expect(again.validation.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
  });
});

describe('updates, undo and remembered mappings', () => {
  const facility = entityList.find((e) => e.name === 'facility')!;

  it('updates by number_internal, undoes back to the old values, refuses undo once a record changed', async () => {
    const one = (await make(a, facility, { number_internal: 'F-1', manufacturer: 'Old' })) as Rec;
    const two = (await make(a, facility, { number_internal: 'F-2', manufacturer: 'Old' })) as Rec;
    const file = await xlsx({
      Sheet1: [
        ['Internal number', 'Manufacturer'],
        ['F-1', 'New'],
        ['F-2', 'New'],
      ],
    });
    const run = await importFile(a, 'facility', file, 'update.xlsx', { mode: 'update', match_key: 'number_internal' });
    expect(run.job.counts).toMatchObject({ updated: 2, created: 0 });
    const get = async (r: Rec) => json<{ data: Rec }>(await a.client.get(`/facilities/${r.uuid}`)).data;
    expect((await get(one)).manufacturer).toBe('New');
    await a.client.patch(`/facilities/${two.uuid}`, { model: 'Touched' });
    const refused = await a.client.post(`/imports/${run.upload.uuid}/undo`);
    expect(refused.statusCode).toBe(409);
    expect(json<{ message: string }>(refused).message).toMatch(/1 of its records/);
    expect((await get(one)).manufacturer).toBe('New');

    const again = await importFile(a, 'facility', file, 'update-2.xlsx', {
      mode: 'update',
      match_key: 'number_internal',
    });
    expect(again.job.counts).toMatchObject({ skipped: 2 });
    const f3 = await xlsx({
      S: [
        ['Internal number', 'Manufacturer'],
        ['F-1', 'Newer'],
      ],
    });
    const third = await importFile(a, 'facility', f3, 'u3.xlsx', { mode: 'update', match_key: 'number_internal' });
    expect((await a.client.post(`/imports/${third.upload.uuid}/undo`)).statusCode).toBe(200);
    expect((await get(one)).manufacturer).toBe('New');
  });

  it('remembers the column matching per table and user and suggests it next time', async () => {
    const put = await a.client.put('/user/import-mappings/facility', { mapping: { 'Anlagen-Nr.': 'number_internal' } });
    expect(put.statusCode).toBe(200);
    expect((await a.client.put('/user/import-mappings/facility', { mapping: { x: 'is_superuser' } })).statusCode).toBe(
      422,
    );
    expect(
      json<{ data: { mapping: object } }>(await a.client.get('/user/import-mappings/facility')).data.mapping,
    ).toEqual({ 'Anlagen-Nr.': 'number_internal' });
    expect(
      json<{ data: { mapping: object } }>(await b.client.get('/user/import-mappings/facility')).data.mapping,
    ).toEqual({});
    const file = await xlsx({
      S: [
        ['Bezeichnung', 'Anlagen-Nr.', 'Hersteller', 'Kaufdatum'],
        ['Pump', 'P-1', 'Grundfos', '2024-01-31'],
      ],
    });
    const job = json<{ data: Job }>(await upload(a.client, file, 'de.xlsx', 'facility')).data;
    const preview = json<{ data: { suggested_mapping: object } }>(await a.client.get(`/imports/${job.uuid}/preview`));
    expect(preview.data.suggested_mapping).toEqual({
      '0': 'name',
      '1': 'number_internal',
      '2': 'manufacturer',
      '3': 'purchase_date',
    });
  });

  it('keeps imports to their uploader (404) and answers 401 without a session', async () => {
    const job = json<{ data: Job }>(
      await upload(a.client, await xlsx({ S: [['Name'], ['x']] }), 'x.xlsx', 'facility'),
    ).data;
    const base = `/imports/${job.uuid}`;
    const body = { settings_group_uuid: a.settingsGroup, mapping: { '0': 'name' } };
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}/preview`],
      ['POST', `${base}/validate`],
      ['POST', `${base}/run`],
      ['POST', `${base}/cancel`],
      ['POST', `${base}/undo`],
      ['GET', `${base}/error-report`],
    ] as const) {
      expect((await b.client.request(method, url, method === 'POST' ? body : undefined)).statusCode).toBe(404);
      const anon = new Client(env.app);
      await anon.csrf();
      expect((await anon.request(method, url, method === 'POST' ? body : undefined)).statusCode).toBe(401);
    }
    const anon = new Client(env.app);
    await anon.csrf();
    expect((await upload(anon, Buffer.from('a'), 'a.csv', 'facility')).statusCode).toBe(401);
    expect((await anon.get('/user/import-mappings/facility')).statusCode).toBe(401);
    expect((await anon.put('/user/import-mappings/facility', { mapping: {} })).statusCode).toBe(401);
    // a settings group of someone else is refused as the target
    const foreign = await a.client.post(`${base}/validate`, { ...body, settings_group_uuid: b.settingsGroup });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(foreign).errors)).toEqual(['settings_group_uuid']);
  });
});
