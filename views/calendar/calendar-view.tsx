// /calendar: the one deadline calendar of every kind (task events, ticket and order due dates, record dates of
// contracts, guarantees, counters, tenancies, documents, facilities and bills, and of the settings group's calendar
// date attributes), linked from the main navigation and from the tasks, tickets and orders screens. The planning
// kinds have a switch each in their colour; the record date kinds, the attributes' after the static ones, share one
// menu of switches ("Record dates (n of m)"), so the header stays one line (docs/domain/planning.md, "Deadline
// calendar").
import { Button, ButtonGroup, Checkbox, Classes, H1, PopoverNext } from '@blueprintjs/core';
import { Calendar, CaretDown } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { DATE_KIND_NAMES, PLANNING_KINDS } from '../../src/domain/calendar-kinds';
import { useTranslation } from '../../src/i18n';
import { CALENDAR_KINDS, type CalendarKind } from './calendar-api';
import { CalendarPanel } from './calendar-panel';
import { kindClass } from './kind-class';
import { useAttributeKinds, useKindLabel } from './kinds';

export function CalendarView() {
  const { t } = useTranslation();
  const labelOf = useKindLabel();
  const { current } = useSelectedSettingsGroup();
  const attributes = useAttributeKinds(current?.uuid ?? null);
  const [off, setOff] = useState<ReadonlySet<CalendarKind>>(new Set());
  /** The record date switches: the static kinds', then the calendar date attributes'. */
  const recordKinds = useMemo<CalendarKind[]>(() => [...DATE_KIND_NAMES, ...attributes.kinds], [attributes.kinds]);
  const kinds = useMemo(
    () => [...CALENDAR_KINDS, ...attributes.kinds].filter((k) => !off.has(k)),
    [off, attributes.kinds],
  );
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
      for (const kind of recordKinds) {
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
          {labelOf(kind)}
        </>
      }
      className={`hw-cal-kind-check ${kindClass(kind)}`}
    />
  );
  const shown = recordKinds.filter((k) => !off.has(k)).length;
  const records = (
    <div className="hw-cal-records">
      {recordKinds.map(check)}
      <ButtonGroup variant="minimal" className="hw-cal-records-all">
        <Button size="small" disabled={shown === recordKinds.length} onClick={() => setRecords(true)}>
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
              {t('calendar.kinds.records', { shown, total: recordKinds.length })}
            </Button>
          </PopoverNext>
        </fieldset>
      </header>
      {/* the calendar waits for the attribute kinds, so its first request asks for every kind shown */}
      {!attributes.loading && <CalendarPanel kinds={kinds} />}
    </div>
  );
}
