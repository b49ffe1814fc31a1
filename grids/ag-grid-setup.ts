// AG Grid Community modules, registered once, and the theme. Only the modules the DataGrid uses are listed, so
// the grid chunk stays small; Community modules only (docs/domain/architecture.md, "Stack"). Tooltips: cells and headers share the
// one tooltip of cell-tooltip.ts, so no column asks for AG Grid's (its TooltipModule still comes with editing).
import {
  CellStyleModule,
  CheckboxEditorModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CustomEditorModule,
  CustomFilterModule,
  DateEditorModule,
  DateFilterModule,
  EventApiModule,
  InfiniteRowModelModule,
  LargeTextEditorModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  SelectEditorModule,
  TextEditorModule,
  TextFilterModule,
  ValidationModule,
  themeQuartz,
  type GridOptions,
  type Module,
} from 'ag-grid-community';

const modules: Module[] = [
  InfiniteRowModelModule,
  PaginationModule,
  RowSelectionModule,
  ColumnAutoSizeModule,
  ColumnApiModule,
  RowApiModule,
  RenderApiModule,
  ScrollApiModule,
  EventApiModule,
  TextEditorModule,
  LargeTextEditorModule,
  SelectEditorModule,
  DateEditorModule,
  CheckboxEditorModule,
  CustomEditorModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  CustomFilterModule,
  CellStyleModule,
  RowStyleModule,
  LocaleModule,
];

let registered = false;
export function registerGridModules(): void {
  if (registered) return;
  registered = true;
  // The validation module names a missing module in development; production leaves it out.
  ModuleRegistry.registerModules(import.meta.env.DEV ? [...modules, ValidationModule] : modules);
}

/**
 * Quartz follows `<html data-ag-theme-mode="dark|light">` (set by the app's theme provider) through its
 * variable colour scheme; the parameters bring it close to Blueprint's density and dark surfaces.
 */
export const gridTheme = themeQuartz
  .withParams({
    fontFamily: 'inherit',
    fontSize: 13,
    headerFontWeight: 600,
    spacing: 6,
    rowHeight: 32,
    headerHeight: 34,
    wrapperBorderRadius: 2,
    accentColor: '#215db0',
  })
  .withParams({ backgroundColor: '#252a31', chromeBackgroundColor: '#2f343c', accentColor: '#8abbff' }, 'dark');

/**
 * Options every DataGrid shares. The checkbox column stays at the left edge, before the pinned title. Headers,
 * rows and cells keep their displayed order in the DOM (a moved column too), as screen readers read it.
 */
export const GRID_OPTIONS = {
  ensureDomOrder: true,
  // AG Grid gives every rendered cell a tooltip feature, whether its column has a tooltip or not; with its own
  // tooltips that feature attaches a set of listeners per cell (the largest cost of our cells while scrolling),
  // with browser tooltips it only keeps a title attribute, which no column sets
  enableBrowserTooltips: true,
  defaultColDef: { resizable: true, minWidth: 60 },
  rowSelection: { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false },
  selectionColumnDef: { pinned: 'left', suppressSizeToFit: true },
  paginationPageSizeSelector: [10, 25, 50, 100, 200, 500],
} satisfies GridOptions;
