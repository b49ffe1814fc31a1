// A baseline page of grid.bench.mjs: bare AG Grid Community hosted by its own `createGrid` (no React, no app
// code), bundled on the fly by esbuild. Printed beside ours without a budget, so what ag-grid-react costs stays
// visible. Modules, columns, datasource and options: grid-bare-common.js (the same as the AgGridReact page).
import { createGrid } from 'ag-grid-community';
import { datasource, gridElement, gridOptions, onSearch } from './grid-bare-common.js';

const api = createGrid(gridElement(), { ...gridOptions, datasource: datasource('') });
onSearch((search) => api.setGridOption('datasource', datasource(search)));
