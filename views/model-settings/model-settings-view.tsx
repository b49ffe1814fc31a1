// /settings/<model> (docs/domain/fields.md, "Model settings"): one form for any model, drawn from the `settings`
// block of its definition (src/entities/model-settings.ts) — a switch for a yes/no value, a text input for a text, a
// number or a list of numbers, the record settings' field pickers and view select — for the admins of the selected settings group. Saving sends the keys changed; the
// server checks them (one schema, the model's) and its 422 shows under each field.
import { Button, Card, Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../src/api/errors';
import {
  fetchModelSettings,
  modelSettingsKeys,
  patchModelSettings,
  type ModelSettingsValues,
} from '../../src/api/model-settings.api';
import { queryKeys } from '../../src/api/queries';
import { FormMessage } from '../../src/components/form-fields';
import { notify } from '../../src/components/notices';
import { settingsOf, type Setting } from '../../src/entities/model-settings';
import { AdminSettingsPage } from './admin-settings-page';
import { SettingField, errorsByKey, fromDraft, toDraft, type Draft } from './setting-field';
import { DefaultValuesField, DefaultViewField } from './record-setting-fields';
import { entityByName } from '../../src/entities/registry';
import { useTranslation } from '../../src/i18n';
import './model-settings.css';

export function ModelSettingsView({ model }: { model: string }) {
  const { t } = useTranslation();
  return (
    <AdminSettingsPage title={t(`modules.settingsPages.${model}`)} adminsOnly={t('admin.modelSettings.adminsOnly')}>
      {(sg) => <SettingsForm key={`${sg}:${model}`} sg={sg} model={model} />}
    </AdminSettingsPage>
  );
}

function SettingsForm({ sg, model }: { sg: string; model: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const found = entityByName(model);
  const entity = found ?? {};
  const settings = Object.entries(settingsOf(entity));
  const loaded = useQuery({ queryKey: modelSettingsKeys.one(sg, model), queryFn: () => fetchModelSettings(sg, model) });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const draftOf = (key: string, setting: Setting) => drafts[key] ?? toDraft(setting, loaded.data?.[key]);
  const changes = (): ModelSettingsValues =>
    Object.fromEntries(
      settings
        .filter(([key]) => key in drafts)
        .map(([key, setting]) => [key, fromDraft(setting, drafts[key]!)] as const)
        .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(loaded.data?.[key])),
    );
  const save = useMutation({
    mutationFn: () => patchModelSettings(sg, model, changes()),
    onSuccess: (values) => {
      client.setQueryData(modelSettingsKeys.one(sg, model), values);
      setDrafts({});
      notify.success(t('admin.modelSettings.saved'));
      // the session's reply names the switched-off models: the navigation follows `enabled` at once
      void client.invalidateQueries({ queryKey: queryKeys.user, exact: true });
    },
  });
  const error = isApiError(save.error) ? save.error : null;
  const fieldErrors = error?.status === 422 ? errorsByKey(error.errors) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const edit = (key: string, value: Draft) => {
    setDrafts((d) => ({ ...d, [key]: value }));
    if (save.error) save.reset();
  };
  if (loaded.isLoading) return null;
  if (loaded.error)
    return <FormMessage message={loaded.error instanceof Error ? loaded.error.message : String(loaded.error)} />;
  return (
    <Card className="hw-model-settings">
      <form onSubmit={submit} noValidate aria-label={t('admin.modelSettings.form')}>
        {error && !error.notified && error.status !== 422 && <FormMessage message={error.message} />}
        {settings.map(([key, setting]) => {
          const over = setting.overriddenBy;
          const overridden = over ? Boolean(draftOf(over, settingsOf(entity)[over]!)) : false;
          const texts = {
            label: t(`admin.modelSettings.fields.${key}`),
            hint: t(`admin.modelSettings.hints.${key}`),
            // the options of a list of the model's fields are named by the fields' labels (`required_fields`)
            option: (value: string) =>
              setting.kind === 'choice_list' && setting.fieldOptions
                ? t(`entities.${model}.fields.${value}`)
                : t(`admin.modelSettings.options.${key}.${value || 'none'}`),
            overridden: overridden
              ? t('admin.modelSettings.overridden', { name: t(`admin.modelSettings.fields.${over}`) })
              : undefined,
          };
          if (setting.kind === 'field_values' && found)
            return (
              <DefaultValuesField
                key={key}
                entity={found}
                setting={setting}
                sg={sg}
                draft={draftOf(key, setting) as Record<string, unknown>}
                onEdit={(value) => edit(key, value)}
                errors={error?.status === 422 ? error.errors : {}}
                texts={texts}
              />
            );
          if (setting.kind === 'grid_view' && found)
            return (
              <DefaultViewField
                key={key}
                entity={found}
                sg={sg}
                draft={String(draftOf(key, setting))}
                onEdit={(value) => edit(key, value)}
                errors={fieldErrors[key]}
                texts={texts}
              />
            );
          return (
            <SettingField
              key={key}
              name={key}
              setting={setting}
              draft={draftOf(key, setting)}
              onEdit={(value) => edit(key, value)}
              errors={fieldErrors[key]}
              texts={texts}
            />
          );
        })}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          loading={save.isPending}
          disabled={Object.keys(drafts).length === 0}
        >
          {t('admin.modelSettings.save')}
        </Button>
      </form>
    </Card>
  );
}
