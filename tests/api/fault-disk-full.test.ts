// A full disk while an upload is written: DATA_DIR/storage is a 2 MB tmpfs and the uploads are bigger. A document
// upload and an import upload each answer 507 {message} ("no space left"), keep no partial file and write no row;
// once there is room again, the same uploads are stored. Needs root (mount); skipped with the reason otherwise.
// @both-databases: the data folder keeps the files beside either database (STORAGE=folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, json, signedIn, type Client, type TestEnv } from './harness';
import { pdf, uploadDocument } from './uploads';
import { upload } from './workbooks';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-disk-full-'));
const storage = path.join(dataDir, 'storage');
fs.mkdirSync(storage);

/** Mounts a 2 MB tmpfs on the storage folder; answers why not when this machine does not allow it. */
function mountSmallDisk(): string | null {
  if (process.getuid?.() !== 0) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    return 'needs root to mount a small file system';
  }
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', storage], { encoding: 'utf8' });
  if (r.status === 0) return null;
  fs.rmSync(dataDir, { recursive: true, force: true }); // the tests are skipped: nothing to clean up after them
  return `mount refused: ${(r.stderr || r.error?.message || '').trim()}`;
}
const unmount = () => spawnSync('umount', [storage]);
const notMounted = mountSmallDisk();
if (notMounted) console.warn(`fault-disk-full skipped: ${notMounted}`);
else process.once('exit', unmount); // also when the worker ends without afterAll

/** Every file below the folder (empty folders do not count). */
const filesIn = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];
const MB = 1024 * 1024;

describe.skipIf(!!notMounted)('a full disk while an upload is written', () => {
  let env: TestEnv;
  let client: Client;
  let property: string;
  const count = async (table: 'documents' | 'imports') => {
    const res = (await env.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
      rows: { n: number }[];
    };
    return res.rows[0]!.n;
  };

  beforeAll(async () => {
    env = await createTestEnv({ dataDir, storage: 'folder' }); // the data folder's disk, on either database
    ({ client } = await signedIn(env));
    const group = json<{ data: { uuid: string } }>(await client.post('/settings-groups', { name: 'Full AG' })).data
      .uuid;
    property = json<{ data: { uuid: string } }>(
      await client.post('/properties', { settings_group_uuid: group, name: 'Full house' }),
    ).data.uuid;
  });
  afterAll(async () => {
    await env?.close();
    unmount();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const bigPdf = () => Buffer.concat([pdf('big'), Buffer.alloc(3 * MB, 0x20)]);
  const bigCsv = () => {
    const rows = ['name;description'];
    for (let i = 0; rows.length * 60 < 3 * MB; i++) rows.push(`Property ${i};${'x'.repeat(40)}`);
    return Buffer.from(rows.join('\n'));
  };

  it('a document upload: 507 with a clear message, no partial file, no row', async () => {
    const res = await uploadDocument(
      client,
      { model_name: 'property', model_uuid: property },
      { name: 'plan.pdf', data: bigPdf() },
    );
    expect(res.statusCode, res.body).toBe(507);
    expect(json(res)).toEqual({ message: expect.stringMatching(/no space left/) });
    expect(filesIn(storage)).toEqual([]);
    expect(await count('documents')).toBe(0);
  });

  it('an import upload: 507 with a clear message, no partial file, no row', async () => {
    const res = await upload(client, bigCsv(), 'properties.csv', 'property');
    expect(res.statusCode, res.body).toBe(507);
    expect(json(res)).toEqual({ message: expect.stringMatching(/no space left/) });
    expect(filesIn(storage)).toEqual([]);
    expect(await count('imports')).toBe(0);
  });

  it('with room again, the same uploads are stored', async () => {
    unmount();
    const doc = await uploadDocument(
      client,
      { model_name: 'property', model_uuid: property },
      { name: 'plan.pdf', data: bigPdf() },
    );
    expect(doc.statusCode, doc.body).toBe(201);
    const imp = await upload(client, bigCsv(), 'properties.csv', 'property');
    expect(imp.statusCode, imp.body).toBe(201);
    expect(filesIn(storage)).toHaveLength(2);
    expect(await count('documents')).toBe(1);
    expect(await count('imports')).toBe(1);
  });
});
