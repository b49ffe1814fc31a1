// The DataGrid's toolbar wired to the grid's state: the list query (search, status limiter, archived, column
// filters), saved views, bulk edit, import and export, the column chooser, the shortcut sheet and "New".
import type { GridApi } from 'ag-grid-community';
import type { RefObject } from 'react';
import { BulkEditButton } from './bulk-edit/bulk-edit-button';
import { ColumnChooser } from './column-chooser';
import type { GridDefinition } from './define-grid';
import { TransferEntries } from './export/transfer-entries';
import { GridToolbar } from './grid-toolbar';
import { GridViews } from './grid-views';
import type { ApiRecord } from '../src/api/records';
import type { useGridLayout } from './use-grid-layout';
import type { ListState } from './use-list-state';
import type { useSavedViews } from './use-saved-views';

interface Props {
  grid: GridDefinition;
  api: RefObject<GridApi<ApiRecord> | null>;
  list: ListState;
  views: ReturnType<typeof useSavedViews>;
  layout: ReturnType<typeof useGridLayout>;
  selected: number;
  /** Shown as "New" (the list reply offers `links.create`). */
  onCreate?: () => void;
  /** The model's record templates for "New from template". */
  templates?: readonly { uuid: string; name: string }[];
  onCreateFrom?: (template: string) => void;
  onBulkEdit: () => void;
  onShortcuts: () => void;
}

export function DataGridToolbar({ grid, api, list, views, layout, selected, ...props }: Props) {
  return (
    <GridToolbar
      search={list.search}
      onSearch={list.setSearch}
      views={
        <GridViews
          table={grid.table}
          settingsGroupUuid={list.base.settingsGroupUuid}
          current={views.current}
          views={views.views}
          onReset={views.applyQuery}
        />
      }
      statusLimiter={list.limiter}
      onStatusLimiter={(value) => {
        list.setLimiter(value);
        layout.persist(value);
      }}
      archived={list.archived}
      onArchived={list.setArchived}
      filtered={list.filtered}
      onClearFilters={() => api.current?.setFilterModel(null)}
      onShortcuts={props.onShortcuts}
      onCreate={props.onCreate}
      templates={props.templates}
      onCreateFrom={props.onCreateFrom}
      sheet={<BulkEditButton selected={selected} onClick={props.onBulkEdit} />}
      transfer={<TransferEntries grid={grid} api={api} selected={selected} base={list.base} />}
      chooser={
        <ColumnChooser
          columns={layout.chooser}
          onOpening={layout.refreshChooser}
          onToggle={layout.toggleColumn}
          onMove={layout.moveColumn}
          onPin={layout.pinColumn}
          onReset={() =>
            void layout.resetLayout().then((defaults) => grid.entity.status && list.setLimiter(defaults.statusLimiter))
          }
        />
      }
    />
  );
}
