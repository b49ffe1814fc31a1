// Range maths of the grid's own range selection (docs/domain/spreadsheet.md, "Grid editing"): an anchor and a focus cell as
// displayed row and column indexes, their bounds, the visible row cap, keyboard extension and the footer's statistics.
import { add, decToString, div, toDec, type Dec } from '../../src/domain/decimal';

export interface CellPos {
  row: number;
  col: number;
}

export interface CellRange {
  anchor: CellPos;
  focus: CellPos;
}

export interface Bounds {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** More rows than this are not selected; the footer says so (never a silent cap). */
export const RANGE_ROW_CAP = 500;

export function boundsOf({ anchor, focus }: CellRange): Bounds {
  return {
    top: Math.min(anchor.row, focus.row),
    bottom: Math.max(anchor.row, focus.row),
    left: Math.min(anchor.col, focus.col),
    right: Math.max(anchor.col, focus.col),
  };
}

export const rowCount = (b: Bounds) => b.bottom - b.top + 1;
export const colCount = (b: Bounds) => b.right - b.left + 1;
export const cellCount = (b: Bounds) => rowCount(b) * colCount(b);
export const isSingleCell = (b: Bounds) => b.top === b.bottom && b.left === b.right;
export const inBounds = (b: Bounds, row: number, col: number) =>
  row >= b.top && row <= b.bottom && col >= b.left && col <= b.right;

/** The bounds cut to `cap` rows from the anchor's side, and whether that happened. */
export function capRange(range: CellRange, cap = RANGE_ROW_CAP): { range: CellRange; capped: boolean } {
  const { anchor, focus } = range;
  if (Math.abs(focus.row - anchor.row) < cap) return { range, capped: false };
  const row = focus.row > anchor.row ? anchor.row + cap - 1 : anchor.row - cap + 1;
  return { range: { anchor, focus: { row, col: focus.col } }, capped: true };
}

/** Shift+arrow: the focus moves, the anchor stays; clamped to the grid. */
export function extendRange(range: CellRange, dRow: number, dCol: number, maxRow: number, maxCol: number): CellRange {
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  return {
    anchor: range.anchor,
    focus: { row: clamp(range.focus.row + dRow, maxRow), col: clamp(range.focus.col + dCol, maxCol) },
  };
}

/** 12.5000 → 12.5, 3.0000 → 3. */
const trimZeros = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

export interface RangeStats {
  /** Non-empty cells. */
  count: number;
  /** Cells with a number. */
  numbers: number;
  sum: string | null;
  average: string | null;
}

/**
 * Count of the non-empty cells, sum and average of those in numeric columns (exact decimals; the average to 4
 * places). Each cell comes as `[value, numeric column]`.
 */
export function rangeStats(cells: Iterable<readonly [unknown, boolean]>): RangeStats {
  let count = 0;
  let numbers = 0;
  let sum: Dec = { units: 0n, scale: 0 };
  for (const [value, numeric] of cells) {
    if (value === null || value === undefined || value === '') continue;
    count++;
    if (!numeric) continue;
    const dec = toDec(value);
    if (!dec) continue;
    numbers++;
    sum = add(sum, dec);
  }
  if (numbers === 0) return { count, numbers, sum: null, average: null };
  const average = div(sum, { units: BigInt(numbers), scale: 0 }, 4);
  return { count, numbers, sum: decToString(sum), average: trimZeros(decToString(average)) };
}
