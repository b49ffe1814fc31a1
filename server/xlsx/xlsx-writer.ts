// A streaming xlsx writer of one sheet, for exports and error reports: the fixed parts first, then the sheet's
// rows as XML text in small pieces straight into the zip (nothing of the workbook is held), typed cells (numbers,
// dates as serial numbers with the column's number format, booleans, inline strings), a bold header row, column
// widths, hidden columns, a frozen header and an autofilter. Never the in-memory workbook of a library.
import type { Writable } from 'node:stream';
import type { CellValue } from '../../src/domain/cells';
import { ZipWriter } from './zip-writer';

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width?: number;
  hidden?: boolean;
  /** Excel number format of the column's cells (dates need one to show as dates). */
  numFmt?: string;
}

export interface SheetOptions {
  name: string;
  columns: SheetColumn[];
  /** Freeze the header row. */
  frozen?: boolean;
  /** An autofilter over the header of the first this many columns. */
  filter?: number;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel's built-in number formats we use; others get ids from 164. */
const BUILT_IN: Record<string, number> = { '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4 };
/** Text is written in pieces of about this many characters (young strings, small buffers). */
const PIECE = 32 * 1024;

/** A column's letters (1 → A, 27 → AA). */
export function columnLetters(n: number): string {
  let s = '';
  for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Markup, and carriage returns as references: XML parsers (Excel's, exceljs') turn a literal CR LF into LF. */
const ESCAPE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };
/** Characters XML 1.0 cannot carry (control characters but tab, line feed and carriage return; U+FFFE, U+FFFF). */
// eslint-disable-next-line no-control-regex
const UNWRITABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// eslint-disable-next-line no-control-regex
const SPECIAL = /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_x[0-9a-fA-F]{4}_/;

/**
 * Text for XML: the markup characters and carriage returns escaped; characters XML cannot carry, and text that would read as one of
 * Excel's `_xHHHH_` escapes, written as such escapes (ECMA-376 ST_Xstring), so a round trip gives the same text.
 */
export function xmlText(s: string): string {
  if (!SPECIAL.test(s)) return s;
  return s
    .replace(/_(?=x[0-9a-fA-F]{4}_)/g, '_x005F_')
    .replace(/[&<>"\r]/g, (c) => ESCAPE[c]!)
    .replace(UNWRITABLE, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

/** Excel's serial day number of a moment (1900 date system, UTC). */
const serial = (d: Date) => 25569 + d.getTime() / 86_400_000;

export class XlsxWriter {
  private piece = '';
  private rowNumber = 0;
  private readonly letters: string[];
  /** Per column, the style of its cells (0: none). */
  private readonly styles: string[];

  private constructor(
    private readonly zip: ZipWriter,
    private readonly sheet: { write: (s: string) => Promise<void>; close: () => Promise<void> },
    private readonly options: SheetOptions,
    styleOf: number[],
  ) {
    this.letters = options.columns.map((_, i) => columnLetters(i + 1));
    this.styles = styleOf.map((s) => (s ? ` s="${s}"` : ''));
  }

  /** Starts a workbook of one sheet on `out` and writes its header row. */
  static async open(out: Writable, options: SheetOptions, level?: number): Promise<XlsxWriter> {
    const zip = new ZipWriter(out, level);
    const { styles, styleOf } = stylesPart(options.columns);
    const name = xmlText(options.name);
    await zip.add(
      '[Content_Types].xml',
      `${XML}<Types xmlns="${PKG}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    );
    await zip.add(
      '_rels/.rels',
      `${XML}<Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    const filter = options.filter
      ? `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${name.replace(/'/g, "''")}'!$A$1:$${columnLetters(options.filter)}$1</definedName></definedNames>`
      : '';
    await zip.add(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets>${filter}</workbook>`,
    );
    await zip.add(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    );
    await zip.add('xl/styles.xml', styles);
    const sheet = await zip.open('xl/worksheets/sheet1.xml');
    const writer = new XlsxWriter(zip, sheet, options, styleOf);
    const views = options.frozen
      ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
      : '<sheetViews><sheetView workbookViewId="0"/></sheetViews>';
    const cols = options.columns
      .map((c, i) => {
        const width = c.width ?? 10;
        return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"${c.hidden ? ' hidden="1"' : ''}/>`;
      })
      .join('');
    await sheet.write(`${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${views}<cols>${cols}</cols><sheetData>`);
    await writer.header();
    return writer;
  }

  private async header() {
    this.rowNumber = 1;
    let xml = '<row r="1">';
    this.options.columns.forEach((c, i) => {
      if (c.header === '') return;
      const space = c.header.trim() === c.header ? '' : ' xml:space="preserve"';
      xml += `<c r="${this.letters[i]}1" s="1" t="inlineStr"><is><t${space}>${xmlText(c.header)}</t></is></c>`;
    });
    await this.sheet.write(`${xml}</row>`);
  }

  /**
   * Adds a row (values in column order; null leaves a cell empty). When it returns a promise, await it before the
   * next row: the output is full (most rows return nothing, which spares a promise per row).
   */
  row(values: CellValue[]): Promise<void> | undefined {
    const r = ++this.rowNumber;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      const ref = `${this.letters[i] ?? columnLetters(i + 1)}${r}`;
      const s = this.styles[i] ?? '';
      if (typeof v === 'number') {
        if (Number.isFinite(v)) xml += `<c r="${ref}"${s}><v>${v}</v></c>`;
      } else if (typeof v === 'string') {
        if (v === '') continue; // no cell: readers differ on an empty inline string ('' or nothing)
        const space = v.trim() === v ? '' : ' xml:space="preserve"';
        xml += `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${xmlText(v)}</t></is></c>`;
      } else if (typeof v === 'boolean') xml += `<c r="${ref}"${s} t="b"><v>${v ? 1 : 0}</v></c>`;
      else if (v instanceof Date && !Number.isNaN(v.getTime())) xml += `<c r="${ref}"${s}><v>${serial(v)}</v></c>`;
    }
    this.piece += `${xml}</row>`;
    return this.piece.length >= PIECE ? this.flush() : undefined;
  }

  private async flush() {
    const text = this.piece;
    this.piece = '';
    if (text) await this.sheet.write(text);
  }

  /** Closes the sheet and the workbook (and the output). */
  async end() {
    await this.flush();
    const n = this.options.filter;
    const filter = n ? `<autoFilter ref="A1:${columnLetters(n)}1"/>` : '';
    await this.sheet.write(
      `</sheetData>${filter}<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`,
    );
    await this.sheet.close();
    await this.zip.finish();
  }
}

/** The styles part: the default font and a bold one; per distinct number format one cell style. */
function stylesPart(columns: SheetColumn[]) {
  const formats = [...new Set(columns.map((c) => c.numFmt).filter((f): f is string => !!f))];
  const ids = new Map<string, number>();
  let next = 164;
  for (const f of formats) ids.set(f, BUILT_IN[f] ?? next++);
  const custom = formats.filter((f) => !(f in BUILT_IN));
  const numFmts = custom.length
    ? `<numFmts count="${custom.length}">${custom.map((f) => `<numFmt numFmtId="${ids.get(f)}" formatCode="${xmlText(f)}"/>`).join('')}</numFmts>`
    : '';
  // cell styles: 0 default, 1 the bold header, then one per number format
  const xfs = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
    ...formats.map(
      (f) => `<xf numFmtId="${ids.get(f)}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    ),
  ];
  const styleOf = columns.map((c) => (c.numFmt ? 2 + formats.indexOf(c.numFmt) : 0));
  const font = (bold: boolean) =>
    `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  const styles = `${XML}<styleSheet xmlns="${MAIN}">${numFmts}<fonts count="2">${font(false)}${font(true)}</fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
  return { styles, styleOf };
}
