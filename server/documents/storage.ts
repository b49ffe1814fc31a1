// Where documents' files live: the configured store of the area `documents` (server/storage; docs/documents-api.md,
// "Storage"), under generated keys only (never the client's name).
import { fileStore, type FileStore, type StorageContext } from '../storage/stores';

export type { StagedFile } from '../storage/stores';
export type DocumentStore = FileStore;

export const documentStore = (ctx: StorageContext): DocumentStore => fileStore(ctx, 'documents');
