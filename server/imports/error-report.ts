// The error report of an import: the failed rows as they were read, under the file's own header row, plus the row
// number and an Error column, streamed as xlsx (xlsx-writer). Fixed in Excel, it imports again with the same mapping.
import type { Writable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Locale } from '../../src/entities/account';
import { importErrors } from '../db/schema';
import { translate } from '../i18n/messages';
import { withImportFile } from './storage';
import { readRows } from './reader';
import type { ImportRow } from './import-runner';
import type { ImportOptions } from './import-options';
import type { FileKind } from './file-check';
import type { CellValue } from '../../src/domain/cells';
import { XlsxWriter } from '../xlsx/xlsx-writer';

const PAGE = 1000;

async function headerRow(ctx: AppContext, job: ImportRow, o: ImportOptions): Promise<string[]> {
  for await (const r of withImportFile(ctx, job.storage_key, (file) =>
    readRows(file, job.file_kind as FileKind, o.sheet),
  )) {
    if (r.number === o.header_row) return r.cells.map((c) => String(c ?? ''));
    if (r.number > o.header_row) break;
  }
  return [];
}

export async function writeErrorReport(ctx: AppContext, job: ImportRow, locale: Locale, out: Writable) {
  const o = job.options as ImportOptions;
  const headers = await headerRow(ctx, job, o);
  const row = translate(locale, 'import.row_column');
  const error = translate(locale, 'import.error_column');
  const writer = await XlsxWriter.open(out, {
    name: error,
    columns: [...headers, row, error].map((header) => ({
      header,
      width: Math.max(10, Math.min(40, header.length + 2)),
    })),
    frozen: true,
  });
  let after = 0;
  for (;;) {
    const page = await ctx.db
      .select()
      .from(importErrors)
      .where(and(eq(importErrors.import_uuid, job.uuid), gt(importErrors.row, after)))
      .orderBy(asc(importErrors.row))
      .limit(PAGE);
    for (const e of page) {
      const cells = (e.cells as CellValue[]).slice(0, headers.length);
      while (cells.length < headers.length) cells.push(null);
      const text = Object.entries(e.errors as Record<string, string[]>)
        .map(([field, msgs]) => (field && field !== 'row' ? `${field}: ${msgs.join(' ')}` : msgs.join(' ')))
        .join('; ');
      await writer.row([...cells, e.row, text]);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.row;
  }
  await writer.end();
}
