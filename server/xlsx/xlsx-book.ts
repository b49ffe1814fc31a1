// The structure of an xlsx read through the zip's central directory (random access, so the order of the parts
// and data descriptors do not matter): the sheets in workbook order with their parts, the 1904 date system, the
// shared strings table and which cell styles format numbers as dates.
import { zipEntries, type ZipEntry } from './zip';
import { entryBuffer, entryChunks, inflateBudget, type InflateBudget } from './zip-stream';
import { SpanningText, XlsxError, nameCode, nextTag, unescapeXml, unread, type Tag } from './xlsx-xml';

export interface Book {
  file: string;
  entries: Map<string, ZipEntry>;
  /** Sheets in workbook order; `part` is the zip entry of the worksheet (missing for a broken reference). */
  sheets: { name: string; part?: ZipEntry }[];
  date1904: boolean;
  sharedStrings?: ZipEntry;
  styles?: ZipEntry;
  budget: InflateBudget;
}

const SMALL = 16 * 1024 * 1024;

async function text(book: Pick<Book, 'file' | 'budget'>, entry: ZipEntry): Promise<string> {
  if (entry.size > SMALL) throw new XlsxError(`${entry.name} is too large`);
  return (await entryBuffer(book.file, entry, book.budget)).toString('utf8');
}

const attrOf = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return m ? unescapeXml(m[1] ?? m[2] ?? '') : undefined;
};

/** A relationship target as a zip entry name (targets are relative to the part's folder, or absolute). */
function resolve(base: string, target: string): string {
  const parts = target.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const seg of target.replace(/^\//, '').split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

/** Opens a workbook: its entries (given when the caller already read them) and the workbook part. */
export async function openBook(file: string, given?: ZipEntry[]): Promise<Book> {
  const entries = new Map((given ?? (await zipEntries(file))).map((e) => [e.name, e]));
  const budget = inflateBudget();
  const workbook = entries.get('xl/workbook.xml');
  const relsPart = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !relsPart) throw new XlsxError('no workbook part');
  const wbXml = await text({ file, budget }, workbook);
  const relXml = await text({ file, budget }, relsPart);
  if (!/<(?:\w+:)?sheets[\s>/]/.test(wbXml)) throw new XlsxError('no sheets');
  const rels = [...relXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)].map((m) => ({
    id: attrOf(m[0], 'Id'),
    type: attrOf(m[0], 'Type') ?? '',
    target: resolve('xl/workbook.xml', attrOf(m[0], 'Target') ?? ''),
  }));
  const byType = (suffix: string) => {
    const rel = rels.find((r) => r.type.endsWith(suffix));
    return entries.get(rel?.target ?? `xl${suffix}.xml`);
  };
  const sheets = [...wbXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].map((m) => {
    const id = /\s\w+:id\s*=\s*"([^"]*)"/.exec(m[0])?.[1];
    const rel = rels.find((r) => r.id === id);
    return { name: attrOf(m[0], 'name') ?? '', part: rel ? entries.get(rel.target) : undefined };
  });
  const pr = /<(?:\w+:)?workbookPr\b[^>]*>/.exec(wbXml)?.[0] ?? '';
  const date1904 = ['1', 'true'].includes(attrOf(pr, 'date1904') ?? '');
  return {
    file,
    entries,
    sheets,
    date1904,
    sharedStrings: byType('/sharedStrings'),
    styles: byType('/styles'),
    budget,
  };
}

/** Built-in number formats that show dates or times (ECMA-376 18.8.30, with the East Asian ones). */
const DATE_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
for (const id of [27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58]) DATE_IDS.add(id);

/** Whether a number format code shows a date or time: d, m, y, h or s outside quotes, brackets and escapes. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '');
  // a section for text (@) alone is not a date; "General" has none of the letters
  return /[dmyhs]/i.test(bare.replace(/general/gi, ''));
}

/** Per cell style index (cellXfs), whether it formats numbers as dates. */
export async function dateStyles(book: Book): Promise<Uint8Array> {
  if (!book.styles) return new Uint8Array(0);
  const xml = await text(book, book.styles);
  const custom = new Map<number, string>();
  for (const m of xml.matchAll(/<(?:\w+:)?numFmt\b[^>]*>/g))
    custom.set(Number(attrOf(m[0], 'numFmtId')), attrOf(m[0], 'formatCode') ?? '');
  const cellXfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  const xfs = [...cellXfs.matchAll(/<(?:\w+:)?xf\b[^>]*>/g)];
  const out = new Uint8Array(xfs.length);
  xfs.forEach((m, i) => {
    const id = Number(attrOf(m[0], 'numFmtId') ?? 0);
    const code = custom.get(id);
    out[i] = (code !== undefined ? isDateFormat(code) : DATE_IDS.has(id)) ? 1 : 0;
  });
  return out;
}

/**
 * The shared strings as UTF-8 bytes in one growing buffer with their offsets, decoded when a cell asks: a table of
 * 300,000 strings costs ~5 MB outside the JavaScript heap instead of ~11 MB of strings the collector keeps marking.
 */
export class StringTable {
  private bytes = Buffer.alloc(64 * 1024);
  private ends = new Uint32Array(1024);
  private used = 0;
  count = 0;

  add(text: string) {
    const need = this.used + Buffer.byteLength(text);
    if (need > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(need, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count++] = this.used;
  }

  /** The string at an index, or null outside the table. */
  get(index: number): string | null {
    if (!(index >= 0 && index < this.count)) return null;
    return this.bytes.toString('utf8', index ? this.ends[index - 1] : 0, this.ends[index]);
  }
}

const SI = nameCode('si');
const T = nameCode('t');
const RPH = nameCode('rPh');

/** The shared strings table (rich text as its plain text, phonetic runs left out), read as a stream. */
export async function sharedStrings(book: Book): Promise<StringTable> {
  const out = new StringTable();
  if (!book.sharedStrings) return out;
  const tag = {} as Tag;
  let rest: Buffer = Buffer.alloc(0);
  let parts: string[] | null = null;
  let inT = false;
  let inPhonetic = false;
  let textStart = 0;
  const spanning = new SpanningText();
  for await (const chunk of entryChunks(book.file, book.sharedStrings, book.budget)) {
    const buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let pos = 0;
    while (nextTag(buf, pos, buf.length, tag)) {
      pos = tag.end;
      if (tag.code === T) {
        if (tag.close) {
          if (inT && parts) parts.push(spanning.take(buf, textStart, tag.start, true));
          inT = false;
        } else if (!tag.empty && parts && !inPhonetic) {
          inT = true;
          textStart = tag.end;
        }
      } else if (tag.code === -2) {
        if (inT && parts) {
          parts.push(spanning.take(buf, textStart, tag.start, true), buf.toString('utf8', tag.attrs, tag.end - 3));
          textStart = tag.end;
        }
      } else if (tag.code === SI) {
        if (tag.close || tag.empty) {
          out.add(parts && parts.length === 1 ? parts[0]! : (parts ?? []).join(''));
          parts = null;
        } else parts = [];
      } else if (tag.code === RPH) inPhonetic = !tag.close && !tag.empty;
    }
    // keep what was not read: the text of an open <t>, an unfinished tag
    if (inT) {
      pos = spanning.carry(buf, textStart);
      textStart = 0;
    }
    rest = unread(buf, pos);
  }
  if (parts || inT) throw new XlsxError('shared strings cut short');
  return out;
}
