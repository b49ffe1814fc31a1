// The queue of changes made without a connection (docs/decisions.md, "Installable and offline"): kept in a storage
// (IndexedDB in the browser, memory in the unit tests), replayed in the order they were made when the connection is
// back. Pure logic: the storage and the sender are passed in.
//
// - An edit of a record already waiting is merged into it (its fields over the waiting ones, the version the user
//   first saw kept for If-Match, its place in the order kept), so a row edited five times sends one PATCH.
// - Runs of at least BULK_MIN waiting edits of one model go as one bulk request (PATCH /{plural}, `skip_invalid`).
// - A 409 (or a bulk row in conflict) holds the change as a conflict with the server's record ("theirs") until the
//   user chooses; later changes of that record wait behind it. A 422 holds it as failed with the field messages; a
//   404 (deleted meanwhile) as failed with the reason, removable. A 401 or a lost connection stops the replay; the
//   next one starts where it stopped.
// - A record created offline has a temporary uuid (`offline-N`, N the create's id) until it is sent. An edit of it
//   is merged into the create's body; other changes of it (a comment, a transition) wait behind the create, and when
//   the create is saved they are given the uuid the server returned, in the same storage transaction that removes
//   the create (a reload between the two steps finds either both old or both new).

import type { RefusedCell } from '../api/offline-marks';

export type OpStatus = 'pending' | 'conflict' | 'failed';

interface OpBase {
  id: number;
  /** The signed-in user who made it: another user's changes are never sent with this session. */
  user: string;
  status: OpStatus;
  /** Why it failed: the server's message, or the reason (deleted meanwhile). */
  message?: string;
  errors?: Record<string, string[]>;
  at: number;
}

/** A PATCH of fields of one record, with the version the user saw. */
export interface UpdateOp extends OpBase {
  kind: 'update';
  model: string;
  plural: string;
  uuid: string;
  version: string;
  changes: Record<string, unknown>;
  /** On a conflict: the record as the server has it now. */
  theirs?: Record<string, unknown>;
}

/** Any other write (a task event done or skipped, a comment, a transition, a created ticket or measurement). */
export interface RequestOp extends OpBase {
  kind: 'request';
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The model and record it concerns, when known (shown with the change). */
  model?: string;
  uuid?: string;
  /** A record created offline (POST /{plural}): its uuid is `offline-{id}` until the server gives one. */
  create?: boolean;
}

export type QueuedOp = UpdateOp | RequestOp;
export type NewOp = Omit<UpdateOp, 'id' | 'status' | 'at'> | Omit<RequestOp, 'id' | 'status' | 'at'>;

export interface QueueStorage {
  load(): Promise<QueuedOp[]>;
  put(op: QueuedOp): Promise<void>;
  remove(id: number): Promise<void>;
  /** Several at once (one transaction: a bulk reply settles up to 1,000 changes). */
  removeMany?(ids: readonly number[]): Promise<void>;
  /** Writes `put` and removes `remove` in one transaction (a create saved and the changes that name it). */
  apply(put: readonly QueuedOp[], remove: readonly number[]): Promise<void>;
  clear(): Promise<void>;
}

/** What the server answered to one change. */
export type SendResult =
  | { ok: true; record?: Record<string, unknown> }
  | {
      ok: false;
      status: number;
      message?: string;
      errors?: Record<string, string[]>;
      theirs?: Record<string, unknown>;
    };

export interface Sender {
  update(op: UpdateOp): Promise<SendResult>;
  /** One result per op, in their order. */
  bulk(plural: string, ops: readonly UpdateOp[]): Promise<SendResult[]>;
  request(op: RequestOp): Promise<SendResult>;
}

/** The uuid a record created offline has until the server gives it one. */
export const tempUuid = (id: number) => `offline-${id}`;
export const isTempUuid = (uuid: unknown): uuid is string => typeof uuid === 'string' && /^offline-\d+$/.test(uuid);

