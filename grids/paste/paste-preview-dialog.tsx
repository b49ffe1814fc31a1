// The paste preview (docs/domain/spreadsheet.md, "Grid editing"): old → new per cell, counts of changes, new rows and errors, "only
// rows with errors", inline fixing of a cell that does not parse or that the server's dry run refused; Apply writes
// the valid rows only. Rows are shown a hundred at a time so a large paste opens at once. A paste with a header row
// says so, and shows the record template each new row starts from.
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Intent,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../src/i18n';
import { planRequests } from '../clipboard/paste-edits';
import { pasteCounts, rowHasError, type PastePlan, type SheetColumn } from '../clipboard/paste-plan';
import { PasteRowView } from './paste-row';

const PAGE = 100;

interface Props {
  plan: PastePlan;
  columns: readonly SheetColumn[];
  header: (name: string) => string;
  display: (column: SheetColumn, value: unknown) => string;
  /** Parses a fixed cell again. */
  fix: (plan: PastePlan, row: number, column: SheetColumn, raw: string) => PastePlan;
  /** The server's dry run: the plan with its errors. */
  check: (plan: PastePlan) => Promise<PastePlan>;
  /** Writes the valid rows; a plan back means the server refused some (shown), null means done. */
  apply: (plan: PastePlan) => Promise<PastePlan | null>;
  onClose: () => void;
}

export function PastePreviewDialog(props: Props) {
  const { t } = useTranslation();
  const [plan, setPlan] = useState(props.plan);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const [checking, setChecking] = useState(true);
  const [applying, setApplying] = useState(false);
  const { check } = props;

  useEffect(() => {
    let live = true;
    check(props.plan)
      .then((checked) => live && setPlan(checked))
      .catch(() => undefined)
      .finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, [check, props.plan]);

  const counts = useMemo(() => pasteCounts(plan), [plan]);
  const rows = useMemo(() => {
    const all = plan.rows.map((row, i) => [row, i] as const);
    return onlyErrors ? all.filter(([row]) => rowHasError(row)) : all;
  }, [plan, onlyErrors]);
  const byName = useMemo(() => new Map(props.columns.map((c) => [c.name, c])), [props.columns]);
  const fields = plan.rows[0]?.cells.map((cell) => cell.field) ?? [];
  // rows the apply writes: without errors and with something to change
  // new records past the last row only when the user agrees (checked by default)
  const [createNew, setCreateNew] = useState(true);
  const applied = useMemo(
    () => (createNew ? plan : { ...plan, rows: plan.rows.filter((row) => row.uuid !== null) }),
    [plan, createNew],
  );
  const valid = useMemo(() => {
    const { updates, creates } = planRequests(applied);
    return updates.length + creates.length;
  }, [applied]);

  const apply = async () => {
    setApplying(true);
    try {
      const refused = await props.apply(applied);
      if (refused) setPlan(refused);
    } finally {
      setApplying(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={props.onClose}
      title={t('sheet.paste.title')}
      className="hw-paste-dialog"
      canOutsideClickClose={false}
    >
      <DialogBody className="hw-paste-body">
        <div className="hw-paste-counts" data-testid="paste-counts">
          <Tag minimal intent={Intent.PRIMARY}>
            {t('sheet.paste.changes', { count: counts.changes })}
          </Tag>
          <Tag minimal intent={Intent.SUCCESS}>
            {t('sheet.paste.newRows', { count: counts.newRows })}
          </Tag>
          <Tag minimal intent={counts.errors > 0 ? Intent.DANGER : Intent.NONE}>
            {t('sheet.paste.errors', { count: counts.errors })}
          </Tag>
          {checking && (
            <span className="hw-paste-checking">
              <Spinner size={14} /> {t('sheet.paste.checking')}
            </span>
          )}
          <span className="hw-spacer" />
          <Switch
            className="hw-paste-only-errors"
            checked={onlyErrors}
            label={t('sheet.paste.onlyErrors')}
            onChange={(e) => setOnlyErrors(e.currentTarget.checked)}
          />
        </div>
        {(plan.headerRow ||
          plan.readOnly.length > 0 ||
          plan.unloaded > 0 ||
          plan.locked > 0 ||
          plan.overflowColumns > 0 ||
          plan.notCreated > 0) && (
          <ul className="hw-paste-notes">
            {plan.headerRow && <li>{t('sheet.paste.headerRow')}</li>}
            {plan.unnamedColumns > 0 && <li>{t('sheet.paste.unnamed', { count: plan.unnamedColumns })}</li>}
            {plan.templateIgnored > 0 && <li>{t('sheet.paste.templateIgnored', { count: plan.templateIgnored })}</li>}
            {plan.readOnly.length > 0 && (
              <li>{t('sheet.paste.readOnly', { columns: plan.readOnly.map(props.header).join(', ') })}</li>
            )}
            {plan.unloaded > 0 && <li>{t('sheet.paste.unloaded', { count: plan.unloaded })}</li>}
            {plan.locked > 0 && <li>{t('sheet.paste.locked', { count: plan.locked })}</li>}
            {plan.overflowColumns > 0 && <li>{t('sheet.paste.overflow', { count: plan.overflowColumns })}</li>}
            {plan.notCreated > 0 && <li>{t('sheet.paste.notCreated', { count: plan.notCreated })}</li>}
          </ul>
        )}
        {counts.newRows > 0 && (
          <Checkbox
            className="hw-paste-create"
            checked={createNew}
            label={t('sheet.paste.createQuestion', { count: counts.newRows })}
            onChange={(e) => setCreateNew(e.currentTarget.checked)}
          />
        )}
        <div className="hw-paste-table-wrap">
          <HTMLTable compact bordered className="hw-paste-table">
            <thead>
              <tr>
                <th>{t('sheet.paste.row')}</th>
                {fields.map((name) => (
                  <th key={name}>{props.header(name)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, shown).map(([row, i]) => (
                <PasteRowView
                  key={i}
                  row={row}
                  columns={byName}
                  header={props.header}
                  display={props.display}
                  onFix={(column, raw) => setPlan((p) => props.fix(p, i, column, raw))}
                />
              ))}
            </tbody>
          </HTMLTable>
          {rows.length > shown && (
            <Button variant="minimal" onClick={() => setShown((n) => n + PAGE * 5)}>
              {t('sheet.paste.more', { count: rows.length - shown })}
            </Button>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onClose}>{t('sheet.cancel')}</Button>
            <Button
              intent={Intent.PRIMARY}
              loading={applying}
              disabled={valid === 0 || checking}
              onClick={() => void apply()}
            >
              {t('sheet.paste.apply', { count: valid })}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
