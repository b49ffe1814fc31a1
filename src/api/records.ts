// The generic records API of src/entities models (docs/domain/api.md, "API conventions"), spoken through the one HTTP
// client, with its query keys and query options. Every query of records sits below `recordKeys.all(model)`: a write
// invalidates the record's detail (drawer, record page) and the model's lists (cards, related lists, lookups) by
// key, so a record changed in one place is current wherever else it shows.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AnyEntity } from '../entities/define';
import { API_BASE, http, requestEnvelope, type QueryValue } from './http';

/** A record as the API replies it: system fields, every field of the model, links. */
export interface ApiRecord {
  uuid: string;
  settings_group_uuid: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  archived_at: string | null;
  archived_by: string | null;
  attributes: Record<string, unknown>;
  links: Record<string, string | undefined>;
  [field: string]: unknown;
}

export interface ListMeta {
  page: number | null;
  per_page: number;
  total?: number;
  total_at_least?: number;
  next_cursor?: string;
}

export interface ListReply {
  data: ApiRecord[];
  meta: ListMeta;
  links: Record<string, string | undefined>;
}

export type ListQuery = Record<string, QueryValue>;

/** List replies kept for the session; `get` answers only while the browser is offline (src/offline/session-cache.ts). */
export interface ListReplyCache {
  get: (key: string) => ListReply | undefined;
  set: (key: string, reply: ListReply) => void;
}
let replyCache: ListReplyCache | null = null;
export const setListReplyCache = (cache: ListReplyCache | null) => void (replyCache = cache);

export async function listRecords(entity: AnyEntity, query: ListQuery, signal?: AbortSignal): Promise<ListReply> {
  const key = `${entity.plural}?${JSON.stringify(query)}`;
  const cached = replyCache?.get(key);
  if (cached) return cached;
  // offline, a list this session did not load says so where it would show (grids/use-grid-datasource.ts), not
  // in a notice
  const silent = typeof navigator !== 'undefined' && navigator.onLine === false;
  const reply = await requestEnvelope<ApiRecord[], ListMeta>(entity.plural, { query, signal, silent });
  const list = {
    data: reply.data,
    meta: reply.meta ?? { page: 1, per_page: reply.data.length },
    links: reply.links ?? {},
  };
  replyCache?.set(key, list);
  return list;
}

export const getRecord = (entity: AnyEntity, uuid: string) => http.get<ApiRecord>(`${entity.plural}/${uuid}`);

/**
 * Creates and edits made without a connection (src/offline/writer.ts): queued and answered with the record as it
 * will be, or refused (a create that needs a connection); `null` while online.
 */
export interface OfflineWrites {
  create: (entity: AnyEntity, body: Record<string, unknown>) => Promise<ApiRecord> | null;
  update: (entity: AnyEntity, record: ApiRecord, changes: Record<string, unknown>) => Promise<ApiRecord> | null;
}
let offlineWrites: OfflineWrites | null = null;
export const setOfflineWrites = (writes: OfflineWrites | null) => void (offlineWrites = writes);

export const createRecord = (entity: AnyEntity, body: Record<string, unknown>) =>
  offlineWrites?.create(entity, body) ?? http.post<ApiRecord>(entity.plural, body, { silent: false });

/** A PATCH with the version the user saw; a stale version is a 409. */
export const updateRecord = (entity: AnyEntity, record: ApiRecord, changes: Record<string, unknown>) =>
  offlineWrites?.update(entity, record, changes) ??
  http.patch<ApiRecord>(`${entity.plural}/${record.uuid}`, changes, {
    headers: { 'If-Match': `"${record.updated_at}"` },
  });

/**
 * Archive or restore; a tree record takes its subtree along (`affected` counts them all). Archiving a facility or a
 * contract may take the chosen related tasks along (`taskUuids`, see `listRelatedTasks`).
 */
export async function archiveAction(
  entity: AnyEntity,
  uuid: string,
  action: 'archive' | 'restore',
  taskUuids?: readonly string[],
) {
  const reply = await requestEnvelope<ApiRecord, { affected?: number; tasks_archived?: number }>(
    `${entity.plural}/${uuid}/${action}`,
    { method: 'POST', ...(taskUuids?.length ? { body: { task_uuids: taskUuids } } : {}) },
  );
  return { record: reply.data, affected: reply.meta?.affected ?? 1, tasksArchived: reply.meta?.tasks_archived ?? 0 };
}

