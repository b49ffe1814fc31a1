// The history of imports (docs/spreadsheet-api.md, "Import history"): `GET /import-jobs` lists a settings group's
// imports newest first with who ran them, the file and the counts; its admins see everyone's, a member their own,
// anyone outside the group nothing (404); the error report and undo links are the uploader's alone, and undo from
// the history takes the import back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { memberOf, workspace, type Ws } from './planning-support';
import { finished, upload, xlsx } from './workbooks';

let env: TestEnv;
let dataDir: string;
let a: Ws;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-import-history-'));
  env = await createTestEnv({ dataDir });
  a = await workspace(env);
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Job = {
  uuid: string;
  file_name: string;
  created_by: string;
  counts: { created: number; failed: number };
  links: Record<string, string>;
};

/** Units imported by `client` into A: two good rows and one without a symbol. */
async function importUnits(client: Client, name: string) {
  const file = await xlsx({
    Units: [
      ['Name', 'Symbol'],
      ['Meter', `m-${name}`],
      ['Liter', `l-${name}`],
      ['Ohne', null],
    ],
  });
  const up = json<{ data: { uuid: string } }>(await upload(client, file, `${name}.xlsx`, 'unit')).data;
  const preview = json<{ data: { suggested_mapping: Record<string, string> } }>(
    await client.get(`/imports/${up.uuid}/preview`),
  ).data;
  const body = { settings_group_uuid: a.settingsGroup, mapping: preview.suggested_mapping };
  await client.post(`/imports/${up.uuid}/validate`, body);
  const run = await client.post(`/imports/${up.uuid}/run`, body);
  expect(run.statusCode, run.body).toBe(202);
  return finished(client, up.uuid);
}

const history = async (client: Client, sg?: string) =>
  json<{ data: Job[] }>(await client.get(`/import-jobs${sg ? `?settings_group_uuid=${sg}` : ''}`)).data;

describe('the import history', () => {
  it('lists the group’s imports for its admin, a member’s own for the member, with the uploader’s links', async () => {
    const m = await memberOf(env, a);
    await importUnits(a.client, 'admin');
    await importUnits(m.client, 'member');
    const seen = await history(a.client, a.settingsGroup);
    expect(seen.map((j) => j.file_name)).toEqual(['member.xlsx', 'admin.xlsx']);
    expect(seen[1]!.counts).toMatchObject({ created: 2 });
    // the admin's own import has its links; the member's has none for the admin
    expect(Object.keys(seen[1]!.links)).toEqual(expect.arrayContaining(['undo', 'error_report']));
    expect(seen[1]!.counts).toMatchObject({ failed: 1 });
    expect(seen[0]!.links).toEqual({});
    expect((await history(m.client, a.settingsGroup)).map((j) => j.file_name)).toEqual(['member.xlsx']);
    expect((await history(m.client)).map((j) => j.file_name)).toEqual(['member.xlsx']);
  });

  it('answers 404 outside the group and 401 signed out', async () => {
    const other = await workspace(env);
    expect((await other.client.get(`/import-jobs?settings_group_uuid=${a.settingsGroup}`)).statusCode).toBe(404);
    expect(await history(other.client)).toEqual([]);
    expect((await new Client(env.app).get('/import-jobs')).statusCode).toBe(401);
    expect((await a.client.get('/import-jobs?settings_group_uuid=nope')).statusCode).toBe(422);
  });

  it('takes an import back through its undo link', async () => {
    const job = await importUnits(a.client, 'undo');
    const listed = (await history(a.client, a.settingsGroup)).find((j) => j.uuid === job.uuid)!;
    const units = async () =>
      json<{ data: { symbol: string }[] }>(await a.client.get('/units?per_page=100')).data.map((u) => u.symbol);
    expect(await units()).toContain('m-undo');
    const res = await a.client.post(listed.links.undo!.replace('/api/v1', ''));
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expect.poll(units).not.toContain('m-undo');
  });
});
