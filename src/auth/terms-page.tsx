// /terms: the terms text (i18n) for user.terms_version; accepted once per version (PUT /user/terms).
import { Button, Callout, Classes, H2, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { acceptTerms } from '../api/account.api';
import { queryKeys, useCurrentUser } from '../api/queries';
import { FormMessage, useFormErrors } from '../components/form-fields';
import { notify } from '../components/notices';
import { safeRedirect } from './paths';
import { useDocumentTitle } from '../components/use-document-title';

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const;

export function TermsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [searchParams] = useSearchParams();
  const target = safeRedirect(searchParams.get('redirect')) ?? '/';
  const { data: user } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  useDocumentTitle(t('auth.terms.title'));

  if (!user) return null;

  const accept = async () => {
    form.clear();
    setBusy(true);
    try {
      const reply = await acceptTerms(user.terms_version);
      if (reply?.message) notify.success(reply.message);
      await client.refetchQueries({ queryKey: queryKeys.user, exact: true });
      await navigate(target, { replace: true });
    } catch (error) {
      form.fromError(error);
      setBusy(false);
    }
  };

  return (
    <div className="hw-auth-form hw-terms">
      <H2>{t('auth.terms.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('auth.terms.version', { version: user.terms_version })}</p>
      <div className="hw-terms-text" tabIndex={0} role="document" aria-label={t('auth.terms.title')}>
        {PARAGRAPHS.map((key) => (
          <p key={key}>{t(`auth.terms.${key}`)}</p>
        ))}
      </div>
      <FormMessage message={form.message} />
      {user.terms_accepted ? (
        <>
          <Callout intent={Intent.SUCCESS} role="status">
            {t('auth.terms.accepted', { date: user.terms_accepted_at, dateFormat: user.date_format })}
          </Callout>
          <Link to={target}>{t('common.continue')}</Link>
        </>
      ) : (
        <Button
          intent={Intent.PRIMARY}
          fill
          loading={busy}
          onClick={() => void accept()}
          text={t('auth.terms.accept')}
        />
      )}
      <p className="hw-auth-alt">
        <Link to="/logout">{t('shell.logout')}</Link>
      </p>
    </div>
  );
}
