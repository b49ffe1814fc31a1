// Clipboard tables (docs/domain/spreadsheet.md, "Grid editing"): TSV as Excel, LibreOffice and Google Sheets write it (quoted cells
// with tabs, line breaks and doubled quotes; Excel's trailing line break), and the HTML table they also write,
// as a fallback. Copy writes both. TSV is pure and isomorphic; the HTML table is read with the browser's DOMParser
// (unit tests give it happy-dom's).

/** Rows of cells from clipboard TSV. A final line break does not make an empty last row. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  let atCellStart = true;
  const s = text.replace(/\r\n?/g, '\n');
  while (i < s.length) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i++;
        continue;
      }
      cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
      i++;
      continue;
    }
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else {
      cell += ch;
      atCellStart = false;
    }
    i++;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const needsQuotes = /[\t\n\r"]/;

/** TSV the way spreadsheets read it back: cells with tabs, line breaks or quotes are quoted. */
export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) => row.map((c) => (needsQuotes.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join('\t'))
    .join('\r\n');
}

/** The text of one HTML cell as a browser shows it: source white space collapsed, <br> and block ends as line breaks. */
function cellText(cell: Element): string {
  let text = '';
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) text += (child.nodeValue ?? '').replace(/[ \t\r\n\f]+/g, ' ');
      else if (child.nodeType === 1) {
        const tag = (child as Element).tagName.toLowerCase();
        if (tag === 'br') text += '\n';
        else if (tag !== 'style' && tag !== 'script') {
          walk(child);
          if (tag === 'p' || tag === 'div') text += '\n';
        }
      }
    }
  };
  walk(cell);
  return text
    .split('\n')
    .map((line) => line.replace(/\u00a0/g, ' ').trim())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

const MAX_SPAN = 100;
const span = (n: number) => Math.min(Math.max(Number.isFinite(n) ? Math.floor(n) : 1, 1), MAX_SPAN);

/**
 * Rows of cells from the first table in clipboard HTML (Excel's, LibreOffice's, Google Sheets'), read with the
 * browser's HTML parser (a parsed document runs no scripts and loads nothing). A cell spanning several columns or
 * rows keeps its text in its first place and leaves the others empty, so columns stay aligned.
 */
export function parseHtmlTable(html: string, parser: DOMParser = new DOMParser()): string[][] {
  const table = parser.parseFromString(html, 'text/html').querySelector('table');
  if (!table) return [];
  // the rows as the table shows them: its head, its body, then its foot, wherever they stand in the source
  const section = (tr: Element) => ({ THEAD: 0, TFOOT: 2 })[tr.parentElement?.tagName.toUpperCase() ?? ''] ?? 1;
  const rows = Array.from(table.querySelectorAll('tr'))
    .filter((tr) => tr.closest('table') === table)
    .map((tr, i) => ({ tr: tr as HTMLTableRowElement, key: section(tr) * 1e6 + i }))
    .sort((a, b) => a.key - b.key)
    .map(({ tr }) => tr);
  const grid: (string | undefined)[][] = rows.map(() => []);
  rows.forEach((tr, r) => {
    const line = grid[r]!;
    let c = 0;
    for (const cell of Array.from(tr.cells)) {
      while (line[c] !== undefined) c++;
      const across = span(cell.colSpan);
      // rowspan="0" (to the end of the section) and spans past the table's last row stop at the last row
      const down = Math.min(cell.rowSpan === 0 ? rows.length : span(cell.rowSpan), rows.length - r);
      const text = cellText(cell);
      for (let dr = 0; dr < down; dr++)
        for (let dc = 0; dc < across; dc++) grid[r + dr]![c + dc] = dr === 0 && dc === 0 ? text : '';
      c += across;
    }
  });
  return grid.map((line) => Array.from(line, (v) => v ?? ''));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!).replace(/\n/g, '<br>');

/** An HTML table for the clipboard, next to the TSV (spreadsheets paste either). */
export function toHtmlTable(rows: readonly (readonly string[])[]): string {
  const body = rows.map((row) => `<tr>${row.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
  return `<table><tbody>${body}</tbody></table>`;
}

/** What a paste carries: TSV when there is text, else the HTML table. */
export function clipboardRows(
  text: string | null | undefined,
  html: string | null | undefined,
  parser?: DOMParser,
): string[][] {
  if (text && text.length > 0) return parseTsv(text);
  if (html) return parseHtmlTable(html, parser);
  return [];
}
