// A record's lines (an order's lines, a bill's expenses): quantity × unit price, less the discount, plus the tax,
// each total computed by the server (docs/domain/calculations.md, "Document totals"), with the net, the VAT per rate,
// the gross and the amount payable under them, a row to add a line (an article picked fills its title, price and tax
// rate; a tax rate picked its rate) and a delete per line as its links allow. A 422 shows under the table (e.g. a budget a line would
// overspend); warnings of a line that went through show as a notice (docs/domain/api.md, "Warnings").
import { Button, H4, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { Plus, Trash } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldErrors } from '../../src/api/errors';
import { isApiError } from '../../src/api/errors';
import { reportActionError } from '../../src/components/notices';
import type { AnyEntity } from '../../src/entities/define';
import { article as articleModel, tax as taxModel } from '../../src/entities/catalogues';
import { documentTotals } from '../../src/domain/money';
import { useTranslation } from '../../src/i18n';
import { createRecord, deleteRecord, recordListQuery, type ApiRecord } from '../../src/api/records';

export const LINE_FIELDS = ['article_uuid', 'title', 'quantity', 'unit_price', 'discount', 'tax', 'total'] as const;
const EMPTY = { article_uuid: '', title: '', quantity: '1', unit_price: '', discount: '', tax_uuid: '', tax: '' };
type Draft = typeof EMPTY;
const NUMERIC = ['quantity', 'unit_price', 'discount', 'tax'] as const;
const INPUTS = ['title', 'quantity', 'unit_price', 'discount'] as const;
/** The catalogue pickers of the new line (their labels are the fields'). */
const PICKERS = ['article_uuid', 'tax_uuid'] as const;

export interface LineTexts {
  heading: string;
  add: string;
  remove: (title: string) => string;
  total: string;
}

interface Props {
  /** The lines' model and the field naming their parent (`order_uuid`, `bill_uuid`). */
  entity: AnyEntity;
  parentField: string;
  parent: ApiRecord;
  texts: LineTexts;
  /** After a line was added or deleted (the parent's total changed). */
  onTotals: () => void;
  /** The section's and the table's classes. */
  panelClassName?: string;
  className?: string;
}