/** The tasks tied to a record that offers them before archiving (its `related_tasks` link). */
export const listRelatedTasks = (record: ApiRecord) =>
  http.get<ApiRecord[]>(record.links.related_tasks!.slice(API_BASE.length + 1));

export const deleteRecord = (entity: AnyEntity, uuid: string) => http.delete<unknown>(`${entity.plural}/${uuid}`);

/** The records below one in a tree (facilities, cost groups), shown before archiving the subtree. */
export const listDescendants = (entity: AnyEntity, uuid: string) =>
  http.get<ApiRecord[]>(`${entity.plural}/${uuid}/descendants`);

/** The title of a record: its title field, or the empty string. */
export function recordTitle(entity: AnyEntity, record: Record<string, unknown>): string {
  const value = record[entity.titleField];
  return value === null || value === undefined ? '' : String(value);
}

/** Query keys of records, one tree per model: `all` ⊃ `details` ⊃ `detail`, `all` ⊃ `lists` ⊃ each list. */
export const recordKeys = {
  all: (model: string) => ['records', model] as const,
  details: (model: string) => ['records', model, 'detail'] as const,
  detail: (model: string, uuid: string) => ['records', model, 'detail', uuid] as const,
  lists: (model: string) => ['records', model, 'list'] as const,
  list: (model: string, query: ListQuery) => ['records', model, 'list', query] as const,
  /** The mobile card list: keyset pages of one list query. */
  cards: (model: string, query: ListQuery, perPage: number) =>
    ['records', model, 'list', 'cards', query, perPage] as const,
  /** The records of `model` tied to `uuid` through `via`: a reference field (a drawer's related lists) or a link. */
  related: (model: string, via: string, uuid: string) => ['records', model, 'list', 'related', via, uuid] as const,
  /** A reference lookup's search. */
  lookup: (model: string, term: string, scope: ListQuery) => ['records', model, 'list', 'lookup', term, scope] as const,
};

/** One record (`GET /{plural}/{uuid}`). */
export const recordQuery = (entity: AnyEntity, uuid: string) =>
  queryOptions({ queryKey: recordKeys.detail(entity.name, uuid), queryFn: () => getRecord(entity, uuid) });

/** One page of a list (`GET /{plural}?…`). */
export const recordListQuery = (entity: AnyEntity, query: ListQuery) =>
  queryOptions({
    queryKey: recordKeys.list(entity.name, query),
    queryFn: ({ signal }) => listRecords(entity, query, signal),
  });

/** A list in keyset pages of `perPage` (the mobile cards). */
export const recordCardsQuery = (entity: AnyEntity, query: ListQuery, perPage: number) =>
  infiniteQueryOptions({
    queryKey: recordKeys.cards(entity.name, query, perPage),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      listRecords(entity, { ...query, per_page: perPage, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    getNextPageParam: (last) => last.meta.next_cursor ?? null,
  });

/** The first `perPage` records of `entity` that refer to `uuid` through `field`, in every status. */
export const relatedRecordsQuery = (entity: AnyEntity, field: string, uuid: string, perPage: number) =>
  queryOptions({
    queryKey: recordKeys.related(entity.name, field, uuid),
    queryFn: ({ signal }) =>
      listRecords(
        entity,
        { [`filter[${field}]`]: [uuid], per_page: perPage, ...(entity.status ? { status_limiter: 'all' } : {}) },
        signal,
      ),
  });

/**
 * Records of `model` were written (an edit, paste, fill, bulk edit, undo, archive, import): a saved record replaces
 * its cached detail, a record known by uuid only has its detail refetched (every detail of the model when none is
 * named), and every list of the model (cards, related lists, lookups) is marked stale; what is on screen refetches.
 */
export function invalidateRecords(client: QueryClient, model: string, written: readonly (ApiRecord | string)[] = []) {
  if (written.length === 0) void client.invalidateQueries({ queryKey: recordKeys.details(model) });
  for (const item of written)
    if (typeof item === 'string') void client.invalidateQueries({ queryKey: recordKeys.detail(model, item) });
    else client.setQueryData<ApiRecord>(recordKeys.detail(model, item.uuid), (old) => (old ? item : undefined));
  invalidateRecordLists(client, model);
}

/** Every list of `model` is marked stale (after a delete: the record's own detail is left alone, it is gone). */
export const invalidateRecordLists = (client: QueryClient, model: string) =>
  void client.invalidateQueries({ queryKey: recordKeys.lists(model) });
