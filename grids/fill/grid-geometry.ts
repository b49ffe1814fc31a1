// Where rows and columns of the grid are on screen (client coordinates), read from the grid's own DOM (its
// viewport, header cells and one row element) rather than from our cell rendering, so overlays such as the fill
// handle work whoever renders the cells. Rows have one height (infinite row model): a row not rendered is placed
// from one that is; a column without a header cell from another column of its pinned section.
import type { Column } from 'ag-grid-community';

export interface Span {
  start: number;
  end: number;
}

export interface GridGeometry {
  /** The rows' visible area (below the header, above the horizontal scrollbar). */
  body: DOMRect;
  /** The visible x-span of a column's section (pinned columns stay; the centre scrolls under them). */
  clipX: (column: Column) => Span;
  /** Top and bottom edge of a displayed row. */
  row: (index: number) => Span;
  /** The displayed row at a y (may be outside the rows that exist). */
  rowAt: (y: number) => number;
  /** Left and right edge of a displayed column, or null when it cannot be placed. */
  col: (column: Column) => Span | null;
}

type Section = 'left' | 'right' | 'center';
const sectionOf = (column: Column): Section => {
  const pinned = column.getPinned();
  return pinned === 'left' || pinned === true ? 'left' : pinned === 'right' ? 'right' : 'center';
};

/** The header row's section elements: their on-screen x-span is what each section shows (pinned ones stick). */
const SECTION_CELLS: Record<Exclude<Section, 'center'>, string> = {
  left: '.ag-grid-pinned-left-cells',
  right: '.ag-grid-pinned-right-cells',
};

/** The geometry of the grid inside `scope`, or null while it shows no rows. */
export function gridGeometry(scope: ParentNode, columns: readonly Column[]): GridGeometry | null {
  const viewport = scope.querySelector<HTMLElement>('.ag-grid-viewport, .ag-body-viewport');
  const reference = viewport?.querySelector<HTMLElement>('.ag-row[row-index]:not(.ag-header-row)');
  if (!viewport || !reference) return null;
  const outer = viewport.getBoundingClientRect();
  // rows show below the header (sticky inside the viewport) and above the horizontal scrollbar
  const header = scope.querySelector('.ag-header')?.getBoundingClientRect();
  // (an overlay scrollbar, shown only while scrolling, covers no rows)
  const scrollbar = scope
    .querySelector('.ag-body-horizontal-scroll:not(.ag-hidden):not(.ag-scrollbar-invisible)')
    ?.getBoundingClientRect();
  const top = header && header.bottom > outer.top && header.bottom < outer.bottom ? header.bottom : outer.top;
  const bottom =
    scrollbar && scrollbar.height > 0 && scrollbar.top > top ? Math.min(outer.bottom, scrollbar.top) : outer.bottom;
  const body = new DOMRect(outer.left, top, outer.width, Math.max(0, bottom - top));
  const refBox = reference.getBoundingClientRect();
  const height = refBox.height || 1;
  const origin = refBox.top - Number(reference.getAttribute('row-index')) * height;

  const headerRow = scope.querySelector('.ag-header-row-column');
  const headers = new Map<string, DOMRect>();
  for (const cell of headerRow?.querySelectorAll<HTMLElement>('.ag-header-cell[col-id]') ?? [])
    headers.set(cell.getAttribute('col-id')!, cell.getBoundingClientRect());
  /** Per section: the client x of its left edge in the section's own coordinates (column.getLeft()). */
  const origins = new Map<Section, number>();
  for (const column of columns) {
    const box = headers.get(column.getColId());
    const section = sectionOf(column);
    if (box && !origins.has(section)) origins.set(section, box.left - (column.getLeft() ?? 0));
  }

  const pinned = (section: 'left' | 'right') => {
    const box = headerRow?.querySelector(`:scope > ${SECTION_CELLS[section]}`)?.getBoundingClientRect();
    return box && box.width > 0 ? box : null;
  };
  const left = pinned('left');
  const right = pinned('right');
  const spans: Record<Section, Span> = {
    left: { start: left?.left ?? body.left, end: left?.right ?? body.left },
    right: { start: right?.left ?? body.right, end: right?.right ?? body.right },
    center: { start: left?.right ?? body.left, end: right?.left ?? body.right },
  };
  const clipX = (column: Column): Span => {
    const span = spans[sectionOf(column)];
    return { start: Math.max(span.start, body.left), end: Math.min(span.end, body.right) };
  };

  return {
    body,
    clipX,
    row: (index) => ({ start: origin + index * height, end: origin + (index + 1) * height }),
    rowAt: (y) => Math.floor((y - origin) / height),
    col: (column) => {
      const box = headers.get(column.getColId());
      if (box) return { start: box.left, end: box.right };
      const start = origins.get(sectionOf(column));
      if (start === undefined) return null;
      const left = start + (column.getLeft() ?? 0);
      return { start: left, end: left + column.getActualWidth() };
    },
  };
}

/** The index of the column under x among `columns` (clamped to the first and last); -1 without any. */
export function columnAt(geometry: GridGeometry, columns: readonly Column[], x: number): number {
  let best = -1;
  let distance = Infinity;
  columns.forEach((column, i) => {
    const span = geometry.col(column);
    if (!span) return;
    const clip = geometry.clipX(column);
    const start = Math.max(span.start, clip.start);
    const end = Math.min(span.end, clip.end);
    if (end <= start) return; // scrolled out of its section
    const d = x < start ? start - x : x >= end ? x - end + 1 : 0;
    if (d < distance) {
      best = i;
      distance = d;
    }
  });
  return best;
}
