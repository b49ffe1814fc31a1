// Task recurrence (docs/domain/calculations.md, "Task recurrence"), the entry point: the fields (recurrence-types.ts), calendar days
// (recurrence-days.ts), rules (recurrence-rules.ts), walking a rule (recurrence-walk.ts), validation and the RFC 5545
// rule text (recurrence-check.ts); this file expands a task into its events (task_event due dates) over a window, usually the rolling 12-month horizon. Pure and isomorphic: whole
// calendar dates only, computed in UTC, so DST and the machine's time zone never move a date.
//
// Field error keys (FieldError.key; `path` is the recurrence field, params in braces):
//   validation.required                 a field the repeat type needs is missing (start_date, unit, weekday_ordinal,
//                                        end_date, occurrences, rrule)
//   validation.in                       not one of the allowed values (repeat_type, unit, by_weekday, month_mode,
//                                        weekday_ordinal, end_type, anchor)
//   validation.date                     not a YYYY-MM-DD date between 1900 and 2999 (start_date, end_date)
//   validation.integer                  not a whole number (interval, occurrences, lead_days, due_offset_days)
//   validation.min_number {min}         interval < 1 (an interval of 0 is refused here), occurrences < 1, …
//   validation.max_number {max}         interval > 999, occurrences > 10000, lead_days / due_offset_days > 366
//   validation.end_before_start         end_date (or the RRULE's UNTIL, path rrule) before start_date
//   validation.rrule_invalid {part}     the custom RRULE does not parse or breaks RFC 5545; part names the culprit
//                                        (e.g. FREQ, BYDAY, UNTIL) or is "RRULE" for the whole text
//   validation.rrule_sub_daily          FREQ=HOURLY/MINUTELY/SECONDLY or BYHOUR/BYMINUTE/BYSECOND: a task happens at
//                                        most once a day, and such rules would expand to millions of events
//   validation.rrule_empty              the rule produces no date at all (e.g. BYMONTH=2;BYMONTHDAY=30, or an end
//                                        before the first occurrence; path rrule or end_date)
//   validation.rrule_end_conflict       the RRULE carries COUNT/UNTIL and end_type is not "never"
//   validation.too_many_events {max}    thrown by expand(): the window would hold more than maxEvents events
//
// Decisions (also in the function docs below):
// - Month ends: monthly by date on the 29th–31st falls on the last day of shorter months (Jan 31 → Feb 28/29 →
//   Mar 31); the rule is written BYMONTHDAY=28,29,30,31;BYSETPOS=-1, so ICS clients agree.
// - Leap years: yearly on Feb 29 falls on Feb 28 in other years (BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1).
// - A custom RRULE means exactly what RFC 5545 says (FREQ=MONTHLY;BYMONTHDAY=31 skips short months).
// - skip_weekends moves a due date on Saturday or Sunday back to the previous Friday (as the contract deadlines
//   do: maintenance done early is never late); two occurrences landing on one Friday become one event.
// - Completion anchor: only the next event is planned: the first occurrence of the pattern on or after
//   lastDoneDate + interval (interval in the rule's unit, month ends clamped), the pattern re-anchored there.
//   Without a done event it is the first occurrence of the plan.
import { RecurrenceError, type Recurrence, type TaskOccurrence, type ExpandOptions } from './recurrence-types';
import { parseDay, isoOf, weekdayOf, addMonths } from './recurrence-days';
import { withDefaults, builtParts } from './recurrence-rules';
import { iterate } from './recurrence-walk';
import { isInt, present, assertValid } from './recurrence-check';
import type { FieldError } from '../entities/define';

export * from './recurrence-types';
export { horizonWindow } from './recurrence-days';
export { validateRecurrence, toRRule } from './recurrence-check';

