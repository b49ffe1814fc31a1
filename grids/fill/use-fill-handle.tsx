// The fill handle of one grid: its layer (rendered next to the grid by the spreadsheet layer), kept in place by
// the grid's own events (scroll, column and size changes, new rows, editing) and by range changes.
import type { AgPublicEventType, GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { Bounds } from '../range/range';
import type { RangeSelection } from '../range/use-range-selection';
import type { ApiRecord } from '../../src/api/records';
import { FillHandle } from './fill-handle';

const EVENTS: AgPublicEventType[] = [
  'bodyScroll',
  'bodyScrollEnd',
  'columnResized',
  'columnMoved',
  'columnVisible',
  'columnPinned',
  'displayedColumnsChanged',
  'virtualColumnsChanged',
  'modelUpdated',
  'viewportChanged',
  'gridSizeChanged',
  'firstDataRendered',
  'paginationChanged',
  'cellEditingStarted',
  'cellEditingStopped',
];

export function useFillHandle(
  api: RefObject<GridApi<ApiRecord> | null>,
  range: RangeSelection,
  fill: (source: Bounds, target: Bounds) => void,
  title: string,
) {
  const controller = useRef<FillHandle | null>(null);
  const latest = useRef({ range, fill });
  latest.current = { range, fill };

  const layerRef = useCallback(
    (layer: HTMLDivElement | null) => {
      controller.current?.destroy();
      controller.current = null;
      if (!layer) return;
      controller.current = new FillHandle(
        layer,
        {
          api: () => api.current,
          bounds: () => latest.current.range.bounds(),
          fill: (source, target) => latest.current.fill(source, target),
        },
        title,
      );
      controller.current.update();
    },
    [api, title],
  );

  // The grid's events, once its API is there (the grid sets it when ready, and the grid's owner renders again).
  const attached = useRef<GridApi<ApiRecord> | null>(null);
  const listener = useRef(() => controller.current?.update());
  useEffect(() => {
    const gridApi = api.current;
    if (!gridApi || attached.current === gridApi) return;
    attached.current = gridApi;
    for (const type of EVENTS) gridApi.addEventListener(type, listener.current);
    listener.current();
  });
  useEffect(() => {
    const update = listener.current;
    return () => {
      const gridApi = attached.current;
      attached.current = null;
      if (gridApi && !gridApi.isDestroyed()) for (const type of EVENTS) gridApi.removeEventListener(type, update);
    };
  }, []);

  useEffect(() => controller.current?.update(), [range.version]);

  return <div ref={layerRef} className="hw-fill-layer" aria-hidden="true" />;
}
