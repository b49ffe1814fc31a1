// Offline reading (docs/decisions.md, "Installable and offline"): what this session read from the API stays readable
// without a connection. The react-query cache (records, lists, calendar items, task events) and the grids' list
// replies (their infinite row model asks `listRecords` directly) are written to session storage, so they survive a
// reload and end with the session: on logout (resetSessionState) and when the app or tab is closed (session
// storage lives as long as the browsing context). The service worker caches no API replies.
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { setListReplyCache, type ListReply } from '../api/records';
import { onSessionReset } from '../state/reset';

export const SESSION_CACHE_KEY = 'hauswerk.sessionCache';
/** Session storage holds about 5 M characters per origin; the rest is left to the flags and selections. */
export const MAX_CHARS = 4_000_000;
const WRITE_DELAY = 2_000;
const MAX_LIST_REPLIES = 400;

interface Stored {
  queries: ReturnType<typeof dehydrate>;
  /** `listRecords` replies by request, with the time each arrived. */
  lists: [string, { reply: ListReply; at: number }][];
}

const lists = new Map<string, { reply: ListReply; at: number }>();
/**
 * The waiting offline edits laid over the records of a reply served from here (src/offline/writer.ts); `first`: the
 * reply is a list's first page (the records created offline go there).
 */
let overlay: (plural: string, records: ListReply['data'], first: boolean) => ListReply['data'] = (_p, records) =>
  records;
export const setReplyOverlay = (apply: typeof overlay) => void (overlay = apply);
/** The times of the list replies answered from here since the last change of screen (the banner's age). */
const served = new Set<number>();
let client: QueryClient | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let lastWrite = 0;
const listeners = new Set<() => void>();

export const subscribeCacheUse = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
/** The times of the list replies answered from the session cache (the grids while offline). */
export const servedListTimes = (): readonly number[] => [...served];
export const clearServedListTimes = () => served.clear();
/** When the stored copy was last written (0: never in this page). */
export const lastStoredAt = () => lastWrite;

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** One stored entry: when it arrived and its JSON text. */
interface Part {
  at: number;
  text: string;
}

/**
 * The stored text from its parts, the oldest dropped (queries and list replies alike) until it fits; null when
 * nothing fits. Each part is serialised once (list replies never change; a query only with new data), so a write
 * joins strings instead of serialising megabytes again for every entry it drops (docs/decisions.md, "Installable
 * and offline").
 */
export function fitParts(head: object, queries: Part[], replies: Part[], maxChars = MAX_CHARS): string | null {
  const headText = JSON.stringify(head);
  // `{...head, "queries":[…]}` inside `{"queries":…,"lists":[…]}`
  const open = `{"queries":${headText.slice(0, -1)}${headText.length > 2 ? ',' : ''}"queries":[`;
  const all = [...queries.map((p) => ({ ...p, query: true })), ...replies.map((p) => ({ ...p, query: false }))].sort(
    (a, b) => a.at - b.at,
  );
  let length = open.length + ']},"lists":[]}'.length;
  for (const part of all) length += part.text.length + 1;
  let from = 0;
  while (length > maxChars && from < all.length) length -= all[from++]!.text.length + 1;
  if (length > maxChars) return null;
  const kept = all.slice(from);
  const pick = (query: boolean) =>
    kept
      .filter((p) => p.query === query)
      .map((p) => p.text)
      .join(',');
  return `${open}${pick(true)}]},"lists":[${pick(false)}]}`;
}

/** The JSON of each list reply, kept with it (a reply object is never changed once stored). */
const replyTexts = new WeakMap<object, string>();
/** The JSON of each dehydrated query by hash, data time and invalidation, from the last write. */
let queryTexts = new Map<string, string>();

function partsOf(state: Stored): { head: object; queries: Part[]; replies: Part[] } {
  const { queries, ...head } = state.queries;
  const nextTexts = new Map<string, string>();
  const queryParts = queries.map((q) => {
    const key = `${q.queryHash}|${q.state.dataUpdatedAt}|${q.state.isInvalidated}`;
    const text = queryTexts.get(key) ?? JSON.stringify(q);
    nextTexts.set(key, text);
    return { at: q.state.dataUpdatedAt, text };
  });
  queryTexts = nextTexts;
  const replies = state.lists.map(([key, value]) => {
    let text = replyTexts.get(value);
    if (text === undefined) replyTexts.set(value, (text = JSON.stringify(value)));
    return { at: value.at, text: `[${JSON.stringify(key)},${text}]` };
  });
  return { head, queries: queryParts, replies };
}

