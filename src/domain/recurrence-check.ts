// Validation of a task's recurrence fields (field error keys: see recurrence.ts) and its RFC 5545 rule text.
import {
  RecurrenceError,
  WEEKDAYS,
  REPEAT_TYPES,
  RECURRENCE_UNITS,
  MONTH_MODES,
  WEEKDAY_ORDINALS,
  END_TYPES,
  ANCHORS,
  MAX_INTERVAL,
  MAX_OCCURRENCES,
  MAX_OFFSET_DAYS,
  type Recurrence,
} from './recurrence-types';
import { parseDay } from './recurrence-days';
import { type RuleParts, serialize, parseRule, withDefaults, builtParts } from './recurrence-rules';
import { iterate } from './recurrence-walk';
import type { FieldError } from '../entities/define';

export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
export const present = (v: unknown) => v !== undefined && v !== null && v !== '';

export function intError(path: string, v: unknown, min: number, max: number): FieldError | null {
  if (!present(v)) return null;
  if (!isInt(v)) return { path, key: 'validation.integer' };
  if (v < min) return { path, key: 'validation.min_number', params: { min } };
  if (v > max) return { path, key: 'validation.max_number', params: { max } };
  return null;
}

export interface Checked {
  errors: FieldError[];
  start: number;
  /** The pattern with the recurrence's end; undefined for singular tasks and on errors. */
  parts?: RuleParts;
}

/** Field checks that need no expansion. */
export function check(r: Recurrence): Checked {
  const errors: FieldError[] = [];
  const push = (e: FieldError | null) => void (e && errors.push(e));
  const inList = (path: string, list: readonly unknown[], v: unknown) =>
    present(v) && !list.includes(v) ? push({ path, key: 'validation.in' }) : undefined;

  if (!present(r.repeat_type)) push({ path: 'repeat_type', key: 'validation.required' });
  inList('repeat_type', REPEAT_TYPES, r.repeat_type);
  const start = parseDay(r.start_date);
  if (!present(r.start_date)) push({ path: 'start_date', key: 'validation.required' });
  else if (start === null) push({ path: 'start_date', key: 'validation.date' });
  inList('anchor', ANCHORS, r.anchor);
  push(intError('lead_days', r.lead_days, 0, MAX_OFFSET_DAYS));
  push(intError('due_offset_days', r.due_offset_days, 0, MAX_OFFSET_DAYS));
  if (r.repeat_type === 'singular') return { errors, start: start ?? 0 };

  inList('end_type', END_TYPES, r.end_type); // absent = never
  let until: number | undefined;
  let count: number | undefined;
  if (r.end_type === 'until') {
    const end = parseDay(r.end_date);
    if (!present(r.end_date)) push({ path: 'end_date', key: 'validation.required' });
    else if (end === null) push({ path: 'end_date', key: 'validation.date' });
    else if (start !== null && end < start) push({ path: 'end_date', key: 'validation.end_before_start' });
    else until = end;
  } else if (r.end_type === 'count') {
    if (!present(r.occurrences)) push({ path: 'occurrences', key: 'validation.required' });
    else push(intError('occurrences', r.occurrences, 1, MAX_OCCURRENCES));
    if (isInt(r.occurrences)) count = r.occurrences;
  }

  let parts: RuleParts | undefined;
  if (r.repeat_type === 'custom') {
    if (!present(r.rrule)) push({ path: 'rrule', key: 'validation.required' });
    else if (typeof r.rrule !== 'string')
      push({ path: 'rrule', key: 'validation.rrule_invalid', params: { part: 'RRULE' } });
    else {
      const parsed = parseRule(r.rrule);
      if (!parsed.ok)
        push({
          path: 'rrule',
          key: parsed.key,
          ...(parsed.key.endsWith('invalid') ? { params: { part: parsed.part } } : {}),
        });
      else if (
        (parsed.parts.count !== undefined || parsed.parts.until !== undefined) &&
        present(r.end_type) &&
        r.end_type !== 'never'
      )
        push({ path: 'rrule', key: 'validation.rrule_end_conflict' });
      else if (start !== null && parsed.parts.until !== undefined && parsed.parts.until < start)
        push({ path: 'rrule', key: 'validation.end_before_start' });
      else parts = parsed.parts;
    }
  } else if (REPEAT_TYPES.includes(r.repeat_type)) {
    push(intError('interval', r.interval, 1, MAX_INTERVAL)); // absent = 1
    if (r.repeat_type === 'every_x_unit') {
      if (!present(r.unit)) push({ path: 'unit', key: 'validation.required' });
      inList('unit', RECURRENCE_UNITS, r.unit);
    }
    if (present(r.by_weekday)) {
      if (!Array.isArray(r.by_weekday) || !r.by_weekday.every((w) => WEEKDAYS.includes(w)))
        push({ path: 'by_weekday', key: 'validation.in' });
    }
    inList('month_mode', MONTH_MODES, r.month_mode);
    if (r.month_mode === 'by_weekday_ordinal') {
      if (!present(r.weekday_ordinal)) push({ path: 'weekday_ordinal', key: 'validation.required' });
      inList('weekday_ordinal', WEEKDAY_ORDINALS, r.weekday_ordinal);
    }
    if (!errors.length && start !== null) parts = builtParts(r, start);
  }
  if (errors.length || !parts || start === null) return { errors, start: start ?? 0 };
  if (until !== undefined && parts.until === undefined) parts = { ...parts, until };
  if (count !== undefined && parts.count === undefined) parts = { ...parts, count };
  return { errors, start, parts };
}

/**
 * The field errors of a recurrence (empty when it is usable). Besides the field checks it makes sure the rule
 * produces at least one date in the 30 years (plus two intervals) after start_date: an impossible custom rule
 * (BYMONTH=2;BYMONTHDAY=30) or an end before the first occurrence is `validation.rrule_empty`.
 */
export function validateRecurrence(r: Recurrence): FieldError[] {
  const { errors, start, parts } = check(r);
  if (errors.length || !parts) return errors;
  const periodDays = { DAILY: 1, WEEKLY: 7, MONTHLY: 31, YEARLY: 366 }[parts.freq] * parts.interval;
  let found = false;
  iterate(withDefaults(parts, start), start, start, start + 30 * 366 + 2 * periodDays, () => {
    found = true;
    return false;
  });
  if (!found)
    return [
      {
        path: r.repeat_type === 'custom' && r.end_type !== 'until' ? 'rrule' : 'end_date',
        key: 'validation.rrule_empty',
      },
    ];
  return [];
}

export function assertValid(r: Recurrence): Checked {
  const checked = check(r);
  if (checked.errors.length) throw new RecurrenceError(checked.errors);
  return checked;
}

/**
 * The RFC 5545 RRULE value of a recurrence (no "RRULE:" prefix, no DTSTART: an ICS export writes
 * `DTSTART;VALUE=DATE:<start_date>` beside it; UNTIL is a DATE to match). Null for a singular task, which has no
 * rule. Monthly on the first Monday every 3 months → `FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO`. The completion anchor,
 * due offset and weekend skipping are not expressible in an RRULE and are left out. Throws RecurrenceError for an
 * invalid recurrence.
 */
export function toRRule(r: Recurrence): string | null {
  const { parts } = assertValid(r);
  return parts ? serialize(parts) : null;
}
