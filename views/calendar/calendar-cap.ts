// What a calendar view renders. FullCalendar builds the DOM of every event, also those it hides behind "+more",
// so a month with 1,000 deadlines would render all of them: we cap per day (a "+n" entry opens that day's list)
// and the list views in total, and the screen says how many are not shown.
import type { EventInput } from '@fullcalendar/core';
import type { CalendarItem } from './calendar-api';
import { kindClasses } from './kind-class';

/** Events shown per day before the "+n" entry, by view type; list views are capped in total instead. */
export const PER_DAY: Record<string, number> = { dayGridMonth: 3, dayGridWeek: 12, dayGridDay: 40, multiMonth: 2 };
export const LIST_CAP = 300;

export interface CappedEvents {
  events: EventInput[];
  /** Items not rendered (counted in the "+n" entries or cut from the list). */
  hidden: number;
}

/** Drawn first in its day: the item moved last (`pinned`: a drop on a full day keeps it in view), then overdue ones. */
const rank = (item: CalendarItem, pinned: string | null = null) => (item.id === pinned ? -1 : item.overdue ? 0 : 1);
const byTitle = (a: CalendarItem, b: CalendarItem) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);

export function eventClassNames(item: Pick<CalendarItem, 'kind' | 'status' | 'overdue' | 'locked_reason'>): string[] {
  const names = ['hw-cal-event', ...kindClasses(item.kind), `hw-cal-status-${item.status}`];
  if (item.overdue) names.push('hw-cal-overdue');
  if (item.locked_reason) names.push('hw-cal-locked');
  return names;
}

/**
 * A computed date (a locked one) is picked up like any other, so that its drop can say why it cannot move and put
 * it back (docs/domain/planning.md, "Deadline calendar"); it is never resized.
 */
export function toEvent(item: CalendarItem, editable: boolean, pinned: string | null = null): EventInput {
  const locked = Boolean(item.locked_reason);
  return {
    id: item.id,
    title: item.title,
    start: item.date ?? undefined,
    allDay: true,
    editable: editable || locked,
    ...(locked ? { durationEditable: false } : {}),
    classNames: eventClassNames(item),
    extendedProps: { item, sortKey: rank(item, pinned) },
  };
}

/**
 * Caps the items of one view; `viewType` is FullCalendar's (dayGridMonth, listMonth, multiMonthYear, …). `pinned`
 * (the id of the item moved last) comes first in its day, so it is never among those behind "+n more".
 */
export function capEvents(
  items: readonly CalendarItem[],
  viewType: string,
  canEdit: (item: CalendarItem) => boolean,
  moreTitle: (count: number) => string,
  pinned: string | null = null,
): CappedEvents {
  const dated = items.filter((i) => i.date);
  if (viewType.startsWith('list')) {
    const shown = [...dated].sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0)).slice(0, LIST_CAP);
    return { events: shown.map((i) => toEvent(i, canEdit(i), pinned)), hidden: dated.length - shown.length };
  }
  const perDay = PER_DAY[viewType.startsWith('multiMonth') ? 'multiMonth' : viewType] ?? 3;
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of dated) {
    const list = byDay.get(item.date!);
    if (list) list.push(item);
    else byDay.set(item.date!, [item]);
  }
  const events: EventInput[] = [];
  let hidden = 0;
  for (const [day, list] of byDay) {
    const keep = list.length > perDay + 1 ? perDay : list.length; // never "+1": show the one instead
    // the same order FullCalendar draws in (eventOrder "sortKey,title"), so the cut keeps what would show first
    const sorted =
      keep < list.length ? [...list].sort((a, b) => rank(a, pinned) - rank(b, pinned) || byTitle(a, b)) : list;
    for (let i = 0; i < keep; i++) events.push(toEvent(sorted[i]!, canEdit(sorted[i]!), pinned));
    if (keep < list.length) {
      hidden += list.length - keep;
      events.push({
        id: `more:${day}`,
        title: moreTitle(list.length - keep),
        start: day,
        allDay: true,
        editable: false,
        classNames: ['hw-cal-more'],
        extendedProps: { more: day, sortKey: 9 },
      });
    }
  }
  return { events, hidden };
}
