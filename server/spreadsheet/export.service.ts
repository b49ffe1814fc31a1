// Export of exactly a list query (domain.md §8.4): pages through the list by keyset cursor (the next page is
// fetched while the current one is written) and streams xlsx through exceljs' streaming WorkbookWriter, or CSV
// with a UTF-8 BOM. Never the in-memory workbook.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import { csvLine, sheetName } from '../../src/domain/sheet-text';
import type { Access } from '../crud/access';
import { col, list, scopeCondition, tableOf } from '../crud/read';
import type { ListQuery } from '../crud/list-query';
import { csvValue, numFmt, xlsxValue, type ExportColumn, type ExportFormat, type RefTitle } from './export-columns';
import { modelLabel } from './labels';

export const EXPORT_PAGE = 2000;
type Rec = Record<string, unknown>;

/** The records of the list query, page by page, in the list's order. */
export async function* pages(ctx: AppContext, access: Access, entity: AnyEntity, q: ListQuery) {
  const fetch = (cursor?: string) =>
    list(ctx, access, entity, { ...q, page: undefined, per_page: EXPORT_PAGE, cursor } as ListQuery);
  let next: ReturnType<typeof fetch> | null = fetch();
  while (next) {
    const page = await next;
    const cursor = page.meta.next_cursor as string | undefined;
    next = cursor ? fetch(cursor) : null; // overlaps the next query with writing this page
    yield page.data as Rec[];
  }
}

/** Titles of the records the page's reference columns point to, one query per referenced model. */
export async function refTitles(ctx: AppContext, access: Access, columns: ExportColumn[], rows: Rec[]) {
  const titles = new Map<string, Map<string, string>>();
  for (const c of columns) {
    if (c.field.kind !== 'ref') continue;
    const target = entityByName(c.field.model)!;
    if (target.fields[target.titleField]?.kind === 'ref') continue; // a title that is itself a reference: uuid
    const uuids = [...new Set(rows.map((r) => r[c.name]).filter((v): v is string => typeof v === 'string'))];
    const found = uuids.length
      ? ((await ctx.db
          .select({ uuid: col(target, 'uuid'), title: col(target, target.titleField) })
          .from(tableOf(target))
          .where(and(inArray(col(target, 'uuid'), uuids), scopeCondition(target, access)))) as {
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
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName(modelLabel(entity, fmt.locale)), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  ws.columns = [
    ...columns.map((c) => ({
      header: c.header,
      key: c.name,
      width: c.width ?? Math.max(10, Math.min(40, c.header.length + 2)),
      style: numFmt(c, fmt) ? { numFmt: numFmt(c, fmt) } : {},
    })),
    { header: 'uuid', key: 'uuid', hidden: true, width: 38 },
  ];
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for await (const rows of job.rows) {
    const ref = await job.titles(rows);
    for (const r of rows) {
      const values = columns.map((c) => xlsxValue(entity, c, r[c.name], fmt, ref));
      values.push(String(r.uuid));
      ws.addRow(values).commit();
    }
  }
  ws.commit();
  await wb.commit();
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
