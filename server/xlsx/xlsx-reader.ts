// Our streaming xlsx reader's entry point: the rows of one sheet of a workbook file, in batches as they are
// scanned (see README.md for what it reads and refuses). Errors are ZipError (damaged zip), ZipBombError (beyond
// the limits), XlsxError (damaged XML) and UnknownSheetError; the import turns them into its 422 replies.
import { dateStyles, openBook, sharedStrings } from './xlsx-book';
import { SheetScanner, type SheetRow } from './xlsx-sheet';
import { XlsxError } from './xlsx-xml';
import { entryChunks } from './zip-stream';

/** The workbook has no sheet of the asked name. */
export class UnknownSheetError extends XlsxError {
  constructor(readonly sheet: string) {
    super(`no sheet named ${sheet}`);
  }
}

/** The rows of one sheet (by name; the first sheet of the workbook without one), blank rows left out. */
export async function* sheetBatches(file: string, sheet?: string): AsyncGenerator<SheetRow[]> {
  const book = await openBook(file);
  const chosen = sheet === undefined ? book.sheets[0] : book.sheets.find((s) => s.name === sheet);
  if (!chosen) {
    if (sheet !== undefined) throw new UnknownSheetError(sheet);
    return;
  }
  if (!chosen.part) throw new XlsxError(`sheet ${chosen.name} has no part`);
  const [strings, styles] = await Promise.all([sharedStrings(book), dateStyles(book)]);
  const scanner = new SheetScanner({ strings, dateStyles: styles, date1904: book.date1904 });
  for await (const chunk of entryChunks(file, chosen.part, book.budget)) {
    const rows = scanner.push(chunk);
    if (rows.length) yield rows;
  }
  scanner.end();
}
