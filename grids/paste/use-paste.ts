// A paste from the clipboard: the plan (paste-plan.ts) from the range or focused cell, the server's dry run of
// the same rows, and the apply: new records in one bulk create, changes in one bulk update, one undo step and
// the notice "Pasted N cells · Undo".
import { isApiError } from '../../src/api/errors';
import { notify, reportActionError } from '../../src/components/notices';
import type { AnyEntity } from '../../src/entities/define';
import { i18n } from '../../src/i18n';
import { bulkCreate, bulkUpdate, type BulkRow } from '../bulk-api';
import { planRequests, withServerErrors } from '../clipboard/paste-edits';
import type { PastePlan } from '../clipboard/paste-plan';
import type { CellChange } from '../fill/fill';
import { queryClient } from '../../src/api/query-client';
import { invalidateRecords, type ApiRecord } from '../../src/api/records';
import { pushUndo } from '../undo/undo-stack';
import { undo } from '../undo/undo-run';

type Errors = Record<string, string[]>;

/** Errors keyed `rows.<request row>.field` → keyed by the plan's row. */
function rekey(errors: Errors, planRow: (requestRow: number) => number | undefined, into: Errors = {}): Errors {
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^rows\.(\d+)\.(.+)$/.exec(key);
    const row = m ? planRow(Number(m[1])) : undefined;
    if (row !== undefined) into[`rows.${row}.${m![2]}`] = messages;
  }
  return into;
}

const identity = (plan: PastePlan) => plan.rows.map((_, i) => i);

/** The server's dry run of the rows the client found valid; its refusals become cell errors. */
export async function checkPaste(entity: AnyEntity, plan: PastePlan): Promise<PastePlan> {
  const { updates, creates } = planRequests(plan);
  const errors: Errors = {};
  if (updates.length > 0) {
    const reply = await bulkUpdate(
      entity,
      updates.map((u) => ({ uuid: u.uuid, updated_at: u.updatedAt, ...u.changes })),
      { dryRun: true, skipInvalid: true },
    );
    reply.data.forEach((result, i) => {
      const update = updates[i]!;
      const first = Object.keys(update.changes)[0]!;
      if (result.status === 'invalid' && result.errors)
        for (const [field, messages] of Object.entries(result.errors)) errors[`rows.${update.row}.${field}`] = messages;
      else if (result.status === 'conflict') errors[`rows.${update.row}.${first}`] = [i18n.t('sheet.paste.conflict')];
      else if (result.status === 'skipped')
        errors[`rows.${update.row}.${first}`] = [reply.meta.message ?? i18n.t('sheet.paste.lockedRow')];
    });
  }
  if (creates.length > 0) {
    const reply = await bulkCreate(
      entity,
      creates.map((c) => c.values),
      { dryRun: true, skipInvalid: true },
    );
    rekey(reply.errors, (n) => creates[n]?.row, errors);
  }
  return withServerErrors(plan, identity(plan), errors);
}

export interface PasteResult {
  cells: number;
  records: ApiRecord[];
  created: ApiRecord[];
}

/** Writes the valid rows; a 422 comes back as the plan with the server's errors at their cells. */
export async function applyPaste(entity: AnyEntity, plan: PastePlan): Promise<PastePlan | PasteResult | null> {
  const { updates, creates } = planRequests(plan);
  let created: ApiRecord[] = [];
  try {
    if (creates.length > 0)
      created = (
        await bulkCreate(
          entity,
          creates.map((c) => c.values),
        )
      ).data.filter((r): r is ApiRecord => Boolean(r));
  } catch (error) {
    if (isApiError(error) && error.status === 422)
      return withServerErrors(
        plan,
        identity(plan),
        rekey(error.errors, (n) => creates[n]?.row),
      );
    reportActionError(error);
    return null;
  }
  let records: ApiRecord[] = [];
  const changes: CellChange[] = [];
  const versions: Record<string, string> = Object.fromEntries(created.map((r) => [r.uuid, r.updated_at]));
  try {
    if (updates.length > 0) {
      const reply = await bulkUpdate(
        entity,
        updates.map((u): BulkRow => ({ uuid: u.uuid, updated_at: u.updatedAt, ...u.changes })),
      );
      records = reply.data.flatMap((r) => (r.record ? [r.record] : []));
      reply.data.forEach((result, i) => {
        if (result.status !== 'updated' || !result.record) return;
        versions[result.uuid] = result.record.updated_at;
        for (const cell of plan.rows[updates[i]!.row]!.cells)
          if (cell.changed)
            changes.push({ uuid: result.uuid, field: cell.field, before: cell.before, after: cell.value });
      });
      if (reply.meta.conflicts + reply.meta.skipped > 0)
        notify.warning(
          [
            reply.meta.message,
            reply.meta.conflicts > 0 ? i18n.t('sheet.undo.conflicts', { count: reply.meta.conflicts }) : null,
          ]
            .filter(Boolean)
            .join(' '),
        );
    }
  } catch (error) {
    if (isApiError(error) && error.status === 422)
      return withServerErrors(
        plan,
        identity(plan),
        rekey(error.errors, (n) => updates[n]?.row),
      );
    reportActionError(error);
    return null;
  }
  const cells =
    changes.length + creates.reduce((n, c) => n + Object.values(c.values).filter((v) => v !== null).length, 0);
  const label = i18n.t('sheet.paste.label', { count: cells });
  if (records.length > 0 || created.length > 0) invalidateRecords(queryClient, entity.name, [...records, ...created]);
  if (changes.length > 0 || created.length > 0)
    pushUndo({
      label,
      model: entity.name,
      changes,
      created: created.map((r) => r.uuid),
      createdValues: creates.map((c) => c.values),
      versions,
    });
  notify.success(i18n.t('sheet.paste.done', { count: cells }), {
    key: 'paste',
    action: { text: i18n.t('sheet.undo.action'), onClick: () => void undo() },
  });
  return { cells, records, created };
}
