// Rules: the subset of RFC 5545 RRULE that tasks use (whole days: DAILY at the finest): parsing, serialising, and
// the rule a non-custom recurrence stands for.
import {
  WEEKDAYS,
  type Weekday,
  type RecurrenceUnit,
  type RepeatType,
  MAX_INTERVAL,
  MAX_OCCURRENCES,
  type Recurrence,
} from './recurrence-types';
import { parseDay, isoOf, partsOf, weekdayOf } from './recurrence-days';

export type Freq = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';
export const FREQS: readonly Freq[] = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];

export interface ByDay {
  wd: number; // 0 = MO
  n: number; // 0 = every such weekday
}

export interface RuleParts {
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

export const emptyParts = (freq: Freq, interval: number): RuleParts => ({
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

export function serialize(p: RuleParts): string {
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

export type Parsed = { ok: true; parts: RuleParts } | { ok: false; key: string; part: string };

export const SUB_DAILY = new Set(['HOURLY', 'MINUTELY', 'SECONDLY', 'BYHOUR', 'BYMINUTE', 'BYSECOND']);

/**
 * Parses an RRULE value ("FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO", an "RRULE:" prefix allowed), strictly: unknown or
 * repeated parts, values out of range and the combinations RFC 5545 forbids are errors. DTSTART is not part of
 * the rule (it is start_date).
 */
export function parseRule(text: string): Parsed {
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
export function withDefaults(p: RuleParts, start: number): RuleParts {
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

export const UNIT_FREQ: Record<RecurrenceUnit, Freq> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'YEARLY',
};
export const TYPE_FREQ: Partial<Record<RepeatType, Freq>> = {
  daily: 'DAILY',
  weekly: 'WEEKLY',
  monthly: 'MONTHLY',
  yearly: 'YEARLY',
};

/** The pattern of a validated, non-custom, non-singular recurrence starting on `start`, without its end. */
export function builtParts(r: Recurrence, start: number): RuleParts {
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
