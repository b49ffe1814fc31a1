// The data folder backend (the embedded default; docs/documents-api.md, "Storage"): files under DATA_DIR/storage/<area>,
// uploads staged in `.incoming/` and renamed into place after an fsync (a reader never sees half a file). Documents
// are spread over folders named by their key's first two characters; import files lie flat (their layout since the
// first release, kept so that stored files stay where they are).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageFailure } from '../http-error';
import { checkKey, isKey, meter, stageInto, type FileStore, type StagedFile } from './file-store';

/** Brings a file's bytes to the disk before it is made visible (renamed into place). */
export async function syncFile(file: string) {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class FolderStore implements FileStore {
  readonly backend = 'folder' as const;
  private readonly incoming: string;

  constructor(
    private readonly root: string,
    private readonly fanOut: boolean,
  ) {
    this.incoming = path.join(root, '.incoming');
  }

  /** Where a key's file lives (the key is checked: never a path of the client's). */
  pathOf(key: string) {
    checkKey(key);
    return this.fanOut ? path.join(this.root, key.slice(0, 2), key) : path.join(this.root, key);
  }

  stage(source: Readable, truncated: () => boolean): Promise<StagedFile> {
    return stageInto(this.incoming, source, truncated);
  }

  async commit(staged: StagedFile): Promise<string> {
    const key = crypto.randomUUID();
    await this.place(staged.temp, key);
    return key;
  }

  /** Moves a finished temporary file into place under its key: the bytes reach the disk before the rename. */
  private async place(temp: string, key: string) {
    const target = this.pathOf(key);
    try {
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await syncFile(temp);
      await fs.promises.rename(temp, target);
    } catch (err) {
      throw storageFailure(err);
    }
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

  async local(key: string) {
    const file = this.pathOf(key);
    if (!fs.existsSync(file)) return null;
    return { path: file, release: async () => {} };
  }

  async remove(key: string) {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    const names = async (dir: string) => {
      try {
        return await fs.promises.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
    };
    for (const entry of await names(this.root)) {
      if (!this.fanOut) {
        if (entry.isFile() && isKey(entry.name)) yield entry.name;
      } else if (entry.isDirectory() && /^[a-f0-9]{2}$/.test(entry.name)) {
        for (const file of await names(path.join(this.root, entry.name)))
          if (file.isFile() && isKey(file.name) && file.name.startsWith(entry.name)) yield file.name;
      }
    }
  }

  async put(key: string, source: Readable) {
    checkKey(key);
    await fs.promises.mkdir(this.incoming, { recursive: true });
    const temp = path.join(this.incoming, `${crypto.randomUUID()}.part`);
    const m = meter();
    try {
      await pipeline(source, m.stream, fs.createWriteStream(temp, { mode: 0o600 }));
      await this.place(temp, key);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw storageFailure(err);
    }
    return { size: m.state.size, checksum: m.state.checksum() };
  }
}
