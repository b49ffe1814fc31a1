// What the calendar's colours and markings mean (docs/decisions.md, "Planning screens and the deadline calendar
// (client)"): each kind shown in its colour, then the markings drawn over a kind's colour (overdue: a red stripe;
// done or closed: a grey stripe, struck through; a computed date: a dashed border; a record selected on the screen:
// a ring). Samples are drawn by the same classes as the entries (calendar.css).
import { useId } from 'react';
import { DATE_KINDS, isDateKind } from '../../src/domain/calendar-kinds';
import { useTranslation } from '../../src/i18n';
import type { CalendarKind } from './calendar-api';
import { kindClass } from './kind-class';
import { useKindLabel } from './kinds';

interface Props {
  kinds: readonly CalendarKind[];
  /** The screen links the calendar to its grid's selection (selected records drawn with a ring). */
  selection: boolean;
}

/** The markings, each drawn over a neutral sample by the class that marks an entry (calendar.css). */
const MARKS = {
  overdue: 'hw-cal-overdue',
  done: 'hw-cal-status-done',
  locked: 'hw-cal-locked',
  selected: 'hw-cal-selected',
} as const;
type Mark = keyof typeof MARKS;

const hasLocked = (kinds: readonly CalendarKind[]) =>
  kinds.some((kind) => isDateKind(kind) && !DATE_KINDS[kind].movable);

export function CalendarLegend({ kinds, selection }: Props) {
  const { t } = useTranslation();
  const labelOf = useKindLabel();
  const title = useId();
  const marks: Mark[] = ['overdue', 'done'];
  if (hasLocked(kinds)) marks.push('locked');
  if (selection) marks.push('selected');
  const sample = (key: string, className: string, label: string) => (
    <li key={key}>
      <span className={`hw-cal-sample hw-cal-event ${className}`} aria-hidden="true" />
      {label}
    </li>
  );
  return (
    <section className="hw-cal-legend" aria-labelledby={title}>
      <h3 id={title}>{t('calendar.legend.title')}</h3>
      <ul>
        {kinds.map((kind) => sample(kind, kindClass(kind), labelOf(kind)))}
        {marks.map((mark) => sample(mark, `hw-cal-sample-neutral ${MARKS[mark]}`, t(`calendar.legend.${mark}`)))}
      </ul>
    </section>
  );
}
