// Where uploaded files live: a small storage interface with a local implementation under DATA_DIR/storage. Files
// get generated names (never the client's), are written as a stream while hashed and counted, and are never
// held in memory whole.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { storageFailure } from '../http-error';

export interface Stored {
  key: string;
  size: number;
  /** SHA-256 of the content, hex. */
  hash: string;
  /** The first bytes, for the magic-number check. */
  head: Buffer;
  /** The stream was cut at the size limit. */
  truncated: boolean;
}

export interface FileStorage {
  /** Stores the stream; `truncated` tells whether the upload was cut at its size limit (then nothing is kept). */
  put(source: Readable, truncated: () => boolean): Promise<Stored>;
  /** A local path readers can open (random access is needed for the zip directory). */
  path(key: string): string;
  remove(key: string): Promise<void>;
}

export class LocalStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  path(key: string) {
    if (!/^[a-f0-9-]{36}$/.test(key)) throw new Error('bad storage key');
    return path.join(this.dir, key);
  }

  async put(source: Readable, truncated: () => boolean): Promise<Stored> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const key = crypto.randomUUID();
    const hash = crypto.createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (head.length < 4096) head = Buffer.concat([head, chunk.subarray(0, 4096 - head.length)]);
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, fs.createWriteStream(this.path(key), { mode: 0o600 }));
    } catch (err) {
      // nothing of a failed upload is kept (a full disk leaves a partial file otherwise)
      await this.remove(key);
      throw storageFailure(err);
    }
    const cut = truncated();
    if (cut) await this.remove(key);
    return { key, size, hash: hash.digest('hex'), head, truncated: cut };
  }

  async remove(key: string) {
    await fs.promises.rm(this.path(key), { force: true });
  }
}

export const importStorage = (dataDir: string) => new LocalStorage(path.join(dataDir, 'storage', 'imports'));