export function RecordLines({
  entity,
  parentField,
  parent,
  texts,
  onTotals,
  panelClassName = 'hw-lines-panel',
  className = 'hw-record-lines',
}: Props) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const linesQuery = recordListQuery(entity, {
    [`filter[${parentField}]`]: parent.uuid,
    per_page: 200,
    sort_by: 'created_at',
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const lines = useQuery(linesQuery);
  // the settings group's articles and tax rates to pick from (a line stores the rate, not the catalogue's later one)
  const catalogue = { settings_group_uuid: String(parent.settings_group_uuid), per_page: 500 };
  const articles = useQuery(recordListQuery(articleModel, { ...catalogue, sort_by: 'number' })).data?.data ?? [];
  const taxes = useQuery(recordListQuery(taxModel, { ...catalogue, sort_by: 'name' })).data?.data ?? [];
  const taxRate = (uuid: unknown) => taxes.find((x) => x.uuid === uuid)?.rate;
  const pickArticle = (uuid: string) => {
    const picked = articles.find((a) => a.uuid === uuid);
    setDraft((d) =>
      picked
        ? {
            ...d,
            article_uuid: uuid,
            title: String(picked.title ?? ''),
            unit_price: picked.unit_price == null ? '' : String(picked.unit_price),
            tax_uuid: picked.tax_uuid == null ? '' : String(picked.tax_uuid),
            tax: taxRate(picked.tax_uuid) == null ? '' : String(Number(taxRate(picked.tax_uuid))),
          }
        : { ...d, article_uuid: '' },
    );
  };
  const pickTax = (uuid: string) =>
    setDraft((d) => ({ ...d, tax_uuid: uuid, tax: taxRate(uuid) == null ? '' : String(Number(taxRate(uuid))) }));
  const money = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const quantity = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const percent = (value: unknown) => (value == null ? '' : `${quantity.format(Number(value))} %`);
  const given = (v: unknown) => v != null && v !== '' && Number(v) !== 0;
  const discountLabel = (p: unknown, a: unknown) =>
    given(p) && given(a)
      ? t('records.lines.discountBoth', { rate: percent(p), amount: money.format(Number(a)) })
      : given(p)
        ? t('records.lines.discountPercent', { rate: percent(p) })
        : t('records.lines.discount');
  const changed = () => {
    void client.invalidateQueries({ queryKey: linesQuery.queryKey });
    onTotals();
  };
  const add = useMutation({
    mutationFn: () => {
      const body: Record<string, unknown> = {
        property_uuid: parent.property_uuid,
        [parentField]: parent.uuid,
        title: draft.title,
      };
      for (const name of NUMERIC) if (draft[name].trim()) body[name] = draft[name].trim().replace(',', '.');
      if (draft.article_uuid) body.article_uuid = draft.article_uuid;
      if (draft.tax_uuid) body.tax_uuid = draft.tax_uuid;
      return createRecord(entity, body);
    },
    onSuccess: () => {
      setDraft(EMPTY);
      setErrors({});
      changed();
    },
    onError: (error) =>
      isApiError(error) && error.status === 422 ? setErrors(error.errors) : reportActionError(error),
  });
  const remove = useMutation({ mutationFn: (uuid: string) => deleteRecord(entity, uuid), onSuccess: changed });
  const rows = lines.data?.data ?? [];
  // the document's own discount comes off its lines' net (docs/domain/calculations.md, "Document totals")
  const totals = documentTotals(rows, parent.currency, undefined, {
    discount: parent.discount,
    discount_amount: parent.discount_amount,
  });
  const articleNumber = (uuid: unknown) => articles.find((a) => a.uuid === uuid)?.number;
  const label = (name: string) => t(`entities.${entity.name}.fields.${name}`);
  const [articleLabel, taxLabel] = PICKERS.map(label);
  const id = `${entity.name}-lines-${parent.uuid}`;
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
  const editable = Boolean(parent.links.update);
  return (
    <section className={panelClassName} aria-labelledby={id}>
      <H4 id={id}>{texts.heading}</H4>
      <HTMLTable compact className={className}>
        <thead>
          <tr>
            {LINE_FIELDS.map((n) => (
              <th key={n}>{label(n)}</th>
            ))}
            <th aria-label={t('common.delete')} />
          </tr>
        </thead>
        <tbody>
          {rows.map((line) => (
            <tr key={line.uuid}>
              <td>{String(articleNumber(line.article_uuid) ?? '')}</td>
              <td>{String(line.title)}</td>
              <td>{line.quantity == null ? '' : quantity.format(Number(line.quantity))}</td>
              <td>{money.format(Number(line.unit_price ?? 0))}</td>
              <td>{percent(line.discount)}</td>
              <td>{percent(line.tax)}</td>
              <td>{money.format(Number(line.total ?? 0))}</td>
              <td>
                {line.links.delete && (
                  <Button
                    size="small"
                    variant="minimal"
                    icon={<Trash />}
                    aria-label={texts.remove(String(line.title))}
                    onClick={() => remove.mutate(line.uuid)}
                  />
                )}
              </td>
            </tr>
          ))}
          {editable && (
            <tr>
              <td>
                <HTMLSelect
                  minimal
                  aria-label={articleLabel}
                  value={draft.article_uuid}
                  onChange={(e) => pickArticle(e.currentTarget.value)}
                  options={[
                    { value: '', label: '—' },
                    ...articles.map((a) => ({ value: a.uuid, label: `${String(a.number)} ${String(a.title)}` })),
                  ]}
                />
              </td>
              {INPUTS.map((name) => (
                <td key={name}>{cell(name)}</td>
              ))}
              <td>
                <HTMLSelect
                  minimal
                  aria-label={taxLabel}
                  value={draft.tax_uuid}
                  onChange={(e) => pickTax(e.currentTarget.value)}
                  options={[
                    { value: '', label: '—' },
                    ...taxes.map((x) => ({ value: x.uuid, label: `${String(x.name)} ${percent(x.rate)}` })),
                  ]}
                />
              </td>
              <td />
              <td>
                <Button
                  size="small"
                  icon={<Plus />}
                  aria-label={texts.add}
                  disabled={!draft.title.trim()}
                  loading={add.isPending}
                  onClick={() => add.mutate()}
                />
              </td>
            </tr>
          )}
        </tbody>
        <tfoot>
          {Number(totals.discount_total) !== 0 && (
            <>
              <tr className="hw-lines-subtotal">
                <th colSpan={6}>{t('records.lines.subtotal')}</th>
                <td>{money.format(Number(totals.subtotal))}</td>
                <th />
              </tr>
              <tr className="hw-lines-discount">
                <th colSpan={6}>{discountLabel(parent.discount, parent.discount_amount)}</th>
                <td>{money.format(-Number(totals.discount_total))}</td>
                <th />
              </tr>
            </>
          )}
          <tr className="hw-lines-net">
            <th colSpan={6}>{t('records.lines.net')}</th>
            <td>{money.format(Number(totals.net_total))}</td>
            <th />
          </tr>
          {totals.rates
            .filter((r) => Number(r.rate) !== 0)
            .map((r) => (
              <tr key={r.rate} className="hw-lines-vat">
                <th colSpan={6}>
                  {t('records.lines.vat', { rate: percent(r.rate), net: money.format(Number(r.net)) })}
                </th>
                <td>{money.format(Number(r.tax))}</td>
                <th />
              </tr>
            ))}
          <tr>
            <th colSpan={6}>{texts.total}</th>
            <th className="hw-lines-total">{money.format(Number(totals.total))}</th>
            <th />
          </tr>
          {totals.payable_total !== totals.total && (
            <tr className="hw-lines-payable">
              <th colSpan={6}>{t('records.lines.payable')}</th>
              <th>{money.format(Number(totals.payable_total))}</th>
              <th />
            </tr>
          )}
        </tfoot>
      </HTMLTable>
      {Object.values(errors).flat().length > 0 && (
        <p className="hw-error-text">{Object.values(errors).flat().join(' ')}</p>
      )}
    </section>
  );
}
