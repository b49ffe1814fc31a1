// The property drawer's and page's user groups panel (docs/domain/permissions.md, "Restricted access"): its settings
// group's admins pick the user groups whose members see the property (`PUT /properties/{uuid}/user-groups`, saved
// per tick). It applies while the settings group has restricted access on; the panel says so when it is off.
import { Callout, Classes, FormGroup, H4, Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPropertyUserGroups, propertyUserGroupsKey, setPropertyUserGroups } from '../../src/api/access-rules.api';
import { fetchUserGroups, permissionKeys } from '../../src/api/permissions.api';
import { useSettingsGroup } from '../../src/api/queries';
import type { ApiRecord } from '../../src/api/records';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import type { DrawerExtension } from '../records/drawer-extension';
import { PickList } from './pick-list';
import './permissions.css';

export const propertyExtension: DrawerExtension = {
  panels: (record) => <PropertyUserGroups key={record.uuid} record={record} />,
};

function PropertyUserGroups({ record }: { record: ApiRecord }) {
  const sg = String(record.settings_group_uuid);
  const { data: group } = useSettingsGroup(sg);
  // members who are not the settings group's admin get a 403 from these routes: nothing to show them
  if (group?.role !== 'admin') return null;
  return <Editor record={record} sg={sg} restricted={group.restricted_access} />;
}

function Editor({ record, sg, restricted }: { record: ApiRecord; sg: string; restricted: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = propertyUserGroupsKey(record.uuid);
  const current = useQuery({ queryKey: key, queryFn: () => fetchPropertyUserGroups(record.uuid) });
  const groups = useQuery({ queryKey: permissionKeys.userGroups(sg), queryFn: () => fetchUserGroups(sg) });
  const save = useMutation({
    mutationFn: (uuids: string[]) => setPropertyUserGroups(record.uuid, uuids),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      notify.success(t('admin.propertyUserGroups.saved'));
    },
    onError: (error) => {
      reportActionError(error);
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const titleId = `hw-property-user-groups-${record.uuid}`;
  const label = t('admin.propertyUserGroups.title');
  return (
    <section className="hw-property-user-groups" aria-labelledby={titleId}>
      <H4 id={titleId}>{label}</H4>
      {restricted ? (
        <p className={Classes.TEXT_MUTED}>{t('admin.propertyUserGroups.explain')}</p>
      ) : (
        <Callout intent={Intent.PRIMARY} className="hw-form-message">
          {t('admin.propertyUserGroups.off')}
        </Callout>
      )}
      <FormGroup label={t('admin.propertyUserGroups.userGroups')}>
        <PickList
          label={label}
          options={(groups.data ?? []).map((g) => ({ value: g.uuid, label: g.name }))}
          value={current.data?.user_group_uuids ?? []}
          disabled={!current.data || save.isPending}
          onChange={(uuids) => save.mutate(uuids)}
        />
      </FormGroup>
      {restricted && current.data && !current.data.user_group_uuids.length && (
        <p className={Classes.TEXT_MUTED}>{t('admin.propertyUserGroups.none')}</p>
      )}
    </section>
  );
}
