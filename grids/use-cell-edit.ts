// Server-backed inline editing (`readOnlyEdit` + `cellEditRequest`): the cell shows the new value at once, a
// PATCH with If-Match saves it; a 409 reloads the row. Edits of one row are sent one after another, each with the
// version the previous one returned. A refused value (one that does not parse, or a 422) stays in its cell, marked,
// its message in the cell's tooltip and the footer (docs/domain/spreadsheet.md, "Grid editing"): editing it again
// starts from what was typed, a valid value saves and clears the mark, Escape or Undo puts the saved value back.
import { useQueryClient } from '@tanstack/react-query';
import type { CellEditRequestEvent, IRowNode } from 'ag-grid-community';
import { useCallback, useRef, type RefObject } from 'react';
import { useTranslation } from '../src/i18n';
import { isApiError } from '../src/api/errors';
import { notify, reportActionError } from '../src/components/notices';
import type { AnyEntity } from '../src/entities/define';
import { InvalidInput } from './format-value';
import { cellKey, type GridContext } from './grid-context';
import { getRecord, invalidateRecords, updateRecord, type ApiRecord } from '../src/api/records';
import { seedRefTitles } from './ref-titles';
import { headerOf } from './field-refs';
import { pushUndo } from './undo/undo-stack';

export interface CellError {
  uuid: string;
  field: string;
  message: string;
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

export function useCellEdit(
  entity: AnyEntity,
  context: RefObject<GridContext>,
  onError: (error: CellError | null) => void,
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const chains = useRef(new Map<string, Promise<void>>());

  /** Restores the saved value of a cell holding a refused one; false when it holds none. */
  const restore = useCallback(
    (node: IRowNode<ApiRecord>, field: string) => {
      const data = node.data;
      const key = data && cellKey(data.uuid, field);
      const pending = key ? context.current.pending.get(key) : undefined;
      if (!data || !key || !pending) return false;
      context.current.pending.delete(key);
      context.current.cellErrors.delete(key);
      node.setData({ ...data, [field]: pending.before });
      onError(null);
      return true;
    },
    [context, onError],
  );
  context.current.restoreCell = restore;

  /** Keeps a refused value in its cell, marked, with its message; Undo takes it back. */
  const keep = useCallback(
    (node: IRowNode<ApiRecord>, field: string, value: unknown, before: unknown, message: string) => {
      if (!node.data) return;
      const key = cellKey(node.data.uuid, field);
      const pending = { before };
      context.current.pending.set(key, pending);
      context.current.cellErrors.set(key, message);
      node.setData({ ...node.data, [field]: value });
      onError({ uuid: node.data.uuid, field, message });
      pushUndo({
        label: t('sheet.edit.cell', { field: headerOf(t, entity.name, field) }),
        model: entity.name,
        undo: async () => {
          if (context.current.pending.get(key) === pending) restore(node, field);
        },
      });
    },
    [context, entity, onError, restore, t],
  );

  const save = useCallback(
    async (node: IRowNode<ApiRecord>, field: string, value: unknown, previous: unknown) => {
      const current = node.data;
      if (!current) return;
      const key = cellKey(current.uuid, field);
      try {
        const record = await updateRecord(entity, current, { [field]: value });
        context.current.pending.delete(key);
        node.setData(withPending(context.current, record, node.data));
        seedRefTitles(client, entity.name, [record]);
        invalidateRecords(client, entity.name, [record]);
        pushUndo({
          label: t('sheet.edit.cell', { field: headerOf(t, entity.name, field) }),
          model: entity.name,
          changes: [{ uuid: record.uuid, field, before: previous ?? null, after: value }],
          versions: { [record.uuid]: record.updated_at },
        });
      } catch (error) {
        if (isApiError(error) && error.status === 422) {
          keep(node, field, value, previous, (error.errors[field] ?? []).join(' ') || error.message);
        } else if (isApiError(error) && error.status === 409) {
          notify.warning(t('grid.conflict', { message: error.message }), { key: `conflict-${current.uuid}` });
          node.setData(await getRecord(entity, current.uuid).catch(() => ({ ...current, [field]: previous })));
        } else {
          node.setData({ ...current, [field]: previous });
          reportActionError(error);
        }
      }
    },
    [entity, client, context, onError, t, keep],
  );

  return useCallback(
    (event: CellEditRequestEvent<ApiRecord>) => {
      const { node, data, colDef, api } = event;
      const field = colDef.field;
      if (!field || !data) return;
      const key = cellKey(data.uuid, field);
      const errors = context.current.cellErrors;
      const pending = context.current.pending.get(key);
      // the saved value: a refused one in the cell is not what the server has
      const previous = pending ? pending.before : data[field];
      let value: unknown = event.newValue;
      if (pending && value === data[field]) return; // the refused value confirmed as it is: it stays
      if (typeof value === 'string' && value.trim() === '' && !entity.fields[field]?.required) value = null;
      if (value instanceof InvalidInput) {
        keep(node, field, value, previous, t('errors.decimal'));
        api.refreshCells({ rowNodes: [node], columns: [field], force: true });
        return;
      }
      if (pending && same(value, previous)) {
        restore(node, field); // typed back what was saved
        api.refreshCells({ rowNodes: [node], columns: [field], force: true });
        return;
      }
      errors.delete(key);
      onError(null);
      if (same(value, data[field])) {
        api.refreshCells({ rowNodes: [node], columns: [field], force: true });
        return;
      }
      node.setData({ ...data, [field]: value });
      const uuid = data.uuid;
      const before = chains.current.get(uuid) ?? Promise.resolve();
      const run = before.then(() => save(node, field, value, previous));
      chains.current.set(uuid, run);
      void run.finally(() => {
        if (chains.current.get(uuid) === run) chains.current.delete(uuid);
        api.refreshCells({ rowNodes: [node], columns: [field], force: true });
      });
    },
    [entity, context, onError, save, t, keep, restore],
  );
}

/** A saved record with the refused values its row still shows kept in their cells. */
function withPending(context: GridContext, record: ApiRecord, shown: ApiRecord | undefined): ApiRecord {
  if (!shown || context.pending.size === 0) return record;
  const kept = { ...record };
  for (const field of Object.keys(shown))
    if (context.pending.has(cellKey(record.uuid, field))) kept[field] = shown[field];
  return kept;
}
