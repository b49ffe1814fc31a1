// Create or edit a system notification (superusers): type, publish window and a title/body per language.
import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Locale, SystemNotification } from '../entities/account';
import { createSystemNotification, updateSystemNotification, type SystemNotificationBody } from '../api/account.api';
import { queryKeys } from '../api/queries';
import { LANGUAGES, useTranslation } from '../i18n';
import { formatTimestamp, parseLocalTimestamp, toWireTimestamp } from '../i18n/format';
import { ErrorLines, FormMessage, TextField, useFormErrors } from './form-fields';
import { notify } from './notices';

export const NOTIFICATION_TYPE_OPTIONS = ['info', 'warning', 'maintenance', 'release'] as const;
type NotificationType = (typeof NOTIFICATION_TYPE_OPTIONS)[number];

interface Draft {
  type: NotificationType;
  publish_at: string;
  publish_until: string;
  translations: Record<Locale, { title: string; body: string }>;
}

function draftOf(notification: SystemNotification | null): Draft {
  const translations = {} as Draft['translations'];
  for (const locale of LANGUAGES) {
    translations[locale] = {
      title: notification?.translations[locale]?.title ?? '',
      body: notification?.translations[locale]?.body ?? '',
    };
  }
  return {
    type: notification?.type ?? 'info',
    publish_at: formatTimestamp(notification?.publish_at ?? new Date()),
    publish_until: notification?.publish_until ? formatTimestamp(notification.publish_until) : '',
    translations,
  };
}

/** Local 'yyyy-MM-dd HH:mm:ss' → the UTC wire format; text that does not parse goes as typed (the server says why). */
function toWire(text: string): string {
  const date = parseLocalTimestamp(text);
  return date ? toWireTimestamp(date) : text.trim();
}

interface Props {
  /** null: create a new one */
  notification: SystemNotification | null;
  isOpen: boolean;
  onClose: () => void;
}

export function SystemNotificationEditor({ notification, isOpen, onClose }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(notification));
  const form = useFormErrors();

  const save = useMutation({
    mutationFn: (body: SystemNotificationBody) =>
      notification ? updateSystemNotification(notification.id, body) : createSystemNotification(body),
    onSuccess: async () => {
      notify.success(t(notification ? 'notifications.manage.updated' : 'notifications.manage.created'));
      await client.invalidateQueries({ queryKey: queryKeys.systemNotifications });
      onClose();
    },
    onError: form.fromError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    const translations: SystemNotificationBody['translations'] = {};
    for (const locale of LANGUAGES) {
      const entry = draft.translations[locale];
      if (entry.title.trim() || entry.body.trim()) translations[locale] = { title: entry.title, body: entry.body };
    }
    save.mutate({
      type: draft.type,
      publish_at: toWire(draft.publish_at),
      publish_until: draft.publish_until.trim() ? toWire(draft.publish_until) : null,
      translations,
    });
  };

  const setTranslation = (locale: Locale, field: 'title' | 'body', value: string) =>
    setDraft((current) => ({
      ...current,
      translations: { ...current.translations, [locale]: { ...current.translations[locale], [field]: value } },
    }));

  const errors = form.errors;
  const translationErrors = errors.translations;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t(notification ? 'notifications.manage.edit' : 'notifications.manage.new')}
      className="hw-dialog-wide"
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FormMessage message={form.message} />
          <FormGroup
            label={t('notifications.fields.type')}
            labelFor="notification-type"
            intent={errors.type ? Intent.DANGER : Intent.NONE}
            helperText={<ErrorLines messages={errors.type} />}
          >
            <HTMLSelect
              id="notification-type"
              fill
              value={draft.type}
              onChange={(event) => setDraft({ ...draft, type: event.currentTarget.value as NotificationType })}
              options={NOTIFICATION_TYPE_OPTIONS.map((type) => ({
                value: type,
                label: t(`notifications.types.${type}`),
              }))}
            />
          </FormGroup>
          <div className="hw-form-row">
            <TextField
              id="notification-publish-at"
              label={t('notifications.fields.publishAt')}
              value={draft.publish_at}
              onChange={(value) => setDraft({ ...draft, publish_at: value })}
              errors={errors.publish_at}
              helperText={t('notifications.fields.dateHint')}
              required
            />
            <TextField
              id="notification-publish-until"
              label={t('notifications.fields.publishUntil')}
              value={draft.publish_until}
              onChange={(value) => setDraft({ ...draft, publish_until: value })}
              errors={errors.publish_until}
              helperText={t('notifications.fields.dateHint')}
            />
          </div>
          {translationErrors && (
            <p className={Classes.TEXT_MUTED}>
              <ErrorLines messages={translationErrors} />
            </p>
          )}
          {LANGUAGES.map((locale) => {
            const language = t(`common.languages.${locale}`);
            const bodyErrors = errors[`translations.${locale}.body`];
            return (
              <fieldset key={locale} className="hw-fieldset">
                <legend>{language}</legend>
                <TextField
                  id={`notification-title-${locale}`}
                  label={t('notifications.fields.titleIn', { language })}
                  value={draft.translations[locale].title}
                  onChange={(value) => setTranslation(locale, 'title', value)}
                  errors={errors[`translations.${locale}.title`]}
                  maxLength={200}
                />
                <FormGroup
                  label={t('notifications.fields.bodyIn', { language })}
                  labelFor={`notification-body-${locale}`}
                  intent={bodyErrors ? Intent.DANGER : Intent.NONE}
                  helperText={<ErrorLines messages={bodyErrors} />}
                >
                  <TextArea
                    id={`notification-body-${locale}`}
                    fill
                    rows={3}
                    value={draft.translations[locale].body}
                    onChange={(event) => setTranslation(locale, 'body', event.currentTarget.value)}
                  />
                </FormGroup>
              </fieldset>
            );
          })}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} text={t('common.cancel')} />
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} text={t('common.save')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
