// An order's lines with the order's total (the generic lines table, ../records/record-lines.tsx).
import { orderLine } from '../../src/entities/order';
import { useTranslation } from '../../src/i18n';
import type { ApiRecord } from '../../src/api/records';
import { RecordLines } from '../records/record-lines';

export function OrderLines({ order, onTotals }: { order: ApiRecord; onTotals: () => void }) {
  const { t } = useTranslation();
  return (
    <RecordLines
      entity={orderLine}
      parentField="order_uuid"
      parent={order}
      onTotals={onTotals}
      panelClassName="hw-planning-panel"
      className="hw-order-lines"
      texts={{
        heading: t('planning.order.lines'),
        add: t('planning.order.addLine'),
        remove: (title) => t('planning.order.deleteLine', { title }),
        total: t('planning.order.total', { currency: String(order.currency ?? '') }),
      }}
    />
  );
}
