// The offline queue's storage in the browser: one IndexedDB object store, a row per change (src/offline/queue.ts).
// It outlives a reload and the closing of the app: changes not sent yet are the user's work.
import type { QueuedOp, QueueStorage } from './queue';

const DB = 'hauswerk-offline';
const STORE = 'queue';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB'));
  });
}

export class IdbStorage implements QueueStorage {
  private db: Promise<IDBDatabase> | null = null;

  private async run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await (this.db ??= open());
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = tx.onabort = () => reject(tx.error ?? req.error ?? new Error('indexedDB'));
    });
  }

  load = () => this.run('readonly', (s) => s.getAll() as IDBRequest<QueuedOp[]>);
  put = async (op: QueuedOp) => void (await this.run('readwrite', (s) => s.put(op)));
  remove = async (id: number) => void (await this.run('readwrite', (s) => s.delete(id)));
  removeMany = async (ids: readonly number[]) => {
    if (ids.length === 0) return;
    await this.run('readwrite', (s) => {
      for (const id of ids.slice(0, -1)) s.delete(id);
      return s.delete(ids.at(-1)!);
    });
  };
  apply = async (put: readonly QueuedOp[], remove: readonly number[]) => {
    const db = await (this.db ??= open());
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      for (const op of put) store.put(op);
      for (const id of remove) store.delete(id);
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
    });
  };
  clear = async () => void (await this.run('readwrite', (s) => s.clear()));
}

/** A quota error of IndexedDB (the device's storage is full). */
export const isQuotaError = (error: unknown) =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