/**
 * The events of a task whose due_date lies in [from, to], in date order.
 * - Scheduled anchor: every occurrence of the rule from start_date on, ending by end_date or after `occurrences`
 *   (counted from start_date, including occurrences before the window).
 * - Completion anchor: at most one event, the next one: the first occurrence on or after lastDoneDate + interval
 *   (in the rule's unit; custom rules use FREQ and INTERVAL), not before start_date, with everything start_date
 *   decides (day of month, month, default weekday) taken from that date instead; explicit weekdays stay.
 *   Without lastDoneDate: the first occurrence of the plan. end_date still ends it; with end_type count nothing is
 *   planned once doneCount reaches occurrences. The window only filters: pass from ≤ that date to get it.
 * - Singular: start_date only.
 * Each planned date gets due_offset_days added, then a Saturday or Sunday moves back to Friday (skip_weekends);
 * equal due dates collapse into one event. Throws RecurrenceError for an invalid recurrence, and with
 * `validation.too_many_events` when the window holds more than maxEvents (default 5000) events.
 */
export function expand(r: Recurrence, opts: ExpandOptions): TaskOccurrence[] {
  const { start, parts } = assertValid(r);
  const from = parseDay(opts.from);
  const to = parseDay(opts.to);
  const lastDone = present(opts.lastDoneDate) ? parseDay(opts.lastDoneDate) : undefined;
  const maxEvents = opts.maxEvents ?? 5000;
  const errors: FieldError[] = [];
  if (from === null) errors.push({ path: 'from', key: 'validation.date' });
  if (to === null) errors.push({ path: 'to', key: 'validation.date' });
  if (lastDone === null) errors.push({ path: 'last_done_date', key: 'validation.date' });
  if (!isInt(maxEvents) || maxEvents < 1)
    errors.push({ path: 'max_events', key: 'validation.min_number', params: { min: 1 } });
  if (errors.length || from === null || to === null || lastDone === null) throw new RecurrenceError(errors);

  const offset = r.due_offset_days ?? 0;
  const lead = r.lead_days ?? 0;
  const skip = r.skip_weekends === true;
  const dueOf = (planned: number) => {
    const due = planned + offset;
    const wd = weekdayOf(due);
    return skip && wd >= 5 ? due - (wd - 4) : due;
  };
  const event = (planned: number, due: number): TaskOccurrence => ({
    due_date: isoOf(due),
    planned_date: isoOf(planned),
    lead_date: isoOf(due - lead),
  });
  // Planned dates whose due date can fall in the window (moving off a weekend takes up to two days off).
  const rawFrom = from - offset;
  const rawTo = to - offset + (skip ? 2 : 0);

  if (!parts) {
    const due = dueOf(start);
    return due >= from && due <= to ? [event(start, due)] : [];
  }

  if (r.anchor === 'completion') {
    let rule = withDefaults(parts, start);
    let base = start;
    if (lastDone !== undefined) {
      if (parts.count !== undefined && (opts.doneCount ?? 0) >= parts.count) return [];
      const step = parts.interval;
      const next = {
        DAILY: lastDone + step,
        WEEKLY: lastDone + 7 * step,
        MONTHLY: addMonths(lastDone, step),
        YEARLY: addMonths(lastDone, 12 * step),
      }[parts.freq];
      base = Math.max(start, next);
      const anchored = r.repeat_type === 'custom' ? parts : builtParts(r, base);
      rule = withDefaults({ ...anchored, interval: 1, count: undefined, until: parts.until }, base);
    }
    let first: number | undefined;
    iterate(rule, base, base, Math.max(base, rawTo), (day) => {
      first = day;
      return false;
    });
    if (first === undefined) return [];
    const due = dueOf(first);
    return due >= from && due <= to ? [event(first, due)] : [];
  }

  const out: TaskOccurrence[] = [];
  let lastDue = Number.NEGATIVE_INFINITY;
  let overflow = false;
  iterate(withDefaults(parts, start), start, rawFrom, rawTo, (planned) => {
    const due = dueOf(planned);
    if (due < from || due > to || due === lastDue) return true;
    if (out.length >= maxEvents) {
      overflow = true;
      return false;
    }
    lastDue = due;
    out.push(event(planned, due));
    return true;
  });
  if (overflow)
    throw new RecurrenceError([
      {
        path: r.repeat_type === 'custom' ? 'rrule' : 'repeat_type',
        key: 'validation.too_many_events',
        params: { max: maxEvents },
      },
    ]);
  return out;
}
