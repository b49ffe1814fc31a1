// /settings/user-groups: the user groups of the selected settings group (docs/domain/permissions.md, "User
// groups"): create, rename in place, pick the members, delete (after a confirmation).
import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { UserGroup } from '../../src/entities/permissions';
import {
  createUserGroup,
  deleteUserGroup,
  fetchMembers,
  fetchUserGroups,
  permissionKeys,
  updateUserGroup,
} from '../../src/api/permissions.api';
import { useTranslation } from '../../src/i18n';
import { adminPage, useOutcome, type AdminBodyProps } from './admin-page';
import { CreateForm } from './create-form';
import { NameCell } from './name-cell';
import { PickList } from './pick-list';
import { RemoveButton, useRemoval } from './removal';

function UserGroupsTable({ sg, report }: AdminBodyProps) {
  const { t } = useTranslation();
  const outcome = useOutcome(report);
  const groups = useQuery({ queryKey: permissionKeys.userGroups(sg), queryFn: () => fetchUserGroups(sg) });
  const members = useQuery({ queryKey: permissionKeys.members(sg), queryFn: () => fetchMembers(sg) });
  const update = useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: Parameters<typeof updateUserGroup>[1] }) =>
      updateUserGroup(uuid, body),
    ...outcome,
  });
  const removal = useRemoval({
    remove: (group: UserGroup) => deleteUserGroup(group.uuid),
    question: (group) => t('permissions.userGroups.deleteConfirm', { name: group.name }),
    report,
  });

  const memberOptions = (members.data ?? []).map((m) => ({ value: m.user_uuid, label: m.name }));
  const list = groups.data ?? [];
  return (
    <>
      <CreateForm
        label={t('permissions.userGroups.name')}
        button={t('permissions.userGroups.create')}
        onCreate={(name) => createUserGroup({ settings_group_uuid: sg, name }).then(outcome.onSuccess)}
        report={report}
      />
      {groups.isSuccess && list.length === 0 ? (
        <NonIdealState title={t('permissions.userGroups.empty')} description={t('permissions.userGroups.hint')} />
      ) : (
        <HTMLTable striped className="hw-table hw-access-table">
          <thead>
            <tr>
              <th scope="col">{t('permissions.userGroups.column')}</th>
              <th scope="col">{t('permissions.userGroups.members')}</th>
              <th scope="col" aria-label={t('permissions.actions')} />
            </tr>
          </thead>
          <tbody>
            {list.map((group) => (
              <tr key={group.uuid}>
                <td>
                  <NameCell
                    name={group.name}
                    onRename={(name) => update.mutate({ uuid: group.uuid, body: { name } })}
                  />
                </td>
                <td>
                  <PickList
                    label={t('permissions.userGroups.membersOf', { name: group.name })}
                    options={memberOptions}
                    value={group.member_uuids}
                    onChange={(uuids) => update.mutate({ uuid: group.uuid, body: { member_uuids: uuids } })}
                  />
                </td>
                <RemoveButton name={group.name} onClick={() => removal.ask(group)} />
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {removal.dialog}
    </>
  );
}

export const UserGroupsView = adminPage('userGroups', UserGroupsTable);
