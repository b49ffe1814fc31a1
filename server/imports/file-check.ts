// Safety checks of an uploaded file before anything parses it: extension and magic bytes (xlsx is a zip with
// xl/workbook.xml; csv is text), password-protected workbooks (an encrypted OLE container), zip bombs (declared
// sizes and ratios from the central directory; the reader checks the actual bytes again), damaged zips. Lists the
// sheets with their row counts (from each sheet's <dimension>, without parsing the rows).
import fs from 'node:fs';
import { HttpError } from '../http-error';
import type { MessageKey } from '../i18n/messages';
import { readEntry, zipEntries, ZipError, type ZipEntry } from '../xlsx/zip';
import { MAX_RATIO, MAX_UNPACKED, RATIO_FROM, ZipBombError } from '../xlsx/zip-stream';
import { openBook } from '../xlsx/xlsx-book';
import { XlsxError } from '../xlsx/xlsx-xml';

export type FileKind = 'xlsx' | 'csv';
export interface SheetInfo {
  name: string;
  row_count: number | null;
}

/** Upload limit (bytes); a bigger upload is a 413. */
export const MAX_UPLOAD = 30 * 1024 * 1024;

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const reject = (key: MessageKey, params: Record<string, string | number> = {}) => new HttpError(422, key, params);

export async function inspectFile(
  file: string,
  head: Buffer,
  fileName: string,
): Promise<{ kind: FileKind; sheets: SheetInfo[] }> {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (head.subarray(0, 8).equals(OLE)) {
    // Excel saves a password-protected xlsx as an OLE container holding an "EncryptedPackage" stream.
    const content = await fs.promises.readFile(file);
    if (content.includes(Buffer.from('EncryptedPackage', 'utf16le'))) throw reject('import.encrypted');
    throw reject('import.not_workbook');
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    if (ext !== 'xlsx' && ext !== 'xlsm') throw reject('import.not_workbook');
    return { kind: 'xlsx', sheets: await workbookSheets(file) };
  }
  if (ext === 'csv' || ext === 'txt') {
    if (head.includes(0)) throw reject('import.not_workbook');
    return {
      kind: 'csv',
      sheets: [{ name: fileName.replace(/\.[^.]+$/, '').slice(0, 100), row_count: await countLines(file) }],
    };
  }
  throw reject('import.not_workbook');
}

async function workbookSheets(file: string): Promise<SheetInfo[]> {
  let entries: ZipEntry[];
  try {
    entries = await zipEntries(file);
  } catch (err) {
    if (err instanceof ZipError) throw reject('import.corrupt');
    throw err;
  }
  const total = entries.reduce((n, e) => n + e.size, 0);
  const bomb = entries.some(
    (e) => e.size === 0xffffffff || (e.size > RATIO_FROM && e.size / Math.max(1, e.compressed) > MAX_RATIO),
  );
  if (bomb || total > MAX_UNPACKED) throw reject('import.zip_bomb', { max: MAX_UNPACKED / 1024 / 1024 });
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('xl/workbook.xml') || !names.has('xl/_rels/workbook.xml.rels')) throw reject('import.not_workbook');
  try {
    const book = await openBook(file, entries);
    const sheets: SheetInfo[] = [];
    for (const sheet of book.sheets) {
      const head = sheet.part ? (await readEntry(file, sheet.part, 8192)).toString('utf8') : '';
      const dim = /<(?:\w+:)?dimension\s+ref="[A-Z]+\d+(?::[A-Z]+(\d+))?"/.exec(head);
      sheets.push({ name: sheet.name, row_count: dim ? Number(dim[1] ?? 1) : null });
    }
    return sheets;
  } catch (err) {
    if (err instanceof ZipBombError) throw reject('import.zip_bomb', { max: MAX_UNPACKED / 1024 / 1024 });
    if (err instanceof ZipError || err instanceof XlsxError) throw reject('import.corrupt');
    throw err;
  }
}

/** Lines of a text file (records spanning lines count more than once: a close estimate for progress only). */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    last = chunk[chunk.length - 1] ?? last;
  }
  return lines + (last === 10 ? 0 : 1);
}
