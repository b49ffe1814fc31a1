// The date shortcuts (docs/domain/planning.md, "Deadline calendar": today, yesterday, tomorrow, this/last/next week, month, year,
// and full year) as a calendar view and the date it opens at. Pure: whole dates, no time zone arithmetic.

export const CALENDAR_VIEWS = ['dayGridMonth', 'dayGridWeek', 'dayGridDay', 'listMonth', 'multiMonthYear'] as const;
export type CalendarViewName = (typeof CALENDAR_VIEWS)[number] | 'multiMonthRolling' | 'listWeek' | 'listDay';

export const SHORTCUTS = [
  'today',
  'yesterday',
  'tomorrow',
  'thisWeek',
  'lastWeek',
  'nextWeek',
  'thisMonth',
  'lastMonth',
  'nextMonth',
  'thisYear',
  'lastYear',
  'nextYear',
  'fullYear',
] as const;
export type Shortcut = (typeof SHORTCUTS)[number];

export interface ShortcutTarget {
  view: CalendarViewName;
  /** The date the view opens at (YYYY-MM-DD). */
  date: string;
}

export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function shifted(today: Date, days = 0, months = 0, years = 0): string {
  const d = new Date(today.getFullYear() + years, today.getMonth() + months, 1);
  // keep the day of month within the target month (Mar 31 − 1 month → Feb 28/29)
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(today.getDate(), last) + days);
  return isoDate(d);
}

/**
 * Where a shortcut goes. Day shortcuts open the day view (the list on a phone), week ones the week, month ones
 * the month, year ones the multi-month view of that calendar year; "full year" is the rolling twelve months from
 * this month (the horizon task events are planned over).
 */
export function shortcutTarget(shortcut: Shortcut, today: Date, phone = false): ShortcutTarget {
  const day: CalendarViewName = phone ? 'listDay' : 'dayGridDay';
  const week: CalendarViewName = phone ? 'listWeek' : 'dayGridWeek';
  const month: CalendarViewName = phone ? 'listMonth' : 'dayGridMonth';
  switch (shortcut) {
    case 'today':
      return { view: day, date: shifted(today) };
    case 'yesterday':
      return { view: day, date: shifted(today, -1) };
    case 'tomorrow':
      return { view: day, date: shifted(today, 1) };
    case 'thisWeek':
      return { view: week, date: shifted(today) };
    case 'lastWeek':
      return { view: week, date: shifted(today, -7) };
    case 'nextWeek':
      return { view: week, date: shifted(today, 7) };
    case 'thisMonth':
      return { view: month, date: shifted(today) };
    case 'lastMonth':
      return { view: month, date: shifted(today, 0, -1) };
    case 'nextMonth':
      return { view: month, date: shifted(today, 0, 1) };
    case 'thisYear':
      return { view: 'multiMonthYear', date: shifted(today) };
    case 'lastYear':
      return { view: 'multiMonthYear', date: shifted(today, 0, 0, -1) };
    case 'nextYear':
      return { view: 'multiMonthYear', date: shifted(today, 0, 0, 1) };
    case 'fullYear':
      return { view: 'multiMonthRolling', date: `${shifted(today).slice(0, 7)}-01` };
  }
}

/** Days between two YYYY-MM-DD dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round(
    (Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8, 10)) -
      Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8, 10))) /
      86_400_000,
  );
}

/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10) + days));
  return d.toISOString().slice(0, 10);
}
