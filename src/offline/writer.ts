// Writing without a connection (docs/decisions.md, "Installable and offline"): while the browser is offline, cell and
// record edits, task events done or skipped, ticket comments and transitions, and new tickets and measurements go
// into the queue (src/offline/queue.ts, kept in IndexedDB); other writes say they need a connection. When the
// connection is back (and after signing in again) the queue is replayed in order with the versions the user saw.
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from '../api/errors';
import { API_BASE, request, requestEnvelope, setOfflineSend, type RequestOptions } from '../api/http';
import { announceReplayed, setRefusedCells, setWaitingRequests, type ReplayedRecord } from '../api/offline-marks';
import { recordKeys, setOfflineWrites, type ApiRecord } from '../api/records';
import { TICKET_TRANSITIONS, nextState } from '../domain/transitions';
import { notify } from '../components/notices';
import { i18n } from '../i18n';
import { IdbStorage, isQuotaError } from './idb-storage';
import {
  MemoryStorage,
  WriteQueue,
  bulkRowResult,
  refusedEdits,
  type NewOp,
  type QueuedOp,
  type RequestOp,
  type SendResult,
  type Sender,
  type UpdateOp,
} from './queue';
import { setReplyOverlay } from './session-cache';

/** Marks the replay's own requests, which must never be queued again. */
const REPLAY = 'X-Offline-Replay';
/** Creates allowed offline (docs/decisions.md): the others need a connection. */
const OFFLINE_CREATES = new Set(['tickets', 'measurements']);
/** Other writes allowed offline, by path below /api/v1. */
const OFFLINE_WRITES = [
  /^task-events\/[^/]+\/(done|skip)$/,
  /^tickets\/[^/]+\/comments$/,
  /^tickets\/[^/]+\/[a-z_-]+$/, // a ticket's transitions (links)
  /^measurements$/,
  /^tickets$/,
];

export const queue = new WriteQueue(typeof indexedDB === 'undefined' ? new MemoryStorage() : new IdbStorage());
let client: QueryClient | null = null;

const offline = () => navigator.onLine === false;
const t = (key: string, params?: Record<string, unknown>) => i18n.t(`offline.${key}`, params);
export const currentUser = (): string | null =>
  (client?.getQueryData<{ uuid: string }>(['user'])?.uuid as string | undefined) ?? null;

async function enqueue(op: NewOp) {
  try {
    return await queue.add(op);
  } catch (error) {
    const message = isQuotaError(error) ? t('storageFull') : t('notKept');
    notify.error(message, { key: 'offline-storage' });
    throw new ApiError(0, message, { notified: true });
  }
}

const needsConnection = () => {
  const message = t('needsConnection');
  notify.warning(message, { key: 'offline-needs-connection' });
  return Promise.reject(new ApiError(0, message, { notified: true }));
};

function queuedNotice() {
  notify.info(t('queued'), { key: 'offline-queued' });
}

/**
 * The record's fields with the waiting edits of this user over them (list replies served offline); the records
 * created offline come first on a list's first page (the grid shows them, striped, and they can be edited there).
 */
function overlay(plural: string, records: ApiRecord[], first = false): ApiRecord[] {
  const user = currentUser();
  const edits = new Map<string, Record<string, unknown>>();
  const created: ApiRecord[] = [];
  for (const op of queue.list(user ?? undefined))
    if (op.kind === 'update' && op.plural === plural && op.status === 'pending')
      edits.set(op.uuid, { ...edits.get(op.uuid), ...op.changes });
    else if (first && op.kind === 'request' && op.create && op.path === plural && op.uuid)
      created.unshift(offlineRecord(plural, op.uuid, op.body as Record<string, unknown>));
  const out = edits.size ? records.map((r) => (edits.has(r.uuid) ? { ...r, ...edits.get(r.uuid) } : r)) : records;
  return created.length ? [...created, ...out] : out;
}

/** The links a ticket in `status` offers for its transitions (the ones taking no input). */
function transitionLinks(uuid: string, status: string): Record<string, string> {
  const actions = Object.keys(TICKET_TRANSITIONS[status as keyof typeof TICKET_TRANSITIONS] ?? {});
  return Object.fromEntries(
    actions.filter((a) => a !== 'delegate').map((a) => [a, `${API_BASE}/tickets/${uuid}/${a}`]),
  );
}

