// Our streaming xlsx writer (server/xlsx/xlsx-writer.ts, zip-writer.ts): property-based, every workbook it writes
// reads back in exceljs with the same values, types and number formats (exceljs's own quirks written down where the
// expectation bends) and in our reader with the same values; by example: widths, hidden column, frozen header,
// autofilter, text with markup, control characters and `_xHHHH_` look-alikes; a slow reader holds the writer
// instead of filling memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { XlsxWriter, columnLetters, xmlText, type SheetOptions } from '../../server/xlsx/xlsx-writer';
import { readRows } from '../../server/imports/reader';
import { isDateFormat } from '../../server/xlsx/xlsx-book';
import { blank } from '../../server/xlsx/xlsx-sheet';
import type { CellValue } from '../../src/domain/cells';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-xlsxw-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function workbook(options: SheetOptions, rows: CellValue[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => out.on('end', resolve));
  const writer = await XlsxWriter.open(out, options);
  for (const r of rows) await writer.row(r);
  await writer.end();
  await done;
  return Buffer.concat(chunks);
}

const options: SheetOptions = {
  name: 'Anlagen & Co',
  columns: [
    { header: 'Name', width: 20 },
    { header: 'Preis', numFmt: '#,##0.00' },
    { header: 'Datum', numFmt: 'dd.mm.yyyy' },
    { header: 'Aktiv' },
    { header: 'Jahr', numFmt: '0' },
    { header: 'uuid', hidden: true, width: 38 },
  ],
  frozen: true,
  filter: 5,
};
const utc = (y: number, m: number, d: number, h = 0) => new Date(Date.UTC(y, m - 1, d, h));

describe('xlsx writer', () => {
  it('writes what exceljs reads back: typed cells, formats, widths, hidden column, frozen header, filter', async () => {
    const file = await workbook(options, [
      ['Pumpe <A> & "B"', 1234.5, utc(2024, 2, 29), true, 1999, 'u-1'],
      [null, -0.25, null, false, null, 'u-2'],
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as never);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Anlagen & Co');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Name', 'Preis', 'Datum', 'Aktiv', 'Jahr', 'uuid']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe('Pumpe <A> & "B"');
    expect(row.getCell(2).value).toBe(1234.5);
    expect(row.getCell(2).numFmt).toBe('#,##0.00');
    expect((row.getCell(3).value as Date).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(row.getCell(3).numFmt).toBe('dd.mm.yyyy');
    expect(row.getCell(4).value).toBe(true);
    expect(row.getCell(5).numFmt).toBe('0');
    expect(ws.getRow(3).getCell(1).value).toBeNull();
    expect(ws.getRow(3).getCell(4).value).toBe(false);
    expect(ws.getColumn(1).width).toBe(20);
    expect(ws.getColumn(6).hidden).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBe('A1:E1');
  });

  it('round-trips text through our reader: markup, spaces, control characters, escape look-alikes', async () => {
    const texts = [
      'a & b < c > "d"',
      '  padded  ',
      'Zeile 1\r\nZeile 2\tTab',
      'bell\u0007',
      '_x000D_ literal',
      'Grüße 中',
    ];
    const file = path.join(dir, 'texts.xlsx');
    fs.writeFileSync(
      file,
      await workbook(
        { name: 'S', columns: [{ header: 'T' }, { header: 'N' }] },
        texts.map((t, i) => [t, i]),
      ),
    );
    const rows: CellValue[][] = [];
    for await (const r of readRows(file, 'xlsx')) rows.push(r.cells);
    expect(rows).toEqual([['T', 'N'], ...texts.map((t, i) => [t, i])]);
  });

  it('names columns and escapes text like Excel', () => {
    expect([1, 26, 27, 52, 703, 16384].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA', 'XFD']);
    expect(xmlText('plain')).toBe('plain');
    expect(xmlText('a<b&"c"')).toBe('a&lt;b&amp;&quot;c&quot;');
    expect(xmlText('x\u0001_x0041_')).toBe('x_x0001__x005F_x0041_');
  });

  it('waits for a slow reader instead of buffering the workbook', async () => {
    let received = 0;
    let paused = 0;
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        received += chunk.length;
        setTimeout(done, 1);
      },
    });
    const writer = await XlsxWriter.open(slow, { name: 'S', columns: [{ header: 'A' }, { header: 'B' }] }, 0);
    let maxAhead = 0;
    for (let i = 0; i < 20_000; i++) {
      const full = writer.row([`row ${i} ${'x'.repeat(40)}`, i]);
      if (full) {
        paused++;
        await full;
      }
      maxAhead = Math.max(maxAhead, slow.writableLength);
    }
    await writer.end();
    await new Promise((resolve) => slow.on('finish', resolve));
    expect(paused).toBeGreaterThan(10);
    expect(maxAhead).toBeLessThan(1024 * 1024); // the output never held more than a few pieces
    expect(received).toBeGreaterThan(1_000_000); // level 0: stored as written
  });
});

