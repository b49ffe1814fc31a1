// The planning models through the spreadsheet paths: bulk creates and imports run the same write hooks as a single
// save (a ticket's running number, a task's recurrence check and its materialised events), and undoing an import
// takes a task's open events with it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { task } from '../../src/entities/task';
import { isWritable } from '../../src/entities/fields';
import { createTestEnv, json, signedIn, type TestEnv } from './harness';
import { bodyFor, type Context } from './factories';
import { finished, upload, type Cell } from './workbooks';

let env: TestEnv;
let a: Context;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-planning-transfer-'));

beforeAll(async () => {
  env = await createTestEnv({ dataDir });
  const { client } = await signedIn(env);
  const res = await client.post('/settings-groups', { name: 'Planning transfer' });
  a = { client, settingsGroup: json<{ data: { uuid: string } }>(res).data.uuid, made: new Map() };
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Rec = Record<string, unknown> & { uuid: string };

const weekly = async () => ({
  ...(await bodyFor(a, task)),
  repeat_type: 'weekly',
  interval: 1,
  by_weekday: 'MO',
  start_date: new Date().toISOString().slice(0, 10),
  end_type: 'never',
});

async function eventsOf(taskUuid: string) {
  const res = await a.client.get(`/task-events?filter[task_uuid]=${taskUuid}&per_page=100`);
  expect(res.statusCode).toBe(200);
  return json<{ data: Rec[] }>(res).data;
}

describe('planning models in bulk and imports', () => {
  it('numbers tickets created in bulk, each with its own running number', async () => {
    const { ticket } = await import('../../src/entities/ticket');
    const rows = [await bodyFor(a, ticket), await bodyFor(a, ticket), await bodyFor(a, ticket)];
    const res = await a.client.post('/tickets/bulk', { rows });
    expect(res.statusCode).toBe(201);
    const numbers = json<{ data: Rec[] }>(res).data.map((r) => r.number);
    expect(numbers.every((n) => typeof n === 'string' && /^T-\d{5}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(3);
  });

  it('refuses a task whose recurrence is invalid, row by row', async () => {
    const res = await a.client.post('/tasks/bulk', { rows: [await weekly(), { ...(await weekly()), interval: 0 }] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors)).toContain('rows.1.interval');
  });

  it('materialises the events of imported tasks and removes them when the import is undone', async () => {
    const writable = Object.entries(task.fields)
      .filter(([, f]) => isWritable(f))
      .map(([n]) => n);
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await a.client.get('/tasks/import-template')).rawPayload as never);
    const sheet = template.worksheets[0]!;
    const values = (await weekly()) as Record<string, unknown>;
    for (let i = 0; i < 2; i++)
      sheet.addRow([...writable.map((n) => (values[n] === undefined ? null : (values[n] as Cell))), null]);
    // the same task saved through the form: its events are what an imported one must get
    const saved = json<{ data: Rec }>(await a.client.post('/tasks', values)).data;
    const expected = (await eventsOf(saved.uuid)).length;
    expect(expected).toBeGreaterThan(0);
    const up = await upload(a.client, Buffer.from(await template.xlsx.writeBuffer()), 'tasks.xlsx', 'task');
    expect(up.statusCode).toBe(201);
    const job = json<{ data: { uuid: string } }>(up).data;
    const preview = json<{ data: { suggested_mapping: Record<string, string> } }>(
      await a.client.get(`/imports/${job.uuid}/preview`),
    ).data;
    const body = { settings_group_uuid: a.settingsGroup, mapping: preview.suggested_mapping };
    expect((await a.client.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
    expect(await finished(a.client, job.uuid)).toMatchObject({ status: 'done', counts: { created: 2, failed: 0 } });

    const made = json<{ data: Rec[] }>(
      await a.client.get('/tasks?sort_by=created_at&sort_descending=1&per_page=2'),
    ).data;
    expect(made).toHaveLength(2);
    for (const t of made) expect((await eventsOf(t.uuid)).length).toBe(expected);

    const undone = await a.client.post(`/imports/${job.uuid}/undo`);
    expect(undone.statusCode).toBe(200);
    for (const t of made) {
      expect((await a.client.get(`/tasks/${t.uuid}`)).statusCode).toBe(404);
      expect(await eventsOf(t.uuid)).toHaveLength(0);
    }
  });
});
