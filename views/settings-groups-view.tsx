// /settings-groups: the user's settings groups (name, role), selecting one, creating a new one.
import { Button, Callout, Card, Classes, H1, HTMLTable, Icon, Intent, Tag } from '@blueprintjs/core';
import { Plus, Tick } from '@blueprintjs/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../src/i18n';
import { createSettingsGroup } from '../src/api/account.api';
import { queryKeys, useSettingsGroup } from '../src/api/queries';
import { FormMessage, TextField, useFormErrors } from '../src/components/form-fields';
import { notify } from '../src/components/notices';
import { useSelectedSettingsGroup } from '../src/components/use-settings-group';
import { useDocumentTitle } from '../src/components/use-document-title';

function SelectedGroupDetails({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const { data: group } = useSettingsGroup(uuid);
  if (!group) return null;
  return (
    <Callout intent={Intent.PRIMARY} icon={null} className="hw-group-details" title={group.name}>
      <dl className="hw-details">
        <dt>{t('settingsGroups.role')}</dt>
        <dd>{t(`settingsGroups.roles.${group.role}`)}</dd>
        <dt>{t('settingsGroups.members')}</dt>
        <dd>{group.member_count}</dd>
        <dt>{t('settingsGroups.languages')}</dt>
        <dd>{group.locale_settings.active.map((locale) => t(`common.languages.${locale}`)).join(', ')}</dd>
        <dt>{t('settingsGroups.currency')}</dt>
        <dd>{group.currency}</dd>
        <dt>{t('settingsGroups.guaranteeReminders')}</dt>
        <dd>
          {group.guarantee_reminder_days.length
            ? group.guarantee_reminder_days.join(', ')
            : t('settingsGroups.noReminders')}
        </dd>
      </dl>
    </Callout>
  );
}

export function SettingsGroupsView() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { groups, current, select, isLoading } = useSelectedSettingsGroup();
  const [name, setName] = useState('');
  const form = useFormErrors();

  useDocumentTitle(t('modules.settingsGroups'));

  const create = useMutation({
    mutationFn: (groupName: string) => createSettingsGroup(groupName),
    onSuccess: async (group) => {
      setName('');
      form.clear();
      notify.success(t('settingsGroups.created', { name: group.name }));
      await client.invalidateQueries({ queryKey: queryKeys.settingsGroups });
      await client.invalidateQueries({ queryKey: queryKeys.user });
      select(group.uuid);
    },
    onError: form.fromError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    create.mutate(name);
  };

  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <H1>{t('modules.settingsGroups')}</H1>
      </header>
      <div className="hw-two-columns">
        <section aria-labelledby="hw-groups-title">
          <h2 id="hw-groups-title" className={Classes.HEADING}>
            {t('settingsGroups.yourGroups')}
          </h2>
          {!isLoading && groups.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>{t('settingsGroups.empty')}</p>
          ) : (
            <HTMLTable interactive striped className="hw-table">
              <thead>
                <tr>
                  <th scope="col">{t('settingsGroups.name')}</th>
                  <th scope="col">{t('settingsGroups.role')}</th>
                  <th scope="col">
                    <span className={Classes.TEXT_MUTED}>{t('settingsGroups.selected')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {groups.map((group) => {
                  const selected = group.uuid === current?.uuid;
                  return (
                    <tr
                      key={group.uuid}
                      aria-selected={selected}
                      className={selected ? 'hw-row-selected' : undefined}
                      onClick={() => select(group.uuid)}
                    >
                      <td>
                        <button type="button" className="hw-link-button" onClick={() => select(group.uuid)}>
                          {group.name}
                        </button>
                      </td>
                      <td>
                        <Tag minimal intent={group.role === 'admin' ? Intent.PRIMARY : Intent.NONE}>
                          {t(`settingsGroups.roles.${group.role}`)}
                        </Tag>
                      </td>
                      <td>
                        {selected && (
                          <Icon icon={<Tick />} intent={Intent.SUCCESS} title={t('settingsGroups.selected')} />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          )}
          {current && <SelectedGroupDetails uuid={current.uuid} />}
        </section>
        <Card className="hw-form-card">
          <form onSubmit={submit} noValidate>
            <h2 className={Classes.HEADING}>{t('settingsGroups.new')}</h2>
            <FormMessage message={form.message} />
            <TextField
              id="settings-group-name"
              label={t('settingsGroups.name')}
              value={name}
              onChange={setName}
              errors={form.errors.name}
              required
              maxLength={120}
            />
            <Button type="submit" intent={Intent.PRIMARY} icon={<Plus />} loading={create.isPending}>
              {t('settingsGroups.create')}
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}
