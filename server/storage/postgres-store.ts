// The database backend (the default on PostgreSQL; docs/documents-api.md, "Storage"): a file is a `stored_files` row
// (key, size, checksum, number of chunks) and its bytes in `file_chunks` rows of at most CHUNK bytes, written and
// read one chunk at a time (never the whole file in memory). A file is written in one transaction, its row last:
// the record's own transaction for an upload, so file and record appear together; a reader finds a file whole or
// not at all. Every process of the app reads what any other wrote: nothing stays on the machine.
// Uploads are staged in a local scratch folder first (the type checks read it, and a slow client holds no
// connection); readers that need a path get a copy there for the time of the read.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../crud/table';
import { storageFailure } from '../http-error';
import { checkKey, meter, stageInto, type FileStore, type StagedFile, type StoreArea } from './file-store';

/** Bytes per chunk row: few statements per file, little memory per reader. */
export const CHUNK = 1024 * 1024;
/** Scratch files older than this are left over from a process that died: removed on the next start of a store. */
const STALE_MS = 24 * 3600_000;

const asBuffer = (data: unknown) =>
  Buffer.isBuffer(data)
    ? data
    : Buffer.from((data as Uint8Array).buffer, (data as Uint8Array).byteOffset, (data as Uint8Array).byteLength);

/** Cuts a stream into CHUNK-sized buffers (the last one shorter); only one chunk is held at a time. */
class Chunker extends Writable {
  private parts: Buffer[] = [];
  private held = 0;
  seq = 0;

  constructor(private readonly store: (seq: number, data: Buffer) => Promise<void>) {
    super({ highWaterMark: CHUNK });
  }

  private async flush() {
    const data = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.held);
    this.parts = [];
    this.held = 0;
    await this.store(this.seq++, data);
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void) {
    (async () => {
      let rest = chunk;
      while (this.held + rest.length >= CHUNK) {
        const take = CHUNK - this.held;
        this.parts.push(rest.subarray(0, take));
        this.held += take;
        rest = rest.subarray(take);
        await this.flush();
      }
      if (rest.length) {
        this.parts.push(rest);
        this.held += rest.length;
      }
    })().then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void) {
    (this.held ? this.flush() : Promise.resolve()).then(() => done(), done);
  }
}

let swept = false;

export class PostgresStore implements FileStore {
  readonly backend = 'postgres' as const;

  constructor(
    private readonly db: Db,
    private readonly area: StoreArea,
    /** A folder on this machine for staged uploads and readers' copies. */
    private readonly scratch: string,
  ) {
    if (!swept) {
      swept = true;
      void sweep(path.dirname(scratch));
    }
  }

  stage(source: Readable, truncated: () => boolean): Promise<StagedFile> {
    return stageInto(this.scratch, source, truncated);
  }

  async commit(staged: StagedFile, tx?: Db): Promise<string> {
    const key = crypto.randomUUID();
    const write = (t: Db) => this.write(t, key, fs.createReadStream(staged.temp));
    const written = await (tx ? write(tx) : this.db.transaction((t) => write(t as unknown as Db)));
    // the staged file was counted and hashed on its way in: what was written must be the same bytes
    if (written.checksum !== staged.checksum || written.size !== staged.size)
      throw new Error('a staged file changed before it was stored');
    return key;
  }

  async discard(staged: StagedFile) {
    await fs.promises.rm(staged.temp, { force: true });
  }

  /** Writes `source` as the file under `key` in the transaction `t`, replacing one stored there. */
  private async write(t: Db, key: string, source: Readable) {
    const id = crypto.randomUUID();
    const m = meter();
    const chunks = new Chunker(async (seq, data) => {
      await t.execute(sql`insert into file_chunks (file_id, seq, data) values (${id}, ${seq}, ${data})`);
    });
    try {
      await pipeline(source, m.stream, chunks);
    } catch (err) {
      throw storageFailure(err);
    }
    const size = m.state.size;
    const checksum = m.state.checksum();
    await this.drop(t, key);
    await t.execute(
      sql`insert into stored_files (id, area, key, size, checksum, chunks)
          values (${id}, ${this.area}, ${key}, ${size}, ${checksum}, ${chunks.seq})`,
    );
    return { size, checksum };
  }

  /** Removes the file under `key` and its chunks. */
  private async drop(t: Db, key: string) {
    const gone = rowsOf<{ id: string }>(
      await t.execute(sql`delete from stored_files where area = ${this.area} and key = ${key} returning id`),
    );
    for (const { id } of gone) await t.execute(sql`delete from file_chunks where file_id = ${id}`);
  }

  async open(key: string) {
    checkKey(key);
    const [file] = rowsOf<{ id: string; size: number; chunks: number }>(
      await this.db.execute(sql`select id, size, chunks from stored_files where area = ${this.area} and key = ${key}`),
    );
    if (!file) return null;
    const db = this.db;
    let seq = 0;
    const stream = new Readable({
      highWaterMark: 1, // one chunk ahead at most
      objectMode: false,
      read() {
        if (seq >= file.chunks) return void this.push(null);
        const n = seq++;
        db.execute(sql`select data from file_chunks where file_id = ${file.id} and seq = ${n}`).then(
          (res) => {
            const [row] = rowsOf<{ data: unknown }>(res);
            // removed while being read (a migration, a failed upload's cleanup): an error, never a short file
            if (!row) return void this.destroy(new Error(`stored file ${key} lost its chunk ${n} while being read`));
            this.push(asBuffer(row.data));
          },
          (err: Error) => this.destroy(err),
        );
      },
    });
    return { stream, size: Number(file.size) };
  }

  async local(key: string) {
    const file = await this.open(key);
    if (!file) return null;
    await fs.promises.mkdir(this.scratch, { recursive: true });
    const copy = path.join(this.scratch, `${crypto.randomUUID()}.read`);
    const release = () => fs.promises.rm(copy, { force: true });
    try {
      await pipeline(file.stream, fs.createWriteStream(copy, { mode: 0o600 }));
    } catch (err) {
      await release();
      throw storageFailure(err);
    }
    return { path: copy, release };
  }

  async remove(key: string) {
    checkKey(key);
    await this.db.transaction((t) => this.drop(t as unknown as Db, key));
  }

  async *keys(): AsyncIterable<string> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = rowsOf<{ key: string }>(
        await this.db.execute(
          sql`select key from stored_files where area = ${this.area} and key > ${after} order by key limit 1000`,
        ),
      );
      for (const row of page) yield row.key;
      if (page.length < 1000) return;
      after = page[page.length - 1]!.key;
    }
  }

  async put(key: string, source: Readable) {
    checkKey(key);
    return this.db.transaction((t) => this.write(t as unknown as Db, key, source));
  }
}

/** Removes scratch files a dead process left behind (a day old: no upload or read takes that long). */
async function sweep(dir: string) {
  try {
    for (const entry of await fs.promises.readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > STALE_MS) await fs.promises.rm(file, { force: true });
    }
  } catch {
    /* no scratch folder yet */
  }
}
