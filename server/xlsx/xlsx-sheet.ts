// The rows of a worksheet part, scanned from its inflated bytes chunk by chunk (a chunk may end anywhere): cells
// typed like a spreadsheet shows them — shared and inline strings (rich text as plain text), numbers, dates (by
// the cell's style), booleans, errors as their text, formulas as their cached result. Blank rows are left out;
// row numbers are the sheet's (1-based); a row's cells are indexed by column, holes are null.
import type { CellValue } from '../../src/domain/cells';
import { SpanningText, XlsxError, attrInt, isSpace, nameCode, nameIs, nextTag, unread, type Tag } from './xlsx-xml';
import { ZipBombError } from './zip-stream';

export interface SheetRow {
  number: number;
  cells: CellValue[];
}

/** A sheet longer than this is refused (a guard against bombs that lie about their sizes). */
export const MAX_ROWS = 1_000_000;
/** Excel's last column (XFD). */
const MAX_COLUMNS = 16_384;

const ROW = nameCode('row');
const C = nameCode('c');
const V = nameCode('v');
const IS = nameCode('is');
const T = nameCode('t');
const RPH = nameCode('rPh');

/** Cell types (the `t` attribute): number (none or n), shared string, inline string, formula text, bool, error, ISO date. */
const NUMBER = 0;
const SHARED = 1;
const INLINE = 2;
const STR = 3;
const BOOL = 4;
const ERROR = 5;
const ISO = 6;

/** Excel's serial day number as a date (UTC), in the 1900 or 1904 date system. */
export const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

class Row implements SheetRow {
  constructor(
    readonly number: number,
    readonly cells: CellValue[],
  ) {}
}

export const blank = (cells: CellValue[]) =>
  cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

export interface SheetContext {
  strings: { get(index: number): string | null };
  dateStyles: Uint8Array;
  date1904: boolean;
}

export class SheetScanner {
  private rest: Buffer = Buffer.alloc(0);
  private readonly tag = {} as Tag;
  private inData = false;
  private row = 0;
  /** The row being read: its cells so far (reused from row to row) and how many of them are set. */
  private inRow = false;
  private readonly scratch: CellValue[] = [];
  private width = 0;
  private col = 0;
  private inCell = false;
  private type = NUMBER;
  private style = 0;
  /** The text of the cell's <v> (null: none) and of its inline string's <t> runs. */
  private value: string | null = null;
  /** A number read straight from the bytes of <v> (numbers and shared string indexes). */
  private number: number | null = null;
  private inline: string[] | null = null;
  private collecting: 'v' | 't' | null = null;
  private textStart = 0;
  private readonly spanning = new SpanningText();
  private inPhonetic = false;
  private out: SheetRow[] = [];

  constructor(private readonly ctx: SheetContext) {}

  /** Feeds the next chunk; returns the rows completed by it. */
  push(chunk: Buffer): SheetRow[] {
    const buf = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    let pos = this.scan(buf);
    if (this.collecting) {
      pos = this.spanning.carry(buf, this.textStart);
      this.textStart = 0;
    }
    this.rest = unread(buf, pos);
    const rows = this.out;
    this.out = [];
    return rows;
  }

  /** After the last chunk: throws when the sheet was cut short. */
  end() {
    if (this.inData || this.inRow) throw new XlsxError('sheet cut short');
  }

  private scan(buf: Buffer): number {
    const tag = this.tag;
    let pos = 0;
    while (nextTag(buf, pos, buf.length, tag)) {
      pos = tag.end;
      const code = tag.code;
      if (!this.inData) {
        if (code === -1 && nameIs(buf, tag, 'sheetData')) this.inData = !tag.close && !tag.empty;
        continue;
      }
      if (code === C) {
        if (!this.inRow) continue;
        if (!tag.close) this.openCell(buf, tag);
        if (tag.close || tag.empty) this.closeCell();
      } else if (code === V) {
        if (!this.inCell) continue;
        if (tag.close) {
          if (this.collecting === 'v') {
            if (this.value === null && (this.type === NUMBER || this.type === SHARED) && !this.spanning.active) {
              const n = number(buf, this.textStart, tag.start);
              if (!Number.isNaN(n)) this.number = n;
            }
            if (this.number === null) this.value = (this.value ?? '') + this.text(buf, tag.start);
          }
          this.collecting = null;
        } else if (tag.empty) this.value = '';
        else this.collect('v', tag.end);
      } else if (code === T) {
        if (!this.inline) continue;
        if (tag.close) {
          if (this.collecting === 't') this.inline.push(this.text(buf, tag.start));
          this.collecting = null;
        } else if (!tag.empty && !this.inPhonetic) this.collect('t', tag.end);
      } else if (code === ROW) {
        if (!tag.close) this.openRow(buf, tag);
        if (tag.close || tag.empty) this.closeRow();
      } else if (code === IS) {
        if (this.inCell && !tag.close && !tag.empty) this.inline = [];
      } else if (code === RPH) {
        this.inPhonetic = !tag.close && !tag.empty;
      } else if (code === -2) {
        if (this.collecting) {
          const before = this.text(buf, tag.start) + buf.toString('utf8', tag.attrs, tag.end - 3);
          if (this.collecting === 'v') this.value = (this.value ?? '') + before;
          else this.inline!.push(before);
          this.textStart = tag.end;
        }
      } else if (code === -1 && tag.close && nameIs(buf, tag, 'sheetData')) this.inData = false;
    }
    return pos;
  }

  private collect(what: 'v' | 't', start: number) {
    this.collecting = what;
    this.textStart = start;
  }

