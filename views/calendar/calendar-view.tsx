// /calendar: the one deadline calendar of every kind (task events, ticket and order due dates, record dates of
// contracts, guarantees, counters, tenancies, documents, facilities and bills), linked from the main navigation and
// from the tasks, tickets and orders screens. The planning kinds have a switch each in their colour; the record
// date kinds share one menu of switches ("Record dates (n of m)"), so the header stays one line
// (docs/domain/planning.md, "Deadline calendar").
import { Button, ButtonGroup, Checkbox, Classes, H1, PopoverNext } from '@blueprintjs/core';
import { Calendar, CaretDown } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { DATE_KIND_NAMES, PLANNING_KINDS } from '../../src/domain/calendar-kinds';
import { useTranslation } from '../../src/i18n';
import { CALENDAR_KINDS, type CalendarKind } from './calendar-api';
import { CalendarPanel } from './calendar-panel';

export function CalendarView() {
  const { t } = useTranslation();
  const [off, setOff] = useState<ReadonlySet<CalendarKind>>(new Set());
  const kinds = useMemo(() => CALENDAR_KINDS.filter((k) => !off.has(k)), [off]);
  useDocumentTitle(t('modules.calendar'));
  const toggle = (kind: CalendarKind) =>
    setOff((current) => {
      const next = new Set(current);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });
  const setRecords = (shown: boolean) =>
    setOff((current) => {
      const next = new Set(current);
      for (const kind of DATE_KIND_NAMES) {
        if (shown) next.delete(kind);
        else next.add(kind);
      }
      return next;
    });
  const check = (kind: CalendarKind) => (
    <Checkbox
      key={kind}
      inline
      checked={!off.has(kind)}
      onChange={() => toggle(kind)}
      labelElement={
        <>
          <span className="hw-cal-swatch" aria-hidden="true" />
          {t(`calendar.kinds.${kind}`)}
        </>
      }
      className={`hw-cal-kind-check hw-cal-kind-${kind}`}
    />
  );
  const shown = DATE_KIND_NAMES.filter((k) => !off.has(k)).length;
  const records = (
    <div className="hw-cal-records">
      {DATE_KIND_NAMES.map(check)}
      <ButtonGroup variant="minimal" className="hw-cal-records-all">
        <Button size="small" disabled={shown === DATE_KIND_NAMES.length} onClick={() => setRecords(true)}>
          {t('calendar.kinds.showAll')}
        </Button>
        <Button size="small" disabled={shown === 0} onClick={() => setRecords(false)}>
          {t('calendar.kinds.hideAll')}
        </Button>
      </ButtonGroup>
    </div>
  );
  return (
    <div className="hw-page hw-calendar-page">
      <header className="hw-page-header">
        <span className="hw-page-icon">
          <Calendar />
        </span>
        <H1>{t('modules.calendar')}</H1>
        <span className="hw-spacer" />
        <fieldset className="hw-cal-kinds">
          <legend className="bp6-text-muted">{t('calendar.kinds.label')}</legend>
          {PLANNING_KINDS.map(check)}
          <PopoverNext content={records} placement="bottom-end" popoverClassName={Classes.POPOVER_CONTENT_SIZING}>
            <Button endIcon={<CaretDown />} variant="outlined">
              {t('calendar.kinds.records', { shown, total: DATE_KIND_NAMES.length })}
            </Button>
          </PopoverNext>
        </fieldset>
      </header>
      <CalendarPanel kinds={kinds} />
    </div>
  );
}
