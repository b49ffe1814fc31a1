// The file stores (server/storage; docs/documents-api.md "Storage") on both backends, on the tier's database: files
// written and read in chunks, replaced whole, a failed write leaving nothing, a reader never seeing half a file; and
// moving the files between the backends (`npm run storage:migrate`), stopped halfway and run again.
// @both-databases: the database backend through each driver, and the command on each database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, freshPostgresDatabase, type TestEnv } from './harness';
import { projectRoot } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { rowsOf } from '../../server/crud/table';
import { digest } from '../../server/storage/file-store';
import { CHUNK, READ_ROWS, ROW } from '../../server/storage/postgres-store';
import { migrateFiles } from '../../server/storage/migrate';
import { fileStore, type StorageBackend, type StorageContext, type StoreArea } from '../../server/storage/stores';

const BACKENDS: StorageBackend[] = ['folder', 'postgres'];
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** `size` bytes of a seeded pattern, made in 64 KB pieces as they are read. */
function generated(size: number, seed: number): Readable {
  const piece = crypto.createHash('sha512').update(String(seed)).digest();
  const block = Buffer.alloc(64 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = piece[i % piece.length]! ^ (i >> 8);
  let left = size;
  return Readable.from(
    (function* () {
      while (left > 0) {
        const n = Math.min(left, block.length);
        left -= n;
        yield Buffer.from(block.subarray(0, n));
      }
    })(),
  );
}

const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

async function keysOf(ctx: StorageContext, area: StoreArea, backend: StorageBackend) {
  const keys: string[] = [];
  for await (const key of fileStore(ctx, area, backend).keys()) keys.push(key);
  return keys.sort();
}

describe('the file stores', () => {
  let env: TestEnv;
  let dataDir: string;
  let ctx: StorageContext;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-stores-'));
    env = await createTestEnv({ dataDir });
    ctx = env.app.ctx;
  });
  afterAll(async () => {
    await env.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const backend of BACKENDS)
    describe(backend, () => {
      it('writes a file of several chunks under its key, lists it, reads the same bytes, replaces and removes it', async () => {
        const store = fileStore(ctx, 'documents', backend);
        const key = crypto.randomUUID();
        const size = Math.round(CHUNK * 2.5) + 100;
        const expected = await digest(generated(size, 1));
        expect(await store.put(key, generated(size, 1))).toEqual(expected);
        expect(await keysOf(ctx, 'documents', backend)).toContain(key);
        const file = await store.open(key);
        expect(file!.size).toBe(size);
        expect(await digest(file!.stream)).toEqual(expected);
        if (backend === 'postgres') {
          const chunks = rowsOf<{ seq: number; n: number }>(
            await env.database.db.execute(sql`select c.seq, length(c.data) as n from file_chunks c
              join stored_files f on f.id = c.file_id where f.key = ${key} order by c.seq`),
          );
          // rows of ROW bytes, the last one shorter
          expect(chunks.map((c) => Number(c.n))).toEqual([...Array<number>((size - 100) / ROW).fill(ROW), 100]);
          expect(chunks.map((c) => Number(c.seq))).toEqual(chunks.map((_, i) => i));
        }
        const local = await store.local(key);
        expect(sha256(fs.readFileSync(local!.path))).toBe(expected.checksum);
        await local!.release();

        const smaller = await store.put(key, generated(1000, 2));
        expect(smaller.size).toBe(1000);
        expect(await digest((await store.open(key))!.stream)).toEqual(smaller);
        expect((await keysOf(ctx, 'documents', backend)).filter((k) => k === key)).toHaveLength(1);
        await store.remove(key);
        expect(await store.open(key)).toBeNull();
        expect(await keysOf(ctx, 'documents', backend)).not.toContain(key);
        await store.remove(key); // removing what is gone is harmless
        expect(fs.readdirSync(dataDir, { recursive: true }).filter((f) => /\.(part|read)$/.test(String(f)))).toEqual(
          [],
        );
      });

      it('keeps nothing of a write whose stream fails, and the earlier file under that key whole', async () => {
        const store = fileStore(ctx, 'imports', backend);
        const key = crypto.randomUUID();
        const first = await store.put(key, generated(CHUNK + 10, 3));
        await expect(store.put(key, failing())).rejects.toThrow('the client went away');
        expect(await digest((await store.open(key))!.stream)).toEqual(first);
        const other = crypto.randomUUID();
        await expect(store.put(other, failing())).rejects.toThrow('the client went away');
        expect(await store.open(other)).toBeNull();
        expect(await keysOf(ctx, 'imports', backend)).toEqual([key]);
        await store.remove(key);
      });

      it('shows a staged upload only once committed, and refuses keys that are not generated ones', async () => {
        const store = fileStore(ctx, 'documents', backend);
        const before = await keysOf(ctx, 'documents', backend);
        const staged = await store.stage(Readable.from([Buffer.from('%PDF-1.4 staged')]), () => false);
        expect(staged).toMatchObject({ size: 15, checksum: sha256(Buffer.from('%PDF-1.4 staged')), truncated: false });
        expect(await keysOf(ctx, 'documents', backend)).toEqual(before);
        const key = await store.commit(staged);
        await store.discard(staged);
        expect(await keysOf(ctx, 'documents', backend)).toEqual([...before, key].sort());
        expect(fs.existsSync(staged.temp)).toBe(false);
        expect(String(await readAll((await store.open(key))!.stream))).toBe('%PDF-1.4 staged');
        for (const bad of ['../../etc/passwd', 'ABCDEF00-0000-0000-0000-000000000000', '', 'x'.repeat(36)]) {
          await expect(store.open(bad), bad).rejects.toThrow('bad storage key');
          await expect(store.put(bad, Readable.from([Buffer.alloc(1)])), bad).rejects.toThrow('bad storage key');
        }
        await store.remove(key);
      });

      it('keeps a local copy of a staged upload only for a caller that reads it', async () => {
        const store = fileStore(ctx, 'documents', backend);
        const bytes = Buffer.from('%PDF-1.4 not read locally');
        const staged = await store.stage(Readable.from([bytes]), () => false, { local: false });
        // the folder's staging file is the file itself; the database keeps no second copy
        expect(fs.existsSync(staged.temp)).toBe(backend === 'folder');
        const key = await store.commit(staged);
        await store.discard(staged);
        expect(await readAll((await store.open(key))!.stream)).toEqual(bytes);
        await store.remove(key);
      });

      it('never gives a reader half a file: one replaced while it is read is read whole, or fails', async () => {
        const store = fileStore(ctx, 'documents', backend);
        const key = crypto.randomUUID();
        // longer than what a database reader asks for ahead (PGlite is slow with bytes: there only the folder's case)
        const chunks = backend === 'postgres' && !process.env.TEST_DATABASE_URL ? 3 : 6;
        // what a database reader may have asked for before the replacement: two reads, and the stream's buffer
        const ahead = (2 * READ_ROWS * ROW + CHUNK) / CHUNK;
        const old = await store.put(key, generated(CHUNK * chunks, 4));
        const reading = (await store.open(key))!;
        const it = reading.stream[Symbol.asyncIterator]();
        const first = (await it.next()).value as Buffer;
        await store.put(key, generated(CHUNK * chunks, 5));
        const rest = await (async () => {
          const parts = [first];
          for (let next = await it.next(); !next.done; next = await it.next()) parts.push(next.value as Buffer);
          return Buffer.concat(parts);
        })().catch((err: Error) => err);
        if (rest instanceof Error) expect(rest.message).toMatch(/lost its chunk/);
        else expect(sha256(rest)).toBe(old.checksum);
        // the folder reads on from the file it opened; the database's chunks of the old file are gone
        if (chunks > ahead) expect(rest instanceof Error).toBe(backend === 'postgres');
        await store.remove(key);
      });
    });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'streams a 200 MB file in and out of PostgreSQL without holding it in memory',
    async () => {
      const store = fileStore(ctx, 'documents', 'postgres');
      const key = crypto.randomUUID();
      const size = 200 * 1024 * 1024;
      const base = process.memoryUsage();
      let peak = 0;
      const sample = setInterval(() => {
        const m = process.memoryUsage();
        peak = Math.max(peak, m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers);
      }, 5);
      try {
        const written = await store.put(key, generated(size, 6));
        expect(written.size).toBe(size);
        expect(await digest((await store.open(key))!.stream)).toEqual(written);
      } finally {
        clearInterval(sample);
        await store.remove(key);
      }
      // heapUsed counts the chunks read and written until the garbage collector runs, which on a busy machine can be
      // late (73 MB was seen beside the other tier): half the file separates streaming from holding it, which needs
      // all 200 MB at once
      expect(peak).toBeLessThan(size / 2);
    },
    120_000,
  );
});

