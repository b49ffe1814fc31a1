// The bell in the navbar with the unread count and a popover listing the system notifications.
import { Button, Classes, PopoverNext } from '@blueprintjs/core';
import { Notifications } from '@blueprintjs/icons';
import { useTranslation } from '../i18n';
import { Link } from 'react-router';
import { useSystemNotifications } from '../api/queries';
import { unreadCount } from './system-notifications';
import { SystemNotificationsList } from './system-notifications-list';

export function SystemNotificationsBell() {
  const { t } = useTranslation();
  const { data: notifications = [] } = useSystemNotifications();
  const unread = unreadCount(notifications);

  const content = (
    <div className="hw-notification-popover">
      <div className="hw-popover-head">
        <strong>{t('notifications.title')}</strong>
        <Link to="/notifications" className={Classes.POPOVER_DISMISS}>
          {t('notifications.showAll')}
        </Link>
      </div>
      <SystemNotificationsList notifications={notifications} />
    </div>
  );

  return (
    <PopoverNext content={content} placement="bottom-end">
      <Button variant="minimal" aria-label={t('notifications.title')} className="hw-bell" icon={<Notifications />}>
        {unread > 0 && (
          <span className="hw-badge" data-testid="notifications-unread">
            {unread}
          </span>
        )}
      </Button>
    </PopoverNext>
  );
}
