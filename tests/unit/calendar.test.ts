// The deadline calendar's pure parts: the date shortcuts, the per-view cap (FullCalendar renders hidden
// "+more" events too), the inverse of a move, the recurrence fields a repeat type needs.
import { describe, expect, it } from 'vitest';
import type { CalendarItem } from '../../views/calendar/calendar-api';
import { LIST_CAP, PER_DAY, capEvents, eventClassNames } from '../../views/calendar/calendar-cap';
import { SHORTCUTS, addDays, daysBetween, shortcutTarget } from '../../views/calendar/calendar-shortcuts';
import { visibleRecurrenceFields } from '../../views/planning/recurrence-fields';

const item = (n: number, date: string, extra: Partial<CalendarItem> = {}): CalendarItem => ({
  id: `ticket:${n}`,
  kind: 'ticket',
  uuid: String(n),
  title: `T${n}`,
  date,
  status: 'open',
  overdue: false,
  property_uuid: null,
  series: false,
  links: { self: '/x' },
  ...extra,
});
const more = (count: number) => `+${count}`;

describe('date shortcuts', () => {
  const today = new Date(2024, 2, 31); // Sunday 31 March 2024 (a leap year, DST starts in Europe)
  it('go to the day, week, month and year around today', () => {
    expect(shortcutTarget('today', today)).toEqual({ view: 'dayGridDay', date: '2024-03-31' });
    expect(shortcutTarget('yesterday', today)).toEqual({ view: 'dayGridDay', date: '2024-03-30' });
    expect(shortcutTarget('tomorrow', today)).toEqual({ view: 'dayGridDay', date: '2024-04-01' });
    expect(shortcutTarget('lastWeek', today)).toEqual({ view: 'dayGridWeek', date: '2024-03-24' });
    expect(shortcutTarget('nextWeek', today)).toEqual({ view: 'dayGridWeek', date: '2024-04-07' });
    expect(shortcutTarget('lastMonth', today)).toEqual({ view: 'dayGridMonth', date: '2024-02-29' });
    expect(shortcutTarget('nextMonth', today)).toEqual({ view: 'dayGridMonth', date: '2024-04-30' });
    expect(shortcutTarget('lastYear', today)).toEqual({ view: 'multiMonthYear', date: '2023-03-31' });
    expect(shortcutTarget('fullYear', today)).toEqual({ view: 'multiMonthRolling', date: '2024-03-01' });
  });
  it('use list views on a phone and cover every shortcut', () => {
    expect(shortcutTarget('today', today, true).view).toBe('listDay');
    expect(shortcutTarget('thisWeek', today, true).view).toBe('listWeek');
    expect(shortcutTarget('thisMonth', today, true).view).toBe('listMonth');
    for (const s of SHORTCUTS) expect(shortcutTarget(s, today).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it('count and add whole days across DST and leap days', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2024-03-30', '2024-04-02')).toBe(3);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-10-27', -30)).toBe('2024-09-27');
  });
});

describe('calendar cap', () => {
  const many = Array.from({ length: 1000 }, (_, i) => item(i, `2024-05-${String((i % 31) + 1).padStart(2, '0')}`));
  it('draws at most the per-day count in a month and says how many are left out', () => {
    const { events, hidden } = capEvents(many, 'dayGridMonth', () => true, more);
    const real = events.filter((e) => !String(e.id).startsWith('more:'));
    expect(real.length).toBe(31 * PER_DAY.dayGridMonth!);
    expect(hidden).toBe(1000 - real.length);
    const moreEntries = events.filter((e) => String(e.id).startsWith('more:'));
    expect(moreEntries).toHaveLength(31);
    const counted = moreEntries.reduce((sum, e) => sum + Number(String(e.title).slice(1)), 0);
    expect(counted).toBe(hidden);
  });
  it('never shows "+1": a day one over the cap shows all', () => {
    const four = [1, 2, 3, 4].map((n) => item(n, '2024-05-02'));
    expect(capEvents(four, 'dayGridMonth', () => true, more)).toMatchObject({ hidden: 0 });
    expect(capEvents(four, 'dayGridMonth', () => true, more).events).toHaveLength(4);
  });
  it('keeps overdue entries when a day is cut', () => {
    const day = [1, 2, 3, 4, 5, 6].map((n) => item(n, '2024-05-02', { overdue: n === 6 }));
    const ids = capEvents(day, 'dayGridMonth', () => true, more).events.map((e) => e.id);
    expect(ids).toContain('ticket:6');
  });
  it('caps list views in total, by date, and leaves undated items out', () => {
    const { events, hidden } = capEvents(
      [...many, item(9999, null as unknown as string)],
      'listMonth',
      () => true,
      more,
    );
    expect(events).toHaveLength(LIST_CAP);
    expect(hidden).toBe(1000 - LIST_CAP);
    expect(String(events[0]!.start) <= String(events[LIST_CAP - 1]!.start)).toBe(true);
  });
  it('colours by kind and status, overdue on top', () => {
    expect(eventClassNames({ kind: 'order', status: 'sent', overdue: true })).toEqual([
      'hw-cal-event',
      'hw-cal-kind-order',
      'hw-cal-status-sent',
      'hw-cal-overdue',
    ]);
  });
  it('makes only reschedulable items editable', () => {
    const a = item(1, '2024-05-02', { links: { self: '/x', reschedule: '/y' } });
    const b = item(2, '2024-05-03');
    const events = capEvents([a, b], 'dayGridMonth', (i) => Boolean(i.links.reschedule), more).events;
    expect(events.map((e) => e.editable)).toEqual([true, false]);
  });
  it('lets a locked date be picked up (its drop is refused with the reason), never resized', () => {
    const locked = item(1, '2024-05-02', { kind: 'guarantee_end', locked_reason: 'computed_guarantee_end' });
    const [event] = capEvents([locked], 'dayGridMonth', () => false, more).events;
    expect(event).toMatchObject({ editable: true, durationEditable: false });
  });
});

describe('recurrence editor fields', () => {
  it('shows what each repeat type needs', () => {
    expect(visibleRecurrenceFields({ repeat_type: 'singular' })).not.toContain('interval');
    expect(visibleRecurrenceFields({ repeat_type: 'weekly', end_type: 'never' })).toContain('by_weekday');
    const monthly = visibleRecurrenceFields({ repeat_type: 'monthly', month_mode: 'by_weekday_ordinal' });
    expect(monthly).toEqual(expect.arrayContaining(['month_mode', 'weekday_ordinal', 'by_weekday']));
    expect(visibleRecurrenceFields({ repeat_type: 'every_x_unit', unit: 'day' })).not.toContain('month_mode');
    expect(visibleRecurrenceFields({ repeat_type: 'every_x_unit', unit: 'month' })).toContain('month_mode');
    const custom = visibleRecurrenceFields({ repeat_type: 'custom', end_type: 'count' });
    expect(custom).toContain('rrule');
    expect(custom).toContain('occurrences');
    expect(custom).not.toContain('interval');
    expect(visibleRecurrenceFields({ repeat_type: 'daily', end_type: 'until' })).toContain('end_date');
  });
});
