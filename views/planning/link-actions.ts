// Actions by link: a record's `links` hold one entry per action the caller may take now (docs/domain/api.md,
// "Records, links and actions"), the value being the action's URL. The client posts to that URL rather than building
// it.
import { API_BASE, http } from '../../src/api/http';
import { entityByName } from '../../src/entities/registry';
import { getRecord, type ApiRecord } from '../../src/api/records';

/** The path below /api/v1 of a link. */
export const linkPath = (href: string) => (href.startsWith(API_BASE) ? href.slice(API_BASE.length + 1) : href);

export const postLink = <T = ApiRecord>(href: string, body?: unknown) => http.post<T>(linkPath(href), body ?? {});

/** Links that are not transitions or actions of a module (the generic ones the drawer already offers). */
const GENERIC = new Set(['self', 'update', 'archive', 'restore', 'delete', 'descendants', 'page']);

/** The record's links in the given order, only those present. */
export function presentActions(record: ApiRecord, order: readonly string[]): string[] {
  return order.filter((name) => typeof record.links[name] === 'string' && !GENERIC.has(name));
}

const isRecord = (value: unknown): value is ApiRecord =>
  Boolean(value && typeof value === 'object' && 'uuid' in value && 'links' in value);

/**
 * Runs one of a record's actions and returns the record afterwards: the reply's `data` when it is the record,
 * else the record read again (send and reset-token reply with `meta.public_url` only).
 */
export async function runAction(model: string, record: ApiRecord, action: string, body?: unknown): Promise<ApiRecord> {
  const reply = await postLink<unknown>(record.links[action]!, body);
  return isRecord(reply) ? reply : getRecord(entityByName(model)!, record.uuid);
}
