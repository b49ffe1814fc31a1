// /login (docs/domain/sign-in.md, "Sign-in calls"): CSRF cookie, then POST /login; a two_factor reply leads to the 2FA step.
import { Button, Checkbox, H2, Intent } from '@blueprintjs/core';
import { LogIn } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { csrfCookie, login, unlockTwoFactor } from '../api/account.api';
import { FormMessage, TextField, useFormSubmit } from '../components/form-fields';
import { withRedirect } from './paths';
import { afterLoginPath, completeLogin } from './login-flow';
import { useDocumentTitle } from '../components/use-document-title';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  // The account deletion link from the e-mail lands here (GET /user/delete-request/{token}).
  const deletion = searchParams.get('account_deletion');
  // The unlock link of a two-factor sign-in locked after too many wrong codes lands here; the button sends its token
  // (POST /two-factor-unlock), so a mail scanner opening the link unlocks nothing (docs/domain/sign-in.md).
  const unlockToken = searchParams.get('two_factor_unlock');
  const [unlocked, setUnlocked] = useState(false);
  const unlocking = useFormSubmit();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const { form, busy, handle } = useFormSubmit();

  useDocumentTitle(t('auth.login.title'));

  const submit = handle(async () => {
    await csrfCookie();
    const reply = await login({ email, password, remember });
    if (reply?.two_factor) {
      await navigate(withRedirect('/login/2fa', redirect));
      return;
    }
    const user = await completeLogin();
    await navigate(afterLoginPath(user, redirect), { replace: true });
  });

  const unlock = unlocking.handle(async () => {
    await csrfCookie();
    await unlockTwoFactor(unlockToken ?? '');
    setUnlocked(true);
    unlocking.setBusy(false);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="hw-auth-form">
      <H2>{t('auth.login.title')}</H2>
      {deletion === 'scheduled' && <FormMessage intent={Intent.WARNING} message={t('auth.login.deletionScheduled')} />}
      {deletion === 'invalid' && <FormMessage intent={Intent.WARNING} message={t('auth.login.deletionInvalid')} />}
      {unlockToken && !unlocked && (
        <>
          <FormMessage intent={Intent.WARNING} message={t('auth.login.twoFactorLocked')} />
          <FormMessage message={unlocking.form.message ?? unlocking.form.errors.token?.join('\n') ?? null} />
          <Button
            type="button"
            fill
            loading={unlocking.busy}
            text={t('auth.login.twoFactorUnlock')}
            onClick={() => void unlock()}
          />
        </>
      )}
      {unlocked && <FormMessage intent={Intent.SUCCESS} message={t('auth.login.twoFactorUnlocked')} />}
      <FormMessage message={form.message} />
      <TextField
        id="email"
        type="email"
        label={t('auth.fields.email')}
        value={email}
        onChange={setEmail}
        errors={form.errors.email}
        autoComplete="username"
        autoFocus
        required
      />
      <TextField
        id="password"
        type="password"
        label={t('auth.fields.password')}
        value={password}
        onChange={setPassword}
        errors={form.errors.password}
        autoComplete="current-password"
        required
      />
      <div className="hw-form-line">
        <Checkbox
          id="remember"
          checked={remember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
          label={t('auth.login.remember')}
        />
        <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
      </div>
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        fill
        loading={busy}
        icon={<LogIn />}
        text={t('auth.login.submit')}
      />
      <p className="hw-auth-alt">
        {t('auth.login.noAccount')} <Link to={withRedirect('/register', redirect)}>{t('auth.register.link')}</Link>
      </p>
    </form>
  );
}
