// The browser side of offline-replay.bench.mjs, bundled by it with esbuild: the app's offline queue on the real
// IndexedDB storage, replaying through a sender that speaks the bulk endpoint as src/offline/writer.ts does, and the
// baseline (the same edits as one bulk request). Runs at the app's origin with the signed-in session's cookies.
import { IdbStorage } from '../../src/offline/idb-storage';
import { WriteQueue, type SendResult, type Sender, type UpdateOp } from '../../src/offline/queue';

interface Row {
  uuid: string;
  updated_at: string;
}

const xsrf = () => decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');

async function bulkPatch(rows: Record<string, unknown>[]) {
  const res = await fetch('/api/v1/facilities', {
    method: 'PATCH',
    credentials: 'include',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': xsrf(),
    },
    body: JSON.stringify({ rows, skip_invalid: true }),
  });
  if (!res.ok) throw new Error(`bulk ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { uuid: string; status: string; record?: Row }[] }).data;
}

/** Reads `count` facilities (uuid and version). */
async function facilities(count: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; rows.length < count; page++) {
    const res = await fetch(`/api/v1/facilities?per_page=500&page=${page}&sort_by=name`, { credentials: 'include' });
    const { data } = (await res.json()) as { data: Row[] };
    if (data.length === 0) break;
    rows.push(...data.map((r) => ({ uuid: r.uuid, updated_at: r.updated_at })));
  }
  return rows.slice(0, count);
}

let rows: Row[] = [];
const refresh = (data: { uuid: string; record?: Row }[]) => {
  const byUuid = new Map(data.map((d) => [d.uuid, d.record?.updated_at]));
  rows = rows.map((r) => ({ ...r, updated_at: byUuid.get(r.uuid) ?? r.updated_at }));
};

/** Long tasks while `work` runs: the longest, in ms. */
async function watchingLongTasks<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; longest: number }> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  await new Promise((r) => setTimeout(r, 50));
  observer.disconnect();
  return { result, ms, longest };
}

const sender: Sender = {
  update: () => Promise.reject(new Error('not expected: every edit goes in the bulk run')),
  request: () => Promise.reject(new Error('not expected')),
  async bulk(_plural, ops: readonly UpdateOp[]): Promise<SendResult[]> {
    const data = await bulkPatch(ops.map((op) => ({ uuid: op.uuid, updated_at: op.version, ...op.changes })));
    refresh(data);
    const byUuid = new Map(data.map((d) => [d.uuid, d]));
    return ops.map((op) => {
      const row = byUuid.get(op.uuid);
      return row && (row.status === 'updated' || row.status === 'unchanged')
        ? { ok: true, record: row.record as unknown as Record<string, unknown> }
        : { ok: false, status: 409 };
    });
  },
};

const queue = new WriteQueue(new IdbStorage());

Object.assign(window, {
  async benchSetup(count: number) {
    rows = await facilities(count);
    await queue.clear();
    return rows.length;
  },
  /** The baseline: the edits as one bulk request. */
  async benchBulk(round: string) {
    return watchingLongTasks(async () => {
      const data = await bulkPatch(rows.map((r, i) => ({ ...r, description: `${round} ${i}` })));
      refresh(data);
      return data.filter((d) => d.status === 'updated').length;
    });
  },
  /** The same edits made offline (queued in IndexedDB, not timed), then replayed. */
  async benchQueue(round: string) {
    for (const [i, r] of rows.entries())
      await queue.add({
        kind: 'update',
        user: 'bench',
        model: 'facility',
        plural: 'facilities',
        uuid: r.uuid,
        version: r.updated_at,
        changes: { description: `${round} ${i}` },
      });
    const { result, ms, longest } = await watchingLongTasks(() => queue.replay('bench', sender));
    return { result: result.sent, ms, longest, left: queue.list().length };
  },
});
