// Our xlsx reader (server/xlsx/): property-based, every workbook exceljs writes (in memory and streamed, with and
// without shared strings; dates, 1904 dates, rich text, formulas with cached values, booleans, errors, hyperlinks,
// empty rows, sparse columns, unicode; 1,000 columns) reads into the values exceljs reads; LibreOffice-made
// workbooks when LibreOffice is installed; hand-made ones for what exceljs never writes: inline rich text, namespace
// prefixes, cells without references, CDATA, escapes, phonetic runs, ISO date cells, stored entries; chunks split
// anywhere; the guards: zip bombs that lie about their sizes, too many rows, damaged files; and a property-based
// fuzz of malformed zips and XML (only the reader's own errors, no hang, bounded heap).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFile } from '../../server/imports/file-check';
import { readRows } from '../../server/imports/reader';
import { HttpError } from '../../server/http-error';
import { SheetScanner, blank, type SheetRow } from '../../server/xlsx/xlsx-sheet';
import { StringTable, isDateFormat } from '../../server/xlsx/xlsx-book';
import { sheetBatches } from '../../server/xlsx/xlsx-reader';
import { XlsxWriter } from '../../server/xlsx/xlsx-writer';
import { XlsxError } from '../../server/xlsx/xlsx-xml';
import { ZipError, centralHeader, endRecord, localHeader } from '../../server/xlsx/zip';
import type { CellValue } from '../../src/domain/cells';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-xlsx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const save = (content: Buffer) => {
  const file = path.join(dir, `f${++n}.xlsx`);
  fs.writeFileSync(file, content);
  return file;
};

async function read(file: string, sheet?: string) {
  const rows: SheetRow[] = [];
  for await (const r of readRows(file, 'xlsx', sheet)) rows.push(r);
  return rows;
}

async function failure(file: string, sheet?: string) {
  try {
    await read(file, sheet);
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, key: err.key, params: err.params };
    throw err;
  }
  throw new Error('read did not fail');
}

const utc = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));

