// The generic records API of src/entities models (docs/rules.md, "API conventions"), spoken through the one HTTP
// client.
import type { AnyEntity } from '../src/entities/define';
import { API_BASE, http, requestEnvelope, type QueryValue } from '../src/api/http';

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

export async function listRecords(entity: AnyEntity, query: ListQuery, signal?: AbortSignal): Promise<ListReply> {
  const reply = await requestEnvelope<ApiRecord[], ListMeta>(entity.plural, { query, signal });
  return { data: reply.data, meta: reply.meta ?? { page: 1, per_page: reply.data.length }, links: reply.links ?? {} };
}

export const getRecord = (entity: AnyEntity, uuid: string) => http.get<ApiRecord>(`${entity.plural}/${uuid}`);

export const createRecord = (entity: AnyEntity, body: Record<string, unknown>) =>
  http.post<ApiRecord>(entity.plural, body, { silent: false });

/** A PATCH with the version the user saw; a stale version is a 409. */
export const updateRecord = (entity: AnyEntity, record: ApiRecord, changes: Record<string, unknown>) =>
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
