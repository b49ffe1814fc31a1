// /settings/invitations (docs/domain/permissions.md, "Invitations"): an admin of the selected settings group pastes
// addresses (a column from a spreadsheet works), picks the role and user groups and sends; a 422 names each refused
// address and nothing is sent. Below: the settings group's invitations with status and expiry, Resend and Revoke as
// their links allow, and the allowed e-mail domains (empty: any domain).
import {
  Button,
  Callout,
  Card,
  Checkbox,
  Classes,
  FormGroup,
  H2,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { Envelope, Refresh, Disable } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { isApiError } from '../../src/api/errors';
import {
  fetchInvitations,
  fetchInvitationUserGroups,
  invitationKeys,
  resendInvitation,
  revokeInvitation,
  sendInvitations,
  splitAddresses,
  updateAllowedDomains,
  type Invitation,
  type InvitationRole,
  type InvitationStatus,
} from '../../src/api/invitations.api';
import { queryKeys, useSettingsGroup } from '../../src/api/queries';
import { ErrorLines, FormMessage } from '../../src/components/form-fields';
import { notify, reportActionError } from '../../src/components/notices';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useFormat } from '../../src/components/use-format';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useTranslation } from '../../src/i18n';
import { RestrictedAccess } from '../permissions/restricted-access';
import './invitations.css';

const STATUS_INTENT: Record<InvitationStatus, Intent> = {
  sent: Intent.PRIMARY,
  accepted: Intent.SUCCESS,
  refused: Intent.WARNING,
  revoked: Intent.NONE,
  expired: Intent.NONE,
};

export function InvitationsView() {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  useDocumentTitle(t('modules.settingsPages.invitations'));
  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <h1 className={Classes.HEADING}>{t('modules.settingsPages.invitations')}</h1>
      </header>
      {!current ? null : current.role !== 'admin' ? (
        <NonIdealState icon={<Disable size={48} />} description={t('admin.invitations.adminsOnly')} />
      ) : (
        <>
          <InviteForm sg={current.uuid} groupName={current.name} />
          <InvitationList sg={current.uuid} />
          <AllowedDomains sg={current.uuid} />
          <RestrictedAccess sg={current.uuid} />
        </>
      )}
    </div>
  );
}

function InviteForm({ sg, groupName }: { sg: string; groupName: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [role, setRole] = useState<InvitationRole>('user');
  const [groups, setGroups] = useState<string[]>([]);
  const userGroups = useQuery({
    queryKey: invitationKeys.userGroups(sg),
    queryFn: () => fetchInvitationUserGroups(sg),
  });
  const emails = splitAddresses(text);

  const send = useMutation({
    mutationFn: () => sendInvitations(sg, { emails, role, user_group_uuids: groups }),
    onSuccess: async (sent) => {
      notify.success(t('admin.invitations.sent', { count: sent.length }));
      setText('');
      await client.invalidateQueries({ queryKey: invitationKeys.list(sg) });
    },
  });
  // a 422 names each refused address (emails.N); other fields' messages and the overall message go above
  const error = isApiError(send.error) ? send.error : null;
  const fieldErrors = error?.status === 422 ? error.errors : {};
  const addressErrors = Object.entries(fieldErrors)
    .filter(([key]) => key.startsWith('emails.'))
    .sort(([a], [b]) => Number(a.slice(7)) - Number(b.slice(7)))
    .flatMap(([, messages]) => messages);
  const otherErrors = Object.entries(fieldErrors)
    .filter(([key]) => !key.startsWith('emails.'))
    .flatMap(([, messages]) => messages);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (emails.length) send.mutate();
  };

  return (
    <Card className="hw-invitations-card">
      <form onSubmit={submit} noValidate aria-labelledby="hw-invite-title">
        <H2 id="hw-invite-title">{t('admin.invitations.inviteTitle', { name: groupName })}</H2>
        {error && !error.notified && addressErrors.length === 0 && <FormMessage message={error.message} />}
        {addressErrors.length > 0 && (
          <Callout intent={Intent.DANGER} role="alert" title={t('admin.invitations.refusedAddresses')}>
            <ul className="hw-invitation-errors">
              {addressErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
            <p>{t('admin.invitations.nothingSent')}</p>
          </Callout>
        )}
        <ErrorLines messages={otherErrors} />
        <FormGroup
          label={t('admin.invitations.addresses')}
          labelFor="hw-invite-addresses"
          helperText={t('admin.invitations.addressesHelp', { count: emails.length })}
        >
          <TextArea
            id="hw-invite-addresses"
            fill
            rows={6}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label={t('settingsGroups.role')} labelFor="hw-invite-role">
          <HTMLSelect
            id="hw-invite-role"
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as InvitationRole)}
            options={(['user', 'admin'] as const).map((value) => ({
              value,
              label: t(`settingsGroups.roles.${value}`),
            }))}
          />
        </FormGroup>
        <fieldset className="hw-invite-groups">
          <legend className={Classes.LABEL}>{t('admin.invitations.userGroups')}</legend>
          {userGroups.data?.length === 0 && <p className={Classes.TEXT_MUTED}>{t('admin.invitations.noUserGroups')}</p>}
          {userGroups.data?.map((group) => (
            <Checkbox
              key={group.uuid}
              label={group.name}
              checked={groups.includes(group.uuid)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setGroups((chosen) => (on ? [...chosen, group.uuid] : chosen.filter((uuid) => uuid !== group.uuid)));
              }}
            />
          ))}
        </fieldset>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon={<Envelope />}
          loading={send.isPending}
          disabled={emails.length === 0}
          text={t('admin.invitations.send', { count: emails.length })}
        />
      </form>
    </Card>
  );
}