/** Runs of each property: a few seconds in the unit project; XLSX_RUNS=2000 for a long run. */
const RUNS = Number(process.env.XLSX_RUNS ?? 60);

/** Excel's serial day number of a moment, as the writer writes it. */
const serialOf = (d: Date) => 25569 + d.getTime() / 86_400_000;
const fromSerial = (n: number) => new Date(Math.round((n - 25569) * 86_400_000));
/**
 * exceljs's conversion: three multiplications (24, 3600, 1000) round three times, ours once. Both give the same
 * date for every serial of a whole millisecond (every date either writer writes); a number with a fraction of a
 * millisecond in a date column may come out 1 ms apart (ours is the closer one).
 */
const fromSerialExceljs = (n: number) => new Date(Math.round((n - 25569) * 24 * 3600 * 1000));

/** Number formats of the generated columns: built-in ones (ids 1–4), dates, times, text, currencies, percent. */
const FORMATS = [
  '0',
  '0.00',
  '#,##0',
  '#,##0.00',
  'dd.mm.yyyy',
  'yyyy-mm-dd hh:mm:ss',
  'h:mm AM/PM',
  '[h]:mm',
  'mmm yy',
  '0.00 "CHF"',
  '#,##0.00 [$€-407]',
  '0%',
  '@',
  'General',
];

