// Task recurrence (domain.md §4.4): validation, the RFC 5545 rule of a task, and the expansion of a task into its
// events (task_event due dates) over a window, usually the rolling 12-month horizon. Pure and isomorphic: whole
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
// - skip_weekends moves a due date on Saturday or Sunday back to the previous Friday (as the contract deadlines of
//   §4.1 do: maintenance done early is never late); two occurrences landing on one Friday become one event.
// - Completion anchor: only the next event is planned: the first occurrence of the pattern on or after
//   lastDoneDate + interval (interval in the rule's unit, month ends clamped), the pattern re-anchored there.
//   Without a done event it is the first occurrence of the plan.
import * as rruleModule from 'rrule';
import type { Options } from 'rrule';
import type { FieldError } from '../entities/define';

// rrule ships CommonJS (main) and ESM (module): bundlers see named exports, Node's ESM loader (tsx, vitest) puts
// them on `default` (read through Reflect so bundlers do not warn about a missing default export).
const { RRule } = (Reflect.get(rruleModule, 'default') as typeof rruleModule | undefined) ?? rruleModule;

import {
  RecurrenceError,
  HORIZON_MONTHS,
  WEEKDAYS,
  REPEAT_TYPES,
  RECURRENCE_UNITS,
  MONTH_MODES,
  WEEKDAY_ORDINALS,
  END_TYPES,
  ANCHORS,
  type Weekday,
  type RecurrenceUnit,
  type RepeatType,
  MAX_INTERVAL,
  MAX_OCCURRENCES,
  MAX_OFFSET_DAYS,
  type Recurrence,
  type TaskOccurrence,
  type ExpandOptions,
} from './recurrence-types';
export * from './recurrence-types';

// ---------------------------------------------------------------------------------------------------------------
// Calendar days: integers counting days since 1970-01-01 (UTC), so adding days never meets a DST change.

const DAY_MS = 86_400_000;

function dayOf(y: number, m: number, d: number): number {
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

function parseDay(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return dayOf(y, m, d);
}

const isoCache = new Map<number, string>();
/** YYYY-MM-DD of a day; memoised, as expanding many tasks formats the same few hundred days again and again. */
function isoOf(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoCache.size > 50_000) isoCache.clear();
    isoCache.set(day, iso);
  }
  return iso;
}

