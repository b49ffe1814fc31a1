// Writes a list of cell changes (fill, clear, cut, bulk edit) in one bulk request, puts the saved records into
// the grid and pushes one undo step with what was really written. Rows refused by the server are reported with
// its message (e.g. "2 records lack the right permission and were skipped.").
import type { GridApi } from 'ag-grid-community';
import { notify, reportActionError } from '../../src/components/notices';
import type { AnyEntity } from '../../src/entities/define';
import { i18n } from '../../src/i18n';
import { bulkUpdate, type BulkRow } from '../bulk-api';
import { queryClient } from '../../src/api/query-client';
import { invalidateRecords, type ApiRecord } from '../../src/api/records';
import { pushUndo } from '../undo/undo-stack';
import { undo } from '../undo/undo-run';
import { bulkRows, type CellChange } from './fill';

export interface EditOutcome {
  updated: number;
  refused: number;
  message?: string;
}

export async function applyEdit(
  entity: AnyEntity,
  changes: readonly CellChange[],
  versions: Readonly<Record<string, string>>,
  label: string,
  api: GridApi<ApiRecord> | null,
): Promise<EditOutcome | null> {
  if (changes.length === 0) return { updated: 0, refused: 0 };
  try {
    const reply = await bulkUpdate(entity, bulkRows(changes, versions) as BulkRow[], { skipInvalid: true });
    const written = new Map<string, string>();
    const saved: ApiRecord[] = [];
    for (const result of reply.data) {
      if (result.record && (result.status === 'updated' || result.status === 'conflict'))
        api?.getRowNode(result.uuid)?.setData(result.record);
      if (result.status === 'updated' && result.record) {
        written.set(result.uuid, result.record.updated_at);
        saved.push(result.record);
      }
    }
    if (saved.length > 0) invalidateRecords(queryClient, entity.name, saved);
    const kept = changes.filter((c) => written.has(c.uuid));
    if (kept.length > 0) pushUndo({ label, model: entity.name, changes: kept, versions: Object.fromEntries(written) });
    const refused = reply.data.length - written.size - reply.meta.unchanged;
    if (refused > 0) {
      // what was written first, then why the rest was not (docs/decisions.md, "Dialogs say what they did")
      const parts = [
        kept.length > 0 ? i18n.t('sheet.edit.changed', { count: kept.length }) : null,
        reply.meta.message,
        reply.meta.conflicts > 0 ? i18n.t('sheet.undo.conflicts', { count: reply.meta.conflicts }) : null,
        reply.meta.invalid ? i18n.t('sheet.edit.invalid', { count: reply.meta.invalid }) : null,
      ];
      notify.warning(parts.filter(Boolean).join(' '), { key: 'sheet-edit' });
    } else if (kept.length > 0) {
      notify.success(i18n.t('sheet.edit.done', { label }), {
        key: 'sheet-edit',
        action: { text: i18n.t('sheet.undo.action'), onClick: () => void undo() },
      });
    }
    return { updated: written.size, refused, message: reply.meta.message };
  } catch (error) {
    reportActionError(error);
    return null;
  }
}
