// Steps 2 and 3: which sheet of the workbook, and which of its rows holds the column headers.
import { Button, HTMLTable, NumericInput, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import type { Dispatch } from 'react';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';
import type { WizardAction, WizardState } from './import-state';

interface Props {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

export const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function SheetStep({ state, dispatch }: Props) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const sheets = state.job?.sheets ?? [];
  return (
    <div className="hw-import-sheet">
      <RadioGroup
        label={t('transfer.import.sheetLabel')}
        selectedValue={state.sheet}
        onChange={(event) => dispatch({ type: 'sheet', sheet: event.currentTarget.value })}
      >
        {sheets.map((sheet) => (
          <Radio
            key={sheet.name}
            value={sheet.name}
            label={t('transfer.import.sheetRows', {
              name: sheet.name,
              count: sheet.row_count,
              n: number(sheet.row_count),
            })}
          />
        ))}
      </RadioGroup>
      {state.preview ? (
        <p className="hw-import-hint">
          {t('transfer.import.columnsFound', {
            count: state.preview.headers.length,
            names: state.preview.headers.slice(0, 8).join(', '),
          })}
        </p>
      ) : (
        state.sheet && <Spinner size={20} />
      )}
    </div>
  );
}

export function HeaderStep({ state, dispatch }: Props) {
  const { t } = useTranslation();
  const preview = state.preview;
  return (
    <div className="hw-import-header">
      <label className="hw-import-inline">
        {t('transfer.import.headerRow')}
        <NumericInput
          min={1}
          max={1000}
          value={state.headerRow}
          onValueChange={(value) =>
            Number.isInteger(value) && value >= 1 && dispatch({ type: 'headerRow', row: value })
          }
          aria-label={t('transfer.import.headerRow')}
        />
      </label>
      {!preview ? (
        <Spinner size={20} />
      ) : (
        <div className="hw-import-table-wrap">
          <HTMLTable compact bordered className="hw-import-table">
            <thead>
              <tr>
                <th>{state.headerRow}</th>
                {preview.headers.map((header, i) => (
                  <th key={i}>{header}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map(({ row, cells }) => (
                <tr key={row}>
                  <td>
                    <Button
                      size="small"
                      variant="minimal"
                      title={t('transfer.import.useAsHeader', { row })}
                      aria-label={t('transfer.import.useAsHeader', { row })}
                      onClick={() => dispatch({ type: 'headerRow', row })}
                    >
                      {row}
                    </Button>
                  </td>
                  {preview.headers.map((_, c) => (
                    <td key={c}>{cellText(cells[c])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}
