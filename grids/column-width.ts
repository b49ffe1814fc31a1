// Default column widths, one rule for every grid (docs/decisions.md, "Column widths"): a column is as wide as the
// wider of its header label (as the header draws it, with the sort indicator and the filter button beside it) and
// the typical content of its field kind (columns.ts), within MIN_WIDTH..MAX_WIDTH. The title column gets at least
// TITLE_WIDTH. When the grid first opens without a saved layout, the columns grow proportionally to fill the
// grid's width (never below these widths), so a grid with few columns leaves no empty half.
import type { SizeColumnsToFitGridStrategy } from 'ag-grid-community';

export const MIN_WIDTH = 70;
export const MAX_WIDTH = 360;
export const TITLE_WIDTH = 240;
/** A column grows at most to this multiple of its default width when the grid fills its width. */
const GROW_LIMIT = 2.5;

/** The header's font (ag-grid-setup.ts: 13 px, weight 600) in the app's font family. */
const HEADER_FONT_SIZE = 13;
const HEADER_FONT_WEIGHT = 600;
/**
 * What a header cell draws beside its label, in px (measured in the Quartz theme at spacing 6): the cell's
 * padding (2 × 12), the sort indicator (16 + 4), the filter button (16 + 8) and a little slack for the resize
 * handle and sub-pixel text widths.
 */
const HEADER_PADDING = 24;
const SORT_ICON = 20;
const FILTER_BUTTON = 24;
const SLACK = 8;
/** Average advance of a bold 13 px character, where no canvas can measure (tests outside a browser). */
const FALLBACK_CHAR = 7.8;

let context: CanvasRenderingContext2D | null | undefined;

function textWidth(text: string): number {
  if (context === undefined) {
    context = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
    if (context) {
      const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
      context.font = `${HEADER_FONT_WEIGHT} ${HEADER_FONT_SIZE}px ${family}`;
    }
  }
  return context ? context.measureText(text).width : text.length * FALLBACK_CHAR;
}

export interface WidthInput {
  header: string;
  /** The field kind's typical content width (columns.ts). */
  content: number;
  sortable: boolean;
  filterable: boolean;
  title: boolean;
}

/** The default width of a column: its header label uncut and its typical content, within the limits. */
export function columnWidth({ header, content, sortable, filterable, title }: WidthInput): number {
  const headerWidth =
    Math.ceil(textWidth(header)) +
    HEADER_PADDING +
    (sortable ? SORT_ICON : 0) +
    (filterable ? FILTER_BUTTON : 0) +
    SLACK;
  const width = Math.max(headerWidth, content, title ? TITLE_WIDTH : 0, MIN_WIDTH);
  return Math.min(MAX_WIDTH, width);
}

/**
 * The first open without saved widths: columns grow to fill the grid's width, each at least its default width
 * (so no header is cut) and at most GROW_LIMIT times it. Undefined when the user's layout has widths.
 */
export function fillGridWidth(
  columns: readonly { colId?: string; initialWidth?: number; initialHide?: boolean }[],
  saved: boolean,
): SizeColumnsToFitGridStrategy | undefined {
  if (saved) return undefined;
  return {
    type: 'fitGridWidth',
    columnLimits: columns.flatMap(({ colId, initialWidth, initialHide }) =>
      colId && initialWidth && !initialHide
        ? [{ colId, minWidth: initialWidth, maxWidth: Math.round(initialWidth * GROW_LIMIT) }]
        : [],
    ),
  };
}
