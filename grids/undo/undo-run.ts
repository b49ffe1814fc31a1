// Undo and redo through the bulk endpoints with the `updated_at` precondition: a record someone else changed
// since is reported and left alone (the step then only keeps what was taken back). Grids showing the model
// hear about the records that changed.
import { http } from '../../src/api/http';
import { notify, reportActionError } from '../../src/components/notices';
import { entityByName } from '../../src/entities/registry';
import { i18n } from '../../src/i18n';
import { bulkAction, bulkCreate, bulkUpdate } from '../bulk-api';
import { bulkRows } from '../fill/fill';
import { queryClient } from '../../src/api/query-client';
import { invalidateRecords, type ApiRecord } from '../../src/api/records';
import { moveStep, undoState, type UndoStep } from './undo-stack';

type Listener = (model: string, records: ApiRecord[], reload: boolean) => void;
const listeners = new Set<Listener>();

/** A grid listens for records an undo or redo changed (`reload`: rows came or went). */
export function onUndoApplied(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const announce: Listener = (model, records, reload) => {
  // what shows these records elsewhere (drawer, record page, cards, related lists) refetches; rows that came or
  // went may be any of the model's
  invalidateRecords(queryClient, model, reload ? [] : records);
  for (const listener of listeners) listener(model, records, reload);
};

const done = (records: (ApiRecord | undefined | null)[]) => records.filter((r): r is ApiRecord => Boolean(r));

async function invert(step: UndoStep, direction: 'undo' | 'redo'): Promise<UndoStep | null> {
  const custom = direction === 'undo' ? step.undo : step.redo;
  if (custom) {
    await custom();
    // a custom archive step (a record archived with its tasks): the grids showing the model reload
    if (step.archived.length) announce(step.model, [], true);
    else invalidateRecords(queryClient, step.model);
    return direction === 'undo' && !step.redo ? null : step;
  }
  if (step.batch_id) {
    await http.post(`imports/${step.batch_id}/undo`);
    announce(step.model, [], true);
    return null; // an import is not run again from the stack
  }
  const entity = entityByName(step.model);
  if (!entity) return null;
  const versions: Record<string, string> = { ...step.versions };
  let conflicts = 0;
  let next: UndoStep = { ...step };
  if (step.changes.length > 0) {
    const rows = bulkRows(step.changes, versions, direction === 'undo' ? 'before' : 'after');
    const reply = await bulkUpdate(entity, rows as never, { skipInvalid: true });
    const kept = new Set<string>();
    for (const result of reply.data) {
      if (result.status === 'updated' || result.status === 'unchanged') {
        kept.add(result.uuid);
        if (result.record) versions[result.uuid] = result.record.updated_at;
      } else conflicts++;
    }
    next = { ...next, changes: step.changes.filter((c) => kept.has(c.uuid)) };
    announce(step.model, done(reply.data.map((r) => r.record)), false);
  }
  if (step.created.length > 0) {
    if (direction === 'undo') {
      const reply = await bulkAction(
        entity,
        'bulk-delete',
        step.created.map((uuid) => ({ uuid, updated_at: versions[uuid] })),
      );
      conflicts += reply.meta.conflicts + reply.meta.skipped;
      next = { ...next, createdValues: step.createdValues };
    } else if (step.createdValues?.length) {
      const records = done((await bulkCreate(entity, step.createdValues)).data);
      for (const record of records) versions[record.uuid] = record.updated_at;
      next = { ...next, created: records.map((r) => r.uuid) };
    }
    announce(step.model, [], true);
  }
  if (step.archived.length > 0) {
    const action = direction === 'undo' ? 'bulk-restore' : 'bulk-archive';
    const reply = await bulkAction(
      entity,
      action,
      step.archived.map((uuid) => ({ uuid })),
    );
    conflicts += reply.meta.conflicts + reply.meta.skipped;
    for (const r of reply.data) if (r.record) versions[r.uuid] = r.record.updated_at;
    announce(step.model, [], true);
  }
  if (conflicts > 0) notify.warning(i18n.t('sheet.undo.conflicts', { count: conflicts }), { key: 'undo-conflicts' });
  return { ...next, versions };
}

async function run(from: 'undo' | 'redo'): Promise<void> {
  try {
    const step = await moveStep(from, (s) => invert(s, from));
    if (step)
      notify.info(i18n.t(from === 'undo' ? 'sheet.undo.undone' : 'sheet.undo.redone', { label: step.label }), {
        key: 'undo',
      });
  } catch (error) {
    reportActionError(error);
  }
}

export const undo = () => run('undo');
export const redo = () => run('redo');
export const canUndo = () => undoState().undo.length > 0;
