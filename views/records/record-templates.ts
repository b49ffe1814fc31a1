// A settings group's record templates of a model (docs/domain/record-templates.md) for "New from template": the grid's
// New menu and the new record's drawer list them, and a chosen one's values fill the new record's form (its
// attributes as the form's `attributes.<key>` fields). Under the model's list key, so a template saved on its
// settings page shows here at once.
import { useQuery } from '@tanstack/react-query';
import { http } from '../../src/api/http';
import { recordKeys } from '../../src/api/records';
import { isAttributeModel } from '../../src/domain/attributes';

export interface RecordTemplateChoice {
  uuid: string;
  name: string;
  description: string | null;
  values: Record<string, unknown>;
}

/** The live templates of `model` in settings group `sg`, by name (none for a model that has no templates). */
export function useRecordTemplates(model: string, sg: string | null): RecordTemplateChoice[] {
  const enabled = isAttributeModel(model) && !!sg;
  const query = useQuery({
    queryKey: [...recordKeys.lists('record_template'), 'choices', model, sg],
    queryFn: () =>
      http.get<RecordTemplateChoice[]>(
        `record-templates?settings_group_uuid=${sg}&filter[model]=${model}&sort_by=name&per_page=200`,
      ),
    enabled,
    staleTime: 60_000,
  });
  return enabled ? (query.data ?? []) : [];
}
