// The database backend (the default on PostgreSQL; docs/documents-api.md, "Storage"): a file is a `stored_files` row
// (key, size, checksum, number of chunks) and its bytes in `file_chunks` rows of CHUNK bytes (the last one shorter),
// written and read a chunk at a time, never the whole file in memory. Every process of the app reads what any other
// wrote: nothing stays on the machine.
// - An upload is staged while it streams in: its chunks are written to the database as they arrive (so the database
//   works while the client is still sending) under a row without a key, which no reader finds, and, when the caller
//   reads it (a zip's directory, an import's workbook), to a local scratch file. Committing gives the row its key, in the transaction that writes the
//   file's record: the file and its record appear together or not at all. A staged row a process left behind when
//   it died is removed a day later.
// - `put` writes a whole file under a given key in one transaction (migration, restore).
// - A reader looks the key up once and then reads the chunks of that row; a file written again under the key is a new
//   row with new chunks, so a reader gets the file it found whole, or an error, never a mix or a short file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import { rowsOf } from '../crud/table';
import { storageFailure } from '../http-error';
import { checkKey, meter, type FileStore, type StagedFile, type StageOptions, type StoreArea } from './file-store';

/** Bytes per `file_chunks` row: a row arrives in a message or two of the socket's reads, so the driver's parser
 * never grows a buffer of a megabyte to join one (the download benchmark, tests/bench/documents.bench.mjs). */
export const ROW = 64 * 1024;
/** Bytes a writer gathers before one statement writes them (ROW-sized rows): few statements per file, two such
 * buffers per writer, allocated once. */
export const CHUNK = 16 * ROW;
/** Rows one read statement fetches, and how many such reads a reader keeps ahead of what it sends. */
export const READ_ROWS = 16;
/** Staged rows and scratch files older than this are left over from a process that died. */
const STALE_MS = 24 * 3600_000;

const asBuffer = (data: unknown) =>
  Buffer.isBuffer(data)
    ? data
    : Buffer.from((data as Uint8Array).buffer, (data as Uint8Array).byteOffset, (data as Uint8Array).byteLength);

/** Writes `data` as rows from `seq` on; answers how many rows it wrote. */
type RowWriter = (seq: number, data: Buffer) => Promise<number>;

const rowCount = (bytes: number) => Math.ceil(bytes / ROW);

/**
 * Cuts a stream into CHUNK-sized pieces (the last one shorter) and hands each to `store`. One piece is stored while
 * the next one fills, so the database and the sender work at the same time. The two pieces are two buffers
 * allocated once and filled in turn (a buffer is filled again only after its statement has ended): a megabyte
 * allocated per piece made the server's garbage collector the upload's bottleneck (docs/decisions.md, "Documents").
 */
class Chunker extends Writable {
  private readonly buffers = [Buffer.allocUnsafe(CHUNK), Buffer.allocUnsafe(CHUNK)];
  private current = 0;
  private held = 0;
  private storing: Promise<void> = Promise.resolve();
  /** Rows written (or being written). */
  rows = 0;

  constructor(private readonly store: RowWriter) {
    super({ highWaterMark: CHUNK });
  }

  private async flush() {
    const data = this.buffers[this.current]!.subarray(0, this.held);
    // one piece stored at a time (two at once were no faster: docs/decisions.md, "Documents"); waiting for the last
    // one also frees its buffer, which the next piece fills
    await this.storing;
    const seq = this.rows;
    this.rows += rowCount(data.length);
    this.storing = this.store(seq, data).then(() => undefined);
    this.storing.catch(() => {}); // awaited (and thrown) by the next flush or _final
    this.current ^= 1;
    this.held = 0;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void) {
    (async () => {
      let at = 0;
      while (at < chunk.length) {
        const take = Math.min(CHUNK - this.held, chunk.length - at);
        chunk.copy(this.buffers[this.current]!, this.held, at, at + take);
        this.held += take;
        at += take;
        if (this.held === CHUNK) await this.flush();
      }
    })().then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void) {
    (async () => {
      if (this.held) await this.flush();
      await this.storing;
    })().then(() => done(), done);
  }
}

