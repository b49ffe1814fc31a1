// A small byte-level XML tag walker for the parts of an xlsx: it visits the tags of a buffer range in order (local
// names without their namespace prefix, attributes on demand) and decodes text ranges. No DTD is ever read, so no
// entity is expanded beyond the five predefined ones and character references.

/** A part of the workbook is not the XML it should be. */
export class XlsxError extends Error {}

export const LT = 60; // <
const GT = 62; // >
const SLASH = 47; // /
const QUOTE = 34; // "
const APOS = 39; // '
const COLON = 58; // :
const BANG = 33; // !
const QUESTION = 63; // ?
const AMP = 38; // &

/** The tag the walker stands on. `name` is a local name packed by `nameCode` (or -1 when longer than 4 bytes). */
export interface Tag {
  /** `nameCode` of the local name, -1 for longer names (compare with `nameIs`). */
  code: number;
  nameStart: number;
  nameEnd: number;
  close: boolean;
  /** `<x/>`: opens and closes at once. */
  empty: boolean;
  /** Where the tag starts (its `<`) and the index after its `>`. */
  start: number;
  end: number;
  /** Where the attributes start (after the name). */
  attrs: number;
}

/** A local name of up to 4 ASCII bytes as one number, for fast comparisons. */
export function nameCode(name: string): number {
  let code = 0;
  for (let i = name.length - 1; i >= 0; i--) code = code * 256 + name.charCodeAt(i);
  return code;
}

export const isSpace = (b: number) => b === 32 || b === 9 || b === 10 || b === 13;

/**
 * Reads the next tag at or after `from` (and before `limit`) into `tag`; false when there is no complete tag.
 * Comments, processing instructions and declarations (a DOCTYPE included) are skipped; CDATA sections are reported
 * as a tag with code -2 whose text is between `attrs` and `end - 3`.
 */
export function nextTag(buf: Buffer, from: number, limit: number, tag: Tag): boolean {
  for (;;) {
    // a loop of our own: tags are close together, where a native indexOf per tag costs more than it saves
    let lt = from;
    while (lt < limit && buf[lt] !== LT) lt++;
    if (lt >= limit) return false;
    let p = lt + 1;
    const first = buf[p];
    if (first === BANG) {
      if (buf[p + 1] === 45 && buf[p + 2] === 45) {
        const close = buf.indexOf('-->', p + 3);
        if (close < 0 || close + 3 > limit) return false;
        from = close + 3;
        continue;
      }
      if (buf[p + 1] === 91 /* [ */ && buf.toString('latin1', p + 2, p + 8) === 'CDATA[') {
        const close = buf.indexOf(']]>', p + 8);
        if (close < 0 || close + 3 > limit) return false;
        Object.assign(tag, { code: -2, nameStart: p, nameEnd: p, close: false, empty: true, start: lt });
        tag.attrs = p + 8;
        tag.end = close + 3;
        return true;
      }
      // a declaration (DOCTYPE): skipped with its internal subset, never interpreted
      const end = skipDeclaration(buf, p + 1, limit);
      if (end < 0) return false;
      from = end;
      continue;
    }
    if (first === QUESTION) {
      const close = buf.indexOf('?>', p + 1);
      if (close < 0 || close + 2 > limit) return false;
      from = close + 2;
      continue;
    }
    const close = first === SLASH;
    if (close) p++;
    let local = p;
    while (p < limit) {
      const b = buf[p]!;
      if (b === GT || b === SLASH || isSpace(b)) break;
      if (b === COLON) local = p + 1;
      p++;
    }
    const attrs = p;
    // the end of the tag, skipping quoted attribute values (they may hold '>')
    let quote = 0;
    while (p < limit) {
      const b = buf[p]!;
      if (quote) {
        if (b === quote) quote = 0;
      } else if (b === QUOTE || b === APOS) quote = b;
      else if (b === GT) break;
      p++;
    }
    if (p >= limit) return false;
    const len = attrs - local;
    let code = -1;
    if (len > 0 && len <= 4) {
      code = 0;
      for (let i = attrs - 1; i >= local; i--) code = code * 256 + buf[i]!;
    }
    tag.code = code;
    tag.nameStart = local;
    tag.nameEnd = attrs;
    tag.close = close;
    tag.empty = !close && buf[p - 1] === SLASH;
    tag.start = lt;
    tag.end = p + 1;
    tag.attrs = attrs;
    return true;
  }
}

function skipDeclaration(buf: Buffer, from: number, limit: number): number {
  let depth = 0;
  let quote = 0;
  for (let p = from; p < limit; p++) {
    const b = buf[p]!;
    if (quote) {
      if (b === quote) quote = 0;
    } else if (b === QUOTE || b === APOS) quote = b;
    else if (b === 91) depth++;
    else if (b === 93) depth--;
    else if (b === GT && depth <= 0) return p + 1;
  }
  return -1;
}

