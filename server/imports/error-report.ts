// The error report of an import: the failed rows as they were read, under the file's own header row, plus the row
// number and an Error column, streamed as xlsx. Fixed in Excel, it imports again with the same mapping.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Locale } from '../../src/entities/account';
import { importErrors } from '../db/schema';
import { translate } from '../i18n/messages';
import { importStorage } from './storage';
import { readRows } from './reader';
import type { ImportRow } from './import-runner';
import type { ImportOptions } from './import-options';
import type { FileKind } from './file-check';

const PAGE = 1000;

async function headerRow(ctx: AppContext, job: ImportRow, o: ImportOptions): Promise<string[]> {
  const file = importStorage(ctx.config.dataDir).path(job.storage_key);
  for await (const r of readRows(file, job.file_kind as FileKind, o.sheet)) {
    if (r.number === o.header_row) return r.cells.map((c) => String(c ?? ''));
    if (r.number > o.header_row) break;
  }
  return [];
}

export async function writeErrorReport(ctx: AppContext, job: ImportRow, locale: Locale, out: Writable) {
  const o = job.options as ImportOptions;
  const headers = await headerRow(ctx, job, o);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(translate(locale, 'import.error_column'), { views: [{ state: 'frozen', ySplit: 1 }] });
  const row = translate(locale, 'import.row_column');
  const error = translate(locale, 'import.error_column');
  ws.addRow([...headers, row, error]).commit();
  let after = 0;
  for (;;) {
    const page = await ctx.db
      .select()
      .from(importErrors)
      .where(and(eq(importErrors.import_uuid, job.uuid), gt(importErrors.row, after)))
      .orderBy(asc(importErrors.row))
      .limit(PAGE);
    for (const e of page) {
      const cells = (e.cells as unknown[]).map((c) => c as ExcelJS.CellValue);
      while (cells.length < headers.length) cells.push(null);
      const text = Object.entries(e.errors as Record<string, string[]>)
        .map(([field, msgs]) => (field && field !== 'row' ? `${field}: ${msgs.join(' ')}` : msgs.join(' ')))
        .join('; ');
      ws.addRow([...cells.slice(0, headers.length), e.row, text]).commit();
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.row;
  }
  ws.commit();
  await wb.commit();
}
