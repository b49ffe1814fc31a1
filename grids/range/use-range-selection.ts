// Range selection without the paid modules (docs/domain/spreadsheet.md, "Grid editing"): anchor and focus from mouse down/over,
// Shift+click and Shift+arrows; painted through a cell class rule; capped at RANGE_ROW_CAP rows with a message.
import type {
  CellClassParams,
  CellPosition,
  NavigateToNextCellParams,
  CellFocusedEvent,
  CellMouseDownEvent,
  CellMouseOverEvent,
  GridApi,
  IRowNode,
} from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { SELECTION_COLUMN } from '../columns';
import type { ApiRecord } from '../../src/api/records';
import { dataColumns } from '../sheet-access';
import { boundsOf, capRange, extendRange, inBounds, isSingleCell, type Bounds, type CellRange } from './range';

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

export interface RangeSelection {
  /** The selected cells (at least the focused one), or null before any cell had focus. */
  bounds: () => Bounds | null;
  capped: boolean;
  /** Changes whenever the range does (for the footer). */
  version: number;
  /** The class rule every column gets. */
  classRule: (params: CellClassParams<ApiRecord>) => boolean;
  onCellMouseDown: (event: CellMouseDownEvent<ApiRecord>) => void;
  onCellMouseOver: (event: CellMouseOverEvent<ApiRecord>) => void;
  onCellFocused: (event: CellFocusedEvent<ApiRecord>) => void;
  /** Shift+arrows grow the range (AG Grid's navigation hook). */
  navigateToNextCell: (params: NavigateToNextCellParams<ApiRecord>) => CellPosition | null;
  /** Selects a range (e.g. after a paste, the pasted cells). */
  select: (range: CellRange) => void;
}

export function useRangeSelection(api: RefObject<GridApi<ApiRecord> | null>): RangeSelection {
  const range = useRef<CellRange | null>(null);
  const painted = useRef<Bounds | null>(null);
  const [capped, setCapped] = useState(false);
  const [version, setVersion] = useState(0);
  const dragging = useRef(false);
  const beforeFocus = useRef<CellRange | null>(null);
  const extended = useRef(new Set<string>());

  const colIndex = useCallback(
    (colId: string) => {
      const gridApi = api.current;
      return gridApi ? dataColumns(gridApi).findIndex((c) => c.getColId() === colId) : -1;
    },
    [api],
  );

  const select = useCallback(
    (next: CellRange) => {
      const gridApi = api.current;
      if (!gridApi) return;
      const cut = capRange(next);
      range.current = cut.range;
      setCapped(cut.capped);
      setVersion((v) => v + 1);
      // Repaint the rows of the old and the new range (class rules are evaluated on refresh).
      const bounds = boundsOf(cut.range);
      const old = painted.current;
      const single = isSingleCell(bounds);
      painted.current = single ? null : bounds;
      if (!old && single) return;
      const top = Math.min(bounds.top, old?.top ?? bounds.top);
      const bottom = Math.max(bounds.bottom, old?.bottom ?? bounds.bottom);
      const rowNodes: IRowNode<ApiRecord>[] = [];
      for (let i = top; i <= bottom; i++) {
        const node = gridApi.getDisplayedRowAtIndex(i);
        if (node) rowNodes.push(node);
      }
      gridApi.refreshCells({ rowNodes });
    },
    [api],
  );

  const onCellMouseDown = useCallback(
    (event: CellMouseDownEvent<ApiRecord>) => {
      const col = colIndex(event.column.getColId());
      if (col < 0 || event.rowIndex === null) return;
      const mouse = event.event as MouseEvent | undefined;
      if (mouse && mouse.button !== 0) return;
      const cell = { row: event.rowIndex, col };
      dragging.current = true;
      extended.current.clear();
      // The grid focuses the clicked cell before this event (which collapsed the range): Shift+click extends the
      // range as it was before that.
      const current = range.current;
      const collapsedHere =
        current &&
        current.anchor.row === cell.row &&
        current.anchor.col === cell.col &&
        isSingleCell(boundsOf(current));
      const base = collapsedHere ? beforeFocus.current : current;
      select(mouse?.shiftKey && base ? { anchor: base.anchor, focus: cell } : { anchor: cell, focus: cell });
    },
    [colIndex, select],
  );

  const onCellMouseOver = useCallback(
    (event: CellMouseOverEvent<ApiRecord>) => {
      const mouse = event.event as MouseEvent | undefined;
      if (!dragging.current || !range.current || event.rowIndex === null) return;
      if (mouse && (mouse.buttons & 1) === 0) {
        dragging.current = false;
        return;
      }
      const col = colIndex(event.column.getColId());
      if (col < 0) return;
      const { focus } = range.current;
      if (focus.row !== event.rowIndex || focus.col !== col)
        select({ anchor: range.current.anchor, focus: { row: event.rowIndex, col } });
    },
    [colIndex, select],
  );

  useEffect(() => {
    const up = () => (dragging.current = false);
    document.addEventListener('mouseup', up);
    return () => document.removeEventListener('mouseup', up);
  }, []);

  const onCellFocused = useCallback(
    (event: CellFocusedEvent<ApiRecord>) => {
      if (event.rowIndex === null || event.rowIndex === undefined || !event.column || typeof event.column === 'string')
        return;
      if (event.column.getColId() === SELECTION_COLUMN) return;
      const col = colIndex(event.column.getColId());
      const focus = range.current?.focus;
      // a corner Shift+arrows moved to may be focused late (after a scroll) while the range grew on: keep the range
      const expected = extended.current.delete(`${event.rowIndex}:${col}`);
      if (col < 0 || expected || (focus && focus.row === event.rowIndex && focus.col === col)) return;
      beforeFocus.current = range.current;
      select({ anchor: { row: event.rowIndex, col }, focus: { row: event.rowIndex, col } });
    },
    [colIndex, select],
  );

  // Shift+arrows through AG Grid's own navigation hook: the range grows and the grid moves focus to its new corner.
  const navigateToNextCell = useCallback(
    (params: NavigateToNextCellParams<ApiRecord>): CellPosition | null => {
      const delta = ARROWS[params.key];
      const gridApi = api.current;
      const event = params.event;
      if (!delta || !event?.shiftKey || event.ctrlKey || event.metaKey || !gridApi || !range.current)
        return params.nextCellPosition;
      const columns = dataColumns(gridApi);
      select(extendRange(range.current, delta[0], delta[1], gridApi.getDisplayedRowCount() - 1, columns.length - 1));
      const focus = range.current.focus;
      const column = columns[focus.col];
      if (!column) return params.previousCellPosition;
      extended.current.add(`${focus.row}:${focus.col}`);
      return { rowIndex: focus.row, column, rowPinned: null };
    },
    [api, select],
  );

  const classRule = useCallback(
    (params: CellClassParams<ApiRecord>) => {
      const bounds = painted.current;
      if (!bounds || params.node.rowIndex === null || params.rowIndex === undefined) return false;
      if (params.node.rowIndex < bounds.top || params.node.rowIndex > bounds.bottom) return false;
      return inBounds(bounds, params.node.rowIndex, colIndex(params.column.getColId()));
    },
    [colIndex],
  );

  return useMemo(
    () => ({
      bounds: () => (range.current ? boundsOf(range.current) : null),
      capped,
      version,
      classRule,
      onCellMouseDown,
      onCellMouseOver,
      onCellFocused,
      navigateToNextCell,
      select,
    }),
    [capped, version, classRule, onCellMouseDown, onCellMouseOver, onCellFocused, navigateToNextCell, select],
  );
}