/** A record created offline as the screens show it until it is sent: what the user entered, a temporary uuid. */
function offlineRecord(plural: string, uuid: string, body: Record<string, unknown>): ApiRecord {
  const ticket = plural === 'tickets';
  const status = ticket ? String(body.status ?? 'open') : undefined;
  return {
    ...(ticket ? { status } : {}),
    ...body,
    uuid,
    updated_at: '',
    attributes: {},
    links: {
      self: `${API_BASE}/${plural}/${uuid}`,
      update: `${API_BASE}/${plural}/${uuid}`,
      ...(ticket ? transitionLinks(uuid, status!) : {}),
    },
  } as unknown as ApiRecord;
}

/** A ticket after a transition queued offline (the drawer and the grid show its new state), when it is known. */
function afterTransition(uuid: string, action: string): ApiRecord | null {
  const record = client?.getQueryData<ApiRecord>(recordKeys.detail('ticket', uuid));
  const status = record && nextState(TICKET_TRANSITIONS, String(record.status), action);
  if (!record || !status) return null;
  const links = Object.fromEntries(
    Object.entries(record.links).filter(([name]) => !TRANSITION_NAMES.has(name)),
  ) as ApiRecord['links'];
  const may = Object.keys(record.links).some((name) => TRANSITION_NAMES.has(name));
  return { ...record, status, links: { ...links, ...(may ? transitionLinks(uuid, status) : {}) } };
}
const TRANSITION_NAMES = new Set(Object.values(TICKET_TRANSITIONS).flatMap((next) => Object.keys(next)));

// --- sending --------------------------------------------------------------------------------------------------

const replayOptions = (options: RequestOptions): RequestOptions => ({
  ...options,
  silent: true,
  headers: { ...options.headers, [REPLAY]: '1' },
});

async function failure(error: unknown, op?: UpdateOp): Promise<SendResult> {
  if (!isApiError(error) || error.status === 0) throw error; // the connection: the replay stops
  if (error.status === 409 && op) {
    const theirs = await request<ApiRecord>(`${op.plural}/${op.uuid}`, replayOptions({})).catch(() => undefined);
    return { ok: false, status: 409, message: error.message, theirs };
  }
  if (error.status === 404 || error.status === 410) return { ok: false, status: 404, message: t('deleted') };
  return { ok: false, status: error.status, message: error.message, errors: error.errors };
}

const sender: Sender = {
  async update(op) {
    try {
      const record = await request<ApiRecord>(
        `${op.plural}/${op.uuid}`,
        replayOptions({ method: 'PATCH', body: op.changes, headers: { 'If-Match': `"${op.version}"` } }),
      );
      return { ok: true, record };
    } catch (error) {
      return failure(error, op);
    }
  },
  async bulk(plural, ops) {
    let rows: { uuid: string; status: string; record?: ApiRecord; errors?: Record<string, string[]> }[];
    try {
      rows = (
        await requestEnvelope<typeof rows>(
          plural,
          replayOptions({
            method: 'PATCH',
            body: {
              rows: ops.map((op) => ({ uuid: op.uuid, updated_at: op.version, ...op.changes })),
              skip_invalid: true,
            },
          }),
        )
      ).data;
    } catch (error) {
      const result = await failure(error);
      return ops.map(() => result);
    }
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    return Promise.all(
      ops.map(async (op): Promise<SendResult> => {
        const result = bulkRowResult(byUuid.get(op.uuid), t('deleted'));
        return !result.ok && result.status === 409 ? failure(new ApiError(409, t('conflictTitle')), op) : result;
      }),
    );
  },
  async request(op) {
    try {
      const record = await request<Record<string, unknown>>(
        op.path,
        replayOptions({ method: op.method, body: op.body }),
      );
      return { ok: true, record: record ?? undefined };
    } catch (error) {
      return failure(error);
    }
  },
};

let conflictListener: (() => void) | null = null;
/** The changes panel opens itself when a replay ends with conflicts or failures. */
export const onConflicts = (listener: () => void) => void (conflictListener = listener);

