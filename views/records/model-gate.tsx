// What a model's grid page and record page show instead of its records (docs/domain/fields.md, "Model settings";
// docs/domain/permissions.md, "Scopes and access of a model"): a model switched off in the selected settings group
// says so, naming the group, and offers its admins to switch it on again (and its settings page, if it has one); an
// admins' table says it is the admins' to a member (the API would answer 403).
import { Button, H1, Intent, NonIdealState } from '@blueprintjs/core';
import { Disable, Lock } from '@blueprintjs/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { modelSettingsKeys, patchModelSettings } from '../../src/api/model-settings.api';
import { queryKeys } from '../../src/api/queries';
import { notify, reportActionError } from '../../src/components/notices';
import { useDisabledModels } from '../../src/components/use-disabled-models';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { entityByName } from '../../src/entities/registry';
import { useTranslation } from '../../src/i18n';
import { modelSettingsPageOf } from '../pages';

interface Props {
  model: string;
  /** The page's title (already translated) and icon, kept above the message. */
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}

export function ModelGate({ model, title, icon, children }: Props) {
  const { current } = useSelectedSettingsGroup();
  const disabled = useDisabledModels();
  if (!current) return children;
  const off = disabled.has(model);
  const adminsOnly = entityByName(model)?.access === 'admins' && current.role !== 'admin';
  if (!off && !adminsOnly) return children;
  return (
    <ShutPage title={title} icon={icon}>
      {off ? <SwitchedOff model={model} group={current} /> : <AdminsOnly />}
    </ShutPage>
  );
}

function ShutPage({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="hw-page">
      <header className="hw-page-header">
        {icon && <span className="hw-page-icon">{icon}</span>}
        <H1>{title}</H1>
      </header>
      {children}
    </div>
  );
}

function AdminsOnly() {
  const { t } = useTranslation();
  return <NonIdealState icon={<Lock size={48} />} title={t('permissions.adminsOnly')} />;
}

function SwitchedOff({ model, group }: { model: string; group: { uuid: string; name: string; role: string } }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const admin = group.role === 'admin';
  const settingsPage = modelSettingsPageOf(model);
  const switchOn = useMutation({
    mutationFn: () => patchModelSettings(group.uuid, model, { enabled: true }),
    onSuccess: async (values) => {
      client.setQueryData(modelSettingsKeys.one(group.uuid, model), values);
      await client.invalidateQueries({ queryKey: queryKeys.user, exact: true });
      notify.success(t('records.switchedOff.switchedOn', { group: group.name }));
    },
    onError: reportActionError,
  });
  return (
    <NonIdealState
      icon={<Disable size={48} />}
      title={t('records.switchedOff.title', { group: group.name })}
      description={t(admin ? 'records.switchedOff.admin' : 'records.switchedOff.member')}
      action={
        admin ? (
          <div className="hw-switched-off-actions">
            <Button intent={Intent.PRIMARY} loading={switchOn.isPending} onClick={() => switchOn.mutate()}>
              {t('records.switchedOff.switchOn')}
            </Button>
            {settingsPage && <Link to={settingsPage.path}>{t('records.switchedOff.settings')}</Link>}
          </div>
        ) : undefined
      }
    />
  );
}
