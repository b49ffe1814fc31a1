// Scheduled exports (docs/domain/scheduled-exports.md): a saved view exported as xlsx at its slots or on Run now, in
// its owner's scope (the view's filters, search and sort, the owner's visible columns), kept 30 days for download,
// mailed to its recipients over SMTP with the file attached; a failed run is logged and mailed to the owner and not
// tried again before the next slot; refused input is a 422 per field; the run log and files answer 401 signed out
// and 404 to anyone who does not see the schedule.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { startSmtp } from './smtp';
import { memberOf, workspace, type Rec, type Ws } from './planning-support';
import { jobs } from '../../server/jobs/jobs';
import { runJobIfDue } from '../../server/jobs/scheduler';
import { scheduledExportRuns } from '../../server/db/scheduled-export-schema';
import { scheduledExports } from '../../server/db/entity-tables';
import { nextSlot } from '../../src/domain/export-schedule';
import { storedKeys } from './stored-files';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let dataDir: string;
let a: Ws;
let member: Awaited<ReturnType<typeof memberOf>>;
let view: string;

type Run = {
  id: number;
  trigger: string;
  status: string;
  row_count: number | null;
  file_size: number | null;
  file_name: string | null;
  expires_at: string | null;
  error: string | null;
  mailed: number;
  links: Record<string, string>;
};

beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-scheduled-exports-'));
  env = await createTestEnv({ smtpUrl: smtp.url, dataDir });
  a = await workspace(env);
  member = await memberOf(env, a);
  for (const [name, symbol] of [
    ['Meter', 'm'],
    ['Liter', 'l'],
    ['Kilogramm', 'kg'],
    ['Kubikmeter', 'm3'],
  ])
    expect((await a.client.post('/units', { settings_group_uuid: a.settingsGroup, name, symbol })).statusCode).toBe(
      201,
    );
  // a shared view of the units: the names with "meter", by name descending
  view = json<{ data: Rec }>(
    await a.client.post('/grid-views', {
      settings_group_uuid: a.settingsGroup,
      name: 'Meters',
      table_name: 'unit',
      shared: true,
      query: {
        sort_by: 'name',
        sort_descending: true,
        filters: { name: { filterType: 'text', type: 'contains', filter: 'meter' } },
      },
    }),
  ).data.uuid;
  // the owner's layout of the table: the symbol before the name
  const put = await a.client.put('/user/table-settings/unit?device=test:desktop', { visible_columns: 'symbol,name' });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => {
  await env.close();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const create = (client: Client, body: Record<string, unknown>) =>
  client.post('/scheduled-exports', { settings_group_uuid: a.settingsGroup, ...body });
const runs = async (client: Client, uuid: string) =>
  json<{ data: Run[] }>(await client.get(`/scheduled-exports/${uuid}/runs`)).data;
const job = (name: string) => jobs.find((j) => j.name === name)!;
/** Runs a job as the scheduler does, at `now` (each call far enough after the last one to be due). */
let clock = Date.parse('2030-01-01T00:00:00Z');
async function runJob(name: string, now?: Date) {
  clock += 2 * 3_600_000;
  const at = now ?? new Date(clock);
  expect(await runJobIfDue(env.app.ctx, job(name), jobs.indexOf(job(name)), at)).toBe(true);
  return at;
}
async function sheetOf(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
const toOf = (raw: string) => /^To: (.*)$/m.exec(raw)?.[1] ?? '';

describe('scheduled exports', () => {
  it('creates a schedule of a saved view with its next slot, and refuses bad input per field', async () => {
    const res = await create(a.client, {
      grid_view_uuid: view,
      format: 'xlsx',
      schedule: 'weekly',
      recipients: [member.user.uuid],
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = json<{ data: Rec }>(res).data;
    expect(made).toMatchObject({ schedule: 'weekly', format: 'xlsx', view_name: 'Meters', table_name: 'unit' });
    const next = new Date(String(made.next_run_at));
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(5);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(made.links).toMatchObject({ run: expect.any(String), runs: expect.any(String) });

    const errorsOf = async (body: Record<string, unknown>, client = a.client) => {
      const r = await create(client, body);
      expect(r.statusCode, r.body).toBe(422);
      return Object.keys(json<{ errors: Record<string, string[]> }>(r).errors);
    };
    expect(await errorsOf({ grid_view_uuid: view, schedule: 'hourly' })).toEqual(['schedule']);
    expect(await errorsOf({ grid_view_uuid: view, schedule: 'daily', format: 'pdf' })).toEqual(['format']);
    const stranger = (await workspace(env)).user.uuid;
    expect(await errorsOf({ grid_view_uuid: view, schedule: 'daily', recipients: [stranger] })).toEqual([
      'recipients.0',
    ]);
    expect(
      await errorsOf({ grid_view_uuid: view, schedule: 'daily', recipients: [member.user.uuid, stranger] }),
    ).toEqual(['recipients.1']);
    expect(await errorsOf({ grid_view_uuid: view, schedule: 'daily', recipients: ['nope'] })).toEqual(['recipients.0']);
    // a view the caller does not see: the admin's personal one, for the member
    const personal = json<{ data: Rec }>(
      await a.client.post('/grid-views', {
        settings_group_uuid: a.settingsGroup,
        name: 'Mine',
        table_name: 'unit',
        shared: false,
        query: {},
      }),
    ).data.uuid;
    expect(await errorsOf({ grid_view_uuid: personal, schedule: 'daily' }, member.client)).toEqual(['grid_view_uuid']);
    const refusal = await create(member.client, { grid_view_uuid: personal, schedule: 'daily' });
    expect(json<{ errors: Record<string, string[]> }>(refusal).errors.grid_view_uuid![0]).toMatch(/does not exist/);
    // a member schedules the shared view
    expect((await create(member.client, { grid_view_uuid: view, schedule: 'daily' })).statusCode).toBe(201);
  });

  it('runs now: the view’s rows and the owner’s columns in an xlsx, kept for download and mailed with it', async () => {
    const schedule = json<{ data: Rec }>(
      await create(a.client, {
        name: 'Weekly meters',
        grid_view_uuid: view,
        schedule: 'monthly',
        recipients: [member.user.uuid],
      }),
    ).data;
    const before = smtp.received.length;
    const res = await a.client.post(`/scheduled-exports/${schedule.uuid}/run`);
    expect(res.statusCode, res.body).toBe(200);
    const run = json<{ meta: { run: Run } }>(res).meta.run;
    expect(run).toMatchObject({ trigger: 'manual', status: 'done', row_count: 2, mailed: 1, error: null });
    expect(run.file_name).toMatch(/^Weekly meters-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(json<{ data: Rec }>(res).data.last_status).toBe('done');

    const [listed] = await runs(a.client, schedule.uuid);
    expect(listed).toMatchObject({ id: run.id, status: 'done', row_count: 2 });
    const file = await a.client.get(listed!.links.file!.replace('/api/v1', ''));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Weekly meters');
    expect(file.rawPayload.length).toBe(run.file_size);
    const rows = await sheetOf(file.rawPayload);
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['Symbol', 'Name'],
      ['m', 'Meter'],
      ['m3', 'Kubikmeter'],
    ]);

    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    expect(toOf(mails[0]!)).toContain(member.user.email);
    expect(subjectOf(mails[0]!)).toContain('Weekly meters');
    expect(mails[0]!).toMatch(/Content-Disposition: attachment;\s+filename="?Weekly meters-/);
    expect(mails[0]!).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('runs at its slot from the job, and a failed run is logged, mailed to the owner, and waits for the next slot', async () => {
    const made = json<{ data: Rec }>(await create(a.client, { grid_view_uuid: view, schedule: 'daily' })).data;
    const { db } = env.app.ctx;
    const due = async (uuid: string, at: Date) =>
      db.update(scheduledExports).set({ next_run_at: at }).where(eq(scheduledExports.uuid, uuid));
    let now = new Date(clock + 2 * 3_600_000);
    await due(made.uuid, new Date(now.getTime() - 60_000));
    await runJob('scheduled-exports', now);
    clock = now.getTime();
    let log = await runs(a.client, made.uuid);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ trigger: 'schedule', status: 'done', row_count: 2 });
    let [row] = await db.select().from(scheduledExports).where(eq(scheduledExports.uuid, made.uuid));
    expect(row!.next_run_at!.toISOString()).toBe(nextSlot('daily', now).toISOString());

    // its view goes away: the next run fails, is logged and mailed to the owner
    const gone = json<{ data: Rec }>(
      await a.client.post('/grid-views', {
        settings_group_uuid: a.settingsGroup,
        name: 'Short-lived',
        table_name: 'unit',
        shared: false,
        query: {},
      }),
    ).data.uuid;
    const failing = json<{ data: Rec }>(await create(a.client, { grid_view_uuid: gone, schedule: 'weekly' })).data;
    expect((await a.client.delete(`/grid-views/${gone}`)).statusCode).toBe(200);
    now = new Date(clock + 2 * 3_600_000);
    await due(failing.uuid, new Date(now.getTime() - 60_000));
    const before = smtp.received.length;
    await runJob('scheduled-exports', now);
    clock = now.getTime();
    log = await runs(a.client, failing.uuid);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'failed', error: 'view_missing', expires_at: null, links: {} });
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    expect(toOf(mails[0]!)).toContain(a.user.email);
    expect(subjectOf(mails[0]!)).toContain('failed');
    expect(json<{ data: Rec }>(await a.client.get(`/scheduled-exports/${failing.uuid}`)).data.last_status).toBe(
      'failed',
    );
    // not tried again before its next slot, however often the job runs
    [row] = await db.select().from(scheduledExports).where(eq(scheduledExports.uuid, failing.uuid));
    expect(row!.next_run_at!.toISOString()).toBe(nextSlot('weekly', now).toISOString());
    await runJob('scheduled-exports', new Date(now.getTime() + 2 * 60_000));
    await runJob('scheduled-exports', new Date(row!.next_run_at!.getTime() - 60_000));
    expect(await runs(a.client, failing.uuid)).toHaveLength(1);
    // at the next slot it runs (and fails) again
    await runJob('scheduled-exports', row!.next_run_at!);
    clock = row!.next_run_at!.getTime();
    expect(await runs(a.client, failing.uuid)).toHaveLength(2);
  });

  it('keeps the file 30 days: then the download is a 404 and the purge job removes it', async () => {
    const made = json<{ data: Rec }>(await create(a.client, { grid_view_uuid: view, schedule: 'daily' })).data;
    const run = json<{ meta: { run: Run } }>(await a.client.post(`/scheduled-exports/${made.uuid}/run`)).meta.run;
    const url = run.links.file!.replace('/api/v1', '');
    expect((await a.client.get(url)).statusCode).toBe(200);
    const { db } = env.app.ctx;
    const [stored] = await db.select().from(scheduledExportRuns).where(eq(scheduledExportRuns.id, run.id));
    expect(await storedKeys(env, 'exports')).toContain(stored!.file_key);
    expect(stored!.expires_at!.getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    await db
      .update(scheduledExportRuns)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(scheduledExportRuns.id, run.id));
    expect((await a.client.get(url)).statusCode).toBe(404);
    expect((await runs(a.client, made.uuid))[0]).toMatchObject({ id: run.id, expires_at: null, links: {} });
    await runJob('scheduled-export-purge', new Date(Date.now() + 60_000));
    const [purged] = await db.select().from(scheduledExportRuns).where(eq(scheduledExportRuns.id, run.id));
    expect(purged!.file_key).toBeNull();
    expect(await storedKeys(env, 'exports')).not.toContain(stored!.file_key);
    expect((await a.client.get(url)).statusCode).toBe(404);
    expect((await a.client.get(`/scheduled-exports/${made.uuid}/runs/999999/file`)).statusCode).toBe(404);
  });

  it('answers 401 signed out and 404 to anyone who does not see the schedule', async () => {
    const made = json<{ data: Rec }>(await create(member.client, { grid_view_uuid: view, schedule: 'daily' })).data;
    const run = json<{ meta: { run: Run } }>(await member.client.post(`/scheduled-exports/${made.uuid}/run`)).meta.run;
    expect(run.status).toBe('done');
    const file = run.links.file!.replace('/api/v1', '');
    const anonymous = new Client(env.app);
    expect((await anonymous.get(`/scheduled-exports/${made.uuid}/runs`)).statusCode).toBe(401);
    expect((await anonymous.get(file)).statusCode).toBe(401);
    expect((await anonymous.post(`/scheduled-exports/${made.uuid}/run`)).statusCode).toBe(401);
    // another member of A and a user of another workspace find nothing
    const other = await memberOf(env, a);
    const outside = await workspace(env);
    for (const client of [other.client, outside.client]) {
      expect((await client.get(`/scheduled-exports/${made.uuid}`)).statusCode).toBe(404);
      expect((await client.get(`/scheduled-exports/${made.uuid}/runs`)).statusCode).toBe(404);
      expect((await client.get(file)).statusCode).toBe(404);
      expect((await client.post(`/scheduled-exports/${made.uuid}/run`)).statusCode).toBe(404);
    }
    // the settings group's admin sees it, its runs and its file
    expect((await runs(a.client, made.uuid)).map((r) => r.id)).toEqual([run.id]);
    expect((await a.client.get(file)).statusCode).toBe(200);
    // a run id of another schedule is not this schedule's
    const mine = json<{ data: Rec }>(await create(a.client, { grid_view_uuid: view, schedule: 'daily' })).data;
    expect((await a.client.get(`/scheduled-exports/${mine.uuid}/runs/${run.id}/file`)).statusCode).toBe(404);
    expect((await a.client.get(`/scheduled-exports/${made.uuid}/runs/abc/file`)).statusCode).toBe(422);
  });
});
