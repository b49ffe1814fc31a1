// /register: creates the account (locale = current UI language), signs in and asks to verify the e-mail.
import { Button, Checkbox, FormGroup, H2, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { csrfCookie, register } from '../api/account.api';
import { ErrorLines, FormMessage, TextField, useFormSubmit } from '../components/form-fields';
import { currentLanguage, useTranslation } from '../i18n';
import { completeLogin } from './login-flow';
import { safeRedirect, withRedirect } from './paths';
import { useDocumentTitle } from '../components/use-document-title';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // ?redirect= (e.g. an invitation's page, docs/domain/permissions.md, "Invitations"): back there once registered
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const [values, setValues] = useState({
    first_name: '',
    last_name: '',
    email: '',
    organisation: '',
    password: '',
    password_confirmation: '',
  });
  const [terms, setTerms] = useState(false);
  const { form, busy, handle } = useFormSubmit();

  useDocumentTitle(t('auth.register.title'));

  const field = (name: keyof typeof values) => ({
    id: name,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    errors: form.errors[name],
  });

  const submit = handle(async () => {
    await csrfCookie();
    const reply = await register({
      ...values,
      organisation: values.organisation.trim() || null,
      locale: currentLanguage(),
      terms: terms as true,
    });
    await completeLogin(reply.user);
    await navigate(safeRedirect(redirect) ?? '/email-verification', { replace: true });
  });

  const firstNameField = field('first_name');
  const lastNameField = field('last_name');
  const emailField = field('email');
  const organisationField = field('organisation');
  const passwordField = field('password');
  const passwordConfirmationField = field('password_confirmation');

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="hw-auth-form">
      <H2>{t('auth.register.title')}</H2>
      <FormMessage message={form.message} />
      <div className="hw-form-row">
        <TextField {...firstNameField} label={t('auth.fields.firstName')} autoComplete="given-name" required />
        <TextField {...lastNameField} label={t('auth.fields.lastName')} autoComplete="family-name" required />
      </div>
      <TextField {...emailField} type="email" label={t('auth.fields.email')} autoComplete="email" required />
      <TextField {...organisationField} label={t('auth.fields.organisation')} autoComplete="organization" />
      <TextField
        {...passwordField}
        type="password"
        label={t('auth.fields.password')}
        autoComplete="new-password"
        helperText={t('auth.fields.passwordHint')}
        required
      />
      <TextField
        {...passwordConfirmationField}
        type="password"
        label={t('auth.fields.passwordConfirmation')}
        autoComplete="new-password"
        required
      />
      <FormGroup
        intent={form.errors.terms ? Intent.DANGER : Intent.NONE}
        helperText={<ErrorLines messages={form.errors.terms} />}
      >
        <Checkbox
          id="terms"
          checked={terms}
          onChange={(event) => setTerms(event.currentTarget.checked)}
          label={t('auth.register.acceptTerms')}
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} fill loading={busy} text={t('auth.register.submit')} />
      <p className="hw-auth-alt">
        {t('auth.register.haveAccount')} <Link to={withRedirect('/login', redirect)}>{t('auth.login.link')}</Link>
      </p>
    </form>
  );
}
