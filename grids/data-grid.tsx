// The DataGrid: AG Grid Community around one model, with server-side sort, filters and quick search (infinite
// row model), server-backed inline editing, row selection, the column chooser and per-device preferences.
// The grid is hosted by ag-grid-react (grid-host.tsx), its hot cells AG Grid's own component classes; toolbar,
// footer and dialogs are React. Each concern is a hook of its own (grids/README.md); this file composes them.
import { Spinner } from '@blueprintjs/core';
import type { GridApi, GridOptions } from 'ag-grid-community';
import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from '../src/i18n';
import { registerGridModules } from './ag-grid-setup';
import { buildColumnDefs } from './columns';
import { fillGridWidth } from './column-width';
import { DataGridToolbar } from './data-grid-toolbar';
import type { GridDefinition } from './define-grid';
import { fixedOptions, layoutEvents } from './grid-options';
import { useGridLocaleText } from './grid-locale';
import { GridFooter } from './grid-footer';
import { GridHost } from './grid-host';
import type { ArchivedMode, StatusLimiter } from './list-query';
import { mergeLayout, useDevice, useTableSettings } from './preferences';
import type { ApiRecord, ListQuery } from '../src/api/records';
import { ShortcutSheet } from './shortcut-sheet';
import { useCellEdit, type CellError } from './use-cell-edit';
import { useOfflineMarks } from './use-offline-marks';
import { useCellTooltip } from './use-cell-tooltip';
import { useGridContext } from './use-grid-context';
import { useGridFormat } from './use-grid-format';
import { useGridHandle, type DataGridHandle } from './use-grid-handle';
import { useGridLayout } from './use-grid-layout';
import { useGridRows } from './use-grid-rows';
import { useListState } from './use-list-state';
import { useSavedViews } from './use-saved-views';
import { useScopePending } from './use-scope-pending';
import { useSpreadsheet } from './use-spreadsheet';
import { RangeSummary } from './range/range-summary';
import './data-grid.css';

registerGridModules();

/** Selection changes the user made (not the API, nor rows replaced by a reload). */
const USER_SELECTION = new Set<string>([
  'checkboxSelected',
  'rowClicked',
  'spaceKey',
  'keyboardSelectAll',
  'uiSelectAll',
  'uiSelectAllFiltered',
  'uiSelectAllCurrentPage',
]);

export { warmUpGrid } from './grid-warm-up';
export type { DataGridHandle };

export interface DataGridProps {
  grid: GridDefinition;
  onOpenRecord: (record: ApiRecord) => void;
  /** Shown as "New" when the list reply offers `links.create`. */
  onCreate?: () => void;
  /** The model's record templates, offered beside "New" (docs/domain/record-templates.md). */
  templates?: readonly { uuid: string; name: string }[];
  onCreateFrom?: (template: string) => void;
  handleRef?: Ref<DataGridHandle>;
  /** Parameters the screen adds to the list query (the map's `bbox`); memoise it. */
  extraQuery?: ListQuery;
  /** The user selected or unselected rows (not `handle.select`): the selected loaded rows' uuids. */
  onSelectionChange?: (uuids: string[]) => void;
  /** Rows arrived or changed (a block loaded, a reload): a linked view may select among them now. */
  onRowsChanged?: () => void;
  /** The status limiter or the archived switch changed (and once at the start): the map shows the same records. */
  onScopeChange?: (scope: { statusLimiter: StatusLimiter | null; archived: ArchivedMode }) => void;
}

export function DataGrid(props: DataGridProps) {
  const device = useDevice();
  const settings = useTableSettings(device);
  const scopePending = useScopePending();
  if (settings.isPending || scopePending) return <Spinner className="hw-grid-loading" />;
  return <LoadedGrid key={device} {...props} device={device} saved={settings.data?.[props.grid.table]} />;
}

type LoadedGridProps = DataGridProps & { device: string; saved: Parameters<typeof mergeLayout>[1] };

