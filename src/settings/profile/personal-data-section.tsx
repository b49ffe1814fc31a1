// Personal data: name, e-mail, organisation, gender, language and date format (PUT /user/profile-information).
import { Button, Card, FormGroup, H2, HTMLSelect, Intent } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Locale, User } from '../../entities/account';
import { updateProfile, type ProfileBody } from '../../api/account.api';
import { queryKeys } from '../../api/queries';
import { ErrorLines, FormMessage, TextField, useFormErrors } from '../../components/form-fields';
import { notify } from '../../components/notices';
import { LANGUAGES, setLanguage, useTranslation } from '../../i18n';
import { DATE_FORMAT_OPTIONS, displayDateFormat, type DateFormat } from '../../i18n/format';

const GENDERS = ['male', 'female', 'gender_neutral'] as const;

function valuesOf(user: User) {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    organisation: user.organisation ?? '',
    gender: user.gender ?? '',
    locale: user.locale,
    date_format: user.date_format,
  };
}

export function PersonalDataSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(user));
  const form = useFormErrors();

  const save = useMutation({
    mutationFn: (body: ProfileBody) => updateProfile(body),
    onSuccess: async (reply, body) => {
      await setLanguage(body.locale);
      if (reply.user) client.setQueryData(queryKeys.user, reply.user);
      notify.success(reply.message ?? t('profile.saved'));
      await client.invalidateQueries({ queryKey: queryKeys.user });
    },
    onError: form.fromError,
  });

  const text = (name: 'first_name' | 'last_name' | 'email' | 'organisation') => ({
    id: `profile-${name}`,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    errors: form.errors[name],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    save.mutate({
      ...values,
      organisation: values.organisation.trim() || null,
      gender: values.gender === '' ? null : (values.gender as User['gender']),
    });
  };

  const select = (
    name: 'gender' | 'locale' | 'date_format',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <FormGroup
      label={label}
      labelFor={`profile-${name}`}
      intent={form.errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={<ErrorLines messages={form.errors[name]} />}
    >
      <HTMLSelect
        id={`profile-${name}`}
        fill
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.currentTarget.value }))}
        options={options}
      />
    </FormGroup>
  );

  const genderSelect = select('gender', t('profile.personal.gender'), [
    { value: '', label: t('profile.personal.genderNone') },
    ...GENDERS.map((gender) => ({ value: gender, label: t(`profile.personal.genders.${gender}`) })),
  ]);
  const localeSelect = select(
    'locale',
    t('profile.personal.locale'),
    LANGUAGES.map((locale: Locale) => ({ value: locale, label: t(`common.languages.${locale}`) })),
  );
  const dateFormatSelect = select(
    'date_format',
    t('profile.personal.dateFormat'),
    DATE_FORMAT_OPTIONS.map((format: DateFormat) => ({ value: format, label: displayDateFormat(format) })),
  );
  const firstNameField = text('first_name');
  const lastNameField = text('last_name');
  const emailField = text('email');
  const organisationField = text('organisation');

  return (
    <Card className="hw-profile-card" id="personal">
      <form onSubmit={submit} noValidate aria-labelledby="profile-personal-title">
        <H2 id="profile-personal-title">{t('profile.personal.title')}</H2>
        <FormMessage message={form.message} />
        <div className="hw-form-row">
          <TextField {...firstNameField} label={t('auth.fields.firstName')} autoComplete="given-name" required />
          <TextField {...lastNameField} label={t('auth.fields.lastName')} autoComplete="family-name" required />
        </div>
        <TextField {...emailField} type="email" label={t('auth.fields.email')} autoComplete="email" required />
        <TextField {...organisationField} label={t('auth.fields.organisation')} autoComplete="organization" />
        <div className="hw-form-row">
          {genderSelect}
          {localeSelect}
          {dateFormatSelect}
        </div>
        <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} text={t('common.save')} />
      </form>
    </Card>
  );
}