/** Sends this user's waiting changes, when online. */
export async function replay(): Promise<void> {
  const user = currentUser();
  if (!user || offline() || !queue.list(user).some((o) => o.status === 'pending')) return;
  const saved: ReplayedRecord[] = [];
  const summary = await queue.replay(user, sender, (op, result) => {
    if (!result.ok || !op.model || !op.uuid) return;
    const record = (result.record ?? null) as ApiRecord | null;
    const created = op.kind === 'request' && !!op.create;
    if (created || op.kind === 'update') saved.push({ model: op.model, uuid: op.uuid, record, created });
  });
  announceReplayed(saved);
  if (summary.sent) {
    notify.success(t('sent', { count: summary.sent }), { key: 'offline-sent' });
    void client?.invalidateQueries();
  }
  if (summary.stopped === 'session') notify.warning(t('signInAgain'), { key: 'offline-session', persistent: true });
  if (summary.conflicts || summary.failed) conflictListener?.();
}

// --- hooks ----------------------------------------------------------------------------------------------------

export function startWriter(queryClient: QueryClient): void {
  client = queryClient;
  void queue.load().catch(() => undefined);
  setReplyOverlay(overlay);
  // the edits the server refused, for the grids' cells (src/api/offline-marks.ts)
  let refusedKey = '';
  let waitingKey = '';
  queue.subscribe(() => {
    const ops = queue.list(currentUser() ?? undefined);
    const cells = refusedEdits(ops);
    const key = JSON.stringify(cells);
    if (key !== refusedKey) {
      refusedKey = key;
      setRefusedCells(cells);
    }
    // the other writes, for the record screens (a ticket's comments list those waiting)
    const requests = ops.flatMap((op) =>
      op.kind === 'request' && !op.create
        ? [{ id: op.id, path: op.path, body: op.body, at: op.at, status: op.status, message: op.message }]
        : [],
    );
    const requestsKey = JSON.stringify(requests);
    if (requestsKey !== waitingKey) {
      waitingKey = requestsKey;
      setWaitingRequests(requests);
    }
  });
  setOfflineWrites({
    update(entity, record, changes) {
      const user = currentUser();
      if (!user) return null;
      // editing a refused field again replaces the refused edit (online: the new edit goes as any other)
      const dropped = queue.dropRefused(user, entity.name, record.uuid, Object.keys(changes));
      if (!offline()) return null;
      const op = { kind: 'update', user, model: entity.name, plural: entity.plural, uuid: record.uuid } as const;
      return dropped
        .then(() => enqueue({ ...op, version: record.updated_at, changes }))
        .then(() => {
          queuedNotice();
          // the record's page and drawer show the waiting value too (a transition queued next starts from it)
          client?.setQueryData<ApiRecord>(recordKeys.detail(entity.name, record.uuid), (old) =>
            old ? { ...old, ...changes } : old,
          );
          return { ...record, ...changes };
        });
    },
    create(entity, body) {
      const user = currentUser();
      if (!offline() || !user) return null;
      if (!OFFLINE_CREATES.has(entity.plural)) return needsConnection();
      // a reading entered offline was taken now, not when it is sent (the form has no input for the time)
      if (entity.plural === 'measurements' && !body.measured_at)
        body = { ...body, measured_at: new Date().toISOString() };
      const op = { kind: 'request', user, method: 'POST', path: entity.plural, body, model: entity.name } as const;
      return enqueue({ ...op, create: true }).then((stored: QueuedOp) => {
        queuedNotice();
        return offlineRecord(entity.plural, stored.uuid!, body);
      });
    },
  });
  setOfflineSend((path, options) => {
    if (!offline() || options.headers?.[REPLAY]) return null;
    const user = currentUser();
    if (!user || !OFFLINE_WRITES.some((re) => re.test(path))) return needsConnection();
    const [plural, uuid] = path.split('/');
    const op: Omit<RequestOp, 'id' | 'status' | 'at'> = {
      kind: 'request',
      user,
      method: options.method as RequestOp['method'],
      path,
      body: options.body,
      model: plural === 'task-events' ? 'task_event' : plural === 'tickets' ? 'ticket' : plural,
      ...(uuid ? { uuid } : {}),
    };
    const action = path.split('/')[2];
    return enqueue(op).then(() => {
      queuedNotice();
      // a transition answers with the ticket in its new state (the record's actions change with it)
      return { data: plural === 'tickets' && uuid && action ? afterTransition(uuid, action) : null };
    });
  });
  addEventListener('online', () => void replay());
  // the user known again (a reload, or signing in after the session ended): send what waits
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === 'user' && event.query.state.status === 'success')
      void replay();
  });
  void queue.load().then(
    () => replay(),
    () => undefined,
  );
}
