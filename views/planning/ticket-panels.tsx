// A ticket's drawer panels: its transitions (one button per link), follow / unfollow, delegate, create order, and
// the comments.
import { Button, ButtonGroup } from '@blueprintjs/core';
import { EyeOff, EyeOpen, SendMessage, ShoppingCart } from '@blueprintjs/icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import type { ApiRecord } from '../../grids/records-api';
import { runAction } from './link-actions';
import { TicketComments } from './ticket-comments';
import { TicketDialog } from './ticket-dialogs';
import { TransitionButtons } from './transition-buttons';

export const TICKET_TRANSITIONS = ['open', 'start', 'done', 'confirm', 'reopen', 'cancel'] as const;

export function TicketPanels({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'delegate' | 'create-order' | null>(null);
  const follow = useMutation({
    mutationFn: (action: 'follow' | 'unfollow') => runAction('ticket', record, action),
    onSuccess: (saved, action) => {
      notify.success(t(`planning.ticket.done.${action}`));
      onChanged(saved);
    },
    onError: reportActionError,
  });
  return (
    <section className="hw-planning-panel">
      <TransitionButtons model="ticket" record={record} actions={TICKET_TRANSITIONS} onChanged={onChanged} />
      <ButtonGroup className="hw-transitions">
        {record.links.delegate && (
          <Button icon={<SendMessage />} onClick={() => setDialog('delegate')}>
            {t('planning.ticket.actions.delegate')}
          </Button>
        )}
        {record.links.create_order && (
          <Button icon={<ShoppingCart />} onClick={() => setDialog('create-order')}>
            {t('planning.ticket.actions.create-order')}
          </Button>
        )}
        {record.links.follow && (
          <Button icon={<EyeOpen />} onClick={() => follow.mutate('follow')} loading={follow.isPending}>
            {t('planning.ticket.actions.follow')}
          </Button>
        )}
        {record.links.unfollow && (
          <Button icon={<EyeOff />} onClick={() => follow.mutate('unfollow')} loading={follow.isPending}>
            {t('planning.ticket.actions.unfollow')}
          </Button>
        )}
      </ButtonGroup>
      <TicketDialog record={record} action={dialog} onClose={() => setDialog(null)} onChanged={onChanged} />
      <TicketComments ticketUuid={record.uuid} />
    </section>
  );
}