/** The refused (422) edits among `ops`, one per field: the field's own message, else the reply's message. */
export function refusedEdits(ops: readonly QueuedOp[]): RefusedCell[] {
  const out: RefusedCell[] = [];
  for (const op of ops)
    if (op.kind === 'update' && op.status === 'failed' && op.errors)
      for (const [field, value] of Object.entries(op.changes))
        out.push({
          model: op.model,
          uuid: op.uuid,
          field,
          value,
          message: (op.errors[field] ?? []).join(' ') || op.message || '',
        });
  return out;
}

/** A row of the bulk endpoint's reply (`PATCH /{plural}`, `skip_invalid`) as the result of its change. */
export function bulkRowResult(
  row: { status: string; record?: Record<string, unknown>; errors?: Record<string, string[]> } | undefined,
  deleted: string,
): SendResult {
  if (row?.status === 'updated' || row?.status === 'unchanged') return { ok: true, record: row.record };
  if (row?.status === 'conflict') return { ok: false, status: 409 };
  if (row?.status === 'invalid')
    return {
      ok: false,
      status: 422,
      message: Object.values(row.errors ?? {})
        .flat()
        .join(' '),
      errors: row.errors ?? {},
    };
  return { ok: false, status: 404, message: deleted };
}

export const BULK_MIN = 5;
export const BULK_MAX = 1000; // MAX_BULK_ROWS of the server

export class WriteQueue {
  private ops: QueuedOp[] = [];
  private nextId = 1;
  private loaded: Promise<void> | null = null;
  private running: Promise<ReplaySummary> | null = null;
  private listeners = new Set<() => void>();

  constructor(
    private readonly storage: QueueStorage,
    private readonly now: () => number = Date.now,
  ) {}

