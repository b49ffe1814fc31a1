// The store of an area of files (documents, import files) on the configured backend (docs/documents-api.md, "Storage").
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { FileStore, StorageBackend, StoreArea } from './file-store';
import { FolderStore } from './folder-store';
import { PostgresStore } from './postgres-store';

export type { FileStore, StagedFile, StorageBackend, StoreArea } from './file-store';
export const AREAS: StoreArea[] = ['documents', 'imports', 'exports'];

export interface StorageContext {
  config: Pick<Config, 'dataDir' | 'storage'>;
  database: Pick<Database, 'db' | 'kind'>;
}

/** `STORAGE`, or by default the database when it is PostgreSQL and the data folder on the embedded one. */
export const storageBackend = (ctx: StorageContext): StorageBackend =>
  ctx.config.storage ?? (ctx.database.kind === 'postgres' ? 'postgres' : 'folder');

/**
 * The files of one area on a backend (the configured one unless named: the migration names both). The folder
 * backend keeps them under DATA_DIR/storage/<area>; the database backend stages uploads in DATA_DIR/tmp/<area>.
 */
export function fileStore(
  ctx: StorageContext,
  area: StoreArea,
  backend: StorageBackend = storageBackend(ctx),
): FileStore {
  if (backend === 'folder')
    return new FolderStore(path.join(ctx.config.dataDir, 'storage', area), area === 'documents');
  return new PostgresStore(ctx.database.db, area, path.join(ctx.config.dataDir, 'tmp', area));
}
