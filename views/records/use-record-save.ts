// Saving the record form: POST in create mode, otherwise a PATCH of the changed fields with If-Match. A 422
// shows per field, a 409 says so and loads the current version; input that does not parse is never sent.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation, type TFunction } from '../../src/i18n';
import { isApiError, type FieldErrors } from '../../src/api/errors';
import { useFormErrors } from '../../src/components/form-fields';
import { notify } from '../../src/components/notices';
import type { AnyEntity } from '../../src/entities/define';
import { isWritable } from '../../src/entities/fields';
import { InvalidInput } from '../../grids/format-value';
import { createRecord, recordKeys, recordTitle, updateRecord, type ApiRecord } from '../../src/api/records';
import { seedRefTitles } from '../../grids/ref-titles';

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** Writable fields only: what the user changed (edit) or filled in (create). */
export function changesOf(entity: AnyEntity, draft: Record<string, unknown>, record: ApiRecord | null) {
  const changes: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isWritable(field) || !(name in draft)) continue;
    if (record ? !same(draft[name], record[name]) : draft[name] !== null && draft[name] !== undefined)
      changes[name] = draft[name] ?? null;
  }
  return changes;
}

function createdNotice(t: TFunction, entity: AnyEntity, saved: ApiRecord) {
  const title = recordTitle(entity, saved);
  const model = t(`entities.${entity.name}.one`);
  return title ? t('records.createdNamed', { model, title }) : t('records.createdModel', { model });
}

export function useRecordSave(
  entity: AnyEntity,
  record: ApiRecord | null,
  settingsGroupUuid: string | null,
  onSaved: (record: ApiRecord, created: boolean) => void,
  /** A 409 whose reply holds a `dry_run` (a change that waits for the user's word: an attribute's type change):
   * true when the caller asks the user and saves again with their answer (`save(draft, input)`). */
  onDryRun?: (reply: Record<string, unknown>) => boolean,
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useFormErrors();
  const [local, setLocal] = useState<FieldErrors>({});

  const mutation = useMutation({
    mutationFn: (changes: Record<string, unknown>) => {
      if (record) return updateRecord(entity, record, changes);
      const scoped = (entity.scope === 'settings_group' || entity.scope === 'user') && settingsGroupUuid;
      return createRecord(entity, scoped ? { ...changes, settings_group_uuid: settingsGroupUuid } : changes);
    },
    onSuccess: (saved) => {
      form.clear();
      client.setQueryData(recordKeys.detail(entity.name, saved.uuid), saved);
      seedRefTitles(client, entity.name, [saved]);
      if (record) notify.success(t('records.saved'));
      // a new record says what was made (docs/decisions.md, "Dialogs say what they did"); one made offline is only
      // kept on the device, which the offline writer's own notice says
      else if (navigator.onLine !== false) notify.success(createdNotice(t, entity, saved));
      onSaved(saved, !record);
    },
    onError: (error) => {
      const reply = isApiError(error) && error.body && typeof error.body === 'object' ? error.body : null;
      if (isApiError(error) && error.status === 409 && reply && 'dry_run' in reply && onDryRun?.(reply as never))
        return;
      if (isApiError(error) && error.status === 409 && record) {
        notify.warning(t('grid.conflict', { message: error.message }));
        void client.invalidateQueries({ queryKey: recordKeys.detail(entity.name, record.uuid) });
        return;
      }
      form.fromError(error);
    },
  });

  /** Saves the draft's changes; `input` goes beside them (what the user answered to a dry run). */
  const save = (draft: Record<string, unknown>, input: Record<string, unknown> = {}) => {
    const invalid: FieldErrors = {};
    for (const [name, value] of Object.entries(draft)) {
      if (!(value instanceof InvalidInput)) continue;
      const kind = entity.fields[name]?.kind;
      invalid[name] = [t(kind === 'date' ? 'errors.date' : kind === 'datetime' ? 'errors.datetime' : 'errors.decimal')];
    }
    setLocal(invalid);
    form.clear();
    if (Object.keys(invalid).length) return;
    const changes = changesOf(entity, draft, record);
    if (record && Object.keys(changes).length === 0) {
      notify.info(t('records.unchanged'));
      return;
    }
    mutation.mutate({ ...changes, ...input });
  };

  return { save, errors: { ...form.errors, ...local }, message: form.message, pending: mutation.isPending };
}
