// Where uploaded import files live: the configured store of the area `imports` (server/storage; docs/documents-api.md,
// "Storage"), under generated keys only. The readers need random access (a zip's directory): they read a path on
// this machine, the store's own file or a copy of it for the time of the read (`importFile`).
import { fileStore, type FileStore, type StagedFile, type StorageContext } from '../storage/stores';

export type Stored = StagedFile;

export const importStorage = (ctx: StorageContext): FileStore => fileStore(ctx, 'imports');

/** A local path of an import's stored file while `read` runs (a missing file fails like an unreadable one). */
export async function* withImportFile<T>(
  ctx: StorageContext,
  key: string,
  read: (file: string) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const local = await importStorage(ctx).local(key);
  if (!local) throw new Error(`the stored import file ${key} is missing`);
  try {
    yield* read(local.path);
  } finally {
    await local.release();
  }
}
