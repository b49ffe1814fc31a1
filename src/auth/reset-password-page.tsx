// /reset-password?token=…&email=…: sets a new password, then back to /login with a success notice.
import { Button, H2, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { csrfCookie, resetPassword } from '../api/account.api';
import { FormMessage, TextField, useFormSubmit } from '../components/form-fields';
import { notify } from '../components/notices';
import { useDocumentTitle } from '../components/use-document-title';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { form, busy, handle } = useFormSubmit();

  useDocumentTitle(t('auth.reset.title'));

  const submit = handle(async () => {
    await csrfCookie();
    const reply = await resetPassword({ token, email, password, password_confirmation: confirmation });
    notify.success(reply?.message ?? t('auth.reset.done'));
    await navigate('/login', { replace: true });
  });

  const tokenErrors = form.errors.token;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="hw-auth-form">
      <H2>{t('auth.reset.title')}</H2>
      <FormMessage message={token ? null : t('auth.reset.missingToken')} />
      <FormMessage message={form.message} />
      {tokenErrors && <FormMessage message={tokenErrors.join('\n')} />}
      <TextField
        id="email"
        type="email"
        label={t('auth.fields.email')}
        value={email}
        onChange={setEmail}
        errors={form.errors.email}
        autoComplete="username"
        required
      />
      <TextField
        id="password"
        type="password"
        label={t('auth.fields.newPassword')}
        value={password}
        onChange={setPassword}
        errors={form.errors.password}
        autoComplete="new-password"
        helperText={t('auth.fields.passwordHint')}
        autoFocus
        required
      />
      <TextField
        id="password_confirmation"
        type="password"
        label={t('auth.fields.passwordConfirmation')}
        value={confirmation}
        onChange={setConfirmation}
        errors={form.errors.password_confirmation}
        autoComplete="new-password"
        required
      />
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        fill
        loading={busy}
        disabled={!token}
        text={t('auth.reset.submit')}
      />
      <p className="hw-auth-alt">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}
