// /settings/extensions (docs/domain/fields.md, "Model settings", extensions): every module a settings group may
// switch off, in one place, with what it adds and a switch each; the same `enabled` setting as on the module's own
// settings page (PATCH …/model-settings/{model}). A module switched off leaves the navigation at once (the session's
// reply names the switched-off models) and keeps its records.
import { Card, Classes, H4, Switch } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { modelSettingsKeys, patchModelSettings } from '../../src/api/model-settings.api';
import { queryKeys } from '../../src/api/queries';
import { notify, reportActionError } from '../../src/components/notices';
import { useDisabledModels } from '../../src/components/use-disabled-models';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useTranslation } from '../../src/i18n';
import { GRID_PAGES, modelSettingsPageOf } from '../pages';
import { AdminSettingsPage } from '../model-settings/admin-settings-page';
import './extensions.css';

/** The modules of the drawer whose model has a settings page: what a settings group switches on and off. */
const MODULES = GRID_PAGES.filter((page) => page.group === 'modules' && modelSettingsPageOf(page.model));

export function ExtensionsView() {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  const disabled = useDisabledModels();
  const client = useQueryClient();
  // a switch shows its new position at once; the session's reply catches up (or an error puts it back)
  const [moved, setMoved] = useState<Record<string, boolean>>({});
  const title = t('modules.settingsPages.extensions');
  const toggle = useMutation({
    mutationFn: ({ model, enabled }: { model: string; enabled: boolean }) =>
      patchModelSettings(current!.uuid, model, { enabled }),
    onSuccess: (values, { model, enabled }) => {
      client.setQueryData(modelSettingsKeys.one(current!.uuid, model), values);
      void client.invalidateQueries({ queryKey: queryKeys.user, exact: true });
      notify.success(
        t(enabled ? 'admin.extensions.switchedOn' : 'admin.extensions.switchedOff', {
          name: t(`entities.${model}.plural`),
        }),
      );
    },
    onError: (error, { model }) => {
      setMoved(({ [model]: _, ...rest }) => rest);
      reportActionError(error);
    },
  });
  return (
    <AdminSettingsPage title={title} adminsOnly={t('admin.modelSettings.adminsOnly')}>
      {() => (
        <>
          <p className={Classes.TEXT_MUTED}>{t('admin.extensions.intro')}</p>
          <ul className="hw-extensions" aria-label={title}>
            {MODULES.map((page) => {
              const on = moved[page.model] ?? !disabled.has(page.model);
              const settingsPage = modelSettingsPageOf(page.model)!;
              return (
                <li key={page.model}>
                  <Card className="hw-extension">
                    <div>
                      <H4>{t(page.title)}</H4>
                      <p className={Classes.TEXT_MUTED}>{t(`modules.descriptions.${page.key}`)}</p>
                      <Link to={settingsPage.path}>{t('admin.extensions.settings')}</Link>
                    </div>
                    <Switch
                      large
                      checked={on}
                      disabled={toggle.isPending}
                      aria-label={t('admin.extensions.switch', { name: t(page.title) })}
                      onChange={(e) => {
                        const enabled = e.currentTarget.checked;
                        setMoved((m) => ({ ...m, [page.model]: enabled }));
                        toggle.mutate({ model: page.model, enabled });
                      }}
                    />
                  </Card>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </AdminSettingsPage>
  );
}
