// An order's lines (quantity × unit price, less the discount, plus the tax; the server computes each total) with
// the order's total, a row to add a line and a delete per line as its links allow.
import { Button, H4, HTMLTable, InputGroup } from '@blueprintjs/core';
import { Plus, Trash } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldErrors } from '../../src/api/errors';
import { isApiError } from '../../src/api/errors';
import { reportActionError } from '../../src/components/notices';
import { orderLine } from '../../src/entities/order';
import { useTranslation } from '../../src/i18n';
import { LINE_COLUMNS } from '../public/public-order-api';
import { createRecord, deleteRecord, recordListQuery, type ApiRecord } from '../../src/api/records';

const EMPTY = { title: '', quantity: '1', unit_price: '', discount: '', tax: '' };
type Draft = typeof EMPTY;
const NUMERIC = ['quantity', 'unit_price', 'discount', 'tax'] as const;
const INPUTS = ['title', ...NUMERIC] as const;

export function OrderLines({ order, onTotals }: { order: ApiRecord; onTotals: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const linesQuery = recordListQuery(orderLine, {
    'filter[order_uuid]': order.uuid,
    per_page: 200,
    sort_by: 'created_at',
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const lines = useQuery(linesQuery);
  const money = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const quantity = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const changed = () => {
    void client.invalidateQueries({ queryKey: linesQuery.queryKey });
    onTotals();
  };
  const add = useMutation({
    mutationFn: () => {
      const body: Record<string, unknown> = {
        property_uuid: order.property_uuid,
        order_uuid: order.uuid,
        title: draft.title,
      };
      for (const name of NUMERIC) if (draft[name].trim()) body[name] = draft[name].trim().replace(',', '.');
      return createRecord(orderLine, body);
    },
    onSuccess: () => {
      setDraft(EMPTY);
      setErrors({});
      changed();
    },
    onError: (error) =>
      isApiError(error) && error.status === 422 ? setErrors(error.errors) : reportActionError(error),
  });
  const remove = useMutation({ mutationFn: (uuid: string) => deleteRecord(orderLine, uuid), onSuccess: changed });
  const rows = lines.data?.data ?? [];
  const total = rows.reduce((sum, l) => sum + Number(l.total ?? 0), 0);
  const label = (name: string) => t(`entities.order_line.fields.${name}`);
  const cell = (name: keyof Draft) => (
    <InputGroup
      size="small"
      aria-label={label(name)}
      value={draft[name]}
      intent={errors[name]?.length ? 'danger' : 'none'}
      title={errors[name]?.join(' ')}
      onValueChange={(v) => setDraft((d) => ({ ...d, [name]: v }))}
    />
  );
  const editable = Boolean(order.links.update);
  return (
    <section className="hw-planning-panel" aria-labelledby={`order-lines-${order.uuid}`}>
      <H4 id={`order-lines-${order.uuid}`}>{t('planning.order.lines')}</H4>
      <HTMLTable compact className="hw-order-lines">
        <thead>
          <tr>
            {LINE_COLUMNS.map((n) => (
              <th key={n}>{label(n)}</th>
            ))}
            <th aria-label={t('common.delete')} />
          </tr>
        </thead>
        <tbody>
          {rows.map((line) => (
            <tr key={line.uuid}>
              <td>{String(line.title)}</td>
              <td>{line.quantity == null ? '' : quantity.format(Number(line.quantity))}</td>
              <td>{money.format(Number(line.unit_price ?? 0))}</td>
              <td>{line.discount == null ? '' : `${String(line.discount)} %`}</td>
              <td>{line.tax == null ? '' : `${String(line.tax)} %`}</td>
              <td>{money.format(Number(line.total ?? 0))}</td>
              <td>
                {line.links.delete && (
                  <Button
                    size="small"
                    variant="minimal"
                    icon={<Trash />}
                    aria-label={t('planning.order.deleteLine', { title: String(line.title) })}
                    onClick={() => remove.mutate(line.uuid)}
                  />
                )}
              </td>
            </tr>
          ))}
          {editable && (
            <tr>
              {INPUTS.map((name) => (
                <td key={name}>{cell(name)}</td>
              ))}
              <td />
              <td>
                <Button
                  size="small"
                  icon={<Plus />}
                  aria-label={t('planning.order.addLine')}
                  disabled={!draft.title.trim()}
                  loading={add.isPending}
                  onClick={() => add.mutate()}
                />
              </td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={5}>{t('planning.order.total', { currency: String(order.currency ?? '') })}</th>
            <th>{money.format(total)}</th>
            <th />
          </tr>
        </tfoot>
      </HTMLTable>
      {Object.values(errors).flat().length > 0 && (
        <p className="hw-error-text">{Object.values(errors).flat().join(' ')}</p>
      )}
    </section>
  );
}
