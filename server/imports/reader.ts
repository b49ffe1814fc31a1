// Streams the rows of an uploaded workbook or CSV file: our own xlsx reader (server/xlsx: the zip's central
// directory, streamed inflate with the zip-bomb guard, a byte-level scan of the sheet XML) for xlsx, the
// incremental CSV reader for csv (UTF-8, or Windows-1252 when the start is not valid UTF-8). Blank rows are left
// out; row numbers are the spreadsheet's (1-based).
import fs from 'node:fs';
import type { CellValue } from '../../src/domain/cells';
import { CsvReader, sniffDelimiter } from '../../src/domain/csv-stream';
import { HttpError } from '../http-error';
import { blank, type SheetRow } from '../xlsx/xlsx-sheet';
import { UnknownSheetError, sheetBatches } from '../xlsx/xlsx-reader';
import { MAX_UNPACKED, ZipBombError } from '../xlsx/zip-stream';
import type { FileKind } from './file-check';

export { MAX_ROWS, type SheetRow } from '../xlsx/xlsx-sheet';

/** The reply for a file that fails while being read: a bomb, or a damaged workbook. */
export function readError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof ZipBombError) return new HttpError(422, 'import.zip_bomb', { max: MAX_UNPACKED / 1024 / 1024 });
  if (err instanceof UnknownSheetError) return new HttpError(422, 'import.unknown_sheet', { name: err.sheet });
  return new HttpError(422, 'import.corrupt');
}

/** The rows of a file one by one (see `readBatches`). */
export async function* readRows(file: string, kind: FileKind, sheet?: string): AsyncGenerator<SheetRow> {
  for await (const batch of readBatches(file, kind, sheet)) yield* batch;
}

/** The rows of a file in batches as they are read (a few hundred at a time), which spares a promise per row. */
export async function* readBatches(file: string, kind: FileKind, sheet?: string): AsyncGenerator<SheetRow[]> {
  if (kind === 'csv') return yield* readCsv(file);
  try {
    yield* sheetBatches(file, sheet);
  } catch (err) {
    throw readError(err);
  }
}

async function* readCsv(file: string): AsyncGenerator<SheetRow[]> {
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
  const rows = (records: string[][]) => {
    const out: SheetRow[] = [];
    for (const r of records) {
      number += 1;
      if (!blank(r)) out.push({ number, cells: r as CellValue[] });
    }
    return out;
  };
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    let text = decoder.decode(chunk, { stream: true });
    if (!reader) {
      if (text.startsWith('\uFEFF')) text = text.slice(1);
      reader = new CsvReader(sniffDelimiter(text));
    }
    yield rows(reader.push(text));
  }
  if (reader) yield rows([...reader.push(decoder.decode()), ...reader.end()]);
}
