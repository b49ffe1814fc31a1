// A paste that reaches rows the grid has not loaded (infinite row model: 200 lines pasted near the end of the
// loaded block) reads those rows first, in the grid's blocks and with its query, so the preview compares with the
// stored values instead of leaving them out; past the last row the slots say 'end' (new records).
import type { GridApi } from 'ag-grid-community';
import type { RowSlot } from '../clipboard/paste-plan';
import type { ApiRecord } from '../../src/api/records';
import { rowSlot, slotOf } from '../sheet-access';
import type { SheetDatasource } from '../use-grid-datasource';

export type RowAt = (index: number) => RowSlot;

/** The rows `top`…`top + height - 1` that the grid has not loaded. */
export function unloadedRows(rowAt: RowAt, top: number, height: number): number[] {
  const missing: number[] = [];
  for (let i = top; i < top + height; i++) {
    const slot = rowAt(i);
    if (slot === 'end') break;
    if (slot === 'unloaded') missing.push(i);
  }
  return missing;
}

/**
 * The grid's rows with the missing ones read from the server (a grid whose datasource cannot read rows keeps them
 * missing); 'stale' when the grid's query changed meanwhile (the rows would belong to another list).
 */
export async function withRowsRead(api: GridApi<ApiRecord>, missing: readonly number[]): Promise<RowAt | 'stale'> {
  const grid: RowAt = (index) => rowSlot(api, index);
  const datasource = api.getGridOption('datasource') as Partial<SheetDatasource> | undefined;
  if (!datasource?.readRows || !datasource.query || missing.length === 0) return grid;
  const read = await datasource.readRows(missing[0]!, missing[missing.length - 1]! + 1);
  if (api.isDestroyed() || api.getGridOption('datasource') !== datasource) return 'stale';
  if (!read) return grid;
  if (datasource.query() !== read.query) return 'stale';
  return (index) => {
    const slot = rowSlot(api, index);
    if (slot !== 'unloaded') return slot;
    const record = read.rows.get(index);
    if (record) return slotOf(record);
    return read.end !== null && index >= read.end ? 'end' : 'unloaded';
  };
}
