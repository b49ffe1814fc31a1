// One row of the paste preview: old → new per changed cell, unchanged cells muted, and an input at each cell
// whose value does not parse or that the server refused (fixed on blur or Enter); a record template named on a row
// that changes a record is struck through (it is for new records only).
import { InputGroup, Intent } from '@blueprintjs/core';
import { ArrowRight } from '@blueprintjs/icons';
import { useTranslation } from '../../src/i18n';
import { isTemplateColumn } from '../clipboard/paste-header';
import { rowHasError, type PasteRow, type SheetColumn } from '../clipboard/paste-plan';

interface Props {
  row: PasteRow;
  columns: ReadonlyMap<string, SheetColumn>;
  header: (name: string) => string;
  display: (column: SheetColumn, value: unknown) => string;
  onFix: (column: SheetColumn, raw: string) => void;
}

export function PasteRowView({ row, columns, header, display, onFix }: Props) {
  const { t } = useTranslation();
  return (
    <tr className={rowHasError(row) ? 'hw-paste-error-row' : undefined}>
      <th scope="row">{row.uuid === null ? t('sheet.paste.new') : row.index + 1}</th>
      {row.cells.map((cell) => {
        const column = columns.get(cell.field)!;
        if (cell.error !== null)
          return (
            <td key={cell.field} className="hw-paste-cell-error">
              <InputGroup
                small
                intent={Intent.DANGER}
                defaultValue={cell.raw}
                aria-label={`${header(cell.field)} ${row.index + 1}`}
                onBlur={(e) => {
                  const raw = e.currentTarget.value;
                  if (raw !== cell.raw) onFix(column, raw);
                }}
                onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
              />
              <div className="hw-paste-message">{cell.error}</div>
            </td>
          );
        // a record template names new records' values only: on a row that changes a record it is left aside
        if (isTemplateColumn(column) && row.uuid !== null && cell.value !== null)
          return (
            <td key={cell.field} className="hw-paste-same">
              <del>{display(column, cell.value)}</del>
            </td>
          );
        if (!cell.changed)
          return (
            <td key={cell.field} className="hw-paste-same">
              {display(column, cell.before)}
            </td>
          );
        return (
          <td key={cell.field} className="hw-paste-changed">
            {row.uuid !== null && (
              <>
                <del>{display(column, cell.before)}</del> <ArrowRight size={10} />{' '}
              </>
            )}
            <ins>{display(column, cell.value) || <span className="hw-paste-empty">{t('sheet.paste.empty')}</span>}</ins>
          </td>
        );
      })}
    </tr>
  );
}