function partsOf(day: number): { y: number; m: number; d: number } {
  const date = new Date(day * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Adds months, clamping the day to the target month's last day (Jan 31 + 1 month = Feb 28/29). */
function addMonths(day: number, months: number): number {
  const { y, m, d } = partsOf(day);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return dayOf(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** The materialisation window for a day: [today, today + 12 months]. */
export function horizonWindow(today: string): { from: string; to: string } {
  const day = parseDay(today);
  if (day === null) throw new RangeError(`not a date: ${today}`);
  return { from: today, to: isoOf(addMonths(day, HORIZON_MONTHS)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Rules: the subset of RFC 5545 RRULE that tasks use (whole days: DAILY at the finest).

type Freq = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
const FREQS: readonly Freq[] = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];

interface ByDay {
  wd: number; // 0 = MO
  n: number; // 0 = every such weekday
}

interface RuleParts {
  freq: Freq;
  interval: number;
  bymonth: number[];
  byweekno: number[];
  byyearday: number[];
  bymonthday: number[];
  byday: ByDay[];
  bysetpos: number[];
  wkst: number;
  count?: number;
  until?: number;
}

const emptyParts = (freq: Freq, interval: number): RuleParts => ({
  freq,
  interval,
  bymonth: [],
  byweekno: [],
  byyearday: [],
  bymonthday: [],
  byday: [],
  bysetpos: [],
  wkst: 0,
});

function serialize(p: RuleParts): string {
  const out = [`FREQ=${p.freq}`];
  if (p.interval !== 1) out.push(`INTERVAL=${p.interval}`);
  if (p.bymonth.length) out.push(`BYMONTH=${p.bymonth.join(',')}`);
  if (p.byweekno.length) out.push(`BYWEEKNO=${p.byweekno.join(',')}`);
  if (p.byyearday.length) out.push(`BYYEARDAY=${p.byyearday.join(',')}`);
  if (p.bymonthday.length) out.push(`BYMONTHDAY=${p.bymonthday.join(',')}`);
  if (p.byday.length) out.push(`BYDAY=${p.byday.map((b) => `${b.n || ''}${WEEKDAYS[b.wd]}`).join(',')}`);
  if (p.bysetpos.length) out.push(`BYSETPOS=${p.bysetpos.join(',')}`);
  if (p.wkst !== 0) out.push(`WKST=${WEEKDAYS[p.wkst]}`);
  if (p.count !== undefined) out.push(`COUNT=${p.count}`);
  if (p.until !== undefined) out.push(`UNTIL=${isoOf(p.until).replace(/-/g, '')}`);
  return out.join(';');
}

type Parsed = { ok: true; parts: RuleParts } | { ok: false; key: string; part: string };

const SUB_DAILY = new Set(['HOURLY', 'MINUTELY', 'SECONDLY', 'BYHOUR', 'BYMINUTE', 'BYSECOND']);

/**
 * Parses an RRULE value ("FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO", an "RRULE:" prefix allowed), strictly: unknown or
 * repeated parts, values out of range and the combinations RFC 5545 forbids are errors. DTSTART is not part of
 * the rule (it is start_date).
 */
function parseRule(text: string): Parsed {
  const bad = (part: string): Parsed => ({ ok: false, key: 'validation.rrule_invalid', part });
  const body = text
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (!body || /\s/.test(body)) return bad('RRULE');
  const raw = new Map<string, string>();
  for (const item of body.split(';')) {
    const eq = item.indexOf('=');
    const name = eq > 0 ? item.slice(0, eq) : item;
    const value = eq > 0 ? item.slice(eq + 1) : '';
    if (SUB_DAILY.has(name) || SUB_DAILY.has(value))
      return { ok: false, key: 'validation.rrule_sub_daily', part: name };
    if (!value || raw.has(name)) return bad(name || 'RRULE');
    raw.set(name, value);
  }
  const freq = raw.get('FREQ') as Freq | undefined;
  if (!freq || !FREQS.includes(freq)) return bad('FREQ');
  const p = emptyParts(freq, 1);

  const ints = (name: string, min: number, max: number, signed: boolean): number[] | null => {
    const value = raw.get(name);
    if (value === undefined) return [];
    const list = value.split(',').map((v) => (/^[+-]?\d{1,4}$/.test(v) ? Number(v) : NaN));
    const ok = list.every((n) => Number.isInteger(n) && Math.abs(n) >= min && Math.abs(n) <= max && (signed || n > 0));
    return ok ? list : null;
  };
  for (const name of raw.keys()) {
    switch (name) {
      case 'FREQ':
        break;
      case 'INTERVAL': {
        const v = ints(name, 1, MAX_INTERVAL, false);
        if (!v || v.length !== 1) return bad(name);
        p.interval = v[0] ?? 1;
        break;
      }
      case 'COUNT': {
        const v = ints(name, 1, MAX_OCCURRENCES, false);
        if (!v || v.length !== 1) return bad(name);
        p.count = v[0];
        break;
      }
      case 'UNTIL': {
        // A date, or a date-time whose day counts (tasks are whole days).
        const m = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(raw.get(name) ?? '');
        const day = m ? parseDay(`${m[1]}-${m[2]}-${m[3]}`) : null;
        if (day === null) return bad(name);
        p.until = day;
        break;
      }
      case 'BYMONTH': {
        const v = ints(name, 1, 12, false);
        if (!v) return bad(name);
        p.bymonth = v;
        break;
      }
      case 'BYWEEKNO': {
        const v = ints(name, 1, 53, true);
        if (!v || freq !== 'YEARLY') return bad(name);
        p.byweekno = v;
        break;
      }
      case 'BYYEARDAY': {
        const v = ints(name, 1, 366, true);
        if (!v || freq !== 'YEARLY') return bad(name);
        p.byyearday = v;
        break;
      }
      case 'BYMONTHDAY': {
        const v = ints(name, 1, 31, true);
        if (!v || freq === 'WEEKLY') return bad(name);
        p.bymonthday = v;
        break;
      }
      case 'BYSETPOS': {
        const v = ints(name, 1, 366, true);
        if (!v) return bad(name);
        p.bysetpos = v;
        break;
      }
      case 'BYDAY': {
        const maxN = freq === 'MONTHLY' ? 5 : freq === 'YEARLY' && !raw.has('BYWEEKNO') ? 53 : 0;
        for (const v of (raw.get(name) ?? '').split(',')) {
          const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(v);
          const n = m?.[1] ? Number(m[1]) : 0;
          if (!m || (m[1] && (n === 0 || Math.abs(n) > maxN))) return bad(name);
          p.byday.push({ wd: WEEKDAYS.indexOf(m[2] as Weekday), n });
        }
        break;
      }
      case 'WKST': {
        const wd = WEEKDAYS.indexOf(raw.get(name) as Weekday);
        if (wd < 0) return bad(name);
        p.wkst = wd;
        break;
      }
      default:
        return bad(name);
    }
  }
  if (p.count !== undefined && p.until !== undefined) return bad('COUNT');
  const hasBy = p.bymonth.length + p.byweekno.length + p.byyearday.length + p.bymonthday.length + p.byday.length > 0;
  if (p.bysetpos.length && !hasBy) return bad('BYSETPOS');
  return { ok: true, parts: p };
}

/** What rrule derives from DTSTART when a rule names no day, made explicit (so DTSTART can move, see iterate). */
function withDefaults(p: RuleParts, start: number): RuleParts {
  if (p.byweekno.length || p.byyearday.length || p.bymonthday.length || p.byday.length) return p;
  const { m, d } = partsOf(start);
  switch (p.freq) {
    case 'YEARLY':
      return { ...p, bymonth: p.bymonth.length ? p.bymonth : [m], bymonthday: [d] };
    case 'MONTHLY':
      return { ...p, bymonthday: [d] };
    case 'WEEKLY':
      return { ...p, byday: [{ wd: weekdayOf(start), n: 0 }] };
    default:
      return p;
  }
}

const UNIT_FREQ: Record<RecurrenceUnit, Freq> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' };
const TYPE_FREQ: Partial<Record<RepeatType, Freq>> = {
  daily: 'DAILY',
  weekly: 'WEEKLY',
  monthly: 'MONTHLY',
  yearly: 'YEARLY',
};

/** The pattern of a validated, non-custom, non-singular recurrence starting on `start`, without its end. */
function builtParts(r: Recurrence, start: number): RuleParts {
  const freq = TYPE_FREQ[r.repeat_type] ?? UNIT_FREQ[r.unit ?? 'day'];
  const p = emptyParts(freq, r.interval ?? 1);
  const { m, d } = partsOf(start);
  const days = r.by_weekday?.length
    ? [...new Set(r.by_weekday.map((w) => WEEKDAYS.indexOf(w)))].sort((a, b) => a - b)
    : [weekdayOf(start)];
  const ordinal = r.month_mode === 'by_weekday_ordinal' ? (r.weekday_ordinal ?? 1) : 0;
  if (freq === 'WEEKLY') p.byday = days.map((wd) => ({ wd, n: 0 }));
  if (freq === 'MONTHLY' || freq === 'YEARLY') {
    if (freq === 'YEARLY') p.bymonth = [m];
    if (ordinal) p.byday = days.map((wd) => ({ wd, n: ordinal }));
    else if (d > 28 && (freq === 'MONTHLY' || m === 2)) {
      // The day, or the month's last day when the month is shorter.
      for (let day = 28; day <= d; day++) p.bymonthday.push(day);
      p.bysetpos = [-1];
    } else p.bymonthday = [d];
  }
  return p;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const present = (v: unknown) => v !== undefined && v !== null && v !== '';

function intError(path: string, v: unknown, min: number, max: number): FieldError | null {
  if (!present(v)) return null;
  if (!isInt(v)) return { path, key: 'validation.integer' };
  if (v < min) return { path, key: 'validation.min_number', params: { min } };
  if (v > max) return { path, key: 'validation.max_number', params: { max } };
  return null;
}

interface Checked {
  errors: FieldError[];
  start: number;
  /** The pattern with the recurrence's end; undefined for singular tasks and on errors. */
  parts?: RuleParts;
}

/** Field checks that need no expansion. */
function check(r: Recurrence): Checked {
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

function assertValid(r: Recurrence): Checked {
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

// ---------------------------------------------------------------------------------------------------------------
// Expansion

const RRULE_FREQ: Record<Freq, number> = {
  YEARLY: RRule.YEARLY,
  MONTHLY: RRule.MONTHLY,
  WEEKLY: RRule.WEEKLY,
  DAILY: RRule.DAILY,
};
const RRULE_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
const utcDate = (day: number) => new Date(day * DAY_MS);

function rruleOptions(p: RuleParts, dtstart: number): Partial<Options> {
  const list = (v: number[]) => (v.length ? v : null);
  return {
    freq: RRULE_FREQ[p.freq],
    interval: p.interval,
    dtstart: utcDate(dtstart),
    tzid: null,
    wkst: p.wkst,
    count: p.count ?? null,
    until: p.until === undefined ? null : utcDate(p.until),
    bymonth: list(p.bymonth),
    byweekno: list(p.byweekno),
    byyearday: list(p.byyearday),
    bymonthday: list(p.bymonthday),
    bysetpos: list(p.bysetpos),
    byweekday: p.byday.length ? p.byday.map((b) => (b.n ? RRULE_DAYS[b.wd]!.nth(b.n) : RRULE_DAYS[b.wd]!)) : null,
  };
}

/**
 * Moves DTSTART forward by whole periods to just before `from`, so that a task started years ago does not walk
 * through all its past periods. Only for rules without COUNT (which counts from the real start) and with every
 * day-choosing part explicit (withDefaults). Weekly rules move to a week start, monthly and yearly ones to the
 * first of a month or year, so the first period is never cut short (BYSETPOS counts within whole periods).
 */
function fastForward(p: RuleParts, start: number, from: number): number {
  if (p.count !== undefined || from <= start) return start;
  const s = partsOf(start);
  const f = partsOf(from);
  switch (p.freq) {
    case 'DAILY':
      return start + Math.floor((from - start) / p.interval) * p.interval;
    case 'WEEKLY': {
      const weekStart = start - ((weekdayOf(start) - p.wkst + 7) % 7);
      const k = Math.floor((from - weekStart) / (7 * p.interval));
      return k >= 1 ? weekStart + 7 * p.interval * k : start;
    }
    case 'MONTHLY': {
      const k = Math.floor(((f.y - s.y) * 12 + f.m - s.m) / p.interval);
      return k >= 1 ? addMonths(dayOf(s.y, s.m, 1), k * p.interval) : start;
    }
    case 'YEARLY': {
      const k = Math.floor((f.y - s.y) / p.interval);
      return k >= 1 ? dayOf(s.y + k * p.interval, 1, 1) : start;
    }
  }
}

class BudgetSpent extends Error {}

/**
 * Calls `each` with the rule's dates in [from, to] in order until it returns false. rrule walks period by period
 * and only stops at a date past `to`, so a rule that matches nothing (BYMONTH=2;BYMONTHDAY=30) would walk to the
 * year 9999. The walk is therefore cut once it is surely past `to`: rrule 2.8 reads `options.interval` twice per
 * period, and after p periods it is at least p × interval × (1, 7, 28 or 365 days) − one period past DTSTART.
 * The budget allows three reads per period plus three periods of slack (tests pin this down).
 */
/**
 * Daily rules and weekly rules on plain weekdays (no other BY parts) are pure arithmetic: walked here without
 * rrule, which builds a Date per candidate day (a daily task over a year is ~30× faster this way). Same dates.
 */
function iterateSimple(p: RuleParts, start: number, from: number, to: number, each: (day: number) => boolean): boolean {
  const plain =
    !p.bymonth.length && !p.byweekno.length && !p.byyearday.length && !p.bymonthday.length && !p.bysetpos.length;
  if (!plain) return false;
  const last = p.until === undefined ? to : Math.min(to, p.until);
  const count = p.count ?? Number.POSITIVE_INFINITY;
  if (p.freq === 'DAILY' && !p.byday.length) {
    for (let k = Math.max(0, Math.ceil((from - start) / p.interval)); k < count; k++) {
      const day = start + k * p.interval;
      if (day > last || !each(day)) break;
    }
    return true;
  }
  if (p.freq !== 'WEEKLY' || !p.byday.length || p.byday.some((d) => d.n !== 0)) return false;
  const offsets = [...new Set(p.byday.map((d) => (d.wd - p.wkst + 7) % 7))].sort((a, b) => a - b);
  const weekStart = start - ((weekdayOf(start) - p.wkst + 7) % 7);
  // without a count, whole weeks before the window can be skipped
  let w = p.count === undefined ? Math.max(0, Math.floor((from - weekStart) / (7 * p.interval)) - 1) : 0;
  let seen = 0;
  for (; ; w++) {
    const begin = weekStart + 7 * p.interval * w;
    if (begin > last) return true;
    for (const o of offsets) {
      const day = begin + o;
      if (day < start) continue;
      if (++seen > count || day > last) return true;
      if (day >= from && !each(day)) return true;
    }
  }
}

function iterate(p: RuleParts, start: number, from: number, to: number, each: (day: number) => boolean): void {
  if (to < from) return;
  if (iterateSimple(p, start, from, to, each)) return;
  const dtstart = fastForward(p, start, from);
  const rule = new RRule(rruleOptions(p, dtstart), true);
  const minDays = { DAILY: 1, WEEKLY: 7, MONTHLY: 28, YEARLY: 365 }[p.freq];
  const periods = Math.floor(Math.max(0, to - dtstart) / (p.interval * minDays)) + 3;
  const maxReads = 3 * periods + 10;
  const interval = rule.options.interval;
  let reads = 0;
  Object.defineProperty(rule.options, 'interval', {
    configurable: true,
    enumerable: true,
    get() {
      if (++reads > maxReads) throw new BudgetSpent();
      return interval;
    },
  });
  try {
    rule.between(utcDate(Math.max(from, dtstart)), utcDate(to), true, (date) =>
      each(Math.round(date.getTime() / DAY_MS)),
    );
  } catch (e) {
    if (!(e instanceof BudgetSpent)) throw e;
  }
}

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
