// /notifications: the system notifications; superusers also create, edit and delete them here.
import { Alert, Button, Classes, H1, Intent, Spinner } from '@blueprintjs/core';
import { Edit, Plus, Trash } from '@blueprintjs/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../src/i18n';
import type { SystemNotification } from '../src/entities/account';
import { deleteSystemNotification } from '../src/api/account.api';
import { queryKeys, useCurrentUser, useSystemNotifications } from '../src/api/queries';
import { notify, reportActionError } from '../src/components/notices';
import { SystemNotificationEditor } from '../src/components/system-notifications-editor';
import { SystemNotificationsList } from '../src/components/system-notifications-list';
import { useDocumentTitle } from '../src/components/use-document-title';

export function NotificationsView() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data: notifications, isLoading } = useSystemNotifications();
  const canCreate = user?.acl.system_notifications.includes('create') ?? false;
  // undefined: closed; null: new; a notification: edit it
  const [editing, setEditing] = useState<SystemNotification | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<SystemNotification | null>(null);

  useDocumentTitle(t('notifications.title'));

  const remove = useMutation({
    mutationFn: (id: number) => deleteSystemNotification(id),
    onSuccess: async () => {
      notify.success(t('notifications.manage.deleted'));
      await client.invalidateQueries({ queryKey: queryKeys.systemNotifications });
    },
    onError: reportActionError,
    onSettled: () => setDeleting(null),
  });

  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <H1>{t('notifications.title')}</H1>
        <span className="hw-spacer" />
        {canCreate && (
          <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={() => setEditing(null)}>
            {t('notifications.manage.new')}
          </Button>
        )}
      </header>
      {canCreate && <p className={Classes.TEXT_MUTED}>{t('notifications.manage.hint')}</p>}
      {isLoading ? (
        <Spinner />
      ) : (
        <SystemNotificationsList
          notifications={notifications ?? []}
          actions={(notification) => (
            <>
              {notification.links.update && (
                <Button size="small" variant="minimal" icon={<Edit />} onClick={() => setEditing(notification)}>
                  {t('common.edit')}
                </Button>
              )}
              {notification.links.delete && (
                <Button
                  size="small"
                  variant="minimal"
                  intent={Intent.DANGER}
                  icon={<Trash />}
                  onClick={() => setDeleting(notification)}
                >
                  {t('common.delete')}
                </Button>
              )}
            </>
          )}
        />
      )}
      {editing !== undefined && (
        <SystemNotificationEditor
          key={editing?.id ?? 'new'}
          notification={editing}
          isOpen
          onClose={() => setEditing(undefined)}
        />
      )}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon={<Trash />}
        confirmButtonText={t('common.delete')}
        cancelButtonText={t('common.cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      >
        {t('notifications.manage.confirmDelete')}
      </Alert>
    </div>
  );
}
