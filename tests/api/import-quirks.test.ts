// Hostile and odd files (issue "Bad input"): not a workbook, corrupt, password-protected, zip bomb, 50 MB of junk,
// duplicate headers, empty sheet, 31.02.2024, another locale's numbers, an unresolved relation; a job interrupted
// between chunks and resumed or undone; the same file twice with the same Idempotency-Key.
// @both-databases: resume after a crash and cancel, on each database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { users, imports, importCreated } from '../../server/db/schema';
import { accessForUser, BUSY_WRITE_ROWS, CHUNK_ROWS, kickImports, runImport } from '../../server/imports/import-runner';
import { requestsInFlight } from '../../server/plugins/traffic';
import { startRun } from '../../server/imports/import-actions';
import { createTestEnv, json, signedIn, type TestEnv } from './harness';
import { scratchFiles, storedKeys } from './stored-files';
import { rowsOf } from '../../server/crud/table';
import { make, type Context } from './factories';
import { encryptedWorkbook, finished, upload, xlsx, zipBomb } from './workbooks';
import { entityByName } from '../../src/entities/registry';

let env: TestEnv;
let a: Context & { userId: number };
let property: Record<string, unknown>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-quirks-'));

beforeAll(async () => {
  env = await createTestEnv({ dataDir });
  const { client, user } = await signedIn(env);
  await env.database.db.update(users).set({ locale: 'de', date_format: 'DD.MM.YYYY' }).where(eq(users.id, user.id));
  const res = await client.post('/settings-groups', { name: 'Quirks' });
  a = { client, userId: user.id, settingsGroup: json<{ data: { uuid: string } }>(res).data.uuid, made: new Map() };
  property = await make(a, entityByName('property')!, { name: 'Seefeld' });
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Job = { uuid: string; status: string; counts: Record<string, number>; progress: { processed: number } };
/** Stored import files on the configured backend, and what is left of staged ones (on disk, in the database). */
const storedFiles = async () => {
  const [staged] = rowsOf<{ n: number }>(
    await env.database.db.execute(sql`select count(*)::int as n from stored_files where key is null`),
  );
  return (await storedKeys(env, 'imports')).length + scratchFiles(dataDir, 'imports').length + staged!.n;
};

async function refused(file: Buffer, name: string, status: number, pattern: RegExp) {
  const before = await storedFiles();
  const res = await upload(a.client, file, name, 'facility');
  expect(res.statusCode).toBe(status);
  expect(json<{ message: string }>(res).message).toMatch(pattern);
  expect(await storedFiles()).toBe(before); // nothing kept
}

describe('files that are refused with a clear message', () => {
  it('not a workbook, corrupt, password-protected, a zip bomb, 50 MB of junk', async () => {
    await refused(Buffer.from('%PDF-1.7 not a sheet'), 'report.pdf', 422, /keine Excel-Arbeitsmappe/);
    await refused(crypto.randomBytes(2000), 'data.xlsx', 422, /keine Excel-Arbeitsmappe/);
    const good = await xlsx({ S: [['Name'], ['Pump']] });
    await refused(good.subarray(0, Math.floor(good.length / 2)), 'cut.xlsx', 422, /beschädigt/);
    await refused(encryptedWorkbook(), 'secret.xlsx', 422, /Passwort/);
    await refused(zipBomb(120), 'bomb.xlsx', 422, /entpackt sich/);
    await refused(crypto.randomBytes(50 * 1024 * 1024), 'junk.xlsx', 413, /grösser als 30 MB|größer als 30 MB/);
  });

  it('a zip bomb that lies about its sizes passes the upload and is refused while reading', async () => {
    const liar = await uploaded(zipBomb(30, { declare: 2000 }));
    const res = await a.client.get(`/imports/${liar.uuid}/preview`);
    expect(res.statusCode).toBe(422);
    expect(json<{ message: string }>(res).message).toMatch(/entpackt sich/);
  });
});

async function uploaded(file: Buffer, name = 'f.xlsx') {
  const res = await upload(a.client, file, name, 'facility');
  expect(res.statusCode).toBe(201);
  return json<{ data: Job }>(res).data;
}

describe('sheets with problems', () => {
  it('refuses duplicate headers and an empty sheet in the preview', async () => {
    const dup = await uploaded(
      await xlsx({
        S: [
          ['Name', 'Hersteller', 'name'],
          ['a', 'b', 'c'],
        ],
      }),
    );
    const res = await a.client.get(`/imports/${dup.uuid}/preview`);
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(res).errors.header_row![0]).toMatch(/«name»/);
    const empty = await uploaded(await xlsx({ S: [['Name', 'Hersteller']] }));
    expect((await a.client.get(`/imports/${empty.uuid}/preview`)).statusCode).toBe(422);
    const other = await uploaded(await xlsx({ S: [['x']], Zwei: [['Name'], ['Pumpe']] }));
    const second = await a.client.get(`/imports/${other.uuid}/preview?sheet=Zwei`);
    expect(json<{ data: { rows: unknown[] } }>(second).data.rows).toHaveLength(1);
    expect((await a.client.get(`/imports/${other.uuid}/preview?sheet=Drei`)).statusCode).toBe(422);
  });

  it('reports 31.02.2024, a number grouped wrongly and an unresolved relation per row; writes none of them', async () => {
    const file = await xlsx({
      S: [
        ['Immobilie', 'Name', 'Kaufdatum', 'Kaufpreis', 'Menge'],
        ['Seefeld', 'Gut', '28.02.2024', '1.234,50', 3],
        ['Seefeld', 'Datum', '31.02.2024', '10', 1],
        ['Seefeld', 'Zahl', '01.03.2024', '1.23.4', 1],
        ['Nirgendwo', 'Bezug', '01.03.2024', '10', 1],
      ],
    });
    const job = await uploaded(file);
    const preview = json<{ data: { suggested_mapping: Record<string, string> } }>(
      await a.client.get(`/imports/${job.uuid}/preview`),
    ).data;
    expect(preview.suggested_mapping).toEqual({
      '0': 'property_uuid',
      '1': 'name',
      '2': 'purchase_date',
      '3': 'purchase_price',
      '4': 'quantity',
    });
    const body = { settings_group_uuid: a.settingsGroup, mapping: preview.suggested_mapping };
    const v = json<{
      data: { counts: Record<string, number>; problems: { row: number; errors: Record<string, string[]> }[] };
    }>(await a.client.post(`/imports/${job.uuid}/validate`, body)).data;
    expect(v.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 3 });
    expect(v.problems.map((p) => [p.row, Object.keys(p.errors)])).toEqual([
      [3, ['purchase_date']],
      [4, ['purchase_price']],
      [5, ['property_uuid']],
    ]);
    expect(v.problems[0]!.errors.purchase_date![0]).toMatch(/31.02.2024/);
    expect(v.problems[2]!.errors.property_uuid![0]).toMatch(/Nirgendwo/);

    // an inline fix makes a row valid
    const fixed = json<{ data: { counts: Record<string, number> } }>(
      await a.client.post(`/imports/${job.uuid}/validate`, {
        ...body,
        fixes: { '3': { purchase_date: '29.02.2024' } },
      }),
    ).data;
    expect(fixed.counts).toMatchObject({ create: 2, error: 2 });

    await a.client.post(`/imports/${job.uuid}/run`, { ...body, fixes: { '3': { purchase_date: '29.02.2024' } } });
    const done = await finished(a.client, job.uuid);
    expect(done.counts).toMatchObject({ created: 2, failed: 2 });
    const list = json<{ data: { name: string; purchase_price: string }[] }>(
      await a.client.get(`/facilities?property_uuids[]=${String(property.uuid)}&sort_by=name`),
    ).data;
    expect(list.map((f) => f.name)).toEqual(['Datum', 'Gut']);
    expect(list[1]!.purchase_price).toBe('1234.50');

    const report = new ExcelJS.Workbook();
    await report.xlsx.load((await a.client.get(`/imports/${job.uuid}/error-report`)).rawPayload as never);
    const ws = report.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Immobilie',
      'Name',
      'Kaufdatum',
      'Kaufpreis',
      'Menge',
      'Zeile',
      'Fehler',
    ]);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(2).value).toBe('Zahl');
    expect(String(ws.getRow(3).getCell(7).value)).toMatch(/Nirgendwo/);
  });

  it('reads csv with semicolons, quotes and a BOM', async () => {
    const csv = '\uFEFFImmobilie;Name;Hersteller\r\nSeefeld;"Lift; Haus A";"Schindler ""AG"""\r\nSeefeld;Boiler;\r\n';
    const job = await uploaded(Buffer.from(csv), 'anlagen.csv');
    const preview = json<{ data: { headers: string[]; rows: { cells: unknown[] }[] } }>(
      await a.client.get(`/imports/${job.uuid}/preview`),
    ).data;
    expect(preview.headers).toEqual(['Immobilie', 'Name', 'Hersteller']);
    expect(preview.rows[0]!.cells).toEqual(['Seefeld', 'Lift; Haus A', 'Schindler "AG"']);
  });
});

