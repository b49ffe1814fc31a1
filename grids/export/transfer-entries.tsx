// The toolbar's import and export entries of a grid, wired to its API (columns, sort, filters, selection).
import type { GridApi } from 'ag-grid-community';
import type { RefObject } from 'react';
import type { GridDefinition } from '../define-grid';
import { ImportButton } from '../import/import-button';
import type { ApiRecord } from '../../src/api/records';
import type { BaseQueryState } from '../use-grid-datasource';
import { ExportMenu } from './export-menu';

interface Props {
  grid: GridDefinition;
  api: RefObject<GridApi<ApiRecord> | null>;
  /** The grid's query outside AG Grid: search, limiter, archived, selected context. */
  base: BaseQueryState;
  selected: number;
}

export function TransferEntries({ grid, api, base, selected }: Props) {
  const reload = () => {
    const gridApi = api.current;
    if (gridApi && !gridApi.isDestroyed()) gridApi.refreshInfiniteCache();
  };
  return (
    <>
      <ImportButton grid={grid} settingsGroupUuid={base.settingsGroupUuid} reload={reload} />
      <ExportMenu grid={grid} api={api} base={base} selected={selected} />
    </>
  );
}
