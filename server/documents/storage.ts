// Where documents' files live: DATA_DIR/storage/documents/<2 hex>/<key>, under generated names only (never the
// client's). An upload is streamed into `.incoming/` while it is hashed (SHA-256) and counted, made durable, and
// renamed into place in one step when its record is written, so a reader never sees half a file. A small interface:
// a shared volume works as is, an object store can implement the same methods.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageFailure } from '../http-error';

export interface StagedFile {
  /** Where the bytes wait until the record is written. */
  temp: string;
  size: number;
  /** SHA-256 of the content, hex. */
  checksum: string;
  /** The first bytes, for the type check (magic numbers). */
  head: Buffer;
  /** The upload was cut at the size limit (nothing of it is kept). */
  truncated: boolean;
}

export interface DocumentStore {
  stage(source: Readable, truncated: () => boolean): Promise<StagedFile>;
  /** Moves a staged file into place under a new key; answers the key. */
  commit(staged: StagedFile): Promise<string>;
  /** Drops a staged file that will not be kept (a refused upload). */
  discard(staged: StagedFile): Promise<void>;
  /** The stored file, or null when it is missing. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;
const HEAD = 4096;

export class LocalDocumentStore implements DocumentStore {
  private readonly incoming: string;

  constructor(private readonly root: string) {
    this.incoming = path.join(root, '.incoming');
  }

  private pathOf(key: string) {
    if (!KEY.test(key)) throw new Error('bad storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }

  async stage(source: Readable, truncated: () => boolean): Promise<StagedFile> {
    await fs.promises.mkdir(this.incoming, { recursive: true });
    const temp = path.join(this.incoming, `${crypto.randomUUID()}.part`);
    const hash = crypto.createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (head.length < HEAD) head = Buffer.concat([head, chunk.subarray(0, HEAD - head.length)]);
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, fs.createWriteStream(temp, { mode: 0o600 }));
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw storageFailure(err);
    }
    const staged = { temp, size, checksum: hash.digest('hex'), head, truncated: truncated() };
    if (staged.truncated) await this.discard(staged);
    return staged;
  }

  async commit(staged: StagedFile): Promise<string> {
    const key = crypto.randomUUID();
    const target = this.pathOf(key);
    try {
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // The bytes reach the disk before the rename makes them visible under their key.
      const handle = await fs.promises.open(staged.temp, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(staged.temp, target);
    } catch (err) {
      throw storageFailure(err);
    }
    return key;
  }

  async discard(staged: StagedFile) {
    await fs.promises.rm(staged.temp, { force: true });
  }

  async open(key: string) {
    const file = this.pathOf(key);
    try {
      const stat = await fs.promises.stat(file);
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string) {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}

export const documentStore = (dataDir: string): DocumentStore =>
  new LocalDocumentStore(path.join(dataDir, 'storage', 'documents'));
