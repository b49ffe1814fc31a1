// /calendar: the one deadline calendar of every kind (task events, ticket and order due dates, record dates of
// contracts, guarantees, counters, tenancies, documents and facilities), with a switch per kind in its colour; linked from the main navigation and from the tasks, tickets and orders screens.
import { Checkbox, H1 } from '@blueprintjs/core';
import { Calendar } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';
import { useDocumentTitle } from '../../src/components/use-document-title';
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
          {CALENDAR_KINDS.map((kind) => (
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
          ))}
        </fieldset>
      </header>
      <CalendarPanel kinds={kinds} />
    </div>
  );
}
