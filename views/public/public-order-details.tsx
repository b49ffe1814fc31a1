// The order as the contractor sees it: dates, description, lines with the total, its documents (downloaded through
// the page's token) and the comments so far.
import { H4, HTMLTable } from '@blueprintjs/core';
import { DEFAULT_LANGUAGE, isLanguage, useTranslation } from '../../src/i18n';
import { fileSize } from '../documents/file-size';
import { LINE_COLUMNS, type PublicOrder } from './public-order-api';

export function PublicOrderDetails({ order, messages, documents = [] }: PublicOrder) {
  const { t, i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const money = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const quantity = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const day = (value: string | null) => (value ? new Date(`${value}T12:00:00`).toLocaleDateString(i18n.language) : '—');
  const num = (value: unknown) => (value === null || value === undefined || value === '' ? '' : String(value));
  return (
    <>
      <dl className="hw-public-facts">
        {order.property && (
          <>
            <dt>{t('entities.order.fields.property_uuid')}</dt>
            <dd>
              {[
                order.property.name,
                order.property.street,
                [order.property.postcode, order.property.city].filter(Boolean).join(' '),
              ]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </>
        )}
        <dt>{t('entities.order.fields.due_date')}</dt>
        <dd>{day(order.due_date)}</dd>
        <dt>{t('entities.order.fields.execution_date')}</dt>
        <dd>{day(order.execution_date)}</dd>
        {order.proposed_date && (
          <>
            <dt>{t('entities.order.fields.proposed_date')}</dt>
            <dd>{day(order.proposed_date)}</dd>
          </>
        )}
      </dl>
      {order.description && <p className="hw-public-description">{order.description}</p>}
      <H4>{t('planning.order.lines')}</H4>
      <HTMLTable compact className="hw-public-lines">
        <thead>
          <tr>
            {LINE_COLUMNS.map((n) => (
              <th key={n}>{t(`entities.order_line.fields.${n}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i}>
              <td>{line.title}</td>
              <td>{line.quantity == null ? '' : quantity.format(Number(line.quantity))}</td>
              <td>{money.format(Number(line.unit_price ?? 0))}</td>
              <td>{num(line.discount) && `${num(line.discount)} %`}</td>
              <td>{num(line.tax) && `${num(line.tax)} %`}</td>
              <td>{money.format(Number(line.total ?? 0))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {Number(order.discount_total ?? 0) !== 0 && (
            <tr>
              <th colSpan={5}>{t('records.lines.discount')}</th>
              <td>{money.format(-Number(order.discount_total))}</td>
            </tr>
          )}
          <tr>
            <th colSpan={5}>{t('planning.order.total', { currency: order.currency ?? '' })}</th>
            <th>{money.format(Number(order.total ?? 0))}</th>
          </tr>
        </tfoot>
      </HTMLTable>
      {documents.length > 0 && (
        <>
          <H4>{t('planning.public.documents')}</H4>
          <ul className="hw-public-documents">
            {documents.map((d) => (
              <li key={d.uuid}>
                <a href={d.url} download={d.original_filename ?? d.title}>
                  {d.original_filename ?? d.title}
                </a>{' '}
                <span className="hw-muted">{fileSize(Number(d.size ?? 0), locale, t)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <H4>{t('planning.public.comments')}</H4>
      {messages.length ? (
        <ul className="hw-comment-list">
          {messages.map((c, i) => (
            <li key={i}>
              <div className="hw-muted">
                {c.author ?? '—'} · {new Date(c.created_at).toLocaleString(i18n.language)}
              </div>
              <div>{c.body}</div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hw-muted">{t('planning.public.noComments')}</p>
      )}
    </>
  );
}
