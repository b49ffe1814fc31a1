// A throwaway grid, built once while the browser is idle after sign-in (grids/preload.ts) and destroyed at once:
// the first grid a user opens in a page otherwise pays for compiling AG Grid's code (creating the grid, headers,
// the infinite row model, rows and cells) — about 100 ms on a slow machine. Off-screen, a few local rows, no
// requests; in two idle slices, so no single task holds the page for long.
import { createGrid, type GridApi } from 'ag-grid-community';
import { GRID_OPTIONS, gridTheme, registerGridModules } from './ag-grid-setup';

let warmed = false;

/** A real grid was created: its code is warm, nothing to do. */
export function markGridWarm(): void {
  warmed = true;
}

const idle = (run: () => void) =>
  (globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 50)))(run, { timeout: 3000 });

const ROWS = Array.from({ length: 20 }, (_, i) => ({ uuid: `warm-${i}`, name: `Row ${i}`, amount: i * 10 }));

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
    let api: GridApi | null = createGrid(host, {
      theme: gridTheme,
      ...GRID_OPTIONS,
      columnDefs: [
        { field: 'name', pinned: 'left', sortable: true, filter: 'agTextColumnFilter' },
        {
          field: 'amount',
          type: 'rightAligned',
          filter: 'agNumberColumnFilter',
          valueFormatter: (p) => String(p.value),
        },
      ],
      rowModelType: 'infinite',
      cacheBlockSize: ROWS.length,
      getRowId: (p) => p.data.uuid,
      datasource: { getRows: (params) => params.successCallback(ROWS, ROWS.length) },
    });
    idle(() => {
      api?.destroy();
      api = null;
      host.remove();
    });
  });
}
