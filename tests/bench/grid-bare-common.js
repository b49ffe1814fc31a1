// What the two baseline pages of grid.bench.mjs share (grid-bare.js: `createGrid`; grid-bare-react.js:
// `AgGridReact`): the modules, the theme, the columns, the datasource and the grid options, so the pages differ in
// the host alone. Settings come from `window.__BARE` (set by the page): the facilities grid's visible columns (ids,
// headers, widths, pinning) and size as our grid rendered them, the extra list parameters our grid sent. Like
// ours: Quartz with the same row and header heights, a pinned checkbox column, blocks of 100 rows (40 kept),
// keyset cursors after a loaded block, and a quick search debounced 300 ms.
import {
  CellStyleModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  RowSelectionModule,
  themeQuartz,
} from 'ag-grid-community';

export const config = window.__BARE;
// the modules these pages use (rightAligned columns need the cell style module)
ModuleRegistry.registerModules([InfiniteRowModelModule, RowSelectionModule, CellStyleModule]);

const theme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontWeight: 600,
  spacing: 6,
  rowHeight: 32,
  headerHeight: 34,
  wrapperBorderRadius: 2,
  accentColor: '#215db0',
});

/** The infinite row model's datasource on the list endpoint, with `search` as the quick search. */
export function datasource(search) {
  const cursors = new Map();
  let signature = '';
  return {
    getRows(params) {
      const query = new URLSearchParams(config.query);
      const sort = params.sortModel[0];
      if (sort) {
        query.set('sort_by', sort.colId);
        query.set('sort_descending', sort.sort === 'desc' ? '1' : '0');
      }
      if (search) query.set('search', search);
      const next = query.toString();
      if (next !== signature) {
        cursors.clear();
        signature = next;
      }
      const size = params.endRow - params.startRow;
      const cursor = cursors.get(params.startRow);
      if (cursor) query.set('cursor', cursor);
      else query.set('page', String(Math.floor(params.startRow / size) + 1));
      query.set('per_page', String(size));
      fetch(`/api/v1/facilities?${query}`, { headers: { Accept: 'application/json' }, credentials: 'include' })
        .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`list ${res.status}`))))
        .then(({ data, meta }) => {
          if (meta.next_cursor) cursors.set(params.startRow + size, meta.next_cursor);
          const last = meta.next_cursor ? (meta.total ?? -1) : params.startRow + data.length;
          params.successCallback(data, last);
        })
        .catch(() => params.failCallback());
    },
  };
}

/** The grid options both pages give (the datasource apart). */
export const gridOptions = {
  theme,
  columnDefs: config.columns.map((c) => ({
    colId: c.colId,
    field: c.colId,
    headerName: c.headerName,
    width: c.width,
    pinned: c.pinned ? 'left' : undefined,
    type: c.rightAligned ? 'rightAligned' : undefined,
    sortable: c.sortable,
    initialSort: c.sort ?? undefined,
  })),
  defaultColDef: { resizable: true, minWidth: 60 },
  rowSelection: { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false },
  selectionColumnDef: { pinned: 'left' },
  rowModelType: 'infinite',
  cacheBlockSize: 100,
  maxBlocksInCache: 40,
  getRowId: (p) => p.data.uuid,
};

/** The grid's element, sized like ours. */
export function gridElement() {
  const host = document.getElementById('grid');
  host.style.width = `${config.width}px`;
  host.style.height = `${config.height}px`;
  return host;
}

/** Calls `onSearch` with the trimmed term 300 ms after the last input into the search box. */
export function onSearch(callback) {
  let timer;
  document.getElementById('search').addEventListener('input', (event) => {
    clearTimeout(timer);
    const value = event.target.value.trim();
    timer = setTimeout(() => callback(value), 300);
  });
}
