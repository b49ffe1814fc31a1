// Titles of referenced records (refs travel as uuids). Cells ask per uuid; the asks of one render pass are
// batched into one `filter[uuid][]=` request per model. Every title seen (a list block, a lookup, a saved record,
// an answered batch) goes into one plain map of the newest 20,000, which grid cells read directly: seeding a block
// of 100 rows is 100 map writes, not 100 react-query entries with a timer each. Components showing a title
// (`RefTitle`, `useRefTitle`) use react-query, start from that map and are updated when a title is seeded again.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from '../src/i18n';
import { entityByName } from '../src/entities/registry';
import { onSessionReset } from '../src/state/reset';
import { listRecords, recordTitle, type ApiRecord } from '../src/api/records';
import { fetchSettingsGroups } from '../src/api/account.api';
import { http } from '../src/api/http';
import { MEMBER_MODEL } from '../src/entities/fields';

/** The server accepts up to 200 uuids in one filter. */
const BATCH = 200;
const TITLE_STALE_MS = 5 * 60_000;

export const refTitleKey = (model: string, uuid: string) => ['ref-title', model, uuid] as const;

/** Titles known without a request (`null`: the record is gone or not visible), oldest first. */
const known = new Map<string, { title: string | null; at: number }>();
const KNOWN_MAX = 20_000;
const knownKey = (model: string, uuid: string) => `${model}:${uuid}`;

function remember(model: string, uuid: string, title: string | null): void {
  const key = knownKey(model, uuid);
  known.delete(key); // re-inserted as the newest
  known.set(key, { title, at: Date.now() });
  if (known.size > KNOWN_MAX) known.delete(known.keys().next().value as string);
}

/** A known title, `null` for a record known to be gone, `undefined` when it was never seen. */
export function knownRefTitle(model: string, uuid: string): string | null | undefined {
  return known.get(knownKey(model, uuid))?.title;
}

onSessionReset(() => known.clear()); // another user may sign in next

interface Waiter {
  resolve: (title: string | null) => void;
  reject: (error: unknown) => void;
}
const queues = new Map<string, Map<string, Waiter[]>>();

/** The members' e-mails (lower-cased) known here, to their user uuids: a member is also named by e-mail. */
const memberEmails = new Map<string, string>();

/**
 * The members of the user's settings groups, by user uuid with their names (the titles of `refs` to `member`: users
 * are no model), and in the groups the user is an admin of their e-mails too (the admins' list of members; only
 * admins edit user groups, docs/decisions.md "refs as uuid arrays"). One request per settings group, once per
 * session; every title goes into the map.
 */
let members: Promise<void> | null = null;
export function loadMemberTitles(): Promise<void> {
  members ??= (async () => {
    const groups = await fetchSettingsGroups();
    for (const g of groups) {
      const path = `settings-groups/${encodeURIComponent(g.uuid)}/members${g.role === 'admin' ? '/details' : ''}`;
      for (const m of await http.get<{ user_uuid: string; name: string; email?: string }[]>(path)) {
        remember(MEMBER_MODEL, m.user_uuid, m.name);
        if (m.email) memberEmails.set(m.email.toLowerCase(), m.user_uuid);
      }
    }
  })().catch((error: unknown) => {
    members = null;
    throw error;
  });
  return members;
}
onSessionReset(() => {
  members = null;
  memberEmails.clear();
});

/**
 * Every record of a model a list of references may name, with its title (its first 500, for the small admin tables
 * refs point to), so a pasted or typed title can be turned into its uuid at once (`uuidOfTitle`).
 */
export async function preloadTitles(model: string): Promise<void> {
  if (model === MEMBER_MODEL) return loadMemberTitles();
  const entity = entityByName(model);
  if (!entity) return;
  const reply = await listRecords(entity, { per_page: 500 });
  for (const record of reply.data) remember(model, record.uuid, recordTitle(entity, record));
}

/**
 * The uuid of the record of `model` titled `title` (any case) among the titles known here; the newest wins. A member
 * is also found by their e-mail (an e-mail names one member, a name may name two).
 */
