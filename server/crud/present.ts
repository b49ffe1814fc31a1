// A database row as the API replies it: dates as ISO strings, decimals as strings, and `links` showing only
// what the caller may do now (docs/domain/api.md, "Records, links and actions").
import type { AnyEntity } from '../../src/entities/define';
import { ownerColumn } from '../../src/entities/define';
import { mayOnRecord, type Access } from './access';
import { computedValues, modelLinks } from './model-behaviour';
import { formatStamp } from '../../src/entities/dates';

export type Row = Record<string, unknown>;

const out = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/** A datetime field written as a stamp in the API (`stamp`, src/entities/fields.ts). */
const isStampField = (entity: AnyEntity, name: string) => {
  const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
  return field?.kind === 'datetime' && field.stamp === true;
};

/** Rows of one model as the API replies them. */
export const presentRecords = (entity: AnyEntity, access: Access, rows: readonly Row[]) =>
  rows.map((row) => presentRecord(entity, access, row));

export function presentRecord(entity: AnyEntity, access: Access, row: Row): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const owner = ownerColumn(entity); // the owning user's id is never part of a reply
  // keys starting with `_` are a model's read context (`selected`), for `computed` only
  for (const [k, v] of Object.entries(row))
    if (k !== owner && !k.startsWith('_'))
      record[k] = v instanceof Date && isStampField(entity, k) ? formatStamp(v) : out(v);
  Object.assign(record, computedValues(entity, row, access.today));
  const base = `/api/v1/${entity.plural}/${String(row.uuid)}`;
  const may = (action: 'update' | 'archive' | 'delete') => mayOnRecord(access, entity, row, action);
  const links: Record<string, string> = { self: base };
  if (row.archived_at) {
    if (may('archive')) links.restore = `${base}/restore`;
  } else {
    if (may('update')) Object.assign(links, { update: base }, modelLinks(entity, row, base, access));
    if (may('archive')) links.archive = `${base}/archive`;
  }
  if (may('delete')) links.delete = base;
  record.links = links;
  return record;
}