/** A zip of the given parts; `lie` declares a smaller size for an entry, `store` keeps entries uncompressed. */
function zip(parts: Record<string, string | Buffer>, opts: { lie?: string; store?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(parts)) {
    const data = Buffer.from(content);
    const packed = opts.store ? data : zlib.deflateRawSync(data);
    const record = {
      name,
      flags: 0,
      method: opts.store ? 0 : 8,
      crc: zlib.crc32(data),
      compressed: packed.length,
      size: opts.lie === name ? 1000 : data.length,
    };
    const head = localHeader(record);
    locals.push(head, packed);
    centrals.push(centralHeader(record, offset));
    offset += head.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  return Buffer.concat([...locals, cd, endRecord(centrals.length, cd.length, offset)]);
}

/** A minimal workbook around hand-written sheet XML (and optional shared strings, styles, workbook properties). */
function book(sheets: Record<string, string>, more: { strings?: string; styles?: string; workbookPr?: string } = {}) {
  const names = Object.keys(sheets);
  const parts: Record<string, string> = {
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${more.workbookPr ?? ''}<sheets>${names.map((s, i) => `<sheet name="${s}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${names.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="/xl/strings.xml"/><Relationship Id="rT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="../xl/styles.xml"/></Relationships>`,
  };
  names.forEach((s, i) => (parts[`xl/worksheets/sheet${i + 1}.xml`] = sheets[s]!));
  if (more.strings) parts['xl/strings.xml'] = more.strings;
  if (more.styles) parts['xl/styles.xml'] = more.styles;
  return parts;
}

const sheetXml = (rows: string, prefix = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${prefix}worksheet xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}dimension ref="A1:C3"/><${prefix}sheetData>${rows}</${prefix}sheetData></${prefix}worksheet>`;

describe('workbooks written by exceljs', () => {
  async function sample(wb: ExcelJS.Workbook) {
    const ws = wb.addWorksheet('Anlagen');
    ws.addRow(['Name', 'Menge', 'Datum', 'Aktiv', 'Formel', 'Text-Formel', 'Fehler']);
    ws.addRow([
      'Pumpe',
      3.25,
      utc(2024, 2, 29),
      true,
      { formula: 'B2*2', result: 6.5 },
      { formula: 'A2&"!"', result: 'Pumpe!' },
      { error: '#DIV/0!' },
    ]);
    ws.addRow([]); // blank: left out
    const sparse = ws.getRow(4);
    sparse.getCell(1).value = { richText: [{ text: 'Lüftung ' }, { font: { bold: true }, text: 'Haus A' }] };
    sparse.getCell(4).value = false;
    sparse.getCell(7).value = { formula: 'NOW()' }; // no cached result: empty
    ws.getCell('B4').numFmt = '0.00 "days"';
    ws.getCell('B4').value = 12;
    ws.getCell('C4').numFmt = 'dd.mm.yyyy hh:mm';
    ws.getCell('C4').value = utc(2023, 12, 31, 23, 30);
    ws.getCell('E4').value = { text: 'Link', hyperlink: 'https://example.com' };
    ws.getRow(6).getCell(2).value = -0.000125;
    ws.getRow(6).getCell(3).value = 1e21;
    const other = wb.addWorksheet('Zwei');
    other.addRow(['Zweites Blatt', '<&> "quoted" \'x\'']);
    return [ws, other];
  }
  const expected: SheetRow[] = [
    { number: 1, cells: ['Name', 'Menge', 'Datum', 'Aktiv', 'Formel', 'Text-Formel', 'Fehler'] },
    { number: 2, cells: ['Pumpe', 3.25, utc(2024, 2, 29), true, 6.5, 'Pumpe!', '#DIV/0!'] },
    { number: 4, cells: ['Lüftung Haus A', 12, utc(2023, 12, 31, 23, 30), false, 'Link'] },
    { number: 6, cells: [null, -0.000125, 1e21] },
  ];

  it('reads an in-memory workbook (shared strings) like exceljs gives it, first sheet by default', async () => {
    const wb = new ExcelJS.Workbook();
    await sample(wb);
    const file = save(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(await read(file)).toEqual(expected);
    expect(await read(file, 'Zwei')).toEqual([{ number: 1, cells: ['Zweites Blatt', '<&> "quoted" \'x\''] }]);
    expect(await failure(file, 'Drei')).toEqual({ status: 422, key: 'import.unknown_sheet', params: { name: 'Drei' } });
  });

  it.each([true, false])('reads a streamed workbook (data descriptors), shared strings %s', async (shared) => {
    const file = path.join(dir, `stream-${shared}.xlsx`);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: shared, useStyles: true });
    for (const ws of await sample(wb as unknown as ExcelJS.Workbook)) ws.commit();
    await wb.commit();
    expect(await read(file)).toEqual(expected);
  });

  it('reads dates of the 1904 date system', async () => {
    const wb = new ExcelJS.Workbook();
    wb.properties.date1904 = true;
    wb.addWorksheet('S').addRow([utc(2001, 5, 6), 'x']);
    const file = save(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(await read(file)).toEqual([{ number: 1, cells: [utc(2001, 5, 6), 'x'] }]);
  });
});

describe('hand-made workbooks', () => {
  const styles = `<styleSheet><numFmts count="3"><numFmt numFmtId="164" formatCode="&quot;Tag&quot;\\ 0"/><numFmt numFmtId="165" formatCode="[$-F800]dddd, mmmm dd, yyyy"/><numFmt numFmtId="166" formatCode="#,##0.00 [$CHF]"/></numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="7"><xf numFmtId="0"/><xf numFmtId="22" applyNumberFormat="1"/><xf numFmtId="45"/><xf numFmtId="164"/><xf numFmtId="165"><alignment/></xf><xf numFmtId="166"/><xf numFmtId="4"/></cellXfs></styleSheet>`;
  const strings = `<sst count="3" uniqueCount="3"><si><t>plain</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">rich </t></r><r><t>text</t></r><rPh sb="0" eb="1"><t>ふりがな</t></rPh></si><si><t/></si></sst>`;

  it('reads inline rich text, escapes, CDATA, cells without references, ISO dates and date styles', async () => {
    const rows = sheetXml(
      '<row r="1"><c r="A1" t="inlineStr"><is><r><t>in</t></r><r><rPr><i/></rPr><t>line</t></r></is></c>' +
        '<c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>0</v></c><c t="str"><v>Zeile_x000D_\n2 &amp; &#228;&#x4E2D;_x005F_x0041_</v></c></row>' +
        '<row><c><v>1</v></c><c s="1"><v>45351.5</v></c><c s="2"><v>0.25</v></c><c s="3"><v>7</v></c>' +
        '<c s="4"><v>45000</v></c><c s="5"><v>1234.5</v></c><c s="6"><v>1E-3</v></c></row>' +
        '<row r="4" spans="1:3"><c r="B4" t="d"><v>2024-03-01T10:00:00Z</v></c><c r="C4" t="inlineStr"><is><t><![CDATA[a<b]]></t></is></c>' +
        '<c r="D4" t="s"><v>2</v></c><c r="E4" t="e"><v>#N/A</v></c><c r="F4" t="b"><v>0</v></c><!-- note --><c r="G4"><f>SUM(A1)</f></c></row>' +
        '<row r="5"><c r="A5" t="str"><v>  </v></c></row><row r="6" hidden="1"/>',
    );
    const file = save(zip(book({ S: rows }, { strings, styles })));
    expect(await read(file)).toEqual([
      { number: 1, cells: ['inline', 'rich text', 'plain', 'Zeile\r\n2 & ä中_x0041_'] },
      { number: 2, cells: [1, utc(2024, 2, 29, 12), utc(1899, 12, 30, 6), 7, utc(2023, 3, 15), 1234.5, 0.001] },
      { number: 4, cells: [null, utc(2024, 3, 1, 10), 'a<b', '', '#N/A', false] },
    ]);
  });

  it('reads namespace prefixes and stored (uncompressed) entries; chooses sheets by name', async () => {
    const x = (v: string) =>
      sheetXml(`<x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:t>${v}</x:t></x:is></x:c></x:row>`, 'x:');
    const file = save(zip(book({ Eins: x('one'), 'Zwei & Drei': x('two') }), { store: true }));
    expect(await read(file, 'Zwei & Drei')).toEqual([{ number: 2, cells: ['two'] }]);
    expect(await read(file)).toEqual([{ number: 2, cells: ['one'] }]);
  });

  it('gives the same rows whatever the chunks', () => {
    const xml = Buffer.from(
      sheetXml(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Grüße &amp; mehr</t></is></c><c r="C1"><v>-12.5</v></c></row>' +
          '<row r="3"><c r="B3" t="str"><v><![CDATA[x]]>y</v></c><c r="D3" s="1"><v>2</v></c></row>',
      ),
    );
    const ctx = { strings: new StringTable(), dateStyles: new Uint8Array([0, 1]), date1904: false };
    const whole = new SheetScanner(ctx).push(xml);
    expect(whole).toEqual([
      { number: 1, cells: ['Grüße & mehr', null, -12.5] },
      { number: 3, cells: [null, 'xy', null, utc(1900, 1, 1)] },
    ]);
    for (const size of [1, 2, 3, 5, 7, 13]) {
      const scanner = new SheetScanner(ctx);
      const rows: SheetRow[] = [];
      for (let i = 0; i < xml.length; i += size) rows.push(...scanner.push(xml.subarray(i, i + size)));
      scanner.end();
      expect(rows).toEqual(whole);
    }
  });

  it('reads texts longer than a chunk, in the sheet and in shared strings', async () => {
    const long = 'Ä'.repeat(150_000) + '&';
    const escaped = long.replace('&', '&amp;');
    const xml = sheetXml(
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>${escaped}</t></is></c></row>`,
    );
    const file = save(zip(book({ S: xml }, { strings: `<sst><si><t>${escaped}</t></si></sst>` })));
    expect(await read(file)).toEqual([{ number: 1, cells: [long, long] }]);
  });

  it('keeps shared strings as bytes and gives them back by index', () => {
    const table = new StringTable();
    const texts = ['', 'Grüße 中', 'x'.repeat(70_000), ...Array.from({ length: 3000 }, (_, i) => `s${i}`)];
    for (const t of texts) table.add(t);
    expect(texts.map((_, i) => table.get(i))).toEqual(texts);
    expect([table.get(-1), table.get(texts.length), table.get(NaN)]).toEqual([null, null, null]);
  });

  it('recognises date formats: d, m, y, h, s outside quotes, brackets and escapes', () => {
    for (const code of ['dd.mm.yyyy', 'yyyy-mm-dd hh:mm', 'h:mm AM/PM', '[$-F800]dddd', 'mmm yy', '[h]:mm:ss'])
      expect(isDateFormat(code), code).toBe(true);
    for (const code of ['General', '0.00', '#,##0.00 [$CHF]', '"days" 0', '0\\d', '[Red]0.00', '@', '_(* #,##0_)'])
      expect(isDateFormat(code), code).toBe(false);
  });
});

describe('guards', () => {
  it('refuses a sheet that unpacks beyond its declared size (a bomb lying in its headers)', async () => {
    const row = '<row><c t="inlineStr"><is><t>boom</t></is></c></row>';
    const file = save(zip(book({ S: sheetXml(row.repeat(2000)) }), { lie: 'xl/worksheets/sheet1.xml' }));
    expect(await failure(file)).toMatchObject({ status: 422, key: 'import.zip_bomb' });
  });

  it('refuses a large entry packed more than 250:1 and a sheet of more than 1,000,000 rows', async () => {
    const dense = sheetXml(`<row><c t="inlineStr"><is><t>${'a'.repeat(1000)}</t></is></c></row>`.repeat(24_000));
    expect(await failure(save(zip(book({ S: dense }))))).toMatchObject({ key: 'import.zip_bomb' });
    const far = sheetXml('<row r="1000001"><c><v>1</v></c></row>');
    expect(await failure(save(zip(book({ S: far }))))).toMatchObject({ key: 'import.zip_bomb' });
  });

  it('refuses damaged workbooks as corrupt', async () => {
    const good = zip(book({ S: sheetXml('<row r="1"><c><v>1</v></c></row>') }));
    // the sheet's compressed data damaged in the middle
    const sheetAt = good.indexOf(Buffer.from('xl/worksheets/sheet1.xml')) + 'xl/worksheets/sheet1.xml'.length;
    const damaged = Buffer.from(good);
    damaged.fill(0xff, sheetAt, sheetAt + 16); // a deflate block of the reserved type
    expect(await failure(save(damaged))).toMatchObject({ key: 'import.corrupt' });
    const cut = sheetXml('<row r="1"><c><v>1</v></c></row>').slice(0, -40);
    expect(await failure(save(zip(book({ S: cut }))))).toMatchObject({ key: 'import.corrupt' });
    expect(await failure(save(Buffer.from('PK\u0003\u0004 not really')))).toMatchObject({ key: 'import.corrupt' });
    // one cell of more than 1 MB of text: no spreadsheet program writes that
    const huge = sheetXml(`<row r="1"><c t="inlineStr"><is><t>${'x'.repeat(1100 * 1024)}</t></is></c></row>`);
    expect(await failure(save(zip(book({ S: huge }))))).toMatchObject({ key: 'import.corrupt' });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Differential: whatever exceljs writes, our reader reads into the values exceljs reads.

/** Runs of each property: a few seconds in the unit project; XLSX_RUNS=2000 for a long run. */
const RUNS = Number(process.env.XLSX_RUNS ?? 40);

/**
 * exceljs neither escapes text that looks like Excel's `_xHHHH_` escapes (ECMA-376 ST_Xstring) when it writes, nor
 * decodes them when it reads: it gives back the text it was given. Excel, and ours, read `_x0041_` as "A".
 */
const asExcelReads = (s: string) =>
  s.replace(/_x([0-9a-fA-F]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A value as exceljs reads it, made a plain cell value: rich text as its text, formulas as their cached result. */
function plain(v: unknown): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return asExcelReads(v);
  if (v instanceof Date || typeof v === 'number' || typeof v === 'boolean') return v;
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.richText)) return asExcelReads((o.richText as { text: string }[]).map((r) => r.text).join(''));
  if ('formula' in o || 'sharedFormula' in o) return plain(o.result);
  if ('error' in o) return o.error as string;
  if ('hyperlink' in o) return plain(o.text);
  throw new Error(`unexpected exceljs value ${JSON.stringify(v)}`);
}

/** Dates compared by their time, the rest as it is. */
const comparable = (v: unknown) => (v instanceof Date ? { date: v.getTime() } : v);

/** The first sheet as exceljs reads it, shaped like our rows: blank rows and trailing holes left out. */
async function exceljsRows(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const out: { number: number; cells: unknown[] }[] = [];
  wb.worksheets[0]?.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as unknown[];
    const cells: CellValue[] = [];
    for (let i = 1; i < values.length; i++) cells.push(plain(values[i]));
    out.push(...shaped(number, cells));
  });
  return out;
}

async function ourRows(file: string) {
  const out: { number: number; cells: unknown[] }[] = [];
  for await (const r of readRows(file, 'xlsx')) out.push(...shaped(r.number, r.cells));
  return out;
}

/**
 * A row for comparison: an empty text is no value (exceljs reads an empty cached text result as none, ours as '';
 * the import treats both as empty), trailing holes and blank rows left out.
 */
function shaped(number: number, values: CellValue[]) {
  const cells = values.map((v) => (v === '' ? null : v));
  while (cells.length && cells[cells.length - 1] === null) cells.pop();
  return blank(cells) ? [] : [{ number, cells: cells.map(comparable) }];
}

const FORMATS = ['0.00', '#,##0', 'dd.mm.yyyy', 'yyyy-mm-dd hh:mm:ss', '[h]:mm', 'mmm yy', '0.00 "CHF"', '0%', '@'];
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.constantFrom('Grüße 中文 🏠', '<&> "q" \'a\'', '  spaced  ', 'a\r\nb', '_x0041_', '#N/A', 'TRUE'),
);
const date = fc.date({
  min: new Date(Date.UTC(1900, 2, 1)),
  max: new Date(Date.UTC(9999, 11, 31)),
  noInvalidDate: true,
});
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
);
// not `false`: exceljs writes it (`<v>0</v>`) but reads it back as no result (ours: false)
const result = fc.oneof(number, text, fc.constant(true), fc.constantFrom({ error: '#DIV/0!' }, { error: '#REF!' }));
/** Cell values of every kind exceljs writes. */
const excelValue = fc.oneof(
  { arbitrary: text, weight: 3 },
  { arbitrary: number, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: date, weight: 2 },
  {
    arbitrary: fc.array(fc.record({ text: text, bold: fc.boolean() }), { minLength: 1, maxLength: 3 }).map((runs) => ({
      richText: runs.map((r) => ({ text: r.text, font: r.bold ? { bold: true } : undefined })),
    })),
    weight: 1,
  },
  { arbitrary: result.map((r) => ({ formula: 'A1+1', result: r })), weight: 2 },
  { arbitrary: fc.constant({ formula: 'NOW()' }), weight: 1 },
  { arbitrary: fc.constantFrom('#N/A', '#VALUE!', '#NAME?', '#NUM!', '#NULL!').map((e) => ({ error: e })), weight: 1 },
  { arbitrary: text.map((t) => ({ text: t, hyperlink: 'https://example.com/?a=1&b=2' })), weight: 1 },
);
/**
 * exceljs reads any cached result of a formula in a date-formatted cell as a date: a text, boolean or error result
 * becomes an invalid date or a day near 1900 (ours: the text, boolean or error). Such cells get no date format here.
 */
const errorResult = (v: unknown) =>
  typeof v === 'object' && v !== null && 'result' in v && typeof v.result !== 'number';
const cell = fc
  .record({
    col: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 1000 })),
    value: excelValue,
    numFmt: fc.option(fc.constantFrom(...FORMATS), { nil: undefined }),
  })
  .map((c) => (errorResult(c.value) && c.numFmt && isDateFormat(c.numFmt) ? { ...c, numFmt: undefined } : c));
const excelBook = fc.record({
  how: fc.constantFrom('memory', 'stream-shared', 'stream-inline'),
  date1904: fc.boolean(),
  // row numbers with gaps (empty rows), cells at sparse columns
  rows: fc.array(fc.record({ gap: fc.nat(3), cells: fc.uniqueArray(cell, { maxLength: 8, selector: (c) => c.col }) }), {
    maxLength: 8,
  }),
});
interface ExcelBook {
  how: 'memory' | 'stream-shared' | 'stream-inline';
  date1904: boolean;
  rows: { gap: number; cells: { col: number; value: unknown; numFmt?: string }[] }[];
}

/** Writes a generated workbook with exceljs (in memory with shared strings, or streamed with or without them). */
async function writeWithExceljs(spec: ExcelBook, file: string) {
  const stream = spec.how !== 'memory';
  const wb = stream
    ? new ExcelJS.stream.xlsx.WorkbookWriter({
        filename: file,
        useSharedStrings: spec.how === 'stream-shared',
        useStyles: true,
      })
    : new ExcelJS.Workbook();
  if (!stream) wb.properties.date1904 = spec.date1904;
  const ws = wb.addWorksheet('Daten');
  let r = 0;
  for (const row of spec.rows) {
    r += 1 + row.gap;
    const target = ws.getRow(r);
    for (const c of row.cells) {
      const at = target.getCell(c.col);
      if (c.numFmt) at.numFmt = c.numFmt;
      at.value = c.value as ExcelJS.CellValue;
    }
    if (stream) target.commit();
  }
  if (stream) await (wb as ExcelJS.stream.xlsx.WorkbookWriter).commit();
  else await (wb as ExcelJS.Workbook).xlsx.writeFile(file);
}

describe('workbooks written by exceljs, read by ours as by exceljs (property-based)', () => {
  it('reads every generated workbook into the values exceljs reads', async () => {
    let k = 0;
    await fc.assert(
      fc.asyncProperty(excelBook, async (spec) => {
        const file = path.join(dir, `excel-${++k}.xlsx`);
        await writeWithExceljs(spec, file);
        const theirs = await exceljsRows(file);
        expect(await ourRows(file)).toEqual(theirs);
        fs.rmSync(file);
      }),
      { numRuns: RUNS },
    );
  }, 60_000);

  it('reads a sheet of 1,000 columns (shared strings, inline strings, numbers, dates, sparse rows)', async () => {
    for (const how of ['memory', 'stream-inline'] as const) {
      const row = (r: number) =>
        Array.from({ length: 1000 }, (_, i) =>
          (i + r) % 7 === 0 ? null : i % 3 === 0 ? `c${i}-${r} ä` : i % 3 === 1 ? i * r + 0.5 : utc(2000, 1, 1 + i),
        );
      const spec: ExcelBook = {
        how,
        date1904: false,
        rows: [1, 2, 5, 30].map((r) => ({
          gap: 0,
          cells: row(r).map((value, i) => ({ col: i + 1, value, numFmt: i % 3 === 2 ? 'dd.mm.yyyy' : undefined })),
        })),
      };
      const file = path.join(dir, `wide-${how}.xlsx`);
      await writeWithExceljs(spec, file);
      const ours = await ourRows(file);
      expect(ours).toEqual(await exceljsRows(file));
      expect(ours[0]!.cells).toHaveLength(1000);
    }
  }, 30_000);
});

// ---------------------------------------------------------------------------------------------------------------
// LibreOffice: workbooks it writes (its own shared strings, styles and number formats), when it is installed.

const office = ['libreoffice', 'soffice'].find((cmd) => {
  try {
    execFileSync('which', [cmd], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
if (!office)
  console.warn('xlsx-reader.test.ts: LibreOffice is not installed; the LibreOffice-made workbooks are skipped');

describe.skipIf(!office)('workbooks made by LibreOffice, read by ours as by exceljs', () => {
  const sources = path.join(dir, 'office-in');
  const made = path.join(dir, 'office-out');
  beforeAll(async () => {
    fs.mkdirSync(sources);
    fs.mkdirSync(made);
    // an exceljs workbook of every kind of cell, re-saved by LibreOffice; a CSV it types itself; 1904 dates
    const spec = (date1904: boolean): ExcelBook => ({
      how: 'memory',
      date1904,
      rows: [
        ['Text', 'Zahl', 'Datum', 'Wahr', 'Formel', 'Fehler', 'Rich', 'Link'],
        [
          'Grüße 中文 🏠',
          -1234.5678,
          utc(2024, 2, 29, 13, 45),
          true,
          { formula: 'B2*2', result: -2469.1356 },
          { error: '#N/A' },
          { richText: [{ text: 'fett ', font: { bold: true } }, { text: 'normal' }] },
          { text: 'Link', hyperlink: 'https://example.com' },
        ],
        [' padded ', 1e-7, utc(1900, 3, 1), false, { formula: 'A3&"!"', result: ' padded !' }],
      ].map((values, i) => ({
        gap: i === 2 ? 2 : 0,
        cells: values.map((value, c) => ({
          col: c + 1 + (i === 2 && c > 3 ? 20 : 0),
          value,
          numFmt: c === 2 && i ? 'dd.mm.yyyy hh:mm' : undefined,
        })),
      })),
    });
    await writeWithExceljs(spec(false), path.join(sources, 'kinds.xlsx'));
    await writeWithExceljs(spec(true), path.join(sources, 'dates1904.xlsx'));
    fs.writeFileSync(
      path.join(sources, 'typed.csv'),
      'Name,Menge,Datum,Aktiv\nPumpe,3.25,2024-02-29,TRUE\n"Lüftung, Haus A",-12,1999-12-31,FALSE\n',
    );
    const profile = `-env:UserInstallation=file://${path.join(dir, 'office-profile')}`;
    execFileSync(
      office!,
      [
        profile,
        '--headless',
        '--convert-to',
        'xlsx',
        '--outdir',
        made,
        ...fs.readdirSync(sources).map((f) => path.join(sources, f)),
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
  }, 150_000);

  it.each(['kinds.xlsx', 'dates1904.xlsx', 'typed.xlsx'])('reads %s as exceljs does', async (name) => {
    const file = path.join(made, name);
    const ours = await ourRows(file);
    expect(ours.length).toBeGreaterThan(1);
    expect(ours).toEqual(await exceljsRows(file));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Fuzz: malformed zips and XML end in one of the reader's errors (the import's 422), never another exception or a
// hang, and the heap stays bounded.

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The entries of a zip we made (stored or deflated, sizes in the central directory). */
function unzip(buf: Buffer): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = buf.readUInt32LE(end + 16);
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const nameLength = buf.readUInt16LE(p + 28);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    const local = buf.readUInt32LE(p + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + compressed);
    out[name] = method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data);
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

/** Pieces of XML that break a part in the ways that matter: cut tags, odd types, references, declarations. */
const XML_PIECES = [
  '<',
  '>',
  '</c>',
  '<c r="A1" t="s"><v>99999</v></c>',
  '<c r="XFE1"><v>1</v></c>',
  '<c r="A1" t="b"><v></v></c>',
  '<c t="d"><v>not a date</v></c>',
  '<c s="99999"><v>1e400</v></c>',
  '<row r="1000001">',
  '<row r="-1">',
  '<row r="99999999999999999999">',
  '<si>',
  '</si>',
  '<t>',
  '&#x110000;',
  '&#0;',
  '&bogus;',
  '_xZZZZ_',
  '<![CDATA[',
  ']]>',
  '<!--',
  '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>',
  '<?pi ?>',
  '"\'',
  '<is><t>x</t>',
  '<sheetData>',
  '</sheetData>',
  '<numFmt numFmtId="14" formatCode="dd"/>',
  '<xf numFmtId="abc"/>',
  '<workbookPr date1904="1"/>',
  '<sheet name="x" r:id="rId999"/>',
  '<Relationship Id="rId1" Type="x/worksheet" Target="../../../etc/passwd"/>',
  '\u0000',
  '\uFFFD',
];

/** A malformed copy of a workbook: bytes flipped, cut or spliced, a zip field changed, or a part's XML broken. */
const mutation = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 20 }),
  }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('splice' as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 64 }) }),
  fc.record({
    kind: fc.constant('field' as const),
    entry: fc.nat(),
    // central directory fields: flags, method, crc, compressed size, size, name length, offset
    field: fc.constantFrom(8, 10, 16, 20, 24, 28, 42),
    value: fc.oneof(fc.constantFrom(0, 1, 0xffff, 0xffffffff, 0x7fffffff), fc.nat()),
  }),
  fc.record({
    kind: fc.constant('xml' as const),
    part: fc.nat(),
    edits: fc.array(
      fc.record({
        at: fc.nat(),
        remove: fc.nat(40),
        insert: fc.oneof(fc.constantFrom(...XML_PIECES), fc.string({ maxLength: 20 })),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    store: fc.boolean(),
  }),
);

function mutate(base: Buffer, m: typeof mutation extends fc.Arbitrary<infer T> ? T : never): Buffer {
  const out = Buffer.from(base);
  switch (m.kind) {
    case 'flip':
      for (const [at, byte] of m.at) out[at % out.length] = byte;
      return out;
    case 'cut':
      return out.subarray(0, m.at % out.length);
    case 'splice': {
      const at = m.at % out.length;
      return Buffer.concat([out.subarray(0, at), Buffer.from(m.bytes), out.subarray(at)]);
    }
    case 'field': {
      const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      let p = out.readUInt32LE(end + 16);
      for (let i = m.entry % out.readUInt16LE(end + 10); i > 0; i--)
        p += 46 + out.readUInt16LE(p + 28) + out.readUInt16LE(p + 30) + out.readUInt16LE(p + 32);
      if (m.field === 8 || m.field === 10 || m.field === 28) out.writeUInt16LE(m.value & 0xffff, p + m.field);
      else out.writeUInt32LE(m.value >>> 0, p + m.field);
      return out;
    }
    case 'xml': {
      const parts = unzip(base);
      const names = Object.keys(parts);
      const name = names[m.part % names.length]!;
      let xml = parts[name]!.toString('utf8');
      for (const e of m.edits) {
        const at = e.at % (xml.length + 1);
        xml = xml.slice(0, at) + e.insert + xml.slice(at + e.remove);
      }
      parts[name] = Buffer.from(xml);
      return zip(parts, { store: m.store });
    }
  }
}

/** Reads a file the way an import does (upload check, then the rows), with a deadline against hangs. */
async function importLike(file: string): Promise<string> {
  const head = fs.readFileSync(file).subarray(0, 8);
  const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hang')), 10_000).unref());
  const run = async () => {
    let outcome = 'read';
    try {
      await inspectFile(file, head, 'upload.xlsx');
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 422) throw err;
      outcome = `upload ${err.key}`;
    }
    // the reader itself: only its own errors (HttpError would hide a TypeError as corrupt)
    try {
      for await (const batch of sheetBatches(file)) void batch;
    } catch (err) {
      if (!(err instanceof ZipError || err instanceof XlsxError)) throw err;
      outcome += ` / ${err.constructor.name}`;
    }
    return outcome;
  };
  return Promise.race([run(), deadline]);
}

describe('malformed workbooks (property-based fuzz)', () => {
  let bases: Buffer[] = [];
  beforeAll(async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['Name', 'Zahl', 'Datum', 'Wahr', 'Formel']);
    ws.addRow(['Grüße', 1.5, utc(2024, 2, 29), true, { formula: 'B2*2', result: 3 }]);
    ws.getCell('C2').numFmt = 'dd.mm.yyyy';
    ws.addRow([{ richText: [{ text: 'a' }, { text: 'b' }] }, { error: '#N/A' }]);
    const ours = new PassThrough();
    const chunks: Buffer[] = [];
    ours.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => ours.on('end', resolve));
    const writer = await XlsxWriter.open(ours, {
      name: 'S',
      columns: [{ header: 'A' }, { header: 'D', numFmt: 'dd.mm.yyyy' }],
    });
    for (let i = 0; i < 50; i++) await writer.row([`r${i} <&>`, utc(2020, 1, 1 + i)]);
    await writer.end();
    await ended;
    const strings = `<sst><si><t>plain</t></si><si><r><t>rich</t></r><rPh><t>ph</t></rPh></si></sst>`;
    const styles = `<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`;
    const rows =
      '<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" s="1"><v>45000</v></c><c r="C1" t="inlineStr"><is><t>x</t></is></c></row>';
    bases = [
      Buffer.from(await wb.xlsx.writeBuffer()),
      Buffer.concat(chunks),
      zip(book({ S: sheetXml(rows) }, { strings, styles, workbookPr: '<workbookPr date1904="1"/>' }), { store: true }),
    ];
  });

  it("ends every read with a result or the reader's own error, within the memory bound", async () => {
    let k = 0;
    const outcomes = new Map<string, number>();
    gc();
    const before = process.memoryUsage();
    let peak = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(2), mutation, async (which, m) => {
        const file = save(mutate(bases[which]!, m));
        const outcome = await importLike(file);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        fs.rmSync(file);
        const now = process.memoryUsage();
        peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers);
        k++;
      }),
      { numRuns: RUNS * 5 },
    );
    gc();
    const after = process.memoryUsage();
    // a read of these small files holds a few kilobytes; the bound is generous for the collector's timing
    expect(peak).toBeLessThan(128 * 1024 * 1024);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(16 * 1024 * 1024);
    expect(k).toBe(RUNS * 5);
    // the fuzz reached both the reads that succeed and the errors
    expect([...outcomes.keys()].some((o) => o.endsWith('read'))).toBe(true);
    expect([...outcomes.keys()].some((o) => o.includes('Error'))).toBe(true);
  }, 120_000);
});
