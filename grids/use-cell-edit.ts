// Server-backed inline editing (`readOnlyEdit` + `cellEditRequest`): the cell shows the new value at once, a
// PATCH with If-Match saves it; a 422 puts the message at the cell and reverts, a 409 reloads the row. Edits of
// one row are sent one after another, each with the version the previous one returned.
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

  const save = useCallback(
    async (node: IRowNode<ApiRecord>, field: string, value: unknown, previous: unknown) => {
      const current = node.data;
      if (!current) return;
      const key = cellKey(current.uuid, field);
      try {
        const record = await updateRecord(entity, current, { [field]: value });
        node.setData(record);
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
          const message = (error.errors[field] ?? []).join(' ') || error.message;
          context.current.cellErrors.set(key, message);
          node.setData({ ...current, [field]: previous });
          onError({ uuid: current.uuid, field, message });
        } else if (isApiError(error) && error.status === 409) {
          notify.warning(t('grid.conflict', { message: error.message }), { key: `conflict-${current.uuid}` });
          node.setData(await getRecord(entity, current.uuid).catch(() => ({ ...current, [field]: previous })));
        } else {
          node.setData({ ...current, [field]: previous });
          reportActionError(error);
        }
      }
    },
    [entity, client, context, onError, t],
  );

  return useCallback(
    (event: CellEditRequestEvent<ApiRecord>) => {
      const { node, data, colDef, api } = event;
      const field = colDef.field;
      if (!field || !data) return;
      const key = cellKey(data.uuid, field);
      const errors = context.current.cellErrors;
      errors.delete(key);
      let value: unknown = event.newValue;
      if (typeof value === 'string' && value.trim() === '' && !entity.fields[field]?.required) value = null;
      if (value instanceof InvalidInput) {
        errors.set(key, t('errors.decimal'));
        onError({ uuid: data.uuid, field, message: t('errors.decimal') });
        api.refreshCells({ rowNodes: [node], columns: [field], force: true });
        return;
      }
      onError(null);
      if (same(value, data[field])) {
        api.refreshCells({ rowNodes: [node], columns: [field], force: true });
        return;
      }
      const previous = data[field];
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
    [entity, context, onError, save, t],
  );
}
