// Titles of referenced records (refs travel as uuids). Cells ask per uuid; the asks of one render pass are
// batched into one `filter[uuid][]=` request per model and cached by react-query.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from '../src/i18n';
import { entityByName } from '../src/entities/registry';
import { listRecords, recordTitle, type ApiRecord } from './records-api';

/** The server accepts up to 200 uuids in one filter. */
const BATCH = 200;
const TITLE_STALE_MS = 5 * 60_000;

export const refTitleKey = (model: string, uuid: string) => ['ref-title', model, uuid] as const;

interface Waiter {
  resolve: (title: string | null) => void;
  reject: (error: unknown) => void;
}
const queues = new Map<string, Map<string, Waiter[]>>();

async function flush(model: string): Promise<void> {
  const queue = queues.get(model);
  queues.delete(model);
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
      for (const uuid of chunk) for (const w of queue.get(uuid) ?? []) w.resolve(titles.get(uuid) ?? null);
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

/** Records already loaded (a list block, a lookup) seed the title cache, so their refs need no request. */
export function seedRefTitles(client: QueryClient, model: string, records: readonly ApiRecord[]): void {
  const entity = entityByName(model);
  if (!entity) return;
  for (const record of records) client.setQueryData(refTitleKey(model, record.uuid), recordTitle(entity, record));
}

export function cachedRefTitle(client: QueryClient, model: string, uuid: string): string | undefined {
  return client.getQueryData<string | null>(refTitleKey(model, uuid)) ?? undefined;
}

export function useRefTitle(model: string, uuid: string | null | undefined) {
  return useQuery({
    queryKey: refTitleKey(model, uuid ?? ''),
    queryFn: () => loadRefTitle(model, uuid ?? ''),
    enabled: Boolean(uuid),
    staleTime: TITLE_STALE_MS,
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