/** Whether the tag's local name is `name` (for names longer than 4 bytes). */
export function nameIs(buf: Buffer, tag: Tag, name: string): boolean {
  if (tag.nameEnd - tag.nameStart !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (buf[tag.nameStart + i] !== name.charCodeAt(i)) return false;
  return true;
}

/**
 * The raw value of an attribute of the tag (matched by local name, so `r:id` is `id`), or undefined. Values are
 * not unescaped (see `decodeText`).
 */
export function attrRange(buf: Buffer, tag: Tag, name: string): [number, number] | undefined {
  let p = tag.attrs;
  const end = tag.end - 1;
  while (p < end) {
    while (p < end && (isSpace(buf[p]!) || buf[p] === SLASH)) p++;
    const start = p;
    let local = p;
    while (p < end && buf[p] !== 61 /* = */ && !isSpace(buf[p]!)) {
      if (buf[p] === COLON) local = p + 1;
      p++;
    }
    const nameEnd = p;
    while (p < end && buf[p] !== QUOTE && buf[p] !== APOS) p++;
    const quote = buf[p];
    const valueStart = p + 1;
    const valueEnd = buf.indexOf(quote!, valueStart);
    if (valueEnd < 0 || valueEnd > end) return undefined;
    p = valueEnd + 1;
    if (start === nameEnd) continue;
    if (nameEnd - local === name.length) {
      let same = true;
      for (let i = 0; i < name.length; i++)
        if (buf[local + i] !== name.charCodeAt(i)) {
          same = false;
          break;
        }
      if (same) return [valueStart, valueEnd];
    }
  }
  return undefined;
}

/** An attribute's value as a non-negative integer, or -1 when absent or not a plain integer. */
export function attrInt(buf: Buffer, tag: Tag, name: string): number {
  const range = attrRange(buf, tag, name);
  if (!range || range[0] === range[1]) return -1;
  let n = 0;
  for (let p = range[0]; p < range[1]; p++) {
    const d = buf[p]! - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * UTF-8 text of a byte range with XML's line ends normalised (a literal CR LF or CR is a LF, as every XML parser
 * reads it; `&#13;` stays a CR) and references resolved; `xstring` also resolves the `_xHHHH_` escapes of
 * spreadsheet text (ECMA-376 ST_Xstring, e.g. `_x000D_` for a carriage return).
 */
export function decodeText(buf: Buffer, start: number, end: number, xstring = true): string {
  let text = buf.toString('utf8', start, end);
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  const amp = buf.indexOf(AMP, start);
  if (amp >= 0 && amp < end) text = unescapeXml(text);
  if (xstring && text.includes('_x'))
    text = text.replace(/_x([0-9a-fA-F]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return text;
}

/** An attribute value or short text taken from a string (the workbook's small parts). */
export const unescapeXml = (s: string) =>
  s.includes('&')
    ? s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (m, ref: string) => {
        if (ref[0] !== '#') return NAMED[ref]!;
        const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : m;
      })
    : s;

/** The longest text of one cell or tag we read (Excel's own limit is 32,767 characters per cell). */
export const MAX_TEXT = 1024 * 1024;

/**
 * Text that may span chunks: the bytes read so far are kept (never re-copied per chunk) until its closing tag.
 * Too long a text or tag is a damaged part.
 */
export class SpanningText {
  private parts: Buffer[] = [];
  private size = 0;

  /** Whether bytes of earlier chunks are held. */
  get active() {
    return this.parts.length > 0;
  }

  /** Keeps the text bytes from `start` up to the next `<` (or the end); returns where the unread rest starts. */
  carry(buf: Buffer, start: number): number {
    let cut = start;
    while (cut < buf.length && buf[cut] !== LT) cut++;
    if (cut > start) {
      this.parts.push(buf.subarray(start, cut));
      this.size += cut - start;
      if (this.size > MAX_TEXT) throw new XlsxError('text too long');
    }
    return cut;
  }

  /** The whole text, ending at `end` in the current buffer. */
  take(buf: Buffer, start: number, end: number, xstring: boolean): string {
    if (!this.parts.length) return decodeText(buf, start, end, xstring);
    const all = Buffer.concat([...this.parts, buf.subarray(start, end)]);
    this.parts = [];
    this.size = 0;
    return decodeText(all, 0, all.length, xstring);
  }
}

/** What is left of a buffer for the next chunk: an unfinished tag, never longer than MAX_TEXT. */
export function unread(buf: Buffer, from: number): Buffer {
  if (buf.length - from > MAX_TEXT) throw new XlsxError('tag too long');
  return buf.subarray(from);
}
