// A record's lines (an order's lines, a bill's expenses): quantity × unit price, less the discount, plus the tax,
// each total computed by the server (docs/domain/calculations.md, "Order totals"), with the sum of the totals, a row
// to add a line and a delete per line as its links allow. A 422 shows under the table (e.g. a budget a line would
// overspend); warnings of a line that went through show as a notice (docs/domain/api.md, "Warnings").
import { Button, H4, HTMLTable, InputGroup } from '@blueprintjs/core';
import { Plus, Trash } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldErrors } from '../../src/api/errors';
import { isApiError } from '../../src/api/errors';
import { reportActionError } from '../../src/components/notices';
import type { AnyEntity } from '../../src/entities/define';
import { useTranslation } from '../../src/i18n';
import { createRecord, deleteRecord, recordListQuery, type ApiRecord } from '../../src/api/records';

export const LINE_FIELDS = ['title', 'quantity', 'unit_price', 'discount', 'tax', 'total'] as const;
const EMPTY = { title: '', quantity: '1', unit_price: '', discount: '', tax: '' };
type Draft = typeof EMPTY;
const NUMERIC = ['quantity', 'unit_price', 'discount', 'tax'] as const;
const INPUTS = ['title', ...NUMERIC] as const;

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
  const money = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const quantity = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const percent = (value: unknown) => (value == null ? '' : `${quantity.format(Number(value))} %`);
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
  const total = rows.reduce((sum, l) => sum + Number(l.total ?? 0), 0);
  const label = (name: string) => t(`entities.${entity.name}.fields.${name}`);
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
              {INPUTS.map((name) => (
                <td key={name}>{cell(name)}</td>
              ))}
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
          <tr>
            <th colSpan={5}>{texts.total}</th>
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
