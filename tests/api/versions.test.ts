// Record versions at millisecond precision. A row stamped by the database itself (a column default, a job) carries
// microseconds on PostgreSQL, while clients send the millisecond `updated_at` they read: a save, a bulk update and an
// import update of such a row must still match it (and a really stale version must still be refused).
// @both-databases: timestamps at millisecond precision through each driver.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { property } from '../../src/entities/property';
import { createTestEnv, json, signedIn, type TestEnv } from './harness';
import { make, type Context } from './factories';
import { finished, upload, xlsx } from './workbooks';

let env: TestEnv;
let a: Context;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-versions-'));

beforeAll(async () => {
  env = await createTestEnv({ dataDir });
  const { client } = await signedIn(env);
  const res = await client.post('/settings-groups', { name: 'Versions AG' });
  a = { client, settingsGroup: json<{ data: { uuid: string } }>(res).data.uuid, made: new Map() };
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Rec = Record<string, unknown> & { uuid: string; updated_at: string };

/** A property whose version the database wrote with microseconds, as read back by a client. */
async function stampedByDatabase(): Promise<Rec> {
  const made = (await make(a, property)) as Rec;
  await env.database.db.execute(
    sql`update properties set updated_at = '2026-01-01 10:00:00.123456+00' where uuid = ${made.uuid}`,
  );
  const read = json<{ data: Rec }>(await a.client.get(`/properties/${made.uuid}`)).data;
  expect(read.updated_at).toBe('2026-01-01T10:00:00.123Z');
  return read;
}

describe('versions stamped by the database', () => {
  it('a save with the version read matches; an older version is a 409', async () => {
    const rec = await stampedByDatabase();
    const stale = await a.client.request(
      'PATCH',
      `/properties/${rec.uuid}`,
      { name: 'Stale' },
      { 'if-match': '"2026-01-01T10:00:00.122Z"' },
    );
    expect(stale.statusCode).toBe(409);
    const res = await a.client.request(
      'PATCH',
      `/properties/${rec.uuid}`,
      { name: 'Saved' },
      { 'if-match': `"${rec.updated_at}"` },
    );
    expect(res.statusCode).toBe(200);
    expect(json<{ data: Rec }>(res).data.name).toBe('Saved');
  });

  it('a bulk update with the version read updates the row', async () => {
    const rec = await stampedByDatabase();
    const res = await a.client.patch('/properties', {
      rows: [{ uuid: rec.uuid, updated_at: rec.updated_at, name: 'Bulk saved' }],
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: { status: string }[] }>(res).data[0]!.status).toBe('updated');
  });

  it('an import updating the row by uuid writes it', async () => {
    const rec = await stampedByDatabase();
    const file = await xlsx({
      Properties: [
        ['uuid', 'name'],
        [rec.uuid, 'Imported'],
      ],
    });
    const up = await upload(a.client, file, 'properties.xlsx', 'property');
    expect(up.statusCode).toBe(201);
    const job = json<{ data: { uuid: string } }>(up).data;
    const body = {
      settings_group_uuid: a.settingsGroup,
      mapping: { '0': 'uuid', '1': 'name' },
      mode: 'update',
      match_key: 'uuid',
    };
    expect((await a.client.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
    expect(await finished(a.client, job.uuid)).toMatchObject({ status: 'done', counts: { updated: 1, failed: 0 } });
    expect(json<{ data: Rec }>(await a.client.get(`/properties/${rec.uuid}`)).data.name).toBe('Imported');
  });
});