export function uuidOfTitle(model: string, title: string): string | undefined {
  const wanted = title.trim().toLowerCase();
  if (model === MEMBER_MODEL && memberEmails.has(wanted)) return memberEmails.get(wanted);
  let found: string | undefined;
  const prefix = `${model}:`;
  for (const [key, { title: t }] of known)
    if (key.startsWith(prefix) && t?.toLowerCase() === wanted) found = key.slice(prefix.length);
  return found;
}

async function flush(model: string): Promise<void> {
  const queue = queues.get(model);
  queues.delete(model);
  if (queue && model === MEMBER_MODEL) {
    try {
      await loadMemberTitles();
      for (const [uuid, waiters] of queue) {
        const title = knownRefTitle(model, uuid) ?? null;
        remember(model, uuid, title);
        for (const w of waiters) w.resolve(title);
      }
    } catch (error) {
      for (const waiters of queue.values()) for (const w of waiters) w.reject(error);
    }
    return;
  }
  const entity = entityByName(model);
  if (!queue || !entity) return;
  const uuids = [...queue.keys()];
  for (let i = 0; i < uuids.length; i += BATCH) {
    const chunk = uuids.slice(i, i + BATCH);
    try {
      const reply = await listRecords(entity, {
        'filter[uuid]': chunk,
        per_page: chunk.length,
        archived: 'all',
        ...(entity.status ? { status_limiter: 'all' } : {}),
      });
      const titles = new Map(reply.data.map((record) => [record.uuid, recordTitle(entity, record)]));
      for (const uuid of chunk) {
        const title = titles.get(uuid) ?? null;
        remember(model, uuid, title);
        for (const w of queue.get(uuid) ?? []) w.resolve(title);
      }
    } catch (error) {
      for (const uuid of chunk) for (const w of queue.get(uuid) ?? []) w.reject(error);
    }
  }
}

/** Queues one uuid; the queue of a model is sent after the current render pass. */
export function loadRefTitle(model: string, uuid: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let queue = queues.get(model);
    if (!queue) {
      queue = new Map();
      queues.set(model, queue);
      setTimeout(() => void flush(model), 15);
    }
    const waiters = queue.get(uuid) ?? [];
    waiters.push({ resolve, reject });
    queue.set(uuid, waiters);
  });
}

/**
 * Records already loaded (a list block, a lookup, a saved record) seed the titles, so their refs need no request;
 * a title a component shows already is updated in place.
 */
export function seedRefTitles(client: QueryClient, model: string, records: readonly ApiRecord[]): void {
  const entity = entityByName(model);
  if (!entity) return;
  const cache = client.getQueryCache();
  for (const record of records) {
    const title = recordTitle(entity, record);
    remember(model, record.uuid, title);
    const key = refTitleKey(model, record.uuid);
    if (cache.find({ queryKey: key, exact: true })) client.setQueryData(key, title);
  }
}

/**
 * A title known here or still in react-query's cache (the map keeps only the newest 20,000); `null` for a record
 * known to be gone, `undefined` when it was never seen.
 */
export function refTitleOf(client: QueryClient, model: string, uuid: string): string | null | undefined {
  const title = knownRefTitle(model, uuid);
  return title === undefined ? client.getQueryData<string | null>(refTitleKey(model, uuid)) : title;
}

export function cachedRefTitle(client: QueryClient, model: string, uuid: string): string | undefined {
  return refTitleOf(client, model, uuid) ?? undefined;
}

export function useRefTitle(model: string, uuid: string | null | undefined) {
  const seen = uuid ? known.get(knownKey(model, uuid)) : undefined;
  return useQuery({
    queryKey: refTitleKey(model, uuid ?? ''),
    queryFn: () => loadRefTitle(model, uuid ?? ''),
    enabled: Boolean(uuid),
    staleTime: TITLE_STALE_MS,
    initialData: seen?.title,
    initialDataUpdatedAt: seen?.at,
  });
}

/** The title of a referenced record; a muted mark when it is gone or not visible to the user. */
export function RefTitle({ model, uuid }: { model: string; uuid: string | null | undefined }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useRefTitle(model, uuid);
  if (!uuid) return null;
  if (isPending) return <span className={Classes.TEXT_MUTED}>…</span>;
  if (isError || data === null || data === undefined)
    return <span className={Classes.TEXT_MUTED}>{t('grid.unknownRecord')}</span>;
  return <>{data}</>;
}
