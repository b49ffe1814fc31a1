// /profile: personal data, password, two-factor, API tokens, appearance, invitations, delegation, account deletion.
import { Card, Classes, H1, H2 } from '@blueprintjs/core';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../../api/queries';
import { DarkModeControl } from '../../components/dark-mode-control';
import { PageLoader } from '../../components/page-loader';
import { AttentionDot } from '../../components/user-menu';
import { AccountDeletionSection } from './account-deletion-section';
import { DelegationSection } from './delegation-section';
import { ApiTokensSection } from './api-tokens-section';
import { InvitationsSection } from './invitations-section';
import { PasswordSection } from './password-section';
import { PersonalDataSection } from './personal-data-section';
import { TwoFactorSection } from './two-factor-section';
import { useDocumentTitle } from '../../components/use-document-title';

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();

  useDocumentTitle(t('shell.profile'));

  if (!user) return <PageLoader />;
  const openInvitations = user.invitations.filter((invitation) => invitation.status === 'sent').length;

  return (
    <div className="hw-page hw-profile">
      <header className="hw-page-header">
        <H1>{t('shell.profile')}</H1>
        {user.needs_attention && <AttentionDot label={t('shell.needsAttention')} />}
      </header>
      {user.needs_attention && (
        <p className={Classes.TEXT_MUTED}>
          {openInvitations > 0 && t('profile.attention.invitations', { count: openInvitations })}{' '}
          {user.date_to_delete && t('profile.attention.deletion')}
        </p>
      )}
      <div className="hw-profile-grid">
        <PersonalDataSection
          // a server-side change (e.g. the language chosen in the user menu) refreshes the form
          key={[
            user.uuid,
            user.first_name,
            user.last_name,
            user.email,
            user.organisation,
            user.gender,
            user.locale,
            user.date_format,
          ].join('|')}
          user={user}
        />
        <PasswordSection email={user.email} />
        <TwoFactorSection user={user} />
        <ApiTokensSection />
        <Card className="hw-profile-card" id="appearance">
          <H2>{t('profile.appearance.title')}</H2>
          <DarkModeControl />
        </Card>
        <InvitationsSection user={user} />
        <DelegationSection />
        <AccountDeletionSection user={user} />
      </div>
    </div>
  );
}
