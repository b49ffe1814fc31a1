// /settings (docs/domain/fields.md, "Workspace settings"): the selected settings group's own settings on one page,
// a card per section (language, finance, renewal, delegation, e-mail, archive, import and export), each input drawn
// from its declaration (src/entities/workspace-settings.ts) as on the module settings pages. Its admins change them;
// saving sends the keys changed, and a 422's messages show under each field.
import { Button, Card, H3, Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../src/api/errors';
import { queryKeys } from '../../src/api/queries';
import {
  fetchWorkspaceSettings,
  patchWorkspaceSettings,
  workspaceSettingsKeys,
  type WorkspaceSettingsValues,
} from '../../src/api/workspace-settings.api';
import { FormMessage } from '../../src/components/form-fields';
import { notify } from '../../src/components/notices';
import { SECTION_NAMES, WORKSPACE_SECTIONS } from '../../src/entities/workspace-settings';
import type { Setting } from '../../src/entities/model-settings';
import { useTranslation } from '../../src/i18n';
import { AdminSettingsPage } from '../model-settings/admin-settings-page';
import { SettingField, errorsByKey, fromDraft, toDraft, type Draft } from '../model-settings/setting-field';
import '../model-settings/model-settings.css';

export function WorkspaceSettingsView() {
  const { t } = useTranslation();
  return (
    <AdminSettingsPage title={t('modules.settingsPages.general')} adminsOnly={t('admin.workspaceSettings.adminsOnly')}>
      {(sg) => <WorkspaceForm key={sg} sg={sg} />}
    </AdminSettingsPage>
  );
}

const entries = (section: (typeof SECTION_NAMES)[number]) =>
  Object.entries(WORKSPACE_SECTIONS[section]) as [string, Setting][];

function WorkspaceForm({ sg }: { sg: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const loaded = useQuery({ queryKey: workspaceSettingsKeys.one(sg), queryFn: () => fetchWorkspaceSettings(sg) });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const value = (section: string, key: string) => loaded.data?.[section]?.[key];
  const draftOf = (section: string, key: string, setting: Setting) =>
    drafts[`${section}.${key}`] ?? toDraft(setting, value(section, key));
  const changes = (): WorkspaceSettingsValues => {
    const out: WorkspaceSettingsValues = {};
    for (const section of SECTION_NAMES)
      for (const [key, setting] of entries(section)) {
        const draft = drafts[`${section}.${key}`];
        if (draft === undefined) continue;
        const next = fromDraft(setting, draft);
        if (JSON.stringify(next) !== JSON.stringify(value(section, key))) (out[section] ??= {})[key] = next;
      }
    return out;
  };
  const save = useMutation({
    mutationFn: () => patchWorkspaceSettings(sg, changes()),
    onSuccess: (values) => {
      client.setQueryData(workspaceSettingsKeys.one(sg), values);
      setDrafts({});
      notify.success(t('admin.workspaceSettings.saved'));
      // the settings group's currency and languages are in the session's reply
      void client.invalidateQueries({ queryKey: queryKeys.user, exact: true });
    },
  });
  const error = isApiError(save.error) ? save.error : null;
  const fieldErrors = error?.status === 422 ? errorsByKey(error.errors, 2) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  if (loaded.isLoading) return null;
  if (loaded.error)
    return <FormMessage message={loaded.error instanceof Error ? loaded.error.message : String(loaded.error)} />;
  const text = (section: string, key: string, kind: 'fields' | 'hints') =>
    t(`admin.workspaceSettings.${kind}.${section}.${key}`);
  return (
    <form className="hw-workspace-settings" onSubmit={submit} noValidate aria-label={t('admin.workspaceSettings.form')}>
      {error && !error.notified && error.status !== 422 && <FormMessage message={error.message} />}
      {SECTION_NAMES.map((section) => (
        <Card key={section} className="hw-model-settings" aria-labelledby={`hw-section-${section}`} role="group">
          <H3 id={`hw-section-${section}`}>{t(`admin.workspaceSettings.sections.${section}`)}</H3>
          {entries(section).map(([key, setting]) => (
            <SettingField
              key={key}
              name={`${section}-${key}`}
              setting={setting}
              draft={draftOf(section, key, setting)}
              onEdit={(next) => {
                setDrafts((d) => ({ ...d, [`${section}.${key}`]: next }));
                if (save.error) save.reset();
              }}
              errors={fieldErrors[`${section}.${key}`]}
              texts={{
                label: text(section, key, 'fields'),
                hint: text(section, key, 'hints'),
                option: (option) => t(`admin.workspaceSettings.options.${key}.${option}`),
              }}
            />
          ))}
        </Card>
      ))}
      <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} disabled={!Object.keys(drafts).length}>
        {t('admin.workspaceSettings.save')}
      </Button>
    </form>
  );
}
