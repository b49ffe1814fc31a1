// A throwaway grid, built once while the browser is idle after sign-in (grids/preload.ts) and destroyed at once:
// the first grid a user opens in a page otherwise pays for compiling AG Grid's code, ag-grid-react's and ours
// (creating the grid, headers, the infinite row model, rows and cells as ag-grid-react renders them, our column
// adapters, formatters and class rules per field kind) — about 100 ms on a slow machine. It is the facilities
// grid's columns, built by the same code as every DataGrid, over a few local rows with a value of every kind;
// off-screen, no requests; in two idle slices, so no single task holds the page for long. It is an AgGridReact in
// a React root of its own, not a `createGrid`: the real grids render their rows and cells through ag-grid-react's
// components, which a vanilla grid would leave uncompiled (docs/decisions.md).
import { QueryClient } from '@tanstack/react-query';
import type { GridOptions } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Field, FieldKind } from '../src/entities/fields';
import { DEFAULT_LANGUAGE, i18n, isLanguage } from '../src/i18n';
import { DEFAULT_CURRENCY, DEFAULT_DATE_FORMATS } from '../src/i18n/format';
import { GRID_OPTIONS, gridTheme, registerGridModules } from './ag-grid-setup';
import { buildColumnDefs } from './columns';
import { facilitiesGrid } from './facilities.grid';
import type { GridContext } from './grid-context';
import { mergeLayout } from './preferences';
import type { ApiRecord } from '../src/api/records';

let warmed = false;

/** A real grid was created: its code is warm, nothing to do. */
export function markGridWarm(): void {
  warmed = true;
}

const idle = (run: () => void) =>
  (globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 50)))(run, { timeout: 3000 });

/** A value of every field kind, so each kind's formatter and class rules run. */
const SAMPLE = {
  text: (_f, i) => `Row ${i}`,
  long_text: (_f, i) => `Row ${i}`,
  email: (_f, i) => `row${i}@example.com`,
  phone: () => '+41 44 000 00 00',
  int: (_f, i) => i,
  decimal: (_f, i) => `${i}.5`,
  money: (_f, i) => `${i * 100}.50`,
  area: (_f, i) => `${i * 10}.25`,
  percent: (_f, i) => String(i),
  geo: (_f, i) => `47.${i}`,
  bool: (_f, i) => i % 2 === 0,
  date: () => '2026-03-15',
  datetime: () => '2026-03-15T10:00:00.000Z',
  enum: (f) => (f.kind === 'enum' ? f.values[0] : null),
  enums: (f) => (f.kind === 'enums' ? f.values.slice(0, 1) : []),
  ref: (_f, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  refs: (_f, i) => [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`],
  json: () => ({}),
} satisfies { [K in FieldKind]: (field: Field, i: number) => unknown };

function sampleRows(): ApiRecord[] {
  const fields = Object.entries(facilitiesGrid.entity.fields);
  return Array.from({ length: 20 }, (_, i) => {
    const row: Record<string, unknown> = { uuid: `warm-${i}`, links: { self: '', update: '' } };
    for (const [name, field] of fields) row[name] = SAMPLE[field.kind](field, i);
    return row as ApiRecord;
  });
}

function warmContext(): GridContext {
  const locale = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const t = (key: string) => i18n.t(key);
  return {
    entity: facilitiesGrid.entity,
    format: { locale, dateFormat: DEFAULT_DATE_FORMATS[locale], currency: DEFAULT_CURRENCY[locale], t },
    t,
    refTitles: { get: () => ({ title: '' }) }, // no title requests from here
    cellErrors: new Map(),
    pending: new Map(),
    restoreCell: () => false,
    openRecord: () => undefined,
    openShortcuts: () => undefined,
    lookupScope: {},
    queryClient: new QueryClient(),
    templates: [],
  };
}

export function warmUpGrid(): void {
  if (warmed || typeof document === 'undefined') return;
  registerGridModules();
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.style.cssText = 'position:fixed;left:-10000px;top:0;width:800px;height:400px;visibility:hidden;contain:strict';
  idle(() => {
    if (warmed) return;
    warmed = true;
    document.body.append(host);
    const rows = sampleRows();
    const layout = mergeLayout(facilitiesGrid, undefined);
    const columnDefs = buildColumnDefs(facilitiesGrid, layout, i18n.t).map((c) => ({
      ...c,
      cellClassRules: { ...c.cellClassRules, 'hw-range-cell': () => false },
    }));
    const gridOptions: GridOptions<ApiRecord> = {
      theme: gridTheme,
      ...GRID_OPTIONS,
      context: warmContext(),
      columnDefs,
      rowModelType: 'infinite',
      cacheBlockSize: rows.length,
      getRowId: (p) => p.data.uuid,
      readOnlyEdit: true,
      datasource: { getRows: (params) => params.successCallback(rows, rows.length) },
    };
    const root = createRoot(host);
    // rendered within this idle slice (AgGridReact creates the grid and renders its UI in the same commit)
    flushSync(() => root.render(createElement(AgGridReact<ApiRecord>, { gridOptions })));
    idle(() => {
      root.unmount();
      host.remove();
    });
  });
}