  load(): Promise<void> {
    return (this.loaded ??= this.storage.load().then((ops) => {
      this.ops = ops.sort((a, b) => a.id - b.id);
      this.nextId = Math.max(0, ...ops.map((o) => o.id)) + 1;
      this.emit();
    }));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  /** The changes in order (a copy). */
  list(user?: string): QueuedOp[] {
    return this.ops.filter((o) => user === undefined || o.user === user);
  }

  /** Adds a change; an edit of a record with a waiting edit is merged into it. Returns the op as stored. */
  async add(next: NewOp): Promise<QueuedOp> {
    await this.load();
    const op = this.withSentUuids(next);
    if (op.kind === 'update' && isTempUuid(op.uuid)) {
      // an edit of a record created offline: part of its create (a failed create is tried again with it)
      const create = this.ops.find(
        (o): o is RequestOp => o.kind === 'request' && !!o.create && o.uuid === op.uuid && o.user === op.user,
      );
      if (create) {
        const body = { ...(create.body as Record<string, unknown>), ...op.changes };
        const merged: RequestOp = { ...create, body, status: 'pending', message: undefined, errors: undefined };
        await this.storage.put(merged);
        this.ops[this.ops.indexOf(create)] = merged;
        this.emit();
        return merged;
      }
    }
    if (op.kind === 'update') {
      const waiting = this.ops.find(
        (o): o is UpdateOp =>
          o.kind === 'update' &&
          o.status === 'pending' &&
          o.user === op.user &&
          o.model === op.model &&
          o.uuid === op.uuid,
      );
      if (waiting) {
        const merged: UpdateOp = { ...waiting, changes: { ...waiting.changes, ...op.changes }, at: this.now() };
        await this.storage.put(merged);
        this.ops[this.ops.indexOf(waiting)] = merged;
        this.emit();
        return merged;
      }
    }
    const id = this.nextId++;
    const stored = {
      ...op,
      id,
      status: 'pending',
      at: this.now(),
      ...(op.kind === 'request' && op.create ? { uuid: tempUuid(id) } : {}),
    } as QueuedOp;
    await this.storage.put(stored);
    this.ops.push(stored);
    this.emit();
    return stored;
  }

  /** Temporary uuids whose create was saved in this page, with the server's uuid (a screen may still show one). */
  private sent = new Map<string, string>();

  private withSentUuids<T extends NewOp | QueuedOp>(op: T): T {
    if (this.sent.size === 0 || !op.uuid || !this.sent.has(op.uuid)) return op;
    return rewrite(op, op.uuid, this.sent.get(op.uuid)!);
  }

  /**
   * The user edited these fields of a record again: a refused (422) edit of them is replaced by the new one, so it
   * leaves the queue (the whole change when no field is left).
   */
  async dropRefused(user: string, model: string, uuid: string, fields: readonly string[]): Promise<void> {
    const hit = this.ops.find(
      (o): o is UpdateOp =>
        o.kind === 'update' &&
        o.status === 'failed' &&
        !!o.errors &&
        o.user === user &&
        o.model === model &&
        o.uuid === uuid &&
        fields.some((f) => f in o.changes),
    );
    if (!hit) return;
    const changes = Object.fromEntries(Object.entries(hit.changes).filter(([k]) => !fields.includes(k)));
    if (Object.keys(changes).length === 0) return this.remove(hit.id);
    const errors = Object.fromEntries(Object.entries(hit.errors!).filter(([k]) => !fields.includes(k)));
    const next: UpdateOp = { ...hit, changes, errors };
    await this.storage.put(next);
    this.ops[this.ops.indexOf(hit)] = next;
    this.emit();
  }

  async remove(id: number): Promise<void> {
    await this.storage.remove(id);
    this.ops = this.ops.filter((o) => o.id !== id);
    this.emit();
  }

  async clear(): Promise<void> {
    await this.storage.clear();
    this.ops = [];
    this.emit();
  }

  /**
   * A conflict resolved: `fields` are the values chosen (mine or theirs, field by field), sent with the server's
   * current version; nothing chosen of mine drops the change.
   */
  async resolve(id: number, fields: Record<string, unknown>, version: string): Promise<void> {
    const op = this.ops.find((o) => o.id === id);
    if (!op || op.kind !== 'update') return;
    const changes = Object.fromEntries(Object.entries(fields).filter(([k, v]) => !same(v, op.theirs?.[k])));
    if (Object.keys(changes).length === 0) return this.remove(id);
    const next: UpdateOp = { ...op, changes, version, status: 'pending', theirs: undefined, message: undefined };
    await this.storage.put(next);
    this.ops[this.ops.indexOf(op)] = next;
    this.emit();
  }

  private async settle(op: QueuedOp, result: SendResult, onSaved: (op: QueuedOp, result: SendResult) => void) {
    if (result.ok) {
      const real = op.kind === 'request' && op.create ? result.record?.uuid : undefined;
      if (op.uuid && typeof real === 'string') {
        // the changes that name the new record get its uuid, in the transaction that removes the create
        this.sent.set(op.uuid, real);
        const renamed = this.ops.filter((o) => o !== op && o.uuid === op.uuid).map((o) => rewrite(o, op.uuid!, real));
        await this.storage.apply(renamed, [op.id]);
        const byId = new Map(renamed.map((o) => [o.id, o]));
        this.ops = this.ops.filter((o) => o.id !== op.id).map((o) => byId.get(o.id) ?? o);
      } else {
        await this.storage.remove(op.id);
        this.ops = this.ops.filter((o) => o.id !== op.id);
      }
      onSaved(op, result);
      return;
    }
    const next: QueuedOp =
      result.status === 409 && op.kind === 'update'
        ? { ...op, status: 'conflict', theirs: result.theirs, message: result.message }
        : { ...op, status: 'failed', message: result.message, errors: result.errors };
    await this.storage.put(next);
    this.ops[this.ops.indexOf(op)] = next;
  }

  /** Sends the waiting changes of `user` in order; one replay at a time. */
  replay(user: string, sender: Sender, onSaved: (op: QueuedOp, result: SendResult) => void = () => undefined) {
    return (this.running ??= this.run(user, sender, onSaved).finally(() => {
      this.running = null;
      this.emit();
    }));
  }

  private async run(user: string, sender: Sender, onSaved: (op: QueuedOp, result: SendResult) => void) {
    await this.load();
    const summary: ReplaySummary = { sent: 0, conflicts: 0, failed: 0, stopped: null };
    /** Records with a change held back (conflict, failure, or a stop): later changes of them wait. */
    const held = new Set<string>();
    const keyOf = (op: QueuedOp) => (op.model && op.uuid ? `${op.model}:${op.uuid}` : null);
    for (const op of this.ops) {
      const key = keyOf(op);
      if (op.user === user && op.status !== 'pending' && key) held.add(key);
    }
    let i = 0;
    while (i < this.ops.length) {
      const op = this.ops[i]!;
      const key = keyOf(op);
      if (op.user !== user || op.status !== 'pending' || (key && held.has(key))) {
        i++;
        continue;
      }
      // a run of waiting edits of one model, not held, goes as one bulk request
      const run: UpdateOp[] = [];
      if (op.kind === 'update') {
        for (let j = i; j < this.ops.length && run.length < BULK_MAX; j++) {
          const o = this.ops[j]!;
          if (o.user !== user) continue;
          if (o.kind !== 'update' || o.status !== 'pending' || o.model !== op.model || held.has(keyOf(o)!)) break;
          run.push(o);
        }
      }
      let results: SendResult[];
      let batch: QueuedOp[];
      try {
        if (run.length >= BULK_MIN) {
          batch = run;
          results = await sender.bulk(op.kind === 'update' ? op.plural : '', run);
        } else {
          batch = [op];
          results = [op.kind === 'update' ? await sender.update(op) : await sender.request(op)];
        }
      } catch {
        summary.stopped = 'network';
        return summary;
      }
      const stop = results.find((r) => !r.ok && (r.status === 401 || r.status === 0 || r.status === 419));
      if (stop && !stop.ok) {
        summary.stopped = stop.status === 0 ? 'network' : 'session';
        return summary;
      }
      // the saved ones leave the storage together
      const saved = batch.filter((_, k) => results[k]?.ok);
      if (saved.length > 1 && this.storage.removeMany) {
        await this.storage.removeMany(saved.map((o) => o.id));
        const gone = new Set(saved);
        this.ops = this.ops.filter((o) => !gone.has(o));
      }
      for (let k = 0; k < batch.length; k++) {
        const sent = batch[k]!;
        const result = results[k] ?? { ok: false, status: 0 };
        if (result.ok && saved.length > 1 && this.storage.removeMany) onSaved(sent, result);
        else await this.settle(sent, result, onSaved);
        if (result.ok) summary.sent++;
        else {
          if (result.status === 409) summary.conflicts++;
          else summary.failed++;
          const k2 = keyOf(sent);
          if (k2) held.add(k2);
        }
      }
      this.emit();
      // settled ops left the list or stayed in place: continue after the last one still here
      i = 0;
    }
    return summary;
  }
}

export interface ReplaySummary {
  sent: number;
  conflicts: number;
  failed: number;
  /** Why the replay stopped early: the connection, or the session (sign in again, then it continues). */
  stopped: 'network' | 'session' | null;
}

/** A change of the record `from` as a change of the record `to` (its uuid and the path's segment). */
function rewrite<T extends NewOp | QueuedOp>(op: T, from: string, to: string): T {
  if (op.kind === 'update') return { ...op, uuid: to };
  const path = op.path
    .split('/')
    .map((part) => (part === from ? to : part))
    .join('/');
  return { ...op, uuid: to, path };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The queue in memory (unit tests; the browser falls back to it when IndexedDB is unavailable). */
export class MemoryStorage implements QueueStorage {
  readonly rows = new Map<number, QueuedOp>();
  async load() {
    return [...this.rows.values()].map((o) => structuredClone(o));
  }
  async put(op: QueuedOp) {
    this.rows.set(op.id, structuredClone(op));
  }
  async remove(id: number) {
    this.rows.delete(id);
  }
  async removeMany(ids: readonly number[]) {
    for (const id of ids) this.rows.delete(id);
  }
  async apply(put: readonly QueuedOp[], remove: readonly number[]) {
    for (const op of put) this.rows.set(op.id, structuredClone(op));
    for (const id of remove) this.rows.delete(id);
  }
  async clear() {
    this.rows.clear();
  }
}