/** A stream that breaks after two whole chunks (written before it breaks). */
const failing = () =>
  Readable.from(
    (async function* () {
      yield Buffer.alloc(CHUNK, 1);
      yield Buffer.alloc(CHUNK, 2);
      throw new Error('the client went away');
    })(),
  );

describe('moving the files between the backends', () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let drop = async () => {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-migrate-'));
    if (process.env.TEST_DATABASE_URL) {
      const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
      databaseUrl = fresh.url;
      drop = fresh.drop;
    }
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The database of this block (PGlite on disk: the command opens the same folder once it is closed here). */
  const open = (): Promise<Database> =>
    databaseUrl ? openDatabase({ databaseUrl, dataDir }) : openDatabase({ dataDir });
  const context = (database: Database): StorageContext => ({ config: { dataDir, storage: undefined }, database });

  /** Every stored file of both areas on a backend, as area/key → checksum. */
  async function contents(ctx: StorageContext, backend: StorageBackend) {
    const out: Record<string, string> = {};
    for (const area of ['documents', 'imports'] as const)
      for (const key of await keysOf(ctx, area, backend))
        out[`${area}/${key}`] = (await digest((await fileStore(ctx, area, backend).open(key))!.stream)).checksum;
    return out;
  }

  /** Files of both areas in the folder backend; answers what they hold. */
  async function seed(ctx: StorageContext, count: number, size: (i: number) => number) {
    const made: Record<string, string> = {};
    for (let i = 0; i < count; i++) {
      const area = i % 3 === 2 ? 'imports' : 'documents';
      const key = crypto.randomUUID();
      made[`${area}/${key}`] = (await fileStore(ctx, area, 'folder').put(key, generated(size(i), 100 + i))).checksum;
    }
    return made;
  }

  it('moves every file, stopped after a copy before its source is removed, and finishes on the next run', async () => {
    const database = await open();
    try {
      const ctx = context(database);
      const made = await seed(ctx, 9, (i) => (i === 4 ? CHUNK * 2 + 7 : 1000 + i));
      // a copy already in the target with other bytes (not what the source holds): the source's bytes win
      const [clash] = Object.keys(made).filter((k) => k.startsWith('documents/'));
      await fileStore(ctx, 'documents', 'postgres').put(clash!.split('/')[1]!, generated(500, 999));

      let copies = 0;
      const stopped = migrateFiles(ctx, 'postgres', {
        beforeRemove: () => {
          if (++copies === 4) throw new Error('stopped');
        },
      });
      await expect(stopped).rejects.toThrow('stopped');
      const source = await contents(ctx, 'folder');
      const target = await contents(ctx, 'postgres');
      expect(Object.keys(source)).toHaveLength(9 - 3);
      expect(Object.keys(target).length).toBeGreaterThanOrEqual(4);
      // no file lost: each is in the source or the target, with its bytes
      for (const [file, sum] of Object.entries(made)) expect(source[file] ?? target[file], file).toBe(sum);

      const lines: string[] = [];
      const counts = await migrateFiles(ctx, 'postgres', {
        onFile: (area, key, how) => lines.push(`${how} ${area}/${key}`),
      });
      expect(await contents(ctx, 'postgres')).toEqual(made);
      expect(await contents(ctx, 'folder')).toEqual({});
      expect(counts.documents.copied + counts.documents.already + counts.imports.copied + counts.imports.already).toBe(
        6,
      );
      expect(lines.filter((l) => l.startsWith('already'))).toHaveLength(1); // the one copied before the stop

      // and back, with nothing left behind in the database
      await migrateFiles(ctx, 'folder');
      expect(await contents(ctx, 'folder')).toEqual(made);
      expect(await contents(ctx, 'postgres')).toEqual({});
      const left = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from file_chunks`));
      expect(left[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });

  /** Runs the command as its own process (tsx, as scripts/run-ts.mjs does) on this block's database and folder. */
  function command(args: string[], onLine?: (line: string, kill: () => void) => void) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/storage/migrate-cli.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', STORAGE: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let pending = '';
    child.stdout.on('data', (d: Buffer) => {
      out += String(d);
      pending += String(d);
      for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
        onLine?.(pending.slice(0, i), () => child.kill('SIGKILL'));
        pending = pending.slice(i + 1);
      }
    });
    child.stderr.on('data', (d: Buffer) => (out += String(d)));
    return new Promise<{ code: number | null; signal: string | null; out: string }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, out })),
    );
  }

  it('the command: usage, a run killed (-9) halfway, and the next run that finishes it', async () => {
    for (const bad of [[], ['--to'], ['--to', 'disk'], ['--to', 'postgres', 'extra']]) {
      const run = await command(bad);
      expect(run.code, bad.join(' ')).toBe(2);
      expect(run.out).toContain('Usage: npm run storage:migrate -- --to postgres|folder');
    }
    let made: Record<string, string>;
    let database = await open();
    try {
      // PGlite moves bytes slowly (a few MB/s): smaller files there, enough for the kill to land halfway
      await seed(context(database), 24, () => (databaseUrl ? CHUNK * 2 : CHUNK / 4));
      made = await contents(context(database), 'folder'); // with the files the test before moved back
      expect(Object.keys(made).length).toBeGreaterThanOrEqual(24);
    } finally {
      await database.close(); // PGlite: one process per data folder
    }
    let moved = 0;
    const killed = await command(['--to', 'postgres'], (line, kill) => {
      if (line.startsWith('moved ') && ++moved === 3) kill();
    });
    expect(killed.signal, killed.out).toBe('SIGKILL');
    const finished = await command(['--to=postgres']);
    expect(finished.code, finished.out).toBe(0);
    expect(finished.out).toMatch(/documents: \d+ moved, [01] already there\./);
    expect(finished.out).toContain('Set STORAGE=postgres');
    database = await open();
    try {
      const ctx = context(database);
      expect(await contents(ctx, 'postgres')).toEqual(made);
      expect(await contents(ctx, 'folder')).toEqual({});
    } finally {
      await database.close();
    }
    // through npm's script as documented
    const back = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'storage:migrate', '--', '--to', 'folder'], {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', STORAGE: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += String(d)));
      child.stderr.on('data', (d: Buffer) => (out += String(d)));
      child.once('exit', (code) => resolve({ code, out }));
    });
    expect(back.code, back.out).toBe(0);
    const count = (area: string) => Object.keys(made).filter((k) => k.startsWith(`${area}/`)).length;
    expect(back.out).toContain(`documents: ${count('documents')} moved, 0 already there.`);
    expect(back.out).toContain(`imports: ${count('imports')} moved, 0 already there.`);
    database = await open();
    try {
      expect(await contents(context(database), 'folder')).toEqual(made);
    } finally {
      await database.close();
    }
  }, 180_000);
});
