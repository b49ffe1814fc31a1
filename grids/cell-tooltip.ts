// One tooltip for all cells and headers of a grid: a rejected edit's message, a long text in full, or a column
// header's label when the column is too narrow to show it. Shown 400 ms after the pointer rests, in AG Grid's own
// tooltip look. AG Grid's tooltips (TooltipModule) attach a set of listeners to every rendered cell, which was the
// largest cost our columns added while scrolling; this needs the grid's cell mouse-over and mouse-out events and
// one pair of listeners on the element around the grid for the headers.
import type { CellMouseOutEvent, CellMouseOverEvent } from 'ag-grid-community';
import { cellKey, type GridContext } from './grid-context';
import type { ApiRecord } from '../src/api/records';

const DELAY_MS = 400;
/** Texts longer than this are shown in full (the column may cut them off). */
const LONG_TEXT = 24;

export interface CellTooltip {
  over: (event: CellMouseOverEvent<ApiRecord>) => void;
  out: (event: CellMouseOutEvent<ApiRecord>) => void;
  /** mouseover / mouseout on the element around the grid: header cells. */
  overHeader: (event: MouseEvent) => void;
  outHeader: (event: MouseEvent) => void;
  hide: () => void;
}

/** A header's label when it is cut off, else null. */
function headerText(header: Element): string | null {
  const label = header.querySelector<HTMLElement>('.ag-header-cell-text');
  const text = label?.textContent?.trim();
  return label && text && label.scrollWidth > label.clientWidth ? text : null;
}

/** The text of a cell's tooltip: its rejected edit's message, else its text when long. */
function tooltipText(event: CellMouseOverEvent<ApiRecord>, cell: HTMLElement): string | null {
  const errors = (event.context as GridContext).cellErrors;
  const error = event.data && errors.size > 0 ? errors.get(cellKey(event.data.uuid, event.column.getColId())) : null;
  if (error) return error;
  const text = cell.textContent?.trim() ?? '';
  return text.length > LONG_TEXT ? text : null;
}

export function createCellTooltip(): CellTooltip {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: HTMLElement | null = null;
  let cell: Element | null = null;

  const hide = () => {
    clearTimeout(timer);
    shown?.remove();
    shown = null;
    cell = null;
  };

  const show = (target: HTMLElement, text: string) => {
    const root = target.closest('.ag-root-wrapper');
    if (!root || !target.isConnected) return;
    const tip = document.createElement('div');
    tip.className = 'ag-tooltip hw-cell-tooltip';
    tip.setAttribute('role', 'tooltip');
    tip.textContent = text;
    root.append(tip);
    const box = target.getBoundingClientRect();
    const frame = root.getBoundingClientRect();
    const below = box.bottom - frame.top + 4;
    const top = below + tip.offsetHeight > frame.height ? box.top - frame.top - tip.offsetHeight - 4 : below;
    tip.style.left = `${Math.max(0, Math.min(box.left - frame.left, frame.width - tip.offsetWidth))}px`;
    tip.style.top = `${Math.max(0, top)}px`;
    shown = tip;
  };

  return {
    over(event) {
      const target = (event.event?.target as Element | null)?.closest('.ag-cell');
      if (target === cell) return;
      hide();
      if (!(target instanceof HTMLElement)) return;
      cell = target;
      const text = tooltipText(event, target);
      if (text) timer = setTimeout(() => show(target, text), DELAY_MS);
    },
    out(event) {
      const next = (event.event as MouseEvent | undefined)?.relatedTarget;
      if (next instanceof Node && cell?.contains(next)) return;
      hide();
    },
    overHeader(event) {
      const target = (event.target as Element | null)?.closest('.ag-header-cell');
      if (!target || target === cell) return;
      hide();
      if (!(target instanceof HTMLElement)) return;
      cell = target;
      const text = headerText(target);
      if (text) timer = setTimeout(() => show(target, text), DELAY_MS);
    },
    outHeader(event) {
      if (!cell?.classList.contains('ag-header-cell')) return;
      const next = event.relatedTarget;
      if (next instanceof Node && cell.contains(next)) return;
      hide();
    },
    hide,
  };
}
