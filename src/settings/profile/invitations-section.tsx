// Open invitations to settings groups: accept or refuse (POST /user/invitations/{uuid}/accept|refuse).
import { Button, Card, Classes, H2, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import type { User } from '../../entities/account';
import { answerInvitation } from '../../api/account.api';
import { queryKeys } from '../../api/queries';
import { notify, reportActionError } from '../../components/notices';
import { useFormat } from '../../components/use-format';

export function InvitationsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const format = useFormat();

  const answer = useMutation({
    mutationFn: ({ uuid, reply }: { uuid: string; reply: 'accept' | 'refuse' }) => answerInvitation(uuid, reply),
    onSuccess: async (reply, { reply: kind }) => {
      notify.success(
        reply?.message ?? t(kind === 'accept' ? 'profile.invitations.accepted' : 'profile.invitations.refused'),
      );
      await client.invalidateQueries({ queryKey: queryKeys.user });
      await client.invalidateQueries({ queryKey: queryKeys.settingsGroups });
    },
    onError: reportActionError,
  });

  return (
    <Card className="hw-profile-card" id="invitations">
      <H2>{t('profile.invitations.title')}</H2>
      {user.invitations.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('profile.invitations.empty')}</p>
      ) : (
        <HTMLTable compact striped className="hw-table">
          <thead>
            <tr>
              <th scope="col">{t('profile.invitations.group')}</th>
              <th scope="col">{t('settingsGroups.role')}</th>
              <th scope="col">{t('profile.invitations.expires')}</th>
              <th scope="col">
                <span className={Classes.TEXT_MUTED}>{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {user.invitations.map((invitation) => {
              const pending = answer.isPending && answer.variables?.uuid === invitation.uuid;
              return (
                <tr key={invitation.uuid}>
                  <td>{invitation.settings_group_name}</td>
                  <td>{t(`settingsGroups.roles.${invitation.role}`)}</td>
                  <td>{format.date(invitation.expires_at)}</td>
                  <td>
                    {invitation.status === 'sent' ? (
                      <span className="hw-button-row">
                        <Button
                          size="small"
                          intent={Intent.SUCCESS}
                          disabled={pending}
                          onClick={() => answer.mutate({ uuid: invitation.uuid, reply: 'accept' })}
                          text={t('profile.invitations.accept')}
                        />
                        <Button
                          size="small"
                          disabled={pending}
                          onClick={() => answer.mutate({ uuid: invitation.uuid, reply: 'refuse' })}
                          text={t('profile.invitations.refuse')}
                        />
                      </span>
                    ) : (
                      <Tag minimal>{t(`profile.invitations.status.${invitation.status}`)}</Tag>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
