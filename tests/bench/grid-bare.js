// The baseline page of grid.bench.mjs: bare AG Grid Community (no React, no app code) with the infinite row model
// on the same list endpoint, bundled on the fly by esbuild. Settings come from `window.__BARE` (set by the page):
// the facilities grid's visible columns (ids, headers, widths, pinning) and size as our grid rendered them, the
// extra list parameters our grid sent. Like ours: Quartz with the same row and header heights, a pinned checkbox
// column, blocks of 100 rows (40 kept), keyset cursors after a loaded block, and a quick search debounced 300 ms.
import {
  CellStyleModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  RowSelectionModule,
  createGrid,
  themeQuartz,
} from 'ag-grid-community';

const config = window.__BARE;
// the modules this page uses (rightAligned columns need the cell style module)
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

let search = '';

function datasource() {
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

const host = document.getElementById('grid');
host.style.width = `${config.width}px`;
host.style.height = `${config.height}px`;
const api = createGrid(host, {
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
  datasource: datasource(),
  cacheBlockSize: 100,
  maxBlocksInCache: 40,
  getRowId: (p) => p.data.uuid,
});

let timer;
document.getElementById('search').addEventListener('input', (event) => {
  clearTimeout(timer);
  const value = event.target.value.trim();
  timer = setTimeout(() => {
    search = value;
    api.setGridOption('datasource', datasource());
  }, 300);
});
