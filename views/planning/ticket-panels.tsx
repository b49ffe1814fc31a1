// A ticket's drawer panels: its transitions (one button per link), assign, delegate, create order, follow or unfollow
// (whichever fits: the followers list says whether the caller follows; the record's links only say they may), the
// followers, and the comments.
import { Button, ButtonGroup } from '@blueprintjs/core';
import { EyeOff, EyeOpen, Person, SendMessage, ShoppingCart } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { requestEnvelope } from '../../src/api/http';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import type { ApiRecord } from '../../src/api/records';
import { runAction } from './link-actions';
import { TicketComments } from './ticket-comments';
import { TicketDialog, type TicketDialogAction } from './ticket-dialogs';
import { ActionButtons } from '../records/action-buttons';

export const TICKET_TRANSITIONS = ['open', 'start', 'done', 'confirm', 'reopen', 'cancel'] as const;

interface Follower {
  user_uuid: string;
  name: string;
}

export function TicketPanels({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<TicketDialogAction | null>(null);
  const followersKey = ['ticket-followers', record.uuid];
  const followers = useQuery({
    queryKey: followersKey,
    queryFn: () => requestEnvelope<Follower[], { following: boolean }>(`tickets/${record.uuid}/followers`),
  });
  const following = followers.data?.meta?.following;
  const follow = useMutation({
    mutationFn: (action: 'follow' | 'unfollow') => runAction('ticket', record, action),
    onSuccess: (saved, action) => {
      notify.success(t(`planning.ticket.done.${action}`));
      void client.invalidateQueries({ queryKey: followersKey });
      onChanged(saved);
    },
    onError: reportActionError,
  });
  return (
    <section className="hw-planning-panel">
      <ActionButtons
        model="ticket"
        record={record}
        actions={TICKET_TRANSITIONS}
        onChanged={onChanged}
        texts="planning.ticket"
        labelKey="planning.transitions"
      />
      <ButtonGroup className="hw-transitions">
        {record.links.assign && (
          <Button icon={<Person />} onClick={() => setDialog('assign')}>
            {t('planning.ticket.actions.assign')}
          </Button>
        )}
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
        {record.links.follow && following === false && (
          <Button icon={<EyeOpen />} onClick={() => follow.mutate('follow')} loading={follow.isPending}>
            {t('planning.ticket.actions.follow')}
          </Button>
        )}
        {record.links.unfollow && following === true && (
          <Button icon={<EyeOff />} onClick={() => follow.mutate('unfollow')} loading={follow.isPending}>
            {t('planning.ticket.actions.unfollow')}
          </Button>
        )}
      </ButtonGroup>
      {followers.data && followers.data.data.length > 0 && (
        <p className="hw-muted" data-testid="ticket-followers">
          {t('planning.ticket.followers', { names: followers.data.data.map((f) => f.name).join(', ') })}
        </p>
      )}
      <TicketDialog record={record} action={dialog} onClose={() => setDialog(null)} onChanged={onChanged} />
      <TicketComments ticketUuid={record.uuid} />
    </section>
  );
}