function LoadedGrid(props: LoadedGridProps) {
  const { grid, onOpenRecord, onCreate, handleRef, device, saved, extraQuery, onSelectionChange, onRowsChanged } =
    props;
  const { onScopeChange } = props;
  const { t } = useTranslation();
  const { entity } = grid;
  const [layout] = useState(() => mergeLayout(grid, saved));
  const api = useRef<GridApi<ApiRecord> | null>(null);
  const format = useGridFormat();
  const localeText = useGridLocaleText();
  const [cellError, setCellError] = useState<CellError | null>(null);
  const [shortcuts, setShortcuts] = useState(false);
  const [selected, setSelected] = useState(0);
  // the grid's API arrives once its UI is ready (after the first commit): render again, so effects that need it run
  const [, setGridReady] = useState(false);
  const list = useListState(grid, layout, extraQuery);
  const { limiter, archived } = list;
  useEffect(
    () => onScopeChange?.({ statusLimiter: limiter, archived: archived ? '1' : '0' }),
    [onScopeChange, limiter, archived],
  );
  const context = useGridContext(grid, api, {
    format,
    openRecord: onOpenRecord,
    openShortcuts: () => setShortcuts(true),
    settingsGroupUuid: list.base.settingsGroupUuid,
    templates: props.templates,
  });
  const rows = useGridRows(entity, list, layout);
  const sheet = useSpreadsheet(grid, api, context);
  const tooltip = useCellTooltip(sheet.gridProps);
  const { withRange } = sheet;
  const columnDefs = useMemo(() => withRange(buildColumnDefs(grid, layout, t)), [grid, layout, t, withRange]);
  // the options that never change, made once: a new object per render would reach the grid as a change
  const [fixed] = useState(() => ({
    ...fixedOptions(grid, layout),
    autoSizeStrategy: fillGridWidth(
      columnDefs,
      layout.columns.some((c) => c.width !== undefined),
    ),
  }));
  const onCellEditRequest = useCellEdit(entity, context, setCellError);
  useOfflineMarks(entity, api, context, setCellError);
  const gridLayout = useGridLayout(grid, api, device, layout, list.limiter);
  useGridHandle(handleRef, api);
  const views = useSavedViews(grid, api, layout, list, saved !== undefined);

  const gridOptions: GridOptions<ApiRecord> = {
    ...fixed,
    localeText,
    context: context.current,
    columnDefs,
    datasource: rows.datasource,
    onCellEditRequest,
    ...sheet.gridProps,
    ...tooltip.gridProps,
    ...layoutEvents(gridLayout.persist, gridLayout.rowsPerPage, views.onSortChanged),
    onGridReady: (event) => {
      api.current = event.api;
      if (list.filtered) event.api.setFilterModel(list.tableFilters);
    },
    onFilterChanged: (e) => list.setTableFilters(e.api.getFilterModel()),
    onModelUpdated: () => onRowsChanged?.(),
    onSelectionChanged: (e) => {
      const nodes = e.api.getSelectedNodes();
      setSelected(nodes.length);
      if (USER_SELECTION.has(e.source))
        onSelectionChange?.(nodes.flatMap((node) => (node.data ? [node.data.uuid] : [])));
    },
  };

  return (
    <div className="hw-data-grid">
      <DataGridToolbar
        grid={grid}
        api={api}
        list={list}
        views={views}
        layout={gridLayout}
        selected={selected}
        onCreate={rows.info?.canCreate ? onCreate : undefined}
        templates={props.templates}
        onCreateFrom={props.onCreateFrom}
        onBulkEdit={sheet.openBulkEdit}
        onShortcuts={() => setShortcuts(true)}
      />
      <div className="hw-grid-body" {...sheet.bodyProps} {...tooltip.bodyProps}>
        <GridHost
          options={gridOptions}
          onApi={(gridApi) => {
            api.current = gridApi;
            setGridReady(gridApi !== null);
          }}
        />
      </div>
      <GridFooter info={rows.info} selected={selected} error={cellError} model={entity.name}>
        <RangeSummary api={api} grid={grid} range={sheet.range} format={format} />
      </GridFooter>
      {sheet.dialogs}
      <ShortcutSheet isOpen={shortcuts} onClose={() => setShortcuts(false)} />
    </div>
  );
}