function InvitationList({ sg }: { sg: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const list = useQuery({ queryKey: invitationKeys.list(sg), queryFn: () => fetchInvitations(sg) });
  const act = useMutation({
    mutationFn: ({ invitation, action }: { invitation: Invitation; action: 'resend' | 'revoke' }) =>
      action === 'resend' ? resendInvitation(invitation.uuid) : revokeInvitation(invitation.uuid),
    onSuccess: async (_reply, { invitation, action }) => {
      notify.success(t(`admin.invitations.${action === 'resend' ? 'resent' : 'revoked'}`, { email: invitation.email }));
      await client.invalidateQueries({ queryKey: invitationKeys.list(sg) });
    },
    onError: reportActionError,
  });
  const invitations = list.data ?? [];
  return (
    <section aria-labelledby="hw-invitations-title" className="hw-invitations-list">
      <H2 id="hw-invitations-title">{t('admin.invitations.listTitle')}</H2>
      {!list.isLoading && invitations.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('admin.invitations.empty')}</p>
      ) : (
        <HTMLTable compact striped className="hw-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.invitations.email')}</th>
              <th scope="col">{t('settingsGroups.role')}</th>
              <th scope="col">{t('admin.invitations.status')}</th>
              <th scope="col">{t('admin.invitations.sentAt')}</th>
              <th scope="col">{t('admin.invitations.expires')}</th>
              <th scope="col">
                <span className={Classes.TEXT_MUTED}>{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => {
              const pending = act.isPending && act.variables?.invitation.uuid === invitation.uuid;
              return (
                <tr key={invitation.uuid}>
                  <td>{invitation.email}</td>
                  <td>{t(`settingsGroups.roles.${invitation.role}`)}</td>
                  <td>
                    <Tag minimal intent={STATUS_INTENT[invitation.status]}>
                      {t(`admin.invitations.statuses.${invitation.status}`)}
                    </Tag>
                  </td>
                  <td>{invitation.sent_at ? format.dateTime(invitation.sent_at) : ''}</td>
                  <td>{format.date(invitation.expires_at)}</td>
                  <td>
                    <span className="hw-button-row">
                      {invitation.links.resend && (
                        <Button
                          size="small"
                          icon={<Refresh />}
                          disabled={pending}
                          aria-label={t('admin.invitations.resendTo', { email: invitation.email })}
                          text={t('admin.invitations.resend')}
                          onClick={() => act.mutate({ invitation, action: 'resend' })}
                        />
                      )}
                      {invitation.links.revoke && (
                        <Button
                          size="small"
                          intent={Intent.DANGER}
                          minimal
                          disabled={pending}
                          aria-label={t('admin.invitations.revokeFor', { email: invitation.email })}
                          text={t('admin.invitations.revoke')}
                          onClick={() => act.mutate({ invitation, action: 'revoke' })}
                        />
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}

function AllowedDomains({ sg }: { sg: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: group } = useSettingsGroup(sg);
  const saved = group?.allowed_email_domains.join(', ') ?? '';
  const [text, setText] = useState(saved);
  useEffect(() => setText(saved), [saved]);
  const save = useMutation({
    mutationFn: () => updateAllowedDomains(sg, splitAddresses(text.toLowerCase())),
    onSuccess: async (updated) => {
      notify.success(t('admin.invitations.domainsSaved'));
      client.setQueryData(queryKeys.settingsGroup(sg), updated);
      await client.invalidateQueries({ queryKey: queryKeys.settingsGroup(sg) });
    },
  });
  const error = isApiError(save.error) ? save.error : null;
  const messages = error?.status === 422 ? Object.values(error.errors).flat() : [];
  return (
    <Card className="hw-invitations-card">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
        noValidate
      >
        {error && !error.notified && messages.length === 0 && <FormMessage message={error.message} />}
        <FormGroup
          label={t('admin.invitations.domains')}
          labelFor="hw-allowed-domains"
          helperText={t('admin.invitations.domainsHelp')}
        >
          <InputGroup
            id="hw-allowed-domains"
            value={text}
            onValueChange={setText}
            intent={messages.length ? Intent.DANGER : Intent.NONE}
          />
          <ErrorLines messages={messages} />
        </FormGroup>
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!group || text === saved}
          text={t('admin.invitations.saveDomains')}
        />
      </form>
    </Card>
  );
}
