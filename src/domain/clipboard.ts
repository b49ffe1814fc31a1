// Clipboard tables (docs/domain/spreadsheet.md, "Grid editing"): TSV as Excel, LibreOffice and Google Sheets write it (quoted cells
// with tabs, line breaks and doubled quotes; Excel's trailing line break), and the HTML table they also write,
// as a fallback. Copy writes both. Pure and isomorphic: no DOM, so the server and tests use the same code.

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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1]?.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The text of one HTML cell: line breaks kept, tags dropped, entities decoded, whitespace as a browser shows it. */
function cellText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div)>/gi, '\n');
  const text = decodeEntities(withBreaks.replace(/<[^>]*>/g, ''));
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f]+/g, ' ').trim())
    .join('\n')
    .replace(/^\n+|\n+$/g, '')
    .replace(/\u00a0/g, ' ');
}

/**
 * Rows of cells from the first table in clipboard HTML (Excel's and LibreOffice's). colspan repeats nothing: the
 * spanned places are empty, so columns stay aligned. Style and comment blocks are ignored.
 */
export function parseHtmlTable(html: string): string[][] {
  const clean = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(style|script|head)[\s\S]*?<\/\1>/gi, '');
  const table = /<table[\s\S]*?<\/table>/i.exec(clean)?.[0];
  if (!table) return [];
  const rows: string[][] = [];
  for (const tr of table.matchAll(/<tr[^>]*>([\s\S]*?)(?=<tr[\s>]|<\/table>|<\/tbody>|<\/thead>)/gi)) {
    const cells: string[] = [];
    for (const td of tr[1]!.matchAll(/<t([dh])([^>]*)>([\s\S]*?)(?=<t[dh][\s>]|<\/tr>|$)/gi)) {
      const content = td[3]!.replace(/<\/t[dh]>\s*$/i, '');
      cells.push(cellText(content));
      const span = Number(/colspan\s*=\s*"?(\d+)/i.exec(td[2]!)?.[1] ?? 1);
      for (let k = 1; k < Math.min(span, 100); k++) cells.push('');
    }
    rows.push(cells);
  }
  return rows;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!).replace(/\n/g, '<br>');

/** An HTML table for the clipboard, next to the TSV (spreadsheets paste either). */
export function toHtmlTable(rows: readonly (readonly string[])[]): string {
  const body = rows.map((row) => `<tr>${row.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
  return `<table><tbody>${body}</tbody></table>`;
}

/** What a paste carries: TSV when there is text, else the HTML table. */
export function clipboardRows(text: string | null | undefined, html: string | null | undefined): string[][] {
  if (text && text.length > 0) return parseTsv(text);
  if (html) return parseHtmlTable(html);
  return [];
}
