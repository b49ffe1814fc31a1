// /email-verification: the verified state from the server, a resend button and, once verified, continue.
import { Button, Callout, Classes, H2, Intent, Spinner } from '@blueprintjs/core';
import { Envelope, Tick } from '@blueprintjs/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resendVerification } from '../api/account.api';
import { queryKeys, useCurrentUser, useVerifiedStatus } from '../api/queries';
import { notify, reportActionError } from '../components/notices';
import { useDocumentTitle } from '../components/use-document-title';

export function EmailVerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [searchParams] = useSearchParams();
  const justVerified = searchParams.get('verified') === '1';
  const linkFailed = searchParams.get('verified') === '0';
  const { data: user } = useCurrentUser();
  const { data: status, isLoading } = useVerifiedStatus();
  const verified = status?.verified ?? false;

  useDocumentTitle(t('auth.verify.title'));

  useEffect(() => {
    if (justVerified) void client.invalidateQueries({ queryKey: queryKeys.user });
  }, [justVerified, client]);

  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (reply) => notify.success(reply?.message ?? t('auth.verify.sent')),
    onError: reportActionError,
  });

  return (
    <div className="hw-auth-form">
      <H2>{t('auth.verify.title')}</H2>
      {justVerified && (
        <Callout intent={Intent.SUCCESS} icon={<Tick />} role="status">
          {t('auth.verify.success')}
        </Callout>
      )}
      {linkFailed && !verified && (
        <Callout intent={Intent.WARNING} role="status">
          {t('auth.verify.failed')}
        </Callout>
      )}
      {isLoading ? (
        <Spinner size={24} />
      ) : verified ? (
        <p>{t('auth.verify.verified', { email: user?.email ?? '' })}</p>
      ) : (
        <>
          <p>{t('auth.verify.pending', { email: user?.email ?? '' })}</p>
          <p className={Classes.TEXT_MUTED}>{t('auth.verify.hint')}</p>
          <Button
            fill
            icon={<Envelope />}
            loading={resend.isPending}
            onClick={() => resend.mutate()}
            text={t('auth.verify.resend')}
          />
        </>
      )}
      {verified && (
        <Button intent={Intent.PRIMARY} fill onClick={() => void navigate('/')} text={t('auth.verify.continue')} />
      )}
      <p className="hw-auth-alt">
        {verified ? null : <Link to="/">{t('auth.verify.later')}</Link>} <Link to="/logout">{t('shell.logout')}</Link>
      </p>
    </div>
  );
}