function rows(n: number, prefix: string) {
  const out: (string | number)[][] = [['Immobilie', 'Name', 'Interne Nummer']];
  for (let i = 1; i <= n; i++) out.push(['Seefeld', `${prefix} ${i}`, `${prefix}-${i}`]);
  return out;
}
const count = async (prefix: string) =>
  json<{ meta: { total: number } }>(await a.client.get(`/facilities?search=${prefix}&per_page=1`)).meta.total;

describe('references within the file', () => {
  it('finds a parent created by an earlier row of the same file, in the same chunk or an earlier one', async () => {
    const rows: (string | number)[][] = [['Immobilie', 'Name', 'Übergeordnete Anlage']];
    rows.push(['Seefeld', 'Tree root', '']);
    for (let i = 1; i <= 600; i++) rows.push(['Seefeld', `Tree leaf ${i}`, i === 600 ? 'Tree leaf 1' : 'Tree root']);
    const job = await uploaded(await xlsx({ S: rows }));
    const mapping = { '0': 'property_uuid', '1': 'name', '2': 'parent_facility_uuid' };
    await a.client.post(`/imports/${job.uuid}/run`, { settings_group_uuid: a.settingsGroup, mapping });
    expect((await finished(a.client, job.uuid)).counts).toMatchObject({ created: 601, failed: 0 });
    type Page = { data: { uuid: string; name: string; parent_facility_uuid: string | null }[] };
    const one = async (name: string) =>
      json<Page>(await a.client.get(`/facilities?search=${encodeURIComponent(name)}&per_page=100`)).data.find(
        (f) => f.name === name,
      );
    const byName = new Map<string, Page['data'][number]>();
    for (const name of ['Tree root', 'Tree leaf 1', 'Tree leaf 2', 'Tree leaf 600'])
      byName.set(name, (await one(name))!);
    expect(byName.get('Tree root')!.parent_facility_uuid).toBeNull();
    expect(byName.get('Tree leaf 2')!.parent_facility_uuid).toBe(byName.get('Tree root')!.uuid);
    expect(byName.get('Tree leaf 600')!.parent_facility_uuid).toBe(byName.get('Tree leaf 1')!.uuid);
  });
});

