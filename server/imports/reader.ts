// Streams the rows of an uploaded workbook or CSV file: exceljs' streaming WorkbookReader for xlsx (cells typed:
// numbers, dates, booleans, strings), the incremental CSV reader for csv (UTF-8, or Windows-1252 when the start is
// not valid UTF-8). Blank rows are left out; row numbers are the spreadsheet's (1-based).
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { CellValue } from '../../src/domain/cells';
import { CsvReader, sniffDelimiter } from '../../src/domain/csv-stream';
import { HttpError } from '../http-error';
import type { FileKind } from './file-check';

export interface SheetRow {
  number: number;
  cells: CellValue[];
}

/** A sheet longer than this is refused (a guard against bombs that lie about their sizes). */
export const MAX_ROWS = 1_000_000;

function plain(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
  if ('result' in v) return plain(v.result);
  if (v.richText) return v.richText.map((t) => t.text).join('');
  if ('text' in v) return plain(v.text);
  if (v.error) return v.error;
  return String(value as string);
}

const blank = (cells: CellValue[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

export async function* readRows(file: string, kind: FileKind, sheet?: string): AsyncGenerator<SheetRow> {
  if (kind === 'csv') return yield* readCsv(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let found = false;
  try {
    for await (const ws of reader as AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader & { name: string }>) {
      const wanted = !found && (sheet === undefined || ws.name === sheet);
      for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
        if (!wanted) continue; // the zip is read in order: other sheets are drained
        if (row.number > MAX_ROWS) throw new HttpError(422, 'import.zip_bomb', { max: MAX_ROWS });
        const values = row.values as unknown[];
        const cells = values.slice(1).map(plain);
        for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
        if (!blank(cells)) yield { number: row.number, cells };
      }
      if (wanted) found = true;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(422, 'import.corrupt');
  }
  if (!found && sheet !== undefined) throw new HttpError(422, 'import.unknown_sheet', { name: sheet });
}

async function* readCsv(file: string): AsyncGenerator<SheetRow> {
  const start = Buffer.alloc(65_536);
  const fd = await fs.promises.open(file, 'r');
  const { bytesRead } = await fd.read(start, 0, start.length, 0);
  await fd.close();
  let encoding = 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(start.subarray(0, Math.max(0, bytesRead - 4)));
  } catch {
    encoding = 'windows-1252';
  }
  const decoder = new TextDecoder(encoding);
  let reader: CsvReader | null = null;
  let number = 0;
  const rows = function* (records: string[][]) {
    for (const r of records) {
      number += 1;
      if (!blank(r)) yield { number, cells: r as CellValue[] };
    }
  };
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    let text = decoder.decode(chunk, { stream: true });
    if (!reader) {
      if (text.startsWith('\uFEFF')) text = text.slice(1);
      reader = new CsvReader(sniffDelimiter(text));
    }
    yield* rows(reader.push(text));
  }
  if (reader) yield* rows([...reader.push(decoder.decode()), ...reader.end()]);
}
