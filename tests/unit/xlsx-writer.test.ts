// Our streaming xlsx writer (server/xlsx/xlsx-writer.ts, zip-writer.ts): what it writes reads back the same
// in exceljs (typed cells, number formats, widths, hidden column, frozen header, autofilter) and in our reader
// (text with markup, control characters and `_xHHHH_` look-alikes survives a round trip); a slow reader holds the
// writer instead of filling memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { XlsxWriter, columnLetters, xmlText, type SheetOptions } from '../../server/xlsx/xlsx-writer';
import { readRows } from '../../server/imports/reader';
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
