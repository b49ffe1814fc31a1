// /login/2fa: the second step of a login, with an authenticator code or a recovery code.
import { Button, Classes, H2, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { twoFactorChallenge } from '../api/account.api';
import { FormMessage, TextField, useFormSubmit } from '../components/form-fields';
import { withRedirect } from './paths';
import { afterLoginPath, completeLogin } from './login-flow';
import { useDocumentTitle } from '../components/use-document-title';

export function TwoFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const { form, busy, handle } = useFormSubmit();

  useDocumentTitle(t('auth.twoFactor.title'));

  const submit = handle(async () => {
    await twoFactorChallenge(useRecovery ? { recovery_code: recoveryCode.trim() } : { code: code.trim() });
    const user = await completeLogin();
    await navigate(afterLoginPath(user, redirect), { replace: true });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="hw-auth-form">
      <H2>{t('auth.twoFactor.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t(useRecovery ? 'auth.twoFactor.recoveryHint' : 'auth.twoFactor.codeHint')}</p>
      <FormMessage message={form.message} />
      {useRecovery ? (
        <TextField
          id="recovery_code"
          label={t('auth.fields.recoveryCode')}
          value={recoveryCode}
          onChange={setRecoveryCode}
          errors={form.errors.recovery_code}
          autoComplete="off"
          autoFocus
        />
      ) : (
        <TextField
          id="code"
          label={t('auth.fields.code')}
          value={code}
          onChange={setCode}
          errors={form.errors.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
        />
      )}
      <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} text={t('auth.twoFactor.submit')} />
      <Button
        variant="minimal"
        fill
        className="hw-auth-toggle"
        onClick={() => {
          form.clear();
          setUseRecovery(!useRecovery);
        }}
        text={t(useRecovery ? 'auth.twoFactor.useCode' : 'auth.twoFactor.useRecovery')}
      />
      <p className="hw-auth-alt">
        <Link to={withRedirect('/login', redirect)}>{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}
