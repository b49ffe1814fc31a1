// @vitest-environment happy-dom
// Clipboard tables as Excel and LibreOffice write them (samples below are what they put on the clipboard).
import { describe, expect, it } from 'vitest';
import { clipboardRows, parseHtmlTable, parseTsv, toHtmlTable, toTsv } from '../../src/domain/clipboard';

// Excel (Windows): CRLF line ends and a trailing CRLF; a cell with a line break and quotes is quoted.
const EXCEL_TSV = 'Name\tCity\tPrice\r\nWärmepumpe 1\tZürich\t1’234.50\r\n"Boiler\r\n""Keller"""\tBern\t980\r\n';
// LibreOffice (Linux): LF line ends, trailing LF, an empty cell in the middle and at the end.
const LIBRE_TSV = 'Aufzug\t\tL-1001\nLüftung\tBasel\t\n';
// Excel's HTML flavour: Office namespaces, a style block, StartFragment comments, x:num attributes, &nbsp;.
const EXCEL_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel">
<head><style><!-- td {mso-number-format:General;} --></style></head><body link="#0563C1">
<table border=0 cellpadding=0 cellspacing=0 width=256 style='border-collapse:collapse;width:192pt'>
<col width=64 span=4 style='width:48pt'>
<!--StartFragment-->
 <tr height=20 style='height:15.0pt'>
  <td height=20 class=xl65 width=64 style='height:15.0pt;width:48pt'>Name</td>
  <td class=xl65 width=64 style='width:48pt'>Price</td>
 </tr>
 <tr height=20 style='height:15.0pt'>
  <td height=20 style='height:15.0pt'>Boiler &amp; Speicher</td>
  <td align=right x:num="1234.5">1&nbsp;234,50</td>
 </tr>
<!--EndFragment-->
</table></body></html>`;
// LibreOffice's HTML flavour: a full document with <font> tags, <br> inside a cell and a colspan.
const LIBRE_HTML = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN"><html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"/><title></title></head><body>
<table cellspacing="0" border="0"><colgroup width="85"></colgroup><colgroup width="85"></colgroup><colgroup width="85"></colgroup>
<tr><td height="17" align="left"><font face="Liberation Sans">Anlage</font></td><td colspan=2 align="left">Ort</td></tr>
<tr><td height="34" align="left">Tor<br>Nord</td><td align="right" sdval="3" sdnum="2055;">3</td><td align="left">Chur</td></tr>
</table></body></html>`;

describe('TSV', () => {
  it('reads Excel: CRLF, trailing line break, quoted multi-line cell with doubled quotes', () => {
    expect(parseTsv(EXCEL_TSV)).toEqual([
      ['Name', 'City', 'Price'],
      ['Wärmepumpe 1', 'Zürich', '1’234.50'],
      ['Boiler\n"Keller"', 'Bern', '980'],
    ]);
  });
  it('reads LibreOffice: LF, empty cells kept in place', () => {
    expect(parseTsv(LIBRE_TSV)).toEqual([
      ['Aufzug', '', 'L-1001'],
      ['Lüftung', 'Basel', ''],
    ]);
  });
  it('reads a single value, and quotes only at the start of a cell', () => {
    expect(parseTsv('42')).toEqual([['42']]);
    expect(parseTsv('42\r\n')).toEqual([['42']]);
    expect(parseTsv('5" Rohr\tx')).toEqual([['5" Rohr', 'x']]);
    expect(parseTsv('')).toEqual([]);
  });
  it('round-trips what it writes', () => {
    const rows = [
      ['a\tb', 'line1\nline2', 'say "hi"', ''],
      ['plain', 'x', 'y', 'z'],
    ];
    expect(parseTsv(toTsv(rows))).toEqual(rows);
    expect(
      toTsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a\tb\r\nc\td');
  });
});

describe('HTML tables', () => {
  it('reads Excel HTML: entities, &nbsp;, style and comments ignored', () => {
    expect(parseHtmlTable(EXCEL_HTML)).toEqual([
      ['Name', 'Price'],
      ['Boiler & Speicher', '1 234,50'],
    ]);
  });
  it('reads LibreOffice HTML: <font>, <br> as a line break, colspan keeps columns aligned', () => {
    expect(parseHtmlTable(LIBRE_HTML)).toEqual([
      ['Anlage', 'Ort', ''],
      ['Tor\nNord', '3', 'Chur'],
    ]);
  });
  it('round-trips what it writes, and gives nothing without a table', () => {
    const rows = [
      ['<b>', 'a & b'],
      ['line1\nline2', '"q"'],
    ];
    expect(parseHtmlTable(toHtmlTable(rows))).toEqual(rows);
    expect(parseHtmlTable('<p>no table</p>')).toEqual([]);
  });
  it('keeps columns aligned under rowspan and colspan, and collapses source white space as a browser does', () => {
    const html = `<table>
      <tr><td rowspan="2">Haus A</td><td colspan="2">Heizung</td><td>1</td></tr>
      <tr><td>Kessel</td><td rowspan="3">Keller</td><td>2</td></tr>
      <tr><td>Haus B</td><td>
          Pumpe
          Nord</td><td>3</td></tr>
    </table>`;
    expect(parseHtmlTable(html)).toEqual([
      ['Haus A', 'Heizung', '', '1'],
      ['', 'Kessel', 'Keller', '2'],
      ['Haus B', 'Pumpe Nord', '', '3'],
    ]);
  });
  it('reads thead, tbody and tfoot rows in order, and runs nothing in the pasted HTML', () => {
    const html =
      '<table><tfoot><tr><td>Summe</td></tr></tfoot><thead><tr><th>Name</th></tr></thead>' +
      '<tbody><tr><td><img src="x" onerror="globalThis.pasted = 1">Lift<script>globalThis.pasted = 2</script></td></tr></tbody></table>';
    expect(parseHtmlTable(html)).toEqual([['Name'], ['Lift'], ['Summe']]);
    expect((globalThis as { pasted?: number }).pasted).toBeUndefined();
  });
  it('prefers the TSV of a paste and falls back to the HTML table', () => {
    expect(clipboardRows('a\tb', EXCEL_HTML)).toEqual([['a', 'b']]);
    expect(clipboardRows('', LIBRE_HTML)[1]).toEqual(['Tor\nNord', '3', 'Chur']);
    expect(clipboardRows(null, null)).toEqual([]);
  });
});
