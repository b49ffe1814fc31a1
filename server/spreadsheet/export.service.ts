// Export of exactly a list query (docs/spreadsheet-api.md): pages through the list by keyset cursor (the next page is
// fetched while the current one is written) and streams xlsx through our streaming writer (xlsx-writer.ts), or
// CSV with a UTF-8 BOM. Never an in-memory workbook.
import { lookUpRefs } from '../crud/refs';
import type { Writable } from 'node:stream';
import { and, asc, desc, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import type { AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import { MEMBER_MODEL, isDecimalKind } from '../../src/entities/fields';
import { csvLine, sheetName } from '../../src/domain/sheet-text';
import type { Access } from '../crud/access';
import { afterCursor, listConditions, withAttributes } from '../crud/read';
import { attributeCursorValue, attributeExpr } from '../crud/attributes';
import { attributeKeyOf } from '../../src/domain/attributes';
import { col, scopeCondition, selection, tableOf } from '../crud/table';
import { computedValues } from '../crud/model-behaviour';
import type { ListQuery } from '../crud/list-query';
import { csvValue, numFmt, xlsxValue, type ExportColumn, type ExportFormat, type RefTitle } from './export-columns';
import { modelLabel } from './labels';
import { XlsxWriter } from '../xlsx/xlsx-writer';

export const EXPORT_PAGE = 500;
type Rec = Record<string, unknown>;

/**
 * The rows of the list query, page by page in the list's order (sort column, then uuid, nulls last), through a
 * keyset on the list's own conditions. Only the chosen columns are read, unless a computed one needs the record.
 */
export async function* pages(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  q: ListQuery,
  columns: ExportColumn[],
) {
  q = await withAttributes(ctx, access, entity, q);
  const sortName = q.sort_by ?? entity.defaultSort?.field ?? 'created_at';
  const descending = q.sort_descending ?? (q.sort_by ? false : (entity.defaultSort?.descending ?? false));
  // an attribute sorts by its value in the record's `attributes` (crud/attributes.ts), read beside the columns
  const byAttribute = attributeKeyOf(sortName);
  const sortCol = (byAttribute ? attributeExpr(entity, byAttribute) : col(entity, sortName)) as AnyPgColumn;
  const uuidCol = col(entity, 'uuid');
  const computed = columns.some((c) => entity.fields[c.name]?.computed);
  const attributes = columns.filter((c) => c.attribute);
  const all = selection(entity, { access }) as Record<string, SQL | AnyPgColumn>;
  const chosen = {
    ...(computed
      ? all
      : Object.fromEntries(
          [...new Set(['uuid', sortName, ...columns.map((c) => c.name), ...(attributes.length ? ['attributes'] : [])])]
            .filter((n) => n in all)
            .map((n) => [n, all[n]!]),
        )),
    ...(byAttribute ? { [sortName]: sortCol } : {}),
  };
  const dir = descending ? desc : asc;
  const where = listConditions(entity, access, q);
  const page = (after: { v: unknown; u: string } | null) =>
    ctx.db
      .select(chosen)
      .from(tableOf(entity))
      .where(after ? and(where, afterCursor(sortCol, uuidCol, after, descending)) : where)
      .orderBy(sortCol.notNull ? dir(sortCol) : sql`${dir(sortCol)} nulls last`, dir(uuidCol))
      .limit(EXPORT_PAGE) as Promise<Rec[]>;
  let next: Promise<Rec[]> | null = page(null);
  while (next) {
    const rows = await next;
    next = null;
    if (rows.length === EXPORT_PAGE) {
      const last = rows[rows.length - 1]!;
      const v = last[sortName] ?? null;
      next = page({ v: byAttribute && v !== null ? attributeCursorValue(v) : v, u: String(last.uuid) });
      next.catch(() => undefined); // thrown where awaited
    }
    if (computed) for (const r of rows) Object.assign(r, computedValues(entity, r));
    for (const r of rows) for (const c of attributes) r[c.name] = attributeCell(c, r.attributes);
    if (rows.length) yield rows;
  }
}

/** An attribute column's value in a record's `attributes`: a number of a decimal kind as the decimal text the
 * writers take for those kinds. */
function attributeCell(c: ExportColumn, attributes: unknown) {
  const v = (attributes as Record<string, unknown> | null)?.[c.attribute!.key];
  return typeof v === 'number' && isDecimalKind(c.field.kind) ? String(v) : v;
}

/** How many rows the export will have (for the client's progress). */
export async function countRows(ctx: AppContext, access: Access, entity: AnyEntity, q: ListQuery): Promise<number> {
  q = await withAttributes(ctx, access, entity, q);
  const [row] = (await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tableOf(entity))
    .where(listConditions(entity, access, q))) as { n: number }[];
  return Number(row?.n ?? 0);
}

/** Titles of the records the page's reference columns point to, one query per referenced model: those the caller
 * sees (`access` null: any live record, a superuser's export of a superusers' table). */
export async function refTitles(ctx: AppContext, access: Access | null, columns: ExportColumn[], rows: Rec[]) {
  const titles = new Map<string, Map<string, string>>();
  for (const c of columns) {
    if (c.field.kind === 'refs' || (c.field.kind === 'ref' && c.field.model === MEMBER_MODEL)) {
      // lists of references, and a reference to a member (titled by their name)
      const uuids = [
        ...new Set(
          rows
            .flatMap((r) => (Array.isArray(r[c.name]) ? (r[c.name] as string[]) : [r[c.name]]))
            .filter((v) => typeof v === 'string'),
        ),
      ] as string[];
      const found = await lookUpRefs(ctx.db, access, c.field.model, { uuids });
      titles.set(c.name, new Map(found.map((f) => [f.uuid, f.title])));
      continue;
    }
    if (c.field.kind !== 'ref') continue;
    const target = entityByName(c.field.model)!;
    if (target.fields[target.titleField]?.kind === 'ref') continue; // a title that is itself a reference: uuid
    const uuids = [...new Set(rows.map((r) => r[c.name]).filter((v): v is string => typeof v === 'string'))];
    const found = uuids.length
      ? ((await ctx.db
          .select({ uuid: col(target, 'uuid'), title: col(target, target.titleField) })
          .from(tableOf(target))
          .where(
            and(
              inArray(col(target, 'uuid'), uuids),
              access ? scopeCondition(target, access) : isNull(col(target, 'deleted_at')),
            ),
          )) as {
          uuid: string;
          title: unknown;
        }[])
      : [];
    titles.set(c.name, new Map(found.map((f) => [f.uuid, String(f.title ?? '')])));
  }
  const lookup: RefTitle = (column, uuid) => titles.get(column)?.get(uuid);
  return lookup;
}

export interface ExportJob {
  entity: AnyEntity;
  columns: ExportColumn[];
  fmt: ExportFormat;
  rows: AsyncIterable<Rec[]>;
  titles: (rows: Rec[]) => Promise<RefTitle>;
}

export async function writeXlsx(job: ExportJob, out: Writable) {
  const { entity, columns, fmt } = job;
  const writer = await XlsxWriter.open(out, {
    name: sheetName(modelLabel(entity, fmt.locale)),
    columns: [
      ...columns.map((c) => ({
        header: c.header,
        width: c.width ?? Math.max(10, Math.min(40, c.header.length + 2)),
        numFmt: numFmt(c, fmt),
      })),
      { header: 'uuid', hidden: true, width: 38 },
    ],
    frozen: true,
    filter: columns.length,
  });
  for await (const rows of job.rows) {
    const ref = await job.titles(rows);
    for (const r of rows) {
      const values = columns.map((c) => xlsxValue(entity, c, r[c.name], fmt, ref));
      values.push(String(r.uuid));
      const full = writer.row(values);
      if (full) await full;
    }
  }
  await writer.end();
}

export async function writeCsv(job: ExportJob, out: Writable, delimiter: ',' | ';') {
  const { entity, columns, fmt } = job;
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
  await write(`\uFEFF${csvLine([...columns.map((c) => c.header), 'uuid'], delimiter)}`);
  for await (const rows of job.rows) {
    const ref = await job.titles(rows);
    let chunk = '';
    for (const r of rows)
      chunk += csvLine([...columns.map((c) => csvValue(entity, c, r[c.name], fmt, ref)), String(r.uuid)], delimiter);
    await write(chunk);
  }
  out.end();
}