  private text(buf: Buffer, end: number) {
    return this.spanning.take(buf, this.textStart, end, this.collecting === 't' || this.type !== NUMBER);
  }

  private openRow(buf: Buffer, tag: Tag) {
    const r = attrInt(buf, tag, 'r');
    this.row = r > 0 ? r : this.row + 1;
    if (this.row > MAX_ROWS) throw new ZipBombError(`more than ${MAX_ROWS} rows`);
    this.inRow = true;
    this.width = 0;
    this.col = 0;
  }

  private closeRow() {
    if (!this.inRow) return;
    this.inRow = false;
    // a copy of the scratch row (slice, and rows made by a class rather than literals: V8 would otherwise soon
    // allocate every row straight in the old generation, where they pile up until a full collection)
    const cells = this.scratch.slice(0, this.width);
    if (!blank(cells)) this.out.push(new Row(this.row, cells));
  }

  /** A cell's attributes r (column), s (style) and t (type), read in one pass. */
  private openCell(buf: Buffer, tag: Tag) {
    this.inCell = true;
    this.value = null;
    this.number = null;
    this.inline = null;
    let col = 0;
    let style = 0;
    let type = NUMBER;
    const end = tag.end - 1;
    let p = tag.attrs;
    while (p < end) {
      const b = buf[p]!;
      if (isSpace(b) || b === 47) {
        p++;
        continue;
      }
      const name = b;
      const nameStart = p;
      while (p < end && buf[p] !== 61 && !isSpace(buf[p]!)) p++;
      const short = p - nameStart === 1;
      while (p < end && buf[p] !== 34 && buf[p] !== 39) p++;
      const quote = buf[p];
      const start = ++p;
      while (p < end && buf[p] !== quote) p++;
      const stop = p++;
      if (!short) continue;
      if (name === 114) {
        // r: the column letters of the reference
        for (let i = start; i < stop; i++) {
          const c = buf[i]! | 32;
          if (c < 97 || c > 122) break;
          col = col * 26 + c - 96;
        }
      } else if (name === 115) style = digits(buf, start, stop);
      else if (name === 116) type = typeOf(buf, start, stop);
    }
    this.col = col > 0 ? col : this.col + 1;
    if (this.col > MAX_COLUMNS) throw new XlsxError('column beyond XFD');
    this.style = style > 0 ? style : 0;
    this.type = type;
  }

  private closeCell() {
    if (!this.inCell) return;
    this.inCell = false;
    const value = this.cellValue();
    this.inline = null;
    this.value = null;
    this.number = null;
    if (value === null) return;
    const at = this.col - 1;
    for (let i = this.width; i < at; i++) this.scratch[i] = null;
    this.scratch[at] = value;
    if (at >= this.width) this.width = at + 1;
  }

  private cellValue(): CellValue {
    const v = this.value;
    const n = this.number;
    switch (this.type) {
      case SHARED: {
        const index = n ?? (v === null ? NaN : Number(v));
        return Number.isInteger(index) ? this.ctx.strings.get(index) : null;
      }
      case INLINE:
        return this.inline ? this.inline.join('') : v;
      case STR:
        return v;
      case BOOL:
        return v === null ? null : parseInt(v, 10) !== 0;
      case ERROR:
        return v;
      case ISO: {
        if (v === null) return null;
        const d = new Date(v);
        return Number.isNaN(d.getTime()) ? v : d;
      }
      default: {
        let value = n;
        if (value === null) {
          if (v === null || v.trim() === '') return null;
          value = Number(v);
          if (Number.isNaN(value)) return v;
        }
        return this.ctx.dateStyles[this.style] ? excelDate(value, this.ctx.date1904) : value;
      }
    }
  }
}

/** The cell type attribute: s, str, inlineStr, b, e, d or n. */
function typeOf(buf: Buffer, start: number, end: number): number {
  const first = buf[start];
  const len = end - start;
  if (len === 1) {
    if (first === 115) return SHARED; // s
    if (first === 98) return BOOL; // b
    if (first === 101) return ERROR; // e
    if (first === 100) return ISO; // d
    return NUMBER;
  }
  if (len === 3 && first === 115) return STR; // str
  if (len === 9 && first === 105) return INLINE; // inlineStr
  return NUMBER;
}

/** A plain non-negative integer from bytes, or -1. */
function digits(buf: Buffer, start: number, end: number): number {
  if (start === end) return -1;
  let n = 0;
  for (let p = start; p < end; p++) {
    const d = buf[p]! - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const POWERS = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * A decimal number from bytes without making a string: up to 15 significant digits with an optional sign and
 * point, as one exact integer divided by an exact power of ten (so rounded exactly as Number() rounds). NaN for
 * anything else (exponents, more digits), which the caller parses from text.
 */
function number(buf: Buffer, start: number, end: number): number {
  let p = start;
  const negative = buf[p] === 45;
  if (negative) p++;
  if (p === end) return NaN;
  let mantissa = 0;
  let count = 0;
  let scale = 0;
  let point = false;
  let seen = false;
  for (; p < end; p++) {
    const b = buf[p]!;
    if (b === 46 && !point) {
      point = true;
      continue;
    }
    const d = b - 48;
    if (d < 0 || d > 9) return NaN;
    seen = true;
    if (mantissa !== 0 || d !== 0) count++;
    if (count > 15) return NaN;
    mantissa = mantissa * 10 + d;
    if (point) scale++;
  }
  if (!seen || scale > 15) return NaN;
  const value = scale ? mantissa / POWERS[scale]! : mantissa;
  return negative ? -value : value;
}