/** Writes each chunk to every output in turn of the stream (a staged upload: the scratch file and the database). */
class Tee extends Writable {
  constructor(private readonly outs: Writable[]) {
    super();
    for (const out of outs) out.on('error', (err) => this.destroy(err)); // a full disk fails the staging (507)
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void) {
    Promise.all(
      this.outs.map((out) => new Promise<void>((ok, fail) => out.write(chunk, (err) => (err ? fail(err) : ok())))),
    ).then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void) {
    Promise.all(
      this.outs.map(
        (out) =>
          new Promise<void>((ok, fail) => {
            out.once('error', fail);
            out.end(() => ok());
          }),
      ),
    ).then(() => done(), done);
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void) {
    for (const out of this.outs) out.destroy();
    done(err);
  }
}

/**
 * Chunks read with `COPY … TO STDOUT (FORMAT binary)` on PostgreSQL: the bytes come as they are stored, where a
 * select sends bytea as hex text that the driver decodes again (twice the bytes, a third of the speed: the download
 * benchmark, tests/bench/documents.bench.mjs). COPY takes no parameters: the id is a uuid read from stored_files and
 * checked again here, the numbers are integers.
 */
function copyChunks(pool: pg.Pool, id: string, from: number, to: number): Promise<Buffer[]> {
  if (!/^[0-9a-f-]{36}$/.test(id) || !Number.isInteger(from) || !Number.isInteger(to))
    throw new Error('bad chunk reference');
  const parts: Buffer[] = [];
  let failure: Error | null = null;
  const copy = {
    callback: undefined as ((err: Error | null, data?: Buffer[]) => void) | undefined,
    submit(connection: { query: (text: string) => void }) {
      connection.query(
        `copy (select data from file_chunks where file_id = '${id}' and seq >= ${from} and seq < ${to} order by seq)` +
          ' to stdout (format binary)',
      );
    },
    // a view of the driver's receive buffer, which it reuses for what comes next: copied out
    handleCopyData: (msg: { chunk: Buffer }) => void parts.push(Buffer.from(msg.chunk)),
    handleError: (err: Error) => void (failure = err),
    handleReadyForQuery() {
      if (failure) return copy.callback?.(failure);
      try {
        copy.callback?.(null, binaryCopyValues(parts));
      } catch (err) {
        copy.callback?.(err as Error);
      }
    },
    handleCommandComplete: () => {},
    handleRowDescription: () => {},
    handleDataRow: () => {},
    handleEmptyQuery: () => {},
    handlePortalSuspended: () => {},
  };
  return new Promise((resolve, reject) =>
    pool.query(copy as unknown as pg.QueryConfig, (err: Error | null, data: unknown) =>
      err ? reject(err) : resolve(data as Buffer[]),
    ),
  );
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A CopyData message's type and length, for `payload` bytes after it. */
function copyData(payload: number): Buffer {
  const head = Buffer.allocUnsafe(5);
  head[0] = 0x64; // 'd'
  head.writeInt32BE(payload + 4, 1);
  return head;
}

/**
 * Writes `data` as `file_chunks` rows of ROW bytes (seq from `seq` on) by `COPY … FROM STDIN (format binary)` on the
 * checked-out connection: the COPY format's header, per row its field count, the uuid, the number and the bytes'
 * length, then the bytes themselves (a view of `data`, written to the socket as it is, never copied into a
 * statement's buffer as a bound parameter is), the end mark and CopyDone. Resolves when the statement has ended,
 * after which `data` may be reused.
 */
function copyRows(client: pg.PoolClient, id: string, seq: number, data: Buffer): Promise<void> {
  const uuid = Buffer.from(id.replace(/-/g, ''), 'hex');
  if (uuid.length !== 16 || !Number.isInteger(seq)) throw new Error('bad chunk reference');
  let failure: Error | null = null;
  const copy = {
    callback: undefined as ((err: Error | null) => void) | undefined,
    submit(connection: { query: (text: string) => void }) {
      connection.query('copy file_chunks (file_id, seq, data) from stdin (format binary)');
    },
    handleCopyInResponse(connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } }) {
      const out = connection.stream;
      out.cork();
      const header = Buffer.alloc(19);
      SIGNATURE.copy(header);
      out.write(copyData(header.length));
      out.write(header);
      for (let at = 0, n = seq; at < data.length; at += ROW, n++) {
        const bytes = data.subarray(at, at + ROW);
        const row = Buffer.allocUnsafe(2 + 4 + 16 + 4 + 4 + 4);
        row.writeInt16BE(3, 0);
        row.writeInt32BE(16, 2);
        uuid.copy(row, 6);
        row.writeInt32BE(4, 22);
        row.writeInt32BE(n, 26);
        row.writeInt32BE(bytes.length, 30);
        out.write(copyData(row.length + bytes.length));
        out.write(row);
        out.write(bytes);
      }
      const end = Buffer.from([0x64, 0, 0, 0, 6, 0xff, 0xff, 0x63, 0, 0, 0, 4]); // CopyData(-1), CopyDone
      out.write(end);
      out.uncork();
    },
    handleError: (err: Error) => void (failure = err),
    handleReadyForQuery: () => copy.callback?.(failure),
    handleCommandComplete: () => {},
    handleRowDescription: () => {},
    handleDataRow: () => {},
    handleEmptyQuery: () => {},
    handlePortalSuspended: () => {},
    handleCopyData: () => {},
  };
  return new Promise((resolve, reject) =>
    client.query(copy as unknown as pg.QueryConfig, (err: Error | null) => (err ? reject(err) : resolve())),
  );
}

