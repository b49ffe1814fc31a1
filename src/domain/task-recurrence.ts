// A task record (flat fields as stored, by_weekday as "MO,WE") as the Recurrence that src/domain/recurrence.ts
// validates and expands.
import type { Anchor, EndType, MonthMode, Recurrence, RecurrenceUnit, RepeatType, Weekday } from './recurrence-types';

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);

export function recurrenceOf(t: Readonly<Record<string, unknown>>): Recurrence {
  const days = str(t.by_weekday);
  return {
    repeat_type: (str(t.repeat_type) ?? 'singular') as RepeatType,
    interval: num(t.interval),
    unit: str(t.unit) as RecurrenceUnit | null,
    by_weekday: days
      ? (days
          .split(',')
          .map((d) => d.trim().toUpperCase())
          .filter(Boolean) as Weekday[])
      : null,
    month_mode: str(t.month_mode) as MonthMode | null,
    weekday_ordinal: num(t.weekday_ordinal) as Recurrence['weekday_ordinal'],
    start_date: (str(t.start_date) ?? '') as string,
    end_type: (str(t.end_type) ?? 'never') as EndType,
    end_date: str(t.end_date),
    occurrences: num(t.occurrences),
    anchor: (str(t.anchor) ?? 'scheduled') as Anchor,
    lead_days: num(t.lead_days),
    due_offset_days: num(t.due_offset_days),
    skip_weekends: t.skip_weekends === true,
    rrule: str(t.rrule),
  };
}
