// Moves the stored files of every area from one backend to the other (`npm run storage:migrate -- --to …`;
// docs/documents-api.md, "Storage"). Each file is copied under its key, read back and compared, and only then
// removed from the source, so a run stopped at any point loses nothing and the next run finishes the work: a file
// already in the target whole (same bytes) is only removed from the source, one missing or different is copied.
import type { Readable } from 'node:stream';
import { digest, type StorageBackend, type StoreArea } from './file-store';
import { AREAS, fileStore, type StorageContext } from './stores';

export interface MigrateOptions {
  /** Told of each file done (or already there), e.g. to print progress. */
  onFile?: (area: StoreArea, key: string, outcome: 'copied' | 'already') => void;
  /** Called when a file is in the target and verified, before its source is removed. */
  beforeRemove?: (area: StoreArea, key: string) => void | Promise<void>;
}

export type MigrateCounts = Record<StoreArea, { copied: number; already: number }>;

const sumOf = async (file: { stream: Readable } | null) => (file ? (await digest(file.stream)).checksum : null);

export async function migrateFiles(
  ctx: StorageContext,
  to: StorageBackend,
  options: MigrateOptions = {},
): Promise<MigrateCounts> {
  const from: StorageBackend = to === 'postgres' ? 'folder' : 'postgres';
  const counts = {} as MigrateCounts;
  for (const area of AREAS) {
    const source = fileStore(ctx, area, from);
    const target = fileStore(ctx, area, to);
    const done = (counts[area] = { copied: 0, already: 0 });
    for await (const key of source.keys()) {
      const there = await sumOf(await target.open(key));
      let wanted = there === null ? null : await sumOf(await source.open(key));
      let outcome: 'copied' | 'already' = 'already';
      if (there === null || there !== wanted) {
        const original = await source.open(key);
        if (!original) continue; // removed meanwhile
        // the checksum of the bytes read from the source on their way into the target
        wanted = (await target.put(key, original.stream)).checksum;
        outcome = 'copied';
      }
      const copy = outcome === 'copied' ? await sumOf(await target.open(key)) : there;
      if (copy !== wanted)
        throw new Error(`${area}/${key}: the copy reads back different bytes (${copy ?? 'missing'})`);
      await options.beforeRemove?.(area, key);
      await source.remove(key);
      done[outcome] += 1;
      options.onFile?.(area, key, outcome);
    }
  }
  return counts;
}
