// Bulk edit of the selected rows (docs/domain/spreadsheet.md, "Grid editing"): one field, an operation (set,
// clear; add, subtract, multiply, percent for numbers), a preview of old → new, then one bulk request and one
// undo step. Rows the user may not change are skipped by the server, which says how many. Nothing is changed by
// default (docs/decisions.md, "Bulk edit changes nothing by default"): the dialog opens with no field chosen, Apply
// waits for a value (emptying a field is the explicit "Clear the field" operation), and a change of more than one
// record asks once, naming the count.
import {
  Alert,
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import type { GridApi } from 'ag-grid-community';
import { useMemo, useState, type RefObject } from 'react';
import type { FromCell } from '../../src/domain/cells';
import { parseNumber } from '../../src/domain/parse';
import { isWritable } from '../../src/entities/fields';
import { useTranslation } from '../../src/i18n';
import type { SheetColumn } from '../clipboard/paste-plan';
import type { GridDefinition } from '../define-grid';
import { headerOf } from '../field-refs';
import { applyEdit } from '../fill/apply-edit';
import type { CellChange } from '../fill/fill';
import { useGridFormat } from '../use-grid-format';
import type { ApiRecord } from '../../src/api/records';
import { applyOperation, operationsFor, sameValue, type BulkOperation } from './bulk-ops';

const PREVIEW_ROWS = 50;

interface Props {
  grid: GridDefinition;
  rows: ApiRecord[];
  api: RefObject<GridApi<ApiRecord> | null>;
  display: (column: SheetColumn, value: unknown) => string;
  parse: (raw: string, column: SheetColumn) => FromCell;
  onClose: () => void;
}

export function BulkEditDialog({ grid, rows, api, display, parse, onClose }: Props) {
  const { t } = useTranslation();
  const { locale } = useGridFormat();
  const { entity } = grid;
  const columns = useMemo<SheetColumn[]>(
    () =>
      Object.entries(entity.fields)
        .filter(([, field]) => isWritable(field) && !field.hidden && field.kind !== 'ref')
        .map(([name, field]) => ({ name, field, writable: true })),
    [entity],
  );
  const [name, setName] = useState('');
  const column = columns.find((c) => c.name === name);
  const operations = column ? operationsFor(column.field) : [];
  const [chosen, setOperation] = useState<BulkOperation>('set');
  const operation = operations.includes(chosen) ? chosen : 'set';
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const preview = useMemo(() => {
    // no field or no value chosen yet: nothing would change, nothing is counted
    if (!column || (operation !== 'clear' && text.trim() === '')) return null;
    const operand: FromCell =
      operation === 'set'
        ? parse(text, column)
        : operation === 'clear'
          ? { ok: true, value: null }
          : parseNumber(text, 'decimal', locale);
    if (!operand.ok || (operation !== 'set' && operation !== 'clear' && operand.value === null))
      return { invalid: true as const };
    const changes: CellChange[] = [];
    const versions: Record<string, string> = {};
    let empty = 0;
    for (const row of rows) {
      const before = row[column.name] ?? null;
      const result = applyOperation(column.field, operation, before, operand.value);
      if (!result.ok) {
        empty++;
        continue;
      }
      if (sameValue(column.field, before, result.value)) continue;
      changes.push({ uuid: row.uuid, field: column.name, before, after: result.value });
      versions[row.uuid] = row.updated_at;
    }
    return { invalid: false as const, changes, versions, empty };
  }, [column, operation, text, rows, parse, locale]);

  const choices =
    column?.field.kind === 'enum'
      ? column.field.values.map((v) => ({ value: v, label: t(`enums.${entity.name}.${name}.${v}`) }))
      : column?.field.kind === 'bool'
        ? [
            { value: 'true', label: t('grid.yes') },
            { value: 'false', label: t('grid.no') },
          ]
        : null;
  const count = preview && !preview.invalid ? preview.changes.length : 0;
  const title = (uuid: string) => String(rows.find((r) => r.uuid === uuid)?.[entity.titleField] ?? '');

  const apply = async () => {
    setConfirming(false);
    if (!preview || preview.invalid || !column) return;
    setBusy(true);
    const label = t('sheet.bulk.label', {
      count: preview.changes.length,
      field: headerOf(t, entity.name, column.name),
    });
    const outcome = await applyEdit(entity, preview.changes, preview.versions, label, api.current);
    setBusy(false);
    if (outcome) onClose();
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('sheet.bulk.title', { count: rows.length })} className="hw-bulk-dialog">
      <DialogBody>
        <div className="hw-bulk-form">
          <FormGroup label={t('sheet.bulk.field')} labelFor="hw-bulk-field">
            <HTMLSelect
              id="hw-bulk-field"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setText('');
              }}
              options={[
                { value: '', label: t('sheet.bulk.chooseField'), disabled: true },
                ...columns.map((c) => ({ value: c.name, label: headerOf(t, entity.name, c.name) })),
              ]}
            />
          </FormGroup>
          {column && (
            <FormGroup label={t('sheet.bulk.operation')} labelFor="hw-bulk-operation">
              <HTMLSelect
                id="hw-bulk-operation"
                value={operation}
                onChange={(e) => setOperation(e.currentTarget.value as BulkOperation)}
                options={operations.map((op) => ({ value: op, label: t(`sheet.bulk.operations.${op}`) }))}
              />
            </FormGroup>
          )}
          {column && operation !== 'clear' && (
            <FormGroup label={t('sheet.bulk.value')} labelFor="hw-bulk-value">
              {choices && operation === 'set' ? (
                <HTMLSelect
                  id="hw-bulk-value"
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                  options={[{ value: '', label: t('sheet.bulk.chooseValue'), disabled: true }, ...choices]}
                />
              ) : (
                <InputGroup
                  id="hw-bulk-value"
                  value={text}
                  onValueChange={setText}
                  intent={preview?.invalid && text !== '' ? Intent.DANGER : Intent.NONE}
                />
              )}
            </FormGroup>
          )}
        </div>
        {preview && !preview.invalid && column && (
          <>
            <p data-testid="bulk-summary">
              {t('sheet.bulk.summary', { count, total: rows.length })}
              {preview.empty > 0 && ` ${t('sheet.bulk.empty', { count: preview.empty })}`}
            </p>
            <HTMLTable compact className="hw-bulk-preview">
              <tbody>
                {preview.changes.slice(0, PREVIEW_ROWS).map((change) => (
                  <tr key={change.uuid}>
                    <td>{title(change.uuid)}</td>
                    <td>
                      <del>{display(column, change.before)}</del>
                    </td>
                    <td>
                      <ins>{display(column, change.after)}</ins>
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {preview.changes.length > PREVIEW_ROWS && (
              <p>{t('sheet.bulk.more', { count: preview.changes.length - PREVIEW_ROWS })}</p>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('sheet.cancel')}</Button>
            <Button
              intent={Intent.PRIMARY}
              loading={busy}
              disabled={count === 0}
              onClick={() => (count > 1 ? setConfirming(true) : void apply())}
            >
              {count === 0 ? t('sheet.bulk.applyNone') : t('sheet.bulk.apply', { count })}
            </Button>
          </>
        }
      />
      <Alert
        isOpen={confirming}
        intent={Intent.PRIMARY}
        confirmButtonText={t('sheet.bulk.confirm', { count })}
        cancelButtonText={t('sheet.cancel')}
        onConfirm={() => void apply()}
        onCancel={() => setConfirming(false)}
      >
        {column && t('sheet.bulk.confirmText', { count, field: headerOf(t, entity.name, column.name) })}
      </Alert>
    </Dialog>
  );
}
