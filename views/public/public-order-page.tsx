// /public/order/{token} (public layout, no login): a contractor sees the order and its lines, accepts or refuses
// it, proposes another date, comments and marks it done, as the order's links allow. An unknown or reset link
// shows one neutral state; an answered order says so and offers only what is still possible.
import {
  Button,
  Callout,
  FormGroup,
  H2,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { Tick, Cross, Calendar, Comment, Disable, Error as ErrorIcon } from '@blueprintjs/icons';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../src/api/errors';
import { queryClient } from '../../src/api/query-client';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useTranslation } from '../../src/i18n';
import { getPublicOrder, publicOrderAction, type PublicOrder } from './public-order-api';
import { PublicOrderDetails } from './public-order-details';
import '../planning/planning.css';

type Action = 'accept' | 'refuse' | 'done' | 'propose-date' | 'comment';

/** The public layout has no query client of its own (the signed-in area provides one): bring the app's. */
export function PublicOrderPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <PublicOrder />
    </QueryClientProvider>
  );
}

function PublicOrder() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const client = useQueryClient();
  const key = ['public-order', token];
  useDocumentTitle(t('planning.public.title'));
  const query = useQuery({ queryKey: key, queryFn: () => getPublicOrder(token), retry: false });
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [comment, setComment] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: ({ action, body }: { action: Action; body?: unknown }) => publicOrderAction(token, action, body),
    onSuccess: (_reply, { action }) => {
      setDone(t(`planning.public.answered.${action}`));
      if (action === 'comment') setComment('');
      if (action === 'propose-date') setNote('');
      void client.invalidateQueries({ queryKey: key });
    },
  });
  if (query.isLoading) return <Spinner />;
  if (query.isError || !query.data) {
    const gone = isApiError(query.error) && query.error.status === 404;
    return (
      <NonIdealState
        icon={gone ? <Disable size={48} /> : <ErrorIcon size={48} />}
        title={gone ? t('planning.public.unknownTitle') : t('planning.public.errorTitle')}
        description={gone ? t('planning.public.unknownText') : t('planning.public.errorText')}
      />
    );
  }
  const reply: PublicOrder = query.data;
  const { order, links } = reply;
  const error = act.error && isApiError(act.error) ? act.error : null;
  const open = links.accept || links.refuse;
  return (
    <article className="hw-public-order" aria-labelledby="public-order-title">
      <H2 id="public-order-title">{order.title}</H2>
      {done && (
        <Callout intent={Intent.SUCCESS} role="status">
          {done}
        </Callout>
      )}
      {!open && !done && (
        <Callout intent={Intent.PRIMARY} role="status">
          {t('planning.public.state', { status: t(`enums.order.status.${order.status}`) })}
        </Callout>
      )}
      {error && (
        <Callout intent={Intent.DANGER} role="alert">
          {error.message}
          {Object.values(error.errors)
            .flat()
            .map((m) => (
              <div key={m}>{m}</div>
            ))}
        </Callout>
      )}
      <PublicOrderDetails {...reply} />
      <div className="hw-public-actions">
        {links.accept && (
          <Button
            intent={Intent.SUCCESS}
            icon={<Tick />}
            onClick={() => act.mutate({ action: 'accept' })}
            loading={act.isPending}
          >
            {t('planning.public.accept')}
          </Button>
        )}
        {links.refuse && (
          <Button
            intent={Intent.DANGER}
            icon={<Cross />}
            onClick={() => act.mutate({ action: 'refuse' })}
            disabled={act.isPending}
          >
            {t('planning.public.refuse')}
          </Button>
        )}
        {links.done && (
          <Button
            intent={Intent.PRIMARY}
            icon={<Tick />}
            onClick={() => act.mutate({ action: 'done' })}
            loading={act.isPending}
          >
            {t('planning.public.markDone')}
          </Button>
        )}
      </div>
      {links.propose_date && (
        <form
          className="hw-public-form"
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate({ action: 'propose-date', body: { date, comment: note || undefined } });
          }}
        >
          <FormGroup label={t('planning.public.proposeDate')} labelFor="public-propose-date">
            <InputGroup id="public-propose-date" type="date" value={date} onValueChange={setDate} required />
          </FormGroup>
          <FormGroup label={t('planning.public.proposeNote')} labelFor="public-propose-note">
            <InputGroup id="public-propose-note" value={note} onValueChange={setNote} />
          </FormGroup>
          <Button type="submit" icon={<Calendar />} disabled={!date || act.isPending}>
            {t('planning.public.propose')}
          </Button>
        </form>
      )}
      {links.comment && (
        <form
          className="hw-public-form"
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate({ action: 'comment', body: { body: comment } });
          }}
        >
          <FormGroup label={t('planning.public.comment')} labelFor="public-comment">
            <TextArea id="public-comment" fill value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
          </FormGroup>
          <Button type="submit" icon={<Comment />} disabled={!comment.trim() || act.isPending}>
            {t('planning.public.send')}
          </Button>
        </form>
      )}
    </article>
  );
}