function write(): void {
  timer = null;
  const store = storage();
  if (!client || !store) return;
  const { head, queries, replies } = partsOf({
    queries: dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' }),
    lists: [...lists],
  });
  for (let max = MAX_CHARS; max >= 100_000; max = Math.floor(max / 2)) {
    const text = fitParts(head, queries, replies, max);
    if (text === null) break;
    try {
      store.setItem(SESSION_CACHE_KEY, text);
      lastWrite = Date.now();
      return;
    } catch {
      // quota: the origin's other session data leave less room than assumed
    }
  }
  store.removeItem(SESSION_CACHE_KEY);
}

/** When the cache last changed, and when the user last scrolled, typed or pointed. */
let lastChange = 0;
let lastInput = 0;
const markInput = () => void (lastInput = Date.now());
/** An idle period this long means the browser draws no frames (an idle period between frames is shorter). */
const FULL_IDLE_MS = 40;
/** How long a due write waits for such a period before any idle period will do (a page that keeps animating). */
const FULL_IDLE_WAIT = 10_000;

/**
 * Two seconds after the last change and the user's last input (a scroll, a key, the pointer), in an idle period of
 * the browser that no frame follows: a write of megabytes (60–500 ms) never lands among the frames of a scroll,
 * whose blocks arrive every few hundred milliseconds on a fast machine and seconds apart on a busy one, nor of any
 * other animation (a page that keeps drawing frames for 10 s gets its write in a shorter idle period). One timer,
 * moved on when it fires early, not a new one per change (a scroll changes the cache hundreds of times). The page being hidden or left (`pagehide`) and the browser going offline write at once what
 * is pending, so a reload, a closed app or a lost connection loses nothing.
 */
function due(): void {
  const wait = Math.max(lastChange, lastInput) + WRITE_DELAY - Date.now();
  if (wait > 0) {
    timer = setTimeout(due, wait);
    return;
  }
  if (typeof requestIdleCallback !== 'function') return write();
  const since = Math.max(lastChange, lastInput) + WRITE_DELAY;
  requestIdleCallback((deadline) => {
    if (timer === null) return; // written meanwhile (pagehide, offline) or cleared (logout)
    const now = Date.now();
    if (Math.max(lastChange, lastInput) + WRITE_DELAY > now) due();
    else if (deadline.timeRemaining() < FULL_IDLE_MS && now - since < FULL_IDLE_WAIT) due();
    else write();
  });
}

function schedule(): void {
  lastChange = Date.now();
  timer ??= setTimeout(due, WRITE_DELAY);
}

/** Forgets the stored copy (logout, 401). */
export function clearSessionCache(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  lists.clear();
  served.clear();
  storage()?.removeItem(SESSION_CACHE_KEY);
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Puts the stored copy back into `queryClient` (before the first protected page renders) and keeps it current.
 * Called once per page.
 */
export function startSessionCache(queryClient: QueryClient): void {
  if (client) return;
  client = queryClient;
  const text = storage()?.getItem(SESSION_CACHE_KEY);
  if (text) {
    try {
      const stored = JSON.parse(text) as Stored;
      hydrate(queryClient, stored.queries);
      // shown at once, and asked for again when a screen uses it: a reload is how a user asks for what is current
      // (the restored replies keep their time, and would otherwise count as fresh for the queries' stale time)
      if (!offline()) void queryClient.invalidateQueries({ refetchType: 'none' });
      for (const [key, value] of stored.lists) lists.set(key, value);
    } catch {
      storage()?.removeItem(SESSION_CACHE_KEY);
    }
  }
  setListReplyCache({
    get(key) {
      if (!offline()) return undefined;
      const hit = lists.get(key);
      if (!hit) return undefined;
      served.add(hit.at);
      for (const listener of listeners) listener();
      const query = JSON.parse(key.slice(key.indexOf('?') + 1)) as { page?: number; cursor?: string };
      const first = !query.cursor && Number(query.page ?? 1) === 1;
      return { ...hit.reply, data: overlay(key.slice(0, key.indexOf('?')), hit.reply.data, first) };
    },
    set(key, reply) {
      lists.delete(key);
      lists.set(key, { reply, at: Date.now() });
      if (lists.size > MAX_LIST_REPLIES) lists.delete(lists.keys().next().value!);
      schedule();
    },
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' || event.type === 'removed') schedule();
  });
  // a reload, the app going to the background or the connection going writes at once what is pending
  const writeNow = () => {
    if (timer === null) return;
    clearTimeout(timer);
    write();
  };
  addEventListener('pagehide', writeNow);
  addEventListener('offline', writeNow);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && writeNow());
  for (const type of ['scroll', 'wheel', 'keydown', 'pointerdown'])
    addEventListener(type, markInput, { capture: true, passive: true });
  onSessionReset(clearSessionCache);
}
