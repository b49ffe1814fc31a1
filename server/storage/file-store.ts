// Stored files (documents, import files) behind one small interface with two backends (docs/documents-api.md,
// "Storage"): the data folder and the database. Keys are generated uuids, never a client's name; files are
// streamed in and out and never held in memory whole; an upload is staged (hashed, counted, its first bytes kept
// for the type checks) and becomes visible under its key in one step, so a reader never sees half a file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/client';
import { storageFailure } from '../http-error';

export type StorageBackend = 'folder' | 'postgres';
export type StoreArea = 'documents' | 'imports' | 'exports';

export interface StagedFile {
  /** Where the bytes wait until they are committed: a local file (the type checks read it). The database backend
   * writes it only when the caller asks for a local copy (StageOptions). */
  temp: string;
  size: number;
  /** SHA-256 of the content, hex. */
  checksum: string;
  /** The first bytes, for the type check (magic numbers). */
  head: Buffer;
  /** The upload was cut at the size limit (nothing of it is kept). */
  truncated: boolean;
  /** The database backend's staged row, which committing gives its key. */
  id?: string;
}

export interface StageOptions {
  /** Whether the caller reads the staged bytes from `temp` (a zip's directory); the database backend then keeps a
   * local copy beside its rows. True unless said otherwise. */
  local?: boolean;
}

export interface FileStore {
  readonly backend: StorageBackend;
  /** Streams an upload into a staging file; `truncated` tells whether it was cut at its size limit (then nothing is kept). */
  stage(source: Readable, truncated: () => boolean, options?: StageOptions): Promise<StagedFile>;
  /**
   * Makes a staged file visible under a new key; answers the key. Given the transaction that writes the file's
   * record, the database backend writes the file in it (the file and its record appear together or not at all).
   */
  commit(staged: StagedFile, tx?: Db): Promise<string>;
  /** Drops a staged file that will not be kept (a refused upload); harmless after a commit. */
  discard(staged: StagedFile): Promise<void>;
  /** The stored file, or null when it is missing. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** A path of the stored file on this machine, for readers that need random access (a zip's directory). */
  local(key: string): Promise<{ path: string; release: () => Promise<void> } | null>;
  remove(key: string): Promise<void>;
  /** Every stored key (migration, backup), in no promised order. */
  keys(): AsyncIterable<string>;
  /** Writes a file under the given key from a stream (migration, restore), replacing one stored there; visible whole or not at all. */
  put(key: string, source: Readable): Promise<{ size: number; checksum: string }>;
}

const KEY = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;
export const HEAD = 4096;

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error('bad storage key');
  return key;
}

export const isKey = (key: string) => KEY.test(key);

/** A pass-through that counts, hashes and keeps the first bytes of what flows through it. */
export function meter() {
  const hash = crypto.createHash('sha256');
  const state = { size: 0, head: Buffer.alloc(0), checksum: () => hash.digest('hex') };
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      state.size += chunk.length;
      if (state.head.length < HEAD)
        state.head = Buffer.concat([state.head, chunk.subarray(0, HEAD - state.head.length)]);
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, state };
}

/** Streams `source` into a new file under `dir`, counted and hashed; nothing is left of a failed write. */
export async function stageInto(dir: string, source: Readable, truncated: () => boolean): Promise<StagedFile> {
  const temp = path.join(dir, `${crypto.randomUUID()}.part`);
  const m = meter();
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await pipeline(source, m.stream, fs.createWriteStream(temp, { mode: 0o600 }));
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw storageFailure(err);
  }
  const staged = { temp, size: m.state.size, checksum: m.state.checksum(), head: m.state.head, truncated: truncated() };
  if (staged.truncated) await fs.promises.rm(temp, { force: true });
  return staged;
}

/** SHA-256 and size of a stream, read to its end. */
export async function digest(source: Readable): Promise<{ size: number; checksum: string }> {
  const m = meter();
  m.stream.resume();
  await pipeline(source, m.stream);
  return { size: m.state.size, checksum: m.state.checksum() };
}
