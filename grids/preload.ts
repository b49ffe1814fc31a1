// Warming the grid layer while the user looks at another screen: the per-device table settings and the saved
// views (one request each for every table) and, on a desktop-sized window, the DataGrid chunk with the record
// translations and a throwaway grid that compiles AG Grid's code and our column adapters (grid-warm-up.ts). The
// shell calls `preloadGrids` once when the browser is idle after sign-in; a grid route calls `loadDataGridModule`
// in parallel with its own chunk. Opening a module's grid then waits only for its first block of rows.
import { settingsGroupQuery } from '../src/api/queries';
import { queryClient } from '../src/api/query-client';
import { selectedSettingsGroupAtom } from '../src/state/context';
import { store } from '../src/state/store';
import { loadRecordTranslations } from '../src/i18n';
import type * as DataGridExports from './data-grid';
import { gridViewsQuery } from './grid-views-query';
import { MOBILE_BREAKPOINT, deviceString, tableSettingsQuery } from './table-settings-query';

type DataGridModule = typeof DataGridExports;

let gridModule: DataGridModule | null = null;
let gridModuleLoading: Promise<DataGridModule> | null = null;

/** The DataGrid chunk, loaded once. */
export function loadDataGridModule(): Promise<DataGridModule> {
  gridModuleLoading ??= import('./data-grid').then(
    (module) => (gridModule = module),
    (error: unknown) => {
      gridModuleLoading = null; // a chunk that failed to load (offline, new deploy) is tried again next time
      throw error;
    },
  );
  return gridModuleLoading;
}

/** The DataGrid module when it has loaded already (so a screen can render it without suspending). */
export const loadedDataGridModule = (): DataGridModule | null => gridModule;

const desktop = () => (globalThis.innerWidth ?? 0) >= MOBILE_BREAKPOINT;
const saveData = () =>
  Boolean((globalThis.navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);

/**
 * Table settings of this device, the saved views, the selected settings group (its currency formats money cells),
 * and the grid chunk on desktop unless the user asked to save data.
 */
export function preloadGrids(): void {
  void queryClient.prefetchQuery(tableSettingsQuery(deviceString()));
  void queryClient.prefetchQuery(gridViewsQuery);
  const settingsGroupUuid = store.get(selectedSettingsGroupAtom);
  if (settingsGroupUuid) void queryClient.prefetchQuery(settingsGroupQuery(settingsGroupUuid));
  if (!desktop() || saveData()) return;
  // the throwaway grid builds the facilities columns, whose headers are record texts: it waits for them too
  void Promise.all([loadDataGridModule(), loadRecordTranslations()])
    .then(([module]) => module.warmUpGrid())
    .catch(() => undefined);
}

/**
 * For a module screen: the DataGrid chunk (desktop), the table settings and the saved views, started when the
 * screen's code loads.
 * Failures are left to the grid to report.
 */
export function preloadForGridRoute(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(tableSettingsQuery(deviceString())),
    queryClient.prefetchQuery(gridViewsQuery).catch(() => undefined),
    desktop() ? loadDataGridModule().catch(() => undefined) : undefined,
  ]);
}
