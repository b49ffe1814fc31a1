// Changes made offline, in the grid (docs/decisions.md, "Installable and offline"): an edit the server refused when it
// was sent (a 422) is shown as a refused online edit is (use-cell-edit.ts): the cell marked, the field's message in its
// tooltip and in the footer, and the value the user typed kept in the cell to be corrected. Editing the cell again
// replaces the refused edit; removing it from the changes list puts the server's value back. A replay's saved records
// go into their rows (their new version), and a record created offline reloads the rows (its temporary row goes).
import type { GridApi } from 'ag-grid-community';
import { useEffect, type RefObject } from 'react';
import type { AnyEntity } from '../src/entities/define';
import { onRefusedCells, onReplayed, refusedCells, type RefusedCell } from '../src/api/offline-marks';
import { getRecord, type ApiRecord } from '../src/api/records';
import { cellKey, type GridContext } from './grid-context';
import type { CellError } from './use-cell-edit';

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

export function useOfflineMarks(
  entity: AnyEntity,
  api: RefObject<GridApi<ApiRecord> | null>,
  context: RefObject<GridContext>,
  onError: (error: CellError | null) => void,
) {
  useEffect(() => {
    let shown = new Map<string, RefusedCell>();
    const apply = () => {
      const grid = api.current;
      const errors = context.current.cellErrors;
      const next = new Map(
        refusedCells()
          .filter((cell) => cell.model === entity.name)
          .map((cell) => [cellKey(cell.uuid, cell.field), cell]),
      );
      const rows = new Set<string>();
      for (const [key, cell] of shown) {
        if (next.has(key)) continue;
        if (errors.get(key) === cell.message) errors.delete(key);
        const node = grid?.getRowNode(cell.uuid);
        // removed from the list (the cell still shows what was typed): the server's value again
        if (node?.data && same(node.data[cell.field], cell.value))
          void getRecord(entity, cell.uuid).then(
            (record) => node.setData(record),
            () => undefined,
          );
        rows.add(cell.uuid);
      }
      let latest: RefusedCell | null = null;
      for (const [key, cell] of next) {
        errors.set(key, cell.message);
        const node = grid?.getRowNode(cell.uuid);
        if (node?.data && !same(node.data[cell.field], cell.value))
          node.setData({ ...node.data, [cell.field]: cell.value });
        rows.add(cell.uuid);
        if (!shown.has(key)) latest = cell;
      }
      shown = next;
      if (latest) onError({ uuid: latest.uuid, field: latest.field, message: latest.message });
      const rowNodes = [...rows].flatMap((uuid) => grid?.getRowNode(uuid) ?? []);
      if (rowNodes.length) grid?.refreshCells({ rowNodes, force: true });
    };
    apply();
    const stopRefused = onRefusedCells(apply);
    const stopReplayed = onReplayed((records) => {
      let reload = false;
      for (const saved of records) {
        if (saved.model !== entity.name) continue;
        if (saved.created) reload = true;
        else if (saved.record) api.current?.getRowNode(saved.uuid)?.setData(saved.record);
      }
      if (reload) api.current?.refreshInfiniteCache();
    });
    return () => {
      stopRefused();
      stopReplayed();
    };
  }, [entity, api, context, onError]);
}
