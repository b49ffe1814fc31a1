// A model's settings in a settings group (docs/domain/fields.md, "Model settings"): its admins read them with the
// defaults filled in and change them key by key; a 422 names each refused key.
import { http } from './http';

export type ModelSettingsValues = Record<string, unknown>;

export const modelSettingsKeys = {
  one: (sg: string, model: string) => ['model-settings', sg, model] as const,
};

const path = (sg: string, model: string) =>
  `settings-groups/${encodeURIComponent(sg)}/model-settings/${encodeURIComponent(model)}`;

export const fetchModelSettings = (sg: string, model: string) => http.get<ModelSettingsValues>(path(sg, model));
export const patchModelSettings = (sg: string, model: string, changes: ModelSettingsValues) =>
  http.patch<ModelSettingsValues>(path(sg, model), changes);
