// /invitations/{token}, the page of the mailed link (public layout; docs/domain/permissions.md, "Invitations"): reads
// the invitation without a login and says who invites. Signed in with the invited address: Accept (then into the
// app, in the settings group just joined) or Refuse. Not signed in: sign in or register, both coming back here
// (?redirect=, docs/domain/browser-app.md, "Routes and guards"). Signed in with another address: say so. An
// answered, revoked or expired invitation, or an unknown link, gets a clear message and nothing to press.
import { AnchorButton, Button, Callout, Card, Classes, H2, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { Disable, Envelope, Error as ErrorIcon, LogIn, Tick } from '@blueprintjs/icons';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { answerInvitation, fetchSettingsGroups } from '../../src/api/account.api';
import { isApiError } from '../../src/api/errors';
import { fetchInvitationByToken, invitationKeys } from '../../src/api/invitations.api';
import { queryKeys, useCurrentUser } from '../../src/api/queries';
import { queryClient } from '../../src/api/query-client';
import { withRedirect } from '../../src/auth/paths';
import { logoutAndReset } from '../../src/auth/session';
import { reportActionError } from '../../src/components/notices';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';
import './invitations.css';
import { switchSettingsGroupAtom } from '../../src/state/context';
import { loggedInAtom } from '../../src/state/session';

/** The public layout has no query client of its own (the signed-in area provides one): bring the app's. */
export function InvitationLinkPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <InvitationLink />
    </QueryClientProvider>
  );
}

function InvitationLink() {
  const { t } = useTranslation();
  const format = useFormat();
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const loggedIn = useAtomValue(loggedInAtom);
  const user = useCurrentUser();
  const selectGroup = useSetAtom(switchSettingsGroupAtom);
  const [refused, setRefused] = useState(false);
  useDocumentTitle(t('admin.invitations.link.title'));
  const query = useQuery({
    queryKey: invitationKeys.byToken(token),
    queryFn: () => fetchInvitationByToken(token),
    retry: false,
  });

  const answer = useMutation({
    mutationFn: (reply: 'accept' | 'refuse') => answerInvitation(query.data!.uuid, reply),
    onSuccess: async (_reply, reply) => {
      if (reply === 'refuse') {
        setRefused(true);
        return;
      }
      await client.invalidateQueries({ queryKey: queryKeys.user });
      await client.invalidateQueries({ queryKey: queryKeys.settingsGroups });
      // into the settings group just joined (the reply by token names it, without its uuid)
      const groups = await client.fetchQuery({ queryKey: queryKeys.settingsGroupsSlim, queryFn: fetchSettingsGroups });
      const joined = groups.filter((group) => group.name === query.data?.settings_group_name);
      if (joined.length === 1) selectGroup(joined[0]!.uuid);
      await navigate('/', { replace: true });
    },
    onError: reportActionError,
  });

  if (query.isLoading || (loggedIn && user.isLoading)) return <Spinner />;
  if (query.isError || !query.data) {
    const gone = isApiError(query.error) && query.error.status === 404;
    return (
      <NonIdealState
        icon={gone ? <Disable size={48} /> : <ErrorIcon size={48} />}
        title={t(gone ? 'admin.invitations.link.unknownTitle' : 'admin.invitations.link.errorTitle')}
        description={t(gone ? 'admin.invitations.link.unknownText' : 'admin.invitations.link.errorText')}
      />
    );
  }
  const invitation = query.data;
  const title = t('admin.invitations.link.invites', { name: invitation.settings_group_name });
  const status = refused ? 'refused' : invitation.status;
  if (status !== 'sent') {
    return (
      <NonIdealState
        icon={status === 'accepted' ? <Tick size={48} /> : <Disable size={48} />}
        title={title}
        description={t(`admin.invitations.link.closed.${status}`)}
        action={
          loggedIn ? (
            <Link to="/">{t('admin.invitations.link.toApp')}</Link>
          ) : (
            <Link to="/login">{t('auth.login.link')}</Link>
          )
        }
      />
    );
  }

  const signedInAs = loggedIn ? user.data : undefined;
  const matches = signedInAs?.email.toLowerCase() === invitation.email.toLowerCase();
  return (
    <Card className="hw-invitation-link" aria-labelledby="hw-invitation-title">
      <H2 id="hw-invitation-title">{title}</H2>
      <p>
        {t('admin.invitations.link.details', {
          email: invitation.email,
          role: t(`settingsGroups.roles.${invitation.role}`),
          date: format.date(invitation.expires_at),
        })}
      </p>
      {!signedInAs ? (
        <>
          <p className={Classes.TEXT_MUTED}>{t('admin.invitations.link.signInFirst')}</p>
          <div className="hw-button-row">
            <Button
              intent={Intent.PRIMARY}
              icon={<LogIn />}
              text={t('admin.invitations.link.signIn')}
              onClick={() => void navigate(withRedirect('/login', pathname))}
            />
            <Button
              icon={<Envelope />}
              text={t('admin.invitations.link.register')}
              onClick={() => void navigate(withRedirect('/register', pathname))}
            />
          </div>
        </>
      ) : matches ? (
        <div className="hw-button-row">
          <Button
            intent={Intent.SUCCESS}
            icon={<Tick />}
            loading={answer.isPending && answer.variables === 'accept'}
            disabled={answer.isPending}
            text={t('profile.invitations.accept')}
            onClick={() => answer.mutate('accept')}
          />
          <Button
            disabled={answer.isPending}
            text={t('profile.invitations.refuse')}
            onClick={() => answer.mutate('refuse')}
          />
        </div>
      ) : (
        <Callout intent={Intent.WARNING}>
          <p>
            {t('admin.invitations.link.otherAddress', {
              current: signedInAs.email,
              email: invitation.email,
            })}
          </p>
          <AnchorButton
            text={t('admin.invitations.link.signOut')}
            onClick={() => void logoutAndReset(navigate, pathname)}
          />
        </Callout>
      )}
    </Card>
  );
}
