// A list of system notifications: title, body, publish time (yyyy-MM-dd HH:mm:ss) and "Mark as read".
import { Button, Classes, Tag } from '@blueprintjs/core';
import { Tick } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import type { SystemNotification } from '../entities/account';
import { formatTimestamp } from '../i18n/format';
import { notificationText, useMarkNotificationRead } from './system-notifications';

const TYPE_INTENT = { info: 'primary', warning: 'warning', maintenance: 'danger', release: 'success' } as const;

interface Props {
  notifications: readonly SystemNotification[];
  /** Extra actions per item (edit, delete on the management page). */
  actions?: (notification: SystemNotification) => ReactNode;
}

export function SystemNotificationsList({ notifications, actions }: Props) {
  const { t, i18n } = useTranslation();
  const markRead = useMarkNotificationRead();

  if (notifications.length === 0) {
    return <p className={`hw-empty ${Classes.TEXT_MUTED}`}>{t('notifications.empty')}</p>;
  }
  return (
    <ul className="hw-notification-list">
      {notifications.map((notification) => {
        const { title, body } = notificationText(notification, i18n.language);
        return (
          <li key={notification.id} className={notification.viewed ? 'hw-notification' : 'hw-notification hw-unread'}>
            <div className="hw-notification-head">
              <Tag minimal intent={TYPE_INTENT[notification.type]}>
                {t(`notifications.types.${notification.type}`)}
              </Tag>
              <strong className="hw-notification-title">{title}</strong>
            </div>
            {body && <p className="hw-notification-body">{body}</p>}
            <div className="hw-notification-foot">
              <time className={Classes.TEXT_MUTED} dateTime={notification.publish_at}>
                {formatTimestamp(notification.publish_at)}
              </time>
              <span className="hw-spacer" />
              {actions?.(notification)}
              {!notification.viewed && (
                <Button
                  size="small"
                  variant="minimal"
                  icon={<Tick />}
                  loading={markRead.isPending && markRead.variables === notification.id}
                  onClick={() => markRead.mutate(notification.id)}
                  text={t('notifications.markRead')}
                />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
