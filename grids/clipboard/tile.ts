// Where a clipboard block lands (Excel's rule; docs/domain/spreadsheet.md, "Grid editing"): a block pasted into a larger selected
// range is repeated over it when the range is a whole multiple of the block in both directions (one value fills any
// range); otherwise it is pasted once from the range's top-left. Pure.
import { colCount, rowCount, type Bounds } from '../range/range';

export interface PasteArea {
  /** Rows and columns the paste covers from the range's top-left. */
  height: number;
  width: number;
  /** The block is repeated over the selected range. */
  tiled: boolean;
  /** The clipboard text for a cell of the area (0-based from the top-left); '' where a ragged row ends. */
  at: (row: number, col: number) => string;
}

export function pasteArea(clip: readonly (readonly string[])[], bounds: Bounds): PasteArea {
  const blockHeight = clip.length;
  const blockWidth = Math.max(0, ...clip.map((r) => r.length));
  const rows = rowCount(bounds);
  const cols = colCount(bounds);
  const larger = rows * cols > blockHeight * blockWidth;
  const tiled = blockHeight > 0 && blockWidth > 0 && larger && rows % blockHeight === 0 && cols % blockWidth === 0;
  if (!tiled) return { height: blockHeight, width: blockWidth, tiled, at: (row, col) => clip[row]?.[col] ?? '' };
  return {
    height: rows,
    width: cols,
    tiled,
    at: (row, col) => clip[row % blockHeight]![col % blockWidth] ?? '',
  };
}