describe('jobs', () => {
  it('resumes a job interrupted between chunks, writing each row once, and undoes it', async () => {
    const job = await uploaded(await xlsx({ S: rows(1200, 'Resume') }));
    const mapping = { '0': 'property_uuid', '1': 'name', '2': 'number_internal' };
    const ctx = env.app.ctx;
    const access = await accessForUser(ctx, a.userId);
    const [row] = await ctx.db.select().from(imports).where(eq(imports.uuid, job.uuid));
    await startRun(ctx, access, row!, {
      settings_group_uuid: a.settingsGroup,
      mapping,
      header_row: 1,
      mode: 'insert',
      match_key: 'uuid',
    });
    await runImport(ctx, job.uuid, 1); // the process "dies" after its first chunk: lease held, status running
    const half = json<{ data: Job }>(await a.client.get(`/imports/${job.uuid}`)).data;
    expect(half.status).toBe('running');
    expect(half.progress.processed).toBe(500);
    expect(await count('Resume')).toBe(500);
    await kickImports(ctx); // the lease is still held: nobody else takes it over
    expect(await count('Resume')).toBe(500);
    await ctx.db
      .update(imports)
      .set({ lease_until: new Date(Date.now() - 1000) })
      .where(eq(imports.uuid, job.uuid));
    await kickImports(ctx); // after the lease ran out, the next process resumes after the last whole chunk
    const done = await finished(a.client, job.uuid);
    expect(done).toMatchObject({ status: 'done', counts: { created: 1200, failed: 0 } });
    expect(await count('Resume')).toBe(1200);
    expect((await a.client.post(`/imports/${job.uuid}/undo`)).statusCode).toBe(200);
    expect(await count('Resume')).toBe(0);
  });

  it('writes in smaller transactions while requests are being answered, each whole in the undo log', async () => {
    const job = await uploaded(await xlsx({ S: rows(600, 'Busy') }));
    const ctx = env.app.ctx;
    const [row] = await ctx.db.select().from(imports).where(eq(imports.uuid, job.uuid));
    await startRun(ctx, await accessForUser(ctx, a.userId), row!, {
      settings_group_uuid: a.settingsGroup,
      mapping: { '0': 'property_uuid', '1': 'name' },
      header_row: 1,
      mode: 'insert',
      match_key: 'uuid',
    });
    // a request whose body is still arriving is in flight for as long as the job runs
    const body = new PassThrough();
    const cookie = [...a.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = decodeURIComponent(a.client.cookies.get('XSRF-TOKEN') ?? '');
    const held = env.app.inject({
      method: 'POST',
      url: '/api/v1/properties',
      headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json', accept: 'application/json' },
      payload: body,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestsInFlight()).toBeGreaterThan(0);
    await runImport(ctx, job.uuid);
    body.end(JSON.stringify({ name: 'Held', settings_group_uuid: a.settingsGroup }));
    expect((await held).statusCode).toBe(201);
    const done = json<{ data: Job }>(await a.client.get(`/imports/${job.uuid}`)).data;
    expect(done).toMatchObject({ status: 'done', counts: { created: 600, failed: 0 } });
    const logged = await ctx.db
      .select({ first: importCreated.first_row, records: importCreated.records })
      .from(importCreated)
      .where(eq(importCreated.import_uuid, job.uuid));
    // 600 rows: without requests one write per chunk (500 + 100); with them one per 100 rows
    expect(CHUNK_ROWS / BUSY_WRITE_ROWS).toBe(5);
    expect(logged.map((l) => l.records.length)).toEqual(Array(6).fill(BUSY_WRITE_ROWS));
    expect((await a.client.post(`/imports/${job.uuid}/undo`)).statusCode).toBe(200);
    expect(await count('Busy')).toBe(0);
  });

  it('cancels between chunks; the written chunks stay until undone', async () => {
    const job = await uploaded(await xlsx({ S: rows(1100, 'Cancel') }));
    const ctx = env.app.ctx;
    const [row] = await ctx.db.select().from(imports).where(eq(imports.uuid, job.uuid));
    const options = {
      settings_group_uuid: a.settingsGroup,
      mapping: { '0': 'property_uuid', '1': 'name' },
      header_row: 1,
      mode: 'insert' as const,
      match_key: 'uuid' as const,
    };
    await startRun(ctx, await accessForUser(ctx, a.userId), row!, options);
    await runImport(ctx, job.uuid, 1);
    const cancelled = await a.client.post(`/imports/${job.uuid}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    await ctx.db.update(imports).set({ lease_until: null }).where(eq(imports.uuid, job.uuid));
    await kickImports(ctx);
    const end = await finished(a.client, job.uuid);
    expect(end.status).toBe('cancelled');
    expect(await count('Cancel')).toBe(500);
    expect((await a.client.post(`/imports/${job.uuid}/undo`)).statusCode).toBe(200);
    expect(await count('Cancel')).toBe(0);
  });

  it('imports the same file with the same Idempotency-Key once', async () => {
    const file = await xlsx({ S: rows(3, 'Twice') });
    const body = { settings_group_uuid: a.settingsGroup, mapping: { '0': 'property_uuid', '1': 'name' } };
    const headers = { 'idempotency-key': 'k-123' };
    const first = await uploaded(file);
    const run1 = await a.client.request('POST', `/imports/${first.uuid}/run`, body, headers);
    expect(run1.statusCode).toBe(202);
    await finished(a.client, first.uuid);
    const again = await a.client.request('POST', `/imports/${first.uuid}/run`, body, headers);
    expect(json<{ data: Job }>(again).data.uuid).toBe(first.uuid);
    const second = await uploaded(file);
    const run2 = await a.client.request('POST', `/imports/${second.uuid}/run`, body, headers);
    expect(run2.statusCode).toBe(202);
    expect(json<{ data: Job }>(run2).data.uuid).toBe(first.uuid);
    await finished(a.client, first.uuid);
    expect(await count('Twice')).toBe(3);
    // another key is another import of the same file
    const third = await uploaded(file);
    await a.client.request('POST', `/imports/${third.uuid}/run`, body, { 'idempotency-key': 'k-456' });
    expect((await finished(a.client, third.uuid)).counts.created).toBe(3);
    expect(await count('Twice')).toBe(6);
  });
});
