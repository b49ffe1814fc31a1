// /forgot-password: asks for a reset link; the server's message is always shown (no account enumeration).
import { Button, Classes, H2, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n';
import { Link } from 'react-router';
import { csrfCookie, forgotPassword } from '../api/account.api';
import { FormMessage, TextField, useFormErrors } from '../components/form-fields';
import { useDocumentTitle } from '../components/use-document-title';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const form = useFormErrors();

  useDocumentTitle(t('auth.forgot.title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    setSent(null);
    setBusy(true);
    try {
      await csrfCookie();
      const reply = await forgotPassword(email);
      setSent(reply?.message ?? t('auth.forgot.sent'));
    } catch (error) {
      form.fromError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="hw-auth-form">
      <H2>{t('auth.forgot.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('auth.forgot.hint')}</p>
      <FormMessage message={sent} intent={Intent.SUCCESS} />
      <FormMessage message={form.message} />
      <TextField
        id="email"
        type="email"
        label={t('auth.fields.email')}
        value={email}
        onChange={setEmail}
        errors={form.errors.email}
        autoComplete="email"
        autoFocus
        required
      />
      <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} text={t('auth.forgot.submit')} />
      <p className="hw-auth-alt">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}
