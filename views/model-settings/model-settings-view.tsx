// /settings/<model> (docs/domain/fields.md, "Model settings"): one form for any model, drawn from the `settings`
// block of its definition (src/entities/model-settings.ts) — a switch for a yes/no value, a text input for a text, a
// number or a list of numbers — for the admins of the selected settings group. Saving sends the keys changed; the
// server checks them (one schema, the model's) and its 422 shows under each field.
import {
  Button,
  Card,
  Classes,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Switch,
} from '@blueprintjs/core';
import { Disable } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError, type FieldErrors } from '../../src/api/errors';
import {
  fetchModelSettings,
  modelSettingsKeys,
  patchModelSettings,
  type ModelSettingsValues,
} from '../../src/api/model-settings.api';
import { queryKeys } from '../../src/api/queries';
import { ErrorLines, FormMessage } from '../../src/components/form-fields';
import { notify } from '../../src/components/notices';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { settingsOf, type Setting } from '../../src/entities/model-settings';
import { entityByName } from '../../src/entities/registry';
import { useTranslation } from '../../src/i18n';
import './model-settings.css';

export function ModelSettingsView({ model }: { model: string }) {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  const title = t(`modules.settingsPages.${model}`);
  useDocumentTitle(title);
  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <h1 className={Classes.HEADING}>{title}</h1>
      </header>
      {!current ? null : current.role !== 'admin' ? (
        <NonIdealState icon={<Disable size={48} />} description={t('admin.modelSettings.adminsOnly')} />
      ) : (
        <SettingsForm key={`${current.uuid}:${model}`} sg={current.uuid} model={model} />
      )}
    </div>
  );
}

/** What an input holds: the text typed, or on/off. */
type Draft = string | boolean;

function toDraft(setting: Setting, value: unknown): Draft {
  if (setting.kind === 'bool') return value === true;
  if (setting.kind === 'int_list') return Array.isArray(value) ? value.join(', ') : '';
  return value === undefined || value === null ? '' : String(value);
}

/** A typed number as a number; anything else is sent as typed, for the server to name what is wrong with it. */
const number = (text: string): number | string => (/^-?\d+$/.test(text) ? Number(text) : text);

function fromDraft(setting: Setting, draft: Draft): unknown {
  if (setting.kind === 'bool') return draft === true;
  const text = String(draft).trim();
  if (setting.kind === 'int') return number(text);
  if (setting.kind === 'int_list')
    return text
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(number);
  return text;
}

/** The 422's messages by setting: `reminder_days.1` belongs to `reminder_days`. */
function errorsByKey(errors: FieldErrors): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) (out[path.split('.')[0]!] ??= []).push(...messages);
  return out;
}

function SettingsForm({ sg, model }: { sg: string; model: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const entity = entityByName(model) ?? {};
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
          const id = `hw-setting-${key}`;
          const errors = fieldErrors[key];
          const invalid = Boolean(errors?.length);
          const label = t(`admin.modelSettings.fields.${key}`);
          const hint = t(`admin.modelSettings.hints.${key}`);
          const draft = draftOf(key, setting);
          const over = setting.overriddenBy;
          const overridden = over ? Boolean(draftOf(over, settingsOf(entity)[over]!)) : false;
          const control =
            setting.kind === 'bool' ? (
              <Switch
                id={id}
                label={label}
                checked={draft === true}
                onChange={(e) => edit(key, e.currentTarget.checked)}
              />
            ) : setting.kind === 'choice' ? (
              <HTMLSelect
                id={id}
                name={key}
                value={String(draft)}
                onChange={(e) => edit(key, e.currentTarget.value)}
                options={setting.options.map((value) => ({
                  value,
                  label: t(`admin.modelSettings.options.${key}.${value || 'none'}`),
                }))}
              />
            ) : (
              <InputGroup
                id={id}
                name={key}
                value={String(draft)}
                onValueChange={(value) => edit(key, value)}
                disabled={overridden}
                inputMode={setting.kind === 'text' ? 'text' : 'numeric'}
                maxLength={setting.kind === 'text' ? setting.max : undefined}
                intent={invalid ? Intent.DANGER : Intent.NONE}
                aria-invalid={invalid || undefined}
              />
            );
          // a switch carries its own label
          return (
            <FormGroup
              key={key}
              {...(setting.kind === 'bool' ? {} : { label, labelFor: id })}
              helperText={
                invalid ? (
                  <ErrorLines messages={errors} />
                ) : overridden ? (
                  t('admin.modelSettings.overridden', { name: t(`admin.modelSettings.fields.${over}`) })
                ) : (
                  hint
                )
              }
              intent={invalid ? Intent.DANGER : Intent.NONE}
              disabled={overridden}
            >
              {control}
            </FormGroup>
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