/** Text with whatever users type: unicode (astral planes, combining marks), markup, white space, control characters. */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  // eslint-disable-next-line no-control-regex
  fc.stringMatching(/^[ \t\r\n]{0,3}[a-zä<>&"'_x0-9A-F\r\n\t\u0001]{0,12}[ \r\n]{0,2}$/),
  fc.constantFrom('_x000D_', '_x005F_', 'a_X0041_b', '=SUM(A1)', '中文 العربية 🏠', 'x\u{1F600}y'),
);
/** Excel's date range (1900-03-01: the serials before count Excel's 29 February 1900), to the millisecond. */
const date = fc.date({
  min: new Date(Date.UTC(1900, 2, 1)),
  max: new Date(Date.UTC(9999, 11, 31)),
  noInvalidDate: true,
});
const value: fc.Arbitrary<CellValue> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: text, weight: 3 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), weight: 2 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: date, weight: 2 },
);
const sheet = fc
  .record({
    // Excel's rules for sheet names; and not "__proto__": exceljs's load then writes into Object.prototype
    name: fc
      .stringMatching(/^[A-Za-z0-9äöü中 &<>'"_-]{1,31}$/)
      .filter((s) => s.trim() === s && !s.startsWith("'") && !s.endsWith("'") && s !== '__proto__'),
    columns: fc.array(
      fc.record(
        {
          header: text,
          numFmt: fc.constantFrom(...FORMATS),
          width: fc.integer({ min: 1, max: 80 }),
          hidden: fc.boolean(),
        },
        { requiredKeys: ['header'] },
      ),
      { minLength: 1, maxLength: 10 },
    ),
    frozen: fc.boolean(),
  })
  .chain((o) =>
    fc.record({
      options: fc.constant<SheetOptions>({ ...o, filter: o.frozen ? o.columns.length : undefined }),
      rows: fc.array(fc.array(value, { maxLength: o.columns.length }), { maxLength: 8 }),
    }),
  );

/** What a cell of a column reads back as: dates and numbers by the column's format, `-0` as 0, `''` as nothing. */
function expected(v: CellValue, numFmt: string | undefined, reader: 'ours' | 'exceljs' = 'ours'): CellValue {
  if (v === '') return null;
  if (v instanceof Date || typeof v === 'number') {
    const n = v instanceof Date ? serialOf(v) : v === 0 ? 0 : v;
    if (!numFmt || !isDateFormat(numFmt)) return n;
    return reader === 'ours' ? fromSerial(n) : fromSerialExceljs(n);
  }
  return v;
}

/** Dates compared by their time (an invalid one too), the rest as it is. */
const comparable = (v: unknown) => (v instanceof Date ? { date: v.getTime() } : v);

/**
 * exceljs leaves Excel's `_xHHHH_` escapes (ECMA-376 ST_Xstring) as they are written: it gives the escape text for
 * characters XML cannot carry and for `_x005F_` (Excel, and our reader, decode them).
 */
const asExceljsReads = (s: string) =>
  xmlText(s).replace(
    /&(amp|lt|gt|quot|#13);/g,
    (m) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#13;': '\r' })[m]!,
  );

describe('xlsx writer against exceljs (property-based)', () => {
  it('every workbook it writes reads back in exceljs with the same values, types and number formats, and in ours', async () => {
    let k = 0;
    await fc.assert(
      fc.asyncProperty(sheet, async ({ options, rows }) => {
        const buffer = await workbook(options, rows);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(buffer as never);
        const ws = wb.worksheets[0]!;
        expect(ws.name).toBe(options.name);
        const cols = options.columns;
        cols.forEach((c, i) => {
          const cell = ws.getRow(1).getCell(i + 1);
          const want = asExceljsReads(c.header);
          if (want === '') expect(cell.type).toBe(ExcelJS.ValueType.Null);
          else {
            expect(cell.value).toBe(want);
            expect(cell.type).toBe(ExcelJS.ValueType.String);
          }
          if (want !== '') expect(cell.font?.bold).toBe(true);
          expect(ws.getColumn(i + 1).width).toBe(c.width ?? 10);
          expect(!!ws.getColumn(i + 1).hidden).toBe(!!c.hidden);
        });
        rows.forEach((row, r) => {
          cols.forEach((c, i) => {
            const cell = ws.getRow(r + 2).getCell(i + 1);
            const want = expected(row[i] ?? null, c.numFmt, 'exceljs');
            const where = `${cell.address} ${JSON.stringify(row[i])}`;
            if (want === null) {
              expect(cell.type, where).toBe(ExcelJS.ValueType.Null);
              return;
            }
            const type =
              typeof want === 'string'
                ? ExcelJS.ValueType.String
                : typeof want === 'number'
                  ? ExcelJS.ValueType.Number
                  : typeof want === 'boolean'
                    ? ExcelJS.ValueType.Boolean
                    : ExcelJS.ValueType.Date;
            expect(cell.type, where).toBe(type);
            expect(comparable(cell.value), where).toEqual(
              comparable(typeof want === 'string' ? asExceljsReads(want) : want),
            );
            expect(cell.numFmt, where).toBe(c.numFmt);
          });
        });
        // our reader: the same values, escapes decoded; blank rows left out, trailing holes too
        const file = path.join(dir, `prop-${++k}.xlsx`);
        fs.writeFileSync(file, buffer);
        const ours: unknown[] = [];
        for await (const r of readRows(file, 'xlsx')) ours.push({ number: r.number, cells: r.cells.map(comparable) });
        fs.rmSync(file);
        const all = [cols.map((c) => c.header), ...rows.map((row) => row.map((v, i) => expected(v, cols[i]?.numFmt)))];
        const want = all
          .map((cells, i) => {
            const trimmed = cells.map((v) => (v === '' ? null : v));
            while (trimmed.length && trimmed[trimmed.length - 1] == null) trimmed.pop();
            return { number: i + 1, cells: trimmed.map(comparable) };
          })
          .filter((r) => !blank(r.cells as CellValue[]));
        expect(ours).toEqual(want);
      }),
      {
        numRuns: RUNS,
        ...(process.env.XLSX_SEED
          ? { seed: Number(process.env.XLSX_SEED), path: process.env.XLSX_PATH, endOnFailure: true }
          : {}),
      },
    );
  }, 60_000);

  it('exceljs takes a format with an escaped letter (`0\\d`) for a date; Excel and our reader show a number', async () => {
    const file = path.join(dir, 'escaped-format.xlsx');
    fs.writeFileSync(file, await workbook({ name: 'S', columns: [{ header: 'N', numFmt: '0\\d' }] }, [[5]]));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets[0]!.getCell('A2').value).toEqual(fromSerial(5)); // exceljs: 1900-01-04
    const rows: CellValue[][] = [];
    for await (const r of readRows(file, 'xlsx')) rows.push(r.cells);
    expect(rows).toEqual([['N'], [5]]);
  });
});
