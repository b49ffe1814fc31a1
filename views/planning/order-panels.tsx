// An order's drawer panels: its transitions (send e-mails an external order to the contractor), resetting the
// public link (asks first: the old link stops working and that cannot be undone), and the lines with totals.
import { Alert, Button, Classes, Intent } from '@blueprintjs/core';
import { Dollar, Key } from '@blueprintjs/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { requestEnvelope } from '../../src/api/http';
import { notify, reportActionError } from '../../src/components/notices';
import { order as orderEntity } from '../../src/entities/order';
import { useTranslation } from '../../src/i18n';
import { getRecord, invalidateRecords, type ApiRecord } from '../../src/api/records';
import { linkPath, runAction } from './link-actions';
import { OrderLines } from './order-lines';
import { ActionButtons } from '../records/action-buttons';
import { recordPath } from '../records/model-paths';

export const ORDER_TRANSITIONS = ['send', 'accept', 'refuse', 'done', 'confirm', 'cancel'] as const;

export function OrderPanels({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const reset = useMutation({
    mutationFn: () => runAction('order', record, 'reset_token'),
    onSuccess: (saved) => {
      notify.success(t('planning.order.tokenReset'));
      onChanged(saved);
    },
    onError: reportActionError,
  });
  // the `bill` action makes a bill of the order (its lines as expenses) and names it in `meta.bill_uuid`
  const navigate = useNavigate();
  const bill = useMutation({
    mutationFn: () =>
      requestEnvelope<ApiRecord, { bill_uuid?: string }>(linkPath(record.links.bill!), { method: 'POST', body: {} }),
    onSuccess: (reply) => {
      notify.success(t('planning.order.billCreated'));
      for (const model of ['bill', 'budget']) invalidateRecords(client, model);
      invalidateRecords(client, 'order', [record.uuid]);
      const path = reply.meta?.bill_uuid ? recordPath('bill', reply.meta.bill_uuid) : null;
      if (path) void navigate(path);
      else onChanged(reply.data);
    },
    onError: reportActionError,
  });
  const reload = () => {
    void getRecord(orderEntity, record.uuid).then(onChanged, reportActionError);
    void client.invalidateQueries({ queryKey: ['calendar'] });
  };
  return (
    <>
      <section className="hw-planning-panel">
        <ActionButtons
          model="order"
          record={record}
          actions={ORDER_TRANSITIONS}
          onChanged={onChanged}
          texts="planning.order"
          labelKey="planning.transitions"
        />
        {record.links.bill && (
          <Button icon={<Dollar />} onClick={() => bill.mutate()} loading={bill.isPending}>
            {t('planning.order.actions.bill')}
          </Button>
        )}
        {/* a draft cannot be billed yet: say so (the link comes with the first transition; a billed order has none) */}
        {!record.links.bill && record.status === 'draft' && (
          <p className={Classes.TEXT_MUTED}>{t('planning.order.billWhenSent')}</p>
        )}
        {record.links.reset_token && (
          <Button icon={<Key />} variant="minimal" onClick={() => setConfirm(true)} loading={reset.isPending}>
            {t('planning.order.actions.reset-token')}
          </Button>
        )}
        <Alert
          isOpen={confirm}
          intent={Intent.DANGER}
          confirmButtonText={t('planning.order.actions.reset-token')}
          cancelButtonText={t('common.cancel')}
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            reset.mutate();
          }}
        >
          <p>{t('planning.order.confirmReset')}</p>
        </Alert>
      </section>
      <OrderLines order={record} onTotals={reload} />
    </>
  );
}
