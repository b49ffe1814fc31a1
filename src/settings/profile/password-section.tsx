// Change password: PUT /user/password {current_password, password, password_confirmation}.
import { Button, Card, H2, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { updatePassword, type PasswordBody } from '../../api/account.api';
import { FormMessage, TextField, useFormErrors } from '../../components/form-fields';
import { notify } from '../../components/notices';

const EMPTY: PasswordBody = { current_password: '', password: '', password_confirmation: '' };

export function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<PasswordBody>(EMPTY);
  const form = useFormErrors();

  const save = useMutation({
    mutationFn: updatePassword,
    onSuccess: (reply) => {
      setValues(EMPTY);
      notify.success(reply?.message ?? t('profile.password.saved'));
    },
    onError: form.fromError,
  });

  const field = (name: keyof PasswordBody) => ({
    id: `profile-${name}`,
    type: 'password' as const,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    errors: form.errors[name],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    save.mutate(values);
  };

  const currentPasswordField = field('current_password');
  const passwordField = field('password');
  const passwordConfirmationField = field('password_confirmation');

  return (
    <Card className="hw-profile-card" id="password">
      <form onSubmit={submit} noValidate aria-labelledby="profile-password-title">
        <H2 id="profile-password-title">{t('profile.password.title')}</H2>
        <FormMessage message={form.message} />
        {/* lets password managers pair the new password with the account */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField {...currentPasswordField} label={t('profile.password.current')} autoComplete="current-password" />
        <TextField
          {...passwordField}
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          helperText={t('auth.fields.passwordHint')}
        />
        <TextField
          {...passwordConfirmationField}
          label={t('auth.fields.passwordConfirmation')}
          autoComplete="new-password"
        />
        <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} text={t('profile.password.submit')} />
      </form>
    </Card>
  );
}
