// The baseline page of grid.bench.mjs: bare AG Grid Community hosted by ag-grid-react's `AgGridReact`, as an
// application would write it (options as props, the datasource in state), no app code; bundled on the fly by
// esbuild (React's production build). Modules, columns, datasource and options: grid-bare-common.js (the same as
// the createGrid page).
import { AgGridReact } from 'ag-grid-react';
import { createElement, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { datasource, gridElement, gridOptions, onSearch } from './grid-bare-common.js';

function BareGrid() {
  const [rows, setRows] = useState(() => datasource(''));
  useEffect(() => onSearch((search) => setRows(datasource(search))), []);
  return createElement(AgGridReact, { ...gridOptions, datasource: rows });
}

createRoot(gridElement()).render(createElement(BareGrid));