/**
 * The values of a binary COPY of one column (its file format: signature, flags, header extension, then per row a
 * field count, the value's length and its bytes, and -1 at the end), in order. PostgreSQL sends each row in a
 * message of its own (the header with the first): read in place, and joined only when a row spans messages.
 */
export function binaryCopyValues(messages: Buffer[]): Buffer[] {
  const values: Buffer[] = [];
  let ended = false;
  const rows = (data: Buffer, at: number) => {
    while (at < data.length) {
      if (ended || at + 2 > data.length) return false;
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        ended = true;
        at += 2;
        continue;
      }
      if (fields !== 1 || at + 6 > data.length) return false;
      const length = data.readInt32BE(at + 2);
      if (length < 0 || at + 6 + length > data.length) return false;
      values.push(data.subarray(at + 6, at + 6 + length));
      at += 6 + length;
    }
    return true;
  };
  const start = (data: Buffer) => {
    if (data.length < 19 || !data.subarray(0, 11).equals(SIGNATURE)) throw new Error('not a binary COPY');
    return 19 + data.readUInt32BE(15);
  };
  const whole = messages.length > 0 && messages.every((m, i) => rows(m, i === 0 ? start(m) : 0));
  if (whole && ended) return values;
  // a row across messages: the same, over the messages joined
  values.length = 0;
  ended = false;
  const data = Buffer.concat(messages);
  if (!rows(data, start(data)) || !ended) throw new Error('a binary COPY cut short or of another shape');
  return values;
}

/** Removes staged rows (and their chunks) whose upload never ended: the process died meanwhile. */
const dropStaged = (db: Db, condition: ReturnType<typeof sql>) =>
  db.execute(sql`with gone as (delete from stored_files where key is null and ${condition} returning id)
    delete from file_chunks where file_id in (select id from gone)`);

let swept = false;

export class PostgresStore implements FileStore {
  readonly backend = 'postgres' as const;

