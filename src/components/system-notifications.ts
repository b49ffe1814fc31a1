// Helpers for system notifications (docs/domain/notifications.md, "System notifications"): text per language and the mark-as-read
// mutation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import type { SystemNotification } from '../entities/account';
import { confirmSystemNotification } from '../api/account.api';
import { isApiError } from '../api/errors';
import { queryKeys } from '../api/queries';
import { notify } from './notices';

/** Title and body in the user's language, falling back to en-us, then to any language. */
export function notificationText(notification: SystemNotification, locale: string): { title: string; body: string } {
  const { translations } = notification;
  return translations[locale] ?? translations['en-us'] ?? Object.values(translations)[0] ?? { title: '', body: '' };
}

export function unreadCount(notifications: readonly SystemNotification[] | undefined): number {
  return notifications?.filter((notification) => !notification.viewed).length ?? 0;
}

/** POST …/confirmations; on failure a red notice (docs/domain/browser-app.md, "Errors and notices"). */
export function useMarkNotificationRead() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => confirmSystemNotification(id),
    onSuccess: (_reply, id) => {
      client.setQueryData<SystemNotification[]>(queryKeys.systemNotifications, (list) =>
        list?.map((notification) => (notification.id === id ? { ...notification, viewed: true } : notification)),
      );
    },
    // A 401 signs out instead (handled by the HTTP client); anything else gets a red notice.
    onError: (error) => {
      if (!isApiError(error) || error.status !== 401) notify.error(t('notifications.markReadFailed'));
    },
  });
}
