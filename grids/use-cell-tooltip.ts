// One tooltip per grid (cell-tooltip.ts), hidden when the grid goes: its handlers for the grid's cell events and
// for the header labels on the element around the grid. A mouse-down, an open editor or a scroll hides it. The
// range selection listens to the same cell events: its handlers are passed in and run in the same call.
import type { CellMouseDownEvent, CellMouseOverEvent, GridOptions } from 'ag-grid-community';
import { useEffect, useRef, type MouseEvent } from 'react';
import { createCellTooltip, type CellTooltip } from './cell-tooltip';
import type { ApiRecord } from '../src/api/records';

interface Shared {
  onCellMouseOver: (event: CellMouseOverEvent<ApiRecord>) => void;
  onCellMouseDown: (event: CellMouseDownEvent<ApiRecord>) => void;
}

export function useCellTooltip(shared: Shared) {
  const tooltip = useRef<CellTooltip>(null as never);
  tooltip.current ??= createCellTooltip();
  useEffect(() => () => tooltip.current.hide(), []);

  const gridProps = {
    onCellMouseOver: (e) => {
      shared.onCellMouseOver(e);
      tooltip.current.over(e);
    },
    onCellMouseOut: (e) => tooltip.current.out(e),
    onCellMouseDown: (e) => {
      tooltip.current.hide();
      shared.onCellMouseDown(e);
    },
    onCellEditingStarted: () => tooltip.current.hide(),
    onBodyScroll: () => tooltip.current.hide(),
  } satisfies GridOptions<ApiRecord>;
  const bodyProps = {
    onMouseOver: (e: MouseEvent) => tooltip.current.overHeader(e.nativeEvent),
    onMouseOut: (e: MouseEvent) => tooltip.current.outHeader(e.nativeEvent),
  };
  return { gridProps, bodyProps };
}
