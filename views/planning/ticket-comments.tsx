// A ticket's comments (GET /tickets/{uuid}/comments) and a field to add one (POST with {body}).
import { Button, ControlGroup, H4, TextArea } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { http } from '../../src/api/http';
import { onWaitingRequests, waitingRequests } from '../../src/api/offline-marks';
import { reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import { formatDateTime } from '../../src/i18n/format';
import { useGridFormat } from '../../grids/use-grid-format';

interface Comment {
  uuid: string;
  body: string;
  created_at: string;
  created_by: string | null;
}

export function TicketComments({ ticketUuid }: { ticketUuid: string }) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const client = useQueryClient();
  const [body, setBody] = useState('');
  const key = ['ticket-comments', ticketUuid];
  const comments = useQuery({ queryKey: key, queryFn: () => http.get<Comment[]>(`tickets/${ticketUuid}/comments`) });
  // comments written offline, listed until they are sent (docs/decisions.md, "Installable and offline")
  const waiting = useSyncExternalStore(onWaitingRequests, waitingRequests).filter(
    (r) => r.path === `tickets/${ticketUuid}/comments`,
  );
  const add = useMutation({
    mutationFn: () => http.post<Comment>(`tickets/${ticketUuid}/comments`, { body }, { silent: false }),
    onSuccess: () => {
      setBody('');
      void client.invalidateQueries({ queryKey: key });
    },
    onError: reportActionError,
  });
  const id = `ticket-comment-${ticketUuid}`;
  return (
    <section className="hw-planning-panel" aria-labelledby={`${id}-title`}>
      <H4 id={`${id}-title`}>{t('planning.ticket.comments')}</H4>
      <ul className="hw-comment-list">
        {comments.data?.map((c) => (
          <li key={c.uuid}>
            <div className="hw-muted">
              {c.created_by ?? '—'} · {formatDateTime(c.created_at, format.dateFormat)}
            </div>
            <div>{c.body}</div>
          </li>
        ))}
        {waiting.map((r) => (
          <li key={`waiting-${r.id}`} className="hw-comment-waiting">
            <div className="hw-muted">
              {r.status === 'failed'
                ? t('planning.ticket.commentFailed', { message: r.message ?? '' })
                : t('planning.ticket.commentWaiting')}{' '}
              · {formatDateTime(new Date(r.at).toISOString(), format.dateFormat)}
            </div>
            <div>{String((r.body as { body?: unknown } | undefined)?.body ?? '')}</div>
          </li>
        ))}
      </ul>
      {comments.data && !comments.data.length && !waiting.length && (
        <p className="hw-muted">{t('planning.ticket.noComments')}</p>
      )}
      <ControlGroup vertical>
        <label htmlFor={id} className="bp6-label">
          {t('planning.ticket.newComment')}
        </label>
        <TextArea id={id} value={body} onChange={(e) => setBody(e.currentTarget.value)} maxLength={5000} />
        <Button onClick={() => add.mutate()} disabled={!body.trim()} loading={add.isPending}>
          {t('planning.ticket.addComment')}
        </Button>
      </ControlGroup>
    </section>
  );
}
