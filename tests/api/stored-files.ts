// What the configured file store holds (server/storage; docs/documents-api.md "Storage"), on either backend: the
// committed keys of an area, and the files still staged or copied on this machine (must be none after a request).
import fs from 'node:fs';
import path from 'node:path';
import type { TestEnv } from './harness';
import { fileStore, type StoreArea } from '../../server/storage/stores';

export async function storedKeys(env: TestEnv, area: StoreArea): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of fileStore(env.app.ctx, area).keys()) keys.push(key);
  return keys;
}

/** Staged uploads and readers' copies left on this machine (the folder's `.incoming`, the database's scratch). */
export function scratchFiles(dataDir: string, area: StoreArea): string[] {
  return [path.join(dataDir, 'storage', area, '.incoming'), path.join(dataDir, 'tmp', area)].flatMap((dir) =>
    fs.existsSync(dir) ? fs.readdirSync(dir) : [],
  );
}
