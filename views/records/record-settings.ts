// A model's record settings in the selected settings group, as the record screens use them (docs/domain/fields.md,
// "Model settings"): the default values a new record's form starts with, and the fields the settings group requires
// beside the model's own, marked required in the form (the server refuses a record lacking them either way).
import { useQuery } from '@tanstack/react-query';
import { fetchModelSettings, modelSettingsKeys } from '../../src/api/model-settings.api';
import { withoutModelSettings, type AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import { recordSettingsOf, type RecordSettingsValues } from '../../src/entities/model-settings';

const NONE: RecordSettingsValues = { default_values: {}, required_fields: [], default_view: '' };

/** The record settings of `model` in settings group `sg` (none while they load, or without a settings group). */
export function useRecordSettings(sg: string | null, model: string): RecordSettingsValues {
  // a model no settings group sets (a superusers' table, a global model) has none to read
  const entity = entityByName(model);
  const query = useQuery({
    queryKey: modelSettingsKeys.one(sg ?? '', model),
    queryFn: () => fetchModelSettings(sg!, model),
    enabled: Boolean(sg) && !(entity && withoutModelSettings(entity)),
    staleTime: 60_000,
    select: recordSettingsOf,
  });
  return query.data ?? NONE;
}

/** The model with the fields a settings group requires marked required (the same model when it requires none). */
export function withRequired(entity: AnyEntity, required: readonly string[]): AnyEntity {
  const extra = required.filter((name) => entity.fields[name] && !entity.fields[name].required);
  if (!extra.length) return entity;
  return {
    ...entity,
    fields: {
      ...entity.fields,
      ...Object.fromEntries(extra.map((name) => [name, { ...entity.fields[name]!, required: true }])),
    },
  };
}
