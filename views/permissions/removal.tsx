// Removing a member, a user group or a permission group: a danger button per row, a confirmation, the server's
// message on success and its refusal on the page (docs/domain/permissions.md, "Members").
import { Alert, Button, Intent } from '@blueprintjs/core';
import { Trash } from '@blueprintjs/icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import { useRefreshAccess, type Report } from './admin-page';

/** The last cell of a row: its delete button (remove, for a member). */
export function RemoveButton({ name, member, onClick }: { name: string; member?: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  const label = member ? t('permissions.members.removeOf', { name }) : t('permissions.deleteOf', { name });
  const title = member ? t('permissions.members.remove') : t('common.delete');
  return (
    <td className="hw-access-actions">
      <Button
        variant="minimal"
        intent={Intent.DANGER}
        icon={<Trash />}
        aria-label={label}
        title={title}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
      />
    </td>
  );
}

/** `ask(item)` opens the confirmation; `dialog` is to be rendered once. */
export function useRemoval<T>({
  remove,
  question,
  confirm,
  report,
}: {
  remove: (item: T) => Promise<{ message: string }>;
  question: (item: T) => string;
  /** The confirm button's text (Delete by default). */
  confirm?: string;
  report: Report;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshAccess();
  const [asking, setAsking] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: (reply) => {
      report(null);
      notify.success(reply.message);
    },
    onError: report,
    onSettled: () => {
      setAsking(null);
      void refresh();
    },
  });
  const dialog = (
    <Alert
      isOpen={asking !== null}
      intent={Intent.DANGER}
      icon={<Trash />}
      confirmButtonText={confirm ?? t('common.delete')}
      cancelButtonText={t('common.cancel')}
      loading={mutation.isPending}
      onCancel={() => setAsking(null)}
      onConfirm={() => asking !== null && mutation.mutate(asking)}
    >
      <p>{asking !== null && question(asking)}</p>
    </Alert>
  );
  return { ask: setAsking, dialog };
}
