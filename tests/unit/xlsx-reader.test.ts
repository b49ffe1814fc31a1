// Our xlsx reader (server/xlsx/) on real workbooks written by exceljs (in memory and streamed, with and
// without shared strings) and on hand-made ones for what exceljs never writes: inline rich text, namespace
// prefixes, cells without references, CDATA, escapes, phonetic runs, ISO date cells, stored entries; chunks split
// anywhere; and the guards: zip bombs that lie about their sizes, too many rows, damaged files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { readRows } from '../../server/imports/reader';
import { HttpError } from '../../server/http-error';
import { SheetScanner, type SheetRow } from '../../server/xlsx/xlsx-sheet';
import { StringTable, isDateFormat } from '../../server/xlsx/xlsx-book';
import { centralHeader, endRecord, localHeader } from '../../server/xlsx/zip';

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
