// A database row as the API replies it: dates as ISO strings, decimals as strings, and `links` showing only
// what the caller may do now (docs/domain/api.md, "Records, links and actions").
import type { AnyEntity } from '../../src/entities/define';
import { may, type Access } from './access';
import { computedValues, modelLinks } from './model-behaviour';

export type Row = Record<string, unknown>;

const out = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/** Rows of one model as the API replies them. */
export const presentRecords = (entity: AnyEntity, access: Access, rows: readonly Row[]) =>
  rows.map((row) => presentRecord(entity, access, row));

export function presentRecord(entity: AnyEntity, access: Access, row: Row): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) record[k] = out(v);
  Object.assign(record, computedValues(entity, row, access.today));
  const base = `/api/v1/${entity.plural}/${String(row.uuid)}`;
  const sg = String(row.settings_group_uuid);
  const links: Record<string, string> = { self: base };
  if (row.archived_at) {
    if (may(access, sg, 'archive', entity.name)) links.restore = `${base}/restore`;
  } else {
    if (may(access, sg, 'update', entity.name)) Object.assign(links, { update: base }, modelLinks(entity, row, base));
    if (may(access, sg, 'archive', entity.name)) links.archive = `${base}/archive`;
  }
  if (may(access, sg, 'delete', entity.name)) links.delete = base;
  record.links = links;
  return record;
}
