// "Export this view": the grid's own list query (sort, filters, search, limiter, archived, selected context) plus
// the visible columns in screen order with their widths, the format, and optionally the selected rows.
// `snapshotOf` reads what the grid shows; `exportQuery` is pure and unit-tested.
import type { GridApi } from 'ag-grid-community';
import type { AnyEntity } from '../../src/entities/define';
import type { GridDefinition } from '../define-grid';
import { fieldRefOf } from '../field-refs';
import { toListQuery, type GridQueryState } from '../list-query';
import type { ApiRecord, ListQuery } from '../../src/api/records';

export type ExportFormat = 'xlsx' | 'csv';
export type CsvDelimiter = 'semicolon' | 'comma';

export interface ExportColumn {
  colId: string;
  width: number;
}

/** What the grid shows right now. */
export interface GridSnapshot {
  sort: GridQueryState['sort'];
  filterModel: Record<string, unknown>;
  columns: ExportColumn[];
  selected: string[];
}

export interface ExportChoice {
  format: ExportFormat;
  delimiter: CsvDelimiter;
  onlySelected: boolean;
}

/** The displayed columns (pinned left, centre, pinned right) that are model or system fields, with widths. */
export function snapshotOf(api: GridApi<ApiRecord>, grid: GridDefinition): GridSnapshot {
  const sorted = api.getColumnState().find((c) => c.sort);
  const columns = api
    .getAllDisplayedColumns()
    .filter((column) => fieldRefOf(grid, column.getColId()) !== null)
    .map((column) => ({ colId: column.getColId(), width: Math.round(column.getActualWidth()) }));
  return {
    sort: sorted ? { colId: sorted.colId, sort: sorted.sort === 'desc' ? 'desc' : 'asc' } : null,
    filterModel: (api.getFilterModel() ?? {}) as Record<string, unknown>,
    columns,
    selected: api.getSelectedNodes().flatMap((node) => (node.data ? [node.data.uuid] : [])),
  };
}

export function exportQuery(
  entity: AnyEntity,
  base: Omit<GridQueryState, 'sort' | 'filterModel'>,
  snapshot: GridSnapshot,
  choice: ExportChoice,
): ListQuery {
  const query: ListQuery = {
    ...toListQuery(entity, { ...base, sort: snapshot.sort, filterModel: snapshot.filterModel }),
    format: choice.format,
    columns: snapshot.columns.map((c) => c.colId).join(','),
    widths: snapshot.columns.map((c) => c.width).join(','),
  };
  if (choice.format === 'csv') query.delimiter = choice.delimiter;
  if (choice.onlySelected && snapshot.selected.length > 0) query.uuids = snapshot.selected;
  return query;
}

/** Beyond this many selected rows the export is a POST with a JSON body (a URL has room for ~16 KB). */
export const MAX_URL_UUIDS = 150;

/** `filter[name][from]` keys as nested objects, the shape the server reads from a JSON body. */
export function nestQuery(query: ListQuery): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const path = [key.replace(/\[.*$/, ''), ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = Array.isArray(value)
      ? value.map(String)
      : typeof value === 'boolean'
        ? value
          ? '1'
          : '0'
        : String(value);
  }
  return out;
}

/** The file name used when the server names none: `facilities-2026-11-23.xlsx`. */
export const fallbackFileName = (entity: AnyEntity, format: ExportFormat, today = new Date()) =>
  `${entity.plural}-${today.toISOString().slice(0, 10)}.${format}`;
