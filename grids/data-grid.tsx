// The DataGrid: AG Grid Community around one model, with server-side sort, filters and quick search (infinite
// row model), server-backed inline editing, row selection, the column chooser and per-device preferences.
// The grid itself is AG Grid's plain DOM grid (grid-host.tsx); toolbar, footer and dialogs are React.
import { Spinner } from '@blueprintjs/core';
import type { GridApi, GridOptions } from 'ag-grid-community';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import {
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import type { GridViewQuery } from '../src/entities/account';
import { useTranslation } from '../src/i18n';
import { useSelectedSettingsGroup } from '../src/components/use-settings-group';
import { filtersAtom, selectedPartitionsAtom, selectedPropertiesAtom } from '../src/state/context';
import { GRID_OPTIONS, gridTheme, registerGridModules } from './ag-grid-setup';
import { ColumnChooser } from './column-chooser';
import { fieldRefOf } from './field-refs';
import { buildColumnDefs } from './columns';
import type { GridDefinition } from './define-grid';
import type { GridContext } from './grid-context';
import { useGridLocaleText } from './grid-locale';
import { GridFooter } from './grid-footer';
import { GridHost } from './grid-host';
import { createCellTooltip, type CellTooltip } from './cell-tooltip';
import { GridToolbar } from './grid-toolbar';
import { TransferEntries } from './export/transfer-entries';
import { GridViews, useGridViews } from './grid-views';
import type { StatusLimiter } from './list-query';
import { mergeLayout, useDevice, useTableSettings } from './preferences';
import { createRefTitleResolver } from './ref-cells';
import type { ApiRecord } from './records-api';
import { useDebounced } from './ref-lookup';
import { ShortcutSheet } from './shortcut-sheet';
import { useCellEdit, type CellError } from './use-cell-edit';
import { useGridDatasource, type ListInfo } from './use-grid-datasource';
import { useGridFormat } from './use-grid-format';
import { useGridLayout } from './use-grid-layout';
import { useScopePending } from './use-scope-pending';
import { useSpreadsheet } from './use-spreadsheet';
import { RangeSummary } from './range/range-summary';
import { BulkEditButton } from './bulk-edit/bulk-edit-button';
import { stateOfViewQuery, viewQueryOf } from './view-query';
import './data-grid.css';

registerGridModules();

export { warmUpGrid } from './grid-warm-up';

export interface DataGridHandle {
  /** Shows a saved record in its row (or reloads when it is not loaded). */
  applyRecord: (record: ApiRecord) => void;
  reload: () => void;
}

export interface DataGridProps {
  grid: GridDefinition;
  onOpenRecord: (record: ApiRecord) => void;
  /** Shown as "New" when the list reply offers `links.create`. */
  onCreate?: () => void;
  handleRef?: Ref<DataGridHandle>;
}

const userSource = (source: string) => source !== 'api' && source !== 'gridInitializing' && source !== 'flex';

export function DataGrid(props: DataGridProps) {
  const device = useDevice();
  const settings = useTableSettings(device);
  const scopePending = useScopePending();
  if (settings.isPending || scopePending) return <Spinner className="hw-grid-loading" />;
  return <LoadedGrid key={device} {...props} device={device} saved={settings.data?.[props.grid.table]} />;
}

function LoadedGrid({
  grid,
  onOpenRecord,
  onCreate,
  handleRef,
  device,
  saved,
}: DataGridProps & {
  device: string;
  saved: Parameters<typeof mergeLayout>[1];
}) {
  const { t } = useTranslation();
  const { entity } = grid;
  const [layout] = useState(() => mergeLayout(grid, saved));
  const api = useRef<GridApi<ApiRecord> | null>(null);
  const format = useGridFormat();
  const localeText = useGridLocaleText();
  const { current: group } = useSelectedSettingsGroup();
  const propertyUuids = useAtomValue(selectedPropertiesAtom);
  const partitionUuids = useAtomValue(selectedPartitionsAtom);
  const [filters, setFilters] = useAtom(filtersAtom);
  const [search, setSearch] = useState('');
  const [limiter, setLimiter] = useState<StatusLimiter | null>(entity.status ? layout.statusLimiter : null);
  const [archived, setArchived] = useState(false);
  const [info, setInfo] = useState<ListInfo | null>(null);
  const [cellError, setCellError] = useState<CellError | null>(null);
  const [shortcuts, setShortcuts] = useState(false);
  const [selected, setSelected] = useState(0);
  const [sort, setSort] = useState(layout.sort);
  const views = useGridViews(grid.table);
  const client = useQueryClient();
  const tooltip = useRef<CellTooltip>(null as never);
  tooltip.current ??= createCellTooltip();
  useEffect(() => () => tooltip.current.hide(), []);
  const context = useRef<GridContext>(null as never);
  context.current ??= {
    entity,
    format,
    t,
    // Titles that arrive refresh the cells of the columns referencing that model (formatted values only).
    refTitles: createRefTitleResolver(client, (models) => {
      const columns = (api.current?.getColumns() ?? []).filter((column) => {
        const ref = fieldRefOf(grid, column.getColId());
        return ref?.field.kind === 'ref' && models.has(ref.field.model);
      });
      if (columns.length > 0) api.current?.refreshCells({ columns, force: true });
    }),
    cellErrors: new Map(),
    openRecord: onOpenRecord,
    openShortcuts: () => setShortcuts(true),
    lookupScope: {},
    queryClient: client,
  };
  context.current.format = format;
  context.current.t = t;
  context.current.openRecord = onOpenRecord;
  context.current.lookupScope = group ? { settings_group_uuid: group.uuid } : {};

  // The footer's count: the grid re-renders only when it changed (every new sort or search answers it again).
  const showInfo = useCallback(
    (next: ListInfo) =>
      setInfo((old) =>
        old?.total === next.total && old.totalAtLeast === next.totalAtLeast && old.canCreate === next.canCreate
          ? old
          : next,
      ),
    [],
  );
  const datasource = useGridDatasource(
    entity,
    {
      search: useDebounced(search, 300),
      statusLimiter: limiter,
      archived: archived ? '1' : '0',
      settingsGroupUuid: group?.uuid ?? null,
      propertyUuids,
      partitionUuids,
    },
    showInfo,
    { sort: layout.sort, filterModel: filters[grid.table] ?? {}, size: layout.rowsPerPage },
  );
  const sheet = useSpreadsheet(grid, api, context);
  const { withRange } = sheet;
  const columnDefs = useMemo(() => withRange(buildColumnDefs(grid, layout, t)), [grid, layout, t, withRange]);
  const onCellEditRequest = useCellEdit(entity, context, setCellError);

  const { chooser, persist, refreshChooser, rowsPerPage, toggleColumn, pinColumn, moveColumn, resetLayout } =
    useGridLayout(grid, api, device, layout, limiter);

  useEffect(() => void api.current?.refreshCells({ force: true }), [format]);

  useImperativeHandle(
    handleRef,
    () => ({
      applyRecord: (record) => {
        const node = api.current?.getRowNode(record.uuid);
        if (node) node.setData(record);
        else api.current?.refreshInfiniteCache();
      },
      reload: () => api.current?.refreshInfiniteCache(),
    }),
    [],
  );

  const tableFilters = filters[grid.table] ?? {};
  const filtered = Object.keys(tableFilters).length > 0;
  const currentQuery = viewQueryOf({ sort, filters: tableFilters, search, statusLimiter: limiter });

  /** Puts a saved view's query on the grid; `null` (the standard view) clears filters and search. */
  const applyQuery = useCallback(
    (query: GridViewQuery | null) => {
      const gridApi = api.current;
      if (!gridApi) return;
      setSearch(query?.search ?? '');
      gridApi.setFilterModel(query?.filters && Object.keys(query.filters).length > 0 ? query.filters : null);
      if (!query) return;
      const state = stateOfViewQuery(query, entity.status ? layout.statusLimiter : null);
      const sortable = state.sort && fieldRefOf(grid, state.sort.colId) ? state.sort : null;
      gridApi.applyColumnState({ state: sortable ? [sortable] : [], defaultState: { sort: null } });
      if (entity.status) setLimiter(state.statusLimiter);
    },
    [entity.status, grid, layout.statusLimiter],
  );
  // The view named in the URL, once the list of views is there; again whenever it changes. The grid exists by
  // then: GridHost creates it in a layout effect, which runs before this component's effects.
  const appliedView = useRef<string | null>(null);
  useEffect(() => {
    if (!api.current || !views.loaded) return;
    const target = views.active?.uuid ?? null;
    if (appliedView.current === target) return;
    appliedView.current = target;
    applyQuery(views.active?.query ?? null);
  }, [views.loaded, views.active, applyQuery]);
  const gridOptions: GridOptions<ApiRecord> = {
    theme: gridTheme,
    ...GRID_OPTIONS,
    localeText,
    context: context.current,
    columnDefs,
    rowModelType: 'infinite',
    datasource,
    cacheBlockSize: layout.rowsPerPage,
    maxBlocksInCache: grid.scroll === 'infinite' ? 40 : undefined,
    pagination: grid.scroll === 'pages',
    paginationPageSize: layout.rowsPerPage,
    getRowId: (p) => p.data.uuid,
    readOnlyEdit: true,
    onCellEditRequest,
    ...sheet.gridProps,
    onCellMouseOver: (e) => {
      sheet.gridProps.onCellMouseOver(e);
      tooltip.current.over(e);
    },
    onCellMouseOut: (e) => tooltip.current.out(e),
    onCellMouseDown: (e) => {
      tooltip.current.hide();
      sheet.gridProps.onCellMouseDown(e);
    },
    onCellEditingStarted: () => tooltip.current.hide(),
    onBodyScroll: () => tooltip.current.hide(),
    enterNavigatesVerticallyAfterEdit: true,
    stopEditingWhenCellsLoseFocus: true,
    suppressDragLeaveHidesColumns: true,
    maintainColumnOrder: true,
    onGridReady: (event) => {
      api.current = event.api;
      if (filtered) event.api.setFilterModel(tableFilters);
    },
    onColumnMoved: (e) => e.finished && userSource(e.source) && persist(),
    onColumnResized: (e) => e.finished && userSource(e.source) && persist(),
    onColumnVisible: (e) => userSource(e.source) && persist(),
    onColumnPinned: (e) => userSource(e.source) && persist(),
    onSortChanged: (e) => {
      const sorted = e.api.getColumnState().find((c) => c.sort);
      // for the views' "unsaved changes" chip: after the grid asked for its rows, not before
      startTransition(() =>
        setSort(sorted ? { colId: sorted.colId, sort: sorted.sort === 'desc' ? 'desc' : 'asc' } : null),
      );
      if (userSource(e.source)) persist();
    },
    onPaginationChanged: (e) => {
      const size = e.api.paginationGetPageSize();
      if (e.newPageSize && size !== rowsPerPage.current) {
        rowsPerPage.current = size;
        persist();
      }
    },
    onFilterChanged: (e) => setFilters((all) => ({ ...all, [grid.table]: e.api.getFilterModel() })),
    onSelectionChanged: (e) => setSelected(e.api.getSelectedNodes().length),
  };

  return (
    <div className="hw-data-grid">
      <GridToolbar
        search={search}
        onSearch={setSearch}
        views={
          <GridViews
            table={grid.table}
            settingsGroupUuid={group?.uuid ?? null}
            current={currentQuery}
            views={views}
            onReset={applyQuery}
          />
        }
        statusLimiter={limiter}
        onStatusLimiter={(value) => {
          setLimiter(value);
          persist(value);
        }}
        archived={archived}
        onArchived={setArchived}
        filtered={filtered}
        onClearFilters={() => api.current?.setFilterModel(null)}
        onShortcuts={() => setShortcuts(true)}
        onCreate={info?.canCreate ? onCreate : undefined}
        sheet={<BulkEditButton selected={selected} onClick={sheet.openBulkEdit} />}
        transfer={
          <TransferEntries
            grid={grid}
            api={api}
            selected={selected}
            base={{
              search,
              statusLimiter: limiter,
              archived: archived ? '1' : '0',
              settingsGroupUuid: group?.uuid ?? null,
              propertyUuids,
              partitionUuids,
            }}
          />
        }
        chooser={
          <ColumnChooser
            columns={chooser}
            onOpening={refreshChooser}
            onToggle={toggleColumn}
            onMove={moveColumn}
            onPin={pinColumn}
            onReset={() => void resetLayout().then((defaults) => entity.status && setLimiter(defaults.statusLimiter))}
          />
        }
      />
      <div
        className="hw-grid-body"
        {...sheet.bodyProps}
        onMouseOver={(e) => tooltip.current.overHeader(e.nativeEvent)}
        onMouseOut={(e) => tooltip.current.outHeader(e.nativeEvent)}
      >
        <GridHost options={gridOptions} onApi={(gridApi) => (api.current = gridApi)} />
      </div>
      <GridFooter info={info} selected={selected} error={cellError} model={entity.name}>
        <RangeSummary api={api} grid={grid} range={sheet.range} format={format} />
      </GridFooter>
      {sheet.dialogs}
      <ShortcutSheet isOpen={shortcuts} onClose={() => setShortcuts(false)} />
    </div>
  );
}
