// Step 6: the server's dry run. Counters (to create, to update, unchanged, errors) and every problem row with its
// messages at the cell; a value typed into a faulty cell is sent back as a fix with "Check again".
import { Button, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import type { Dispatch } from 'react';
import type { AnyEntity } from '../../src/entities/define';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';
import type { WizardAction, WizardState } from './import-state';
import { fieldLabel } from './import-messages';
import { cellText } from './sheet-step';

interface Props {
  entity: AnyEntity;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  busy: boolean;
  onRevalidate: () => void;
}

const COUNTERS = [
  ['create', Intent.SUCCESS],
  ['update', Intent.PRIMARY],
  ['unchanged', Intent.NONE],
  ['error', Intent.DANGER],
] as const;

export function ValidateStep({ entity, state, dispatch, busy, onRevalidate }: Props) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const reply = state.validation;
  if (!reply) return null;
  // Columns: the mapped fields in sheet order, then fields that only appear in errors (e.g. a required one).
  const mapped = Object.entries(state.mapping)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, field]) => field);
  const named = [...new Set(reply.rows.flatMap((row) => Object.keys(row.errors)))];
  const extra = named.filter((f) => !mapped.includes(f) && (f === 'uuid' || f in entity.fields));
  const fields = [...mapped, ...extra];
  // Messages about the row as a whole (an unknown uuid, a conflict) go to the last column.
  const rowErrors = (errors: Record<string, string[]>) =>
    Object.entries(errors)
      .filter(([key]) => !fields.includes(key))
      .flatMap(([, messages]) => messages);
  const fixCount = Object.values(state.fixes).reduce((n, values) => n + Object.keys(values).length, 0);
  return (
    <div className="hw-import-validate">
      <div className="hw-import-counters" role="status" aria-label={t('transfer.import.counters')}>
        {COUNTERS.map(([name, intent]) => (
          <Tag key={name} large minimal intent={intent} data-counter={name}>
            {t(`transfer.import.count.${name}`, { count: reply.counts[name], n: number(reply.counts[name]) })}
          </Tag>
        ))}
        <span className="hw-spacer" />
        <Button icon={<Refresh />} loading={busy} onClick={onRevalidate}>
          {fixCount > 0 ? t('transfer.import.applyFixes', { count: fixCount }) : t('transfer.import.checkAgain')}
        </Button>
      </div>
      {reply.counts.error > 0 && <p className="hw-import-hint">{t('transfer.import.errorsSkipped')}</p>}
      {reply.rows_total !== undefined && reply.rows_total > reply.rows.length && (
        <p className="hw-import-hint">
          {t('transfer.import.problemsShown', { shown: number(reply.rows.length), total: number(reply.rows_total) })}
        </p>
      )}
      {reply.rows.length > 0 && (
        <div className="hw-import-table-wrap">
          <HTMLTable compact bordered className="hw-import-table" aria-label={t('transfer.import.problemRows')}>
            <thead>
              <tr>
                <th>{t('transfer.import.row')}</th>
                {fields.map((field) => (
                  <th key={field}>{fieldLabel(t, entity, field)}</th>
                ))}
                <th>{t('transfer.import.rowProblem')}</th>
              </tr>
            </thead>
            <tbody>
              {reply.rows.map((row) => (
                <tr key={row.row} className="hw-import-problem-row">
                  <td>{row.row}</td>
                  {fields.map((field) => {
                    const errors = row.errors[field];
                    if (!errors?.length) return <td key={field}>{cellText(row.values[field])}</td>;
                    const fixed = state.fixes[String(row.row)]?.[field];
                    return (
                      <td key={field} className="hw-import-error-cell">
                        <InputGroup
                          size="small"
                          intent={fixed === undefined ? Intent.DANGER : Intent.NONE}
                          value={fixed ?? cellText(row.values[field])}
                          aria-label={t('transfer.import.fixCell', {
                            row: row.row,
                            field: fieldLabel(t, entity, field),
                          })}
                          onValueChange={(value) => dispatch({ type: 'fix', row: row.row, field, value })}
                        />
                        <div className="hw-import-error-text">{errors.join(' ')}</div>
                      </td>
                    );
                  })}
                  <td className="hw-import-error-text">{rowErrors(row.errors).join(' ')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}
