// /settings/users: the members of the selected settings group (docs/domain/permissions.md, "Members"): role, user
// groups, last login, 2FA and since when; an admin changes role and user groups or removes a member. A small list
// in a Blueprint table like the settings groups' (docs/decisions.md, "Members, user groups and permission groups"); on a
// phone each member is a card of labelled lines (permissions.css), as the grids show cards there.
import { Button, Classes, HTMLSelect, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  fetchMembers,
  fetchUserGroups,
  permissionKeys,
  removeMember,
  unlockMemberTwoFactor,
  updateMember,
  type Member,
} from '../../src/api/permissions.api';
import { useCurrentUser } from '../../src/api/queries';
import { cx } from '../../src/components/cx';
import { notify } from '../../src/components/notices';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';
import { adminPage, useOutcome, type AdminBodyProps } from './admin-page';
import { PickList } from './pick-list';
import { RemoveButton, useRemoval } from './removal';

const ROLES = ['admin', 'user'] as const;

function MembersTable({ sg, report }: AdminBodyProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: me } = useCurrentUser();
  const members = useQuery({ queryKey: permissionKeys.members(sg), queryFn: () => fetchMembers(sg) });
  const groups = useQuery({ queryKey: permissionKeys.userGroups(sg), queryFn: () => fetchUserGroups(sg) });
  const outcome = useOutcome(report);
  const update = useMutation({
    mutationFn: ({ user, body }: { user: string; body: Parameters<typeof updateMember>[2] }) =>
      updateMember(sg, user, body),
    ...outcome,
  });
  // a member locked out of two-factor sign-in after too many wrong codes (docs/domain/sign-in.md, "Two-factor lock")
  const unlock = useMutation({
    mutationFn: (member: Member) => unlockMemberTwoFactor(sg, member.user_uuid),
    onSuccess: (reply) => {
      outcome.onSuccess();
      notify.success(reply.message);
    },
    onError: outcome.onError,
  });
  const removal = useRemoval({
    remove: (member: Member) => removeMember(sg, member.user_uuid),
    question: (member) => t('permissions.members.removeConfirm', { name: member.name }),
    confirm: t('permissions.members.remove'),
    report,
  });

  const groupOptions = (groups.data ?? []).map((group) => ({ value: group.uuid, label: group.name }));
  return (
    <>
      <div className="hw-access-scroll">
        <HTMLTable striped className="hw-table hw-access-table hw-members-table">
          <thead>
            <tr>
              <th scope="col">{t('permissions.members.member')}</th>
              <th scope="col">{t('permissions.members.role')}</th>
              <th scope="col">{t('permissions.members.userGroups')}</th>
              <th scope="col">{t('permissions.members.lastLogin')}</th>
              <th scope="col">{t('permissions.members.twoFactor')}</th>
              <th scope="col">{t('permissions.members.memberSince')}</th>
              <th scope="col" aria-label={t('permissions.actions')} />
            </tr>
          </thead>
          <tbody>
            {(members.data ?? []).map((member) => {
              // an admin's own role is changed by another admin (422), so it is not offered
              const self = member.user_uuid === me?.uuid;
              return (
                <tr key={member.user_uuid}>
                  <td>
                    <div>
                      {member.name} {self && <Tag minimal>{t('permissions.members.you')}</Tag>}
                    </div>
                    <div className={cx(Classes.TEXT_MUTED, Classes.TEXT_SMALL)}>{member.email}</div>
                  </td>
                  <td data-label={t('permissions.members.role')}>
                    <HTMLSelect
                      aria-label={t('permissions.members.roleOf', { name: member.name })}
                      value={member.role}
                      disabled={self}
                      title={self ? t('permissions.members.ownRole') : undefined}
                      onChange={(event) =>
                        update.mutate({
                          user: member.user_uuid,
                          body: { role: event.currentTarget.value as Member['role'] },
                        })
                      }
                      options={ROLES.map((role) => ({ value: role, label: t(`settingsGroups.roles.${role}`) }))}
                    />
                  </td>
                  <td data-label={t('permissions.members.userGroups')}>
                    <PickList
                      label={t('permissions.members.userGroupsOf', { name: member.name })}
                      options={groupOptions}
                      value={member.user_group_uuids}
                      onChange={(uuids) => update.mutate({ user: member.user_uuid, body: { user_group_uuids: uuids } })}
                    />
                  </td>
                  <td data-label={t('permissions.members.lastLogin')}>
                    {member.last_login ? format.dateTime(member.last_login) : '–'}
                  </td>
                  <td data-label={t('permissions.members.twoFactor')}>
                    <Tag minimal intent={member.two_factor ? Intent.SUCCESS : Intent.NONE}>
                      {member.two_factor ? t('permissions.members.on') : t('permissions.members.off')}
                    </Tag>
                    {member.two_factor_locked && (
                      <div className="hw-member-lock">
                        <Tag minimal intent={Intent.DANGER} title={t('permissions.members.lockedHint')}>
                          {t('permissions.members.locked')}
                        </Tag>
                        <Button
                          small
                          minimal
                          intent={Intent.PRIMARY}
                          loading={unlock.isPending && unlock.variables?.user_uuid === member.user_uuid}
                          aria-label={t('permissions.members.unlockOf', { name: member.name })}
                          onClick={() => unlock.mutate(member)}
                        >
                          {t('permissions.members.unlock')}
                        </Button>
                      </div>
                    )}
                  </td>
                  <td data-label={t('permissions.members.memberSince')}>{format.date(member.member_since)}</td>
                  <RemoveButton name={member.name} member onClick={() => removal.ask(member)} />
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
      {removal.dialog}
    </>
  );
}

export const UsersView = adminPage('users', MembersTable);
