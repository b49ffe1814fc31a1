// The DataGrid's AG Grid options that stay as they are while it lives (docs/domain/spreadsheet.md, "The spreadsheet workspace"):
// the infinite row model in the definition's blocks (pages or endless scrolling) and server-backed edits
// (`readOnlyEdit`: the edit request saves); and the layout events, which save the column state for this device
// when the user changed it.
import type { GridOptions, SortChangedEvent } from 'ag-grid-community';
import type { RefObject } from 'react';
import { GRID_OPTIONS, gridTheme } from './ag-grid-setup';
import type { GridDefinition } from './define-grid';
import type { GridLayout } from './preferences';
import type { ApiRecord } from '../src/api/records';

/** A change the user made, not the grid setting itself up or applying a state it was given. */
const userSource = (source: string) =>
  source !== 'api' && source !== 'gridInitializing' && source !== 'flex' && source !== 'sizeColumnsToFit';

export function fixedOptions(grid: GridDefinition, layout: GridLayout) {
  return {
    theme: gridTheme,
    ...GRID_OPTIONS,
    rowModelType: 'infinite',
    cacheBlockSize: layout.rowsPerPage,
    maxBlocksInCache: grid.scroll === 'infinite' ? 40 : undefined,
    pagination: grid.scroll === 'pages',
    paginationPageSize: layout.rowsPerPage,
    getRowId: (p) => p.data.uuid,
    readOnlyEdit: true,
    enterNavigatesVerticallyAfterEdit: true,
    stopEditingWhenCellsLoseFocus: true,
    suppressDragLeaveHidesColumns: true,
    maintainColumnOrder: true,
    // an attribute's column reads its flat key `attributes.<key>` (src/api/attribute-paths.ts), not a nested path
    suppressFieldDotNotation: true,
    rowClassRules: Object.fromEntries(
      Object.entries(grid.rowClasses ?? {}).map(([cls, { field, values }]) => [
        cls,
        (p: { data?: ApiRecord }) => values.includes(String(p.data?.[field])),
      ]),
    ),
  } satisfies GridOptions<ApiRecord>;
}

/** Column moves, sizes, visibility, pins, the sort and the page size save the layout (preferences.ts). */
export function layoutEvents(
  persist: () => void,
  rowsPerPage: RefObject<number>,
  onSort: (event: SortChangedEvent<ApiRecord>) => void,
) {
  return {
    onColumnMoved: (e) => e.finished && userSource(e.source) && persist(),
    onColumnResized: (e) => e.finished && userSource(e.source) && persist(),
    onColumnVisible: (e) => userSource(e.source) && persist(),
    onColumnPinned: (e) => userSource(e.source) && persist(),
    onSortChanged: (e) => {
      onSort(e);
      if (userSource(e.source)) persist();
    },
    onPaginationChanged: (e) => {
      const size = e.api.paginationGetPageSize();
      if (e.newPageSize && size !== rowsPerPage.current) {
        rowsPerPage.current = size;
        persist();
      }
    },
  } satisfies GridOptions<ApiRecord>;
}
