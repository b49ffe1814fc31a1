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
const WRITE_DELAY = 1_000;
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

/** Trims the oldest entries until the text fits; returns the text written, or null when nothing could be. */
export function fitState(state: Stored, maxChars = MAX_CHARS): string | null {
  let text = JSON.stringify(state);
  if (text.length <= maxChars) return text;
  const queries = [...state.queries.queries].sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
  const replies = [...state.lists].sort((a, b) => a[1].at - b[1].at);
  while (text.length > maxChars && (queries.length || replies.length)) {
    // drop the older of the two oldest, a tenth at a time
    const n = Math.max(1, Math.ceil((queries.length + replies.length) / 10));
    for (let i = 0; i < n; i++) {
      const q = queries[0]?.state.dataUpdatedAt ?? Infinity;
      const r = replies[0]?.[1].at ?? Infinity;
      if (q === Infinity && r === Infinity) break;
      if (q <= r) queries.shift();
      else replies.shift();
    }
    text = JSON.stringify({ queries: { ...state.queries, queries }, lists: replies });
  }
  return text.length <= maxChars ? text : null;
}

function write(): void {
  timer = null;
  const store = storage();
  if (!client || !store) return;
  const state: Stored = {
    queries: dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' }),
    lists: [...lists],
  };
  let text = fitState(state);
  for (let max = MAX_CHARS; text !== null; max = Math.floor(max / 2)) {
    try {
      store.setItem(SESSION_CACHE_KEY, text);
      lastWrite = Date.now();
      return;
    } catch {
      // quota: the origin's other session data leave less room than assumed
      if (max < 100_000) break;
      text = fitState(state, Math.floor(max / 2));
    }
  }
  store.removeItem(SESSION_CACHE_KEY);
}

function schedule(): void {
  timer ??= setTimeout(write, WRITE_DELAY);
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
  // a reload or the app going to the background writes at once (a pending write would be lost)
  addEventListener('pagehide', () => {
    if (timer) {
      clearTimeout(timer);
      write();
    }
  });
  onSessionReset(clearSessionCache);
}