  constructor(
    private readonly db: Db,
    private readonly area: StoreArea,
    /** A folder on this machine for staged uploads and readers' copies. */
    private readonly scratch: string,
  ) {}

  /** Once per process: what dead processes left behind, here and in the database. */
  private sweep() {
    if (swept) return;
    swept = true;
    const before = new Date(Date.now() - STALE_MS);
    void dropStaged(this.db, sql`created_at < ${before}`).catch(() => {});
    void sweepFolder(path.dirname(this.scratch));
  }

  /** Rows by an insert statement in `t` (PGlite; a whole file written in one transaction: migration, restore). */
  private insertRows(t: Db, id: string): RowWriter {
    return async (seq, data) => {
      const rows = rowCount(data.length);
      const values = Array.from(
        { length: rows },
        (_, i) => sql`(${id}, ${seq + i}, ${data.subarray(i * ROW, (i + 1) * ROW)})`,
      );
      await t.execute(sql`insert into file_chunks (file_id, seq, data) values ${sql.join(values, sql`, `)}`);
      return rows;
    };
  }

  /**
   * Staged rows, each piece in a transaction of its own that does not wait for its WAL to reach the disk
   * (`synchronous_commit = off`): nothing reads a staged file, and the commit that gives it its key does wait, for
   * everything written before it too (the WAL is flushed in order), so a committed file is as durable as its
   * record. A flush per piece would cost a disk sync per megabyte. On PostgreSQL the rows go by a binary COPY that
   * sends the piece's own bytes (copyRows).
   */
  private stageRows(id: string): RowWriter {
    const pool = this.pool();
    if (!pool)
      return async (seq, data) => {
        await this.db.transaction(async (t) => {
          await t.execute(sql`select set_config('synchronous_commit', 'off', true)`);
          await this.insertRows(t as unknown as Db, id)(seq, data);
        });
        return rowCount(data.length);
      };
    return async (seq, data) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("start transaction; set local synchronous_commit = 'off'");
        await copyRows(client, id, seq, data);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw err;
      } finally {
        client.release(broken);
      }
      return rowCount(data.length);
    };
  }

  private pool(): pg.Pool | null {
    const pool = (this.db as unknown as { $client?: unknown }).$client;
    return pool instanceof pg.Pool ? pool : null;
  }

  async stage(source: Readable, truncated: () => boolean, { local = true }: StageOptions = {}): Promise<StagedFile> {
    this.sweep();
    const id = crypto.randomUUID();
    const temp = path.join(this.scratch, `${crypto.randomUUID()}.part`);
    const m = meter();
    const chunks = new Chunker(this.stageRows(id));
    const drop = async () => {
      await fs.promises.rm(temp, { force: true });
      await dropStaged(this.db, sql`id = ${id}`);
    };
    try {
      await fs.promises.mkdir(this.scratch, { recursive: true });
      await this.db.execute(sql`with unsynced as (select set_config('synchronous_commit', 'off', true))
        insert into stored_files (id, area, key, size, checksum, chunks)
        select ${id}, ${this.area}, null, 0, '', 0 from unsynced`);
      // the local copy only for a caller that reads it: writing 20 MB twice cost the upload a sixth of its time
      await pipeline(source, m.stream, local ? new Tee([fs.createWriteStream(temp, { mode: 0o600 }), chunks]) : chunks);
      const staged = { temp, size: m.state.size, checksum: m.state.checksum(), head: m.state.head, id };
      if (truncated()) {
        await drop();
        return { ...staged, truncated: true };
      }
      await this.db.execute(sql`with unsynced as (select set_config('synchronous_commit', 'off', true))
        update stored_files set size = ${staged.size}, checksum = ${staged.checksum}, chunks = ${chunks.rows}
        from unsynced where id = ${id}`);
      return { ...staged, truncated: false };
    } catch (err) {
      await drop().catch(() => {}); // what the database has of it goes; the sweep takes it when it cannot now
      throw storageFailure(err);
    }
  }

  async commit(staged: StagedFile, tx?: Db): Promise<string> {
    const key = crypto.randomUUID();
    const done = rowsOf<{ id: string }>(
      await (tx ?? this.db).execute(
        sql`update stored_files set key = ${key} where id = ${staged.id ?? null} and key is null returning id`,
      ),
    );
    if (done.length !== 1) throw new Error('the staged file is gone');
    return key;
  }

  async discard(staged: StagedFile) {
    await fs.promises.rm(staged.temp, { force: true });
    // a committed file has its key: only a staged one goes
    if (staged.id) await dropStaged(this.db, sql`id = ${staged.id}`);
  }

  /** Writes `source` as the file under `key` in the transaction `t`, replacing one stored there. */
  private async write(t: Db, key: string, source: Readable) {
    const id = crypto.randomUUID();
    const m = meter();
    const chunks = new Chunker(this.insertRows(t, id));
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
          values (${id}, ${this.area}, ${key}, ${size}, ${checksum}, ${chunks.rows})`,
    );
    return { size, checksum };
  }

  /** Removes the file under `key` and its chunks. */
  private async drop(t: Db, key: string) {
    await t.execute(sql`with gone as (delete from stored_files where area = ${this.area} and key = ${key} returning id)
      delete from file_chunks where file_id in (select id from gone)`);
  }

  async open(key: string) {
    checkKey(key);
    const [file] = rowsOf<{ id: string; size: number; chunks: number }>(
      await this.db.execute(sql`select id, size, chunks from stored_files where area = ${this.area} and key = ${key}`),
    );
    if (!file) return null;
    // READ_ROWS rows per statement, the next statement asked for while the client takes the last one's bytes
    const reads: Promise<Buffer[] | Error>[] = [];
    let asked = 0;
    let given = 0;
    let ready: Buffer[] = [];
    const ask = () => {
      while (asked < file.chunks && reads.length < 2) {
        const from = asked;
        asked = Math.min(file.chunks, asked + READ_ROWS);
        reads.push(this.chunks(file.id, from, asked).catch((err: Error) => err));
      }
    };
    const lost = (n: number) => new Error(`stored file ${key} lost its chunk ${n} while being read`);
    const stream = new Readable({
      highWaterMark: CHUNK,
      read() {
        if (ready.length) return void this.push(ready.shift());
        if (given >= file.chunks) return void this.push(null);
        ask();
        const from = given;
        given = Math.min(file.chunks, given + READ_ROWS);
        void reads.shift()!.then((data) => {
          if (data instanceof Error) return void this.destroy(data);
          // removed while being read (a migration, a failed upload's cleanup): an error, never a short file
          if (data.length !== given - from) return void this.destroy(lost(from + data.length));
          ready = data;
          this.push(ready.shift());
        });
      },
    });
    return { stream, size: Number(file.size) };
  }

  /** The chunks `from` to `to` (exclusive) of a file, in order (fewer when some are gone). */
  private async chunks(id: string, from: number, to: number): Promise<Buffer[]> {
    const pool = this.pool();
    if (pool) return copyChunks(pool, id, from, to);
    const rows = rowsOf<{ data: unknown }>(
      await this.db.execute(
        sql`select data from file_chunks where file_id = ${id} and seq >= ${from} and seq < ${to} order by seq`,
      ),
    );
    return rows.map((r) => asBuffer(r.data));
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
    await this.drop(this.db, key);
  }

  async *keys(): AsyncIterable<string> {
    let after: string | null = null;
    for (;;) {
      const page: { key: string }[] = rowsOf<{ key: string }>(
        await this.db.execute(
          sql`select key from stored_files where area = ${this.area} and key is not null
              ${after ? sql`and key > ${after}` : sql``} order by key limit 1000`,
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
async function sweepFolder(dir: string) {
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
