// Task recurrence (docs/domain/calculations.md, "Task recurrence"): every repeat type, ends, anchors, offsets, weekend skipping, the
// calendar's edges (DST, month ends, leap years) and the bounds on bad rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expand,
  horizonWindow,
  RecurrenceError,
  toRRule,
  validateRecurrence,
  type ExpandOptions,
  type Recurrence,
} from '../../src/domain/recurrence';

const base: Recurrence = {
  repeat_type: 'daily',
  interval: 1,
  start_date: '2026-01-01',
  end_type: 'never',
  anchor: 'scheduled',
};
const rec = (over: Partial<Recurrence>): Recurrence => ({ ...base, ...over });
const year2026: ExpandOptions = { from: '2026-01-01', to: '2026-12-31' };
const dues = (r: Recurrence, opts: ExpandOptions = year2026) => expand(r, opts).map((e) => e.due_date);
const keys = (r: Recurrence) => validateRecurrence(r).map((e) => `${e.path}:${e.key}`);
const thrownKeys = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (e) {
    if (e instanceof RecurrenceError) return e.errors.map((x) => `${x.path}:${x.key}`);
    throw e;
  }
  throw new Error('expected a RecurrenceError');
};
const DAY = 86_400_000;
const addDays = (iso: string, n: number) => new Date(Date.parse(iso) + n * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};
const weekday = (iso: string) => new Date(iso).getUTCDay(); // 0 = Sunday

describe('DST: one event per calendar day, in a zone with summer time', () => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Zurich';
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it('runs in Europe/Zurich (CET in winter, CEST in summer)', () => {
    expect(new Date(2026, 0, 15, 12).getTimezoneOffset()).toBe(-60);
    expect(new Date(2026, 5, 15, 12).getTimezoneOffset()).toBe(-120);
  });

  it('daily across the last Sunday of March and of October 2026', () => {
    expect(dues(base, { from: '2026-03-26', to: '2026-04-02' })).toEqual(daysBetween('2026-03-26', '2026-04-02'));
    expect(dues(base, { from: '2026-10-22', to: '2026-10-29' })).toEqual(daysBetween('2026-10-22', '2026-10-29'));
    const all = dues(base);
    expect(all).toHaveLength(365);
    expect(new Set(all).size).toBe(365);
    expect(all).toEqual(daysBetween('2026-01-01', '2026-12-31'));
  });

  it('weekly, monthly and custom rules keep their weekday and day across the changes', () => {
    const sundays = dues(rec({ repeat_type: 'weekly', by_weekday: ['SU'] }), { from: '2026-03-01', to: '2026-11-30' });
    expect(sundays).toContain('2026-03-29');
    expect(sundays).toContain('2026-10-25');
    expect(sundays.every((d) => weekday(d) === 0)).toBe(true);
    expect(
      dues(rec({ repeat_type: 'monthly', start_date: '2026-01-29' }), { from: '2026-03-01', to: '2026-11-30' }),
    ).toEqual([
      '2026-03-29',
      '2026-04-29',
      '2026-05-29',
      '2026-06-29',
      '2026-07-29',
      '2026-08-29',
      '2026-09-29',
      '2026-10-29',
      '2026-11-29',
    ]);
    expect(
      dues(rec({ repeat_type: 'custom', rrule: 'FREQ=DAILY;INTERVAL=1' }), { from: '2026-10-24', to: '2026-10-26' }),
    ).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });
});

describe('singular', () => {
  it('is the start date only, has no RRULE, ignores ends', () => {
    const r = rec({ repeat_type: 'singular', start_date: '2026-05-04', end_type: 'count', occurrences: 0 });
    expect(validateRecurrence(r)).toEqual([]);
    expect(expand(r, year2026)).toEqual([
      { due_date: '2026-05-04', planned_date: '2026-05-04', lead_date: '2026-05-04' },
    ]);
    expect(expand(r, { from: '2026-06-01', to: '2026-12-31' })).toEqual([]);
    expect(toRRule(r)).toBeNull();
  });
});

describe('daily and weekly', () => {
  it('daily every n days', () => {
    expect(dues(rec({ interval: 3 }), { from: '2026-01-01', to: '2026-01-12' })).toEqual([
      '2026-01-01',
      '2026-01-04',
      '2026-01-07',
      '2026-01-10',
    ]);
    expect(toRRule(rec({ interval: 3 }))).toBe('FREQ=DAILY;INTERVAL=3');
    expect(toRRule(base)).toBe('FREQ=DAILY');
  });

  it('weekly on chosen weekdays, every 2 weeks', () => {
    const r = rec({ repeat_type: 'weekly', interval: 2, by_weekday: ['TH', 'TU'], start_date: '2026-01-06' });
    expect(toRRule(r)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH');
    expect(dues(r, { from: '2026-01-01', to: '2026-02-28' })).toEqual([
      '2026-01-06',
      '2026-01-08',
      '2026-01-20',
      '2026-01-22',
      '2026-02-03',
      '2026-02-05',
      '2026-02-17',
      '2026-02-19',
    ]);
  });

  it("weekly without weekdays repeats the start date's weekday; start_date is the earliest date", () => {
    expect(toRRule(rec({ repeat_type: 'weekly', start_date: '2026-01-07' }))).toBe('FREQ=WEEKLY;BYDAY=WE');
    // Mondays from a Wednesday: the first event is the next Monday.
    expect(dues(rec({ repeat_type: 'weekly', by_weekday: ['MO'], start_date: '2026-01-07' }))[0]).toBe('2026-01-12');
  });
});

describe('monthly', () => {
  it('by date on the 31st falls on the last day of shorter months', () => {
    const r = rec({ repeat_type: 'monthly', start_date: '2026-01-31' });
    expect(toRRule(r)).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1');
    expect(dues(r)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
    ]);
    expect(dues(r, { from: '2028-02-01', to: '2028-03-31' })).toEqual(['2028-02-29', '2028-03-31']);
  });

  it('by date on the 30th and 29th: Feb takes its last day, the other months keep the day', () => {
    expect(
      dues(rec({ repeat_type: 'monthly', start_date: '2026-01-30' }), { from: '2026-01-01', to: '2026-04-30' }),
    ).toEqual(['2026-01-30', '2026-02-28', '2026-03-30', '2026-04-30']);
    expect(
      dues(rec({ repeat_type: 'monthly', start_date: '2027-12-29' }), { from: '2028-01-01', to: '2029-03-31' }),
    ).toContain('2028-02-29');
    expect(
      dues(rec({ repeat_type: 'monthly', start_date: '2027-12-29' }), { from: '2029-02-01', to: '2029-03-31' }),
    ).toEqual(['2029-02-28', '2029-03-29']);
    expect(toRRule(rec({ repeat_type: 'monthly', start_date: '2026-01-15' }))).toBe('FREQ=MONTHLY;BYMONTHDAY=15');
  });

  it('a custom BYMONTHDAY=31 keeps RFC 5545 meaning: months without a 31st are skipped', () => {
    expect(dues(rec({ repeat_type: 'custom', rrule: 'FREQ=MONTHLY;BYMONTHDAY=31' }))).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
    ]);
  });

  it('by weekday ordinal: the last Friday of each month in 2026', () => {
    const r = rec({
      repeat_type: 'monthly',
      month_mode: 'by_weekday_ordinal',
      weekday_ordinal: -1,
      by_weekday: ['FR'],
    });
    expect(toRRule(r)).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    expect(dues(r)).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
      '2026-04-24',
      '2026-05-29',
      '2026-06-26',
      '2026-07-31',
      '2026-08-28',
      '2026-09-25',
      '2026-10-30',
      '2026-11-27',
      '2026-12-25',
    ]);
  });

  it('the first Monday every 3 months, and the second Tuesday', () => {
    const first = rec({
      repeat_type: 'monthly',
      interval: 3,
      month_mode: 'by_weekday_ordinal',
      weekday_ordinal: 1,
      by_weekday: ['MO'],
    });
    expect(toRRule(first)).toBe('FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO');
    expect(dues(first)).toEqual(['2026-01-05', '2026-04-06', '2026-07-06', '2026-10-05']);
    const second = rec({
      repeat_type: 'monthly',
      month_mode: 'by_weekday_ordinal',
      weekday_ordinal: 2,
      by_weekday: ['TU'],
    });
    expect(dues(second)).toEqual([
      '2026-01-13',
      '2026-02-10',
      '2026-03-10',
      '2026-04-14',
      '2026-05-12',
      '2026-06-09',
      '2026-07-14',
      '2026-08-11',
      '2026-09-08',
      '2026-10-13',
      '2026-11-10',
      '2026-12-08',
    ]);
  });

  it("the ordinal without weekdays takes the start date's weekday", () => {
    const r = rec({ repeat_type: 'monthly', month_mode: 'by_weekday_ordinal', weekday_ordinal: -1 }); // Thursday
    expect(toRRule(r)).toBe('FREQ=MONTHLY;BYDAY=-1TH');
  });
});

describe('yearly and leap years', () => {
  it('yearly on Feb 29 falls on Feb 28 in other years (and 2100 is not a leap year)', () => {
    const r = rec({ repeat_type: 'yearly', start_date: '2024-02-29' });
    expect(toRRule(r)).toBe('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1');
    expect(dues(r, { from: '2024-01-01', to: '2029-12-31' })).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
      '2029-02-28',
    ]);
    expect(dues(r, { from: '2099-01-01', to: '2101-12-31' })).toEqual(['2099-02-28', '2100-02-28', '2101-02-28']);
  });

  it('yearly on a date, every n years, and on a weekday ordinal of the start month', () => {
    expect(toRRule(rec({ repeat_type: 'yearly', start_date: '2026-03-15' }))).toBe(
      'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15',
    );
    expect(
      dues(rec({ repeat_type: 'yearly', interval: 2, start_date: '2026-03-15' }), {
        from: '2026-01-01',
        to: '2031-12-31',
      }),
    ).toEqual(['2026-03-15', '2028-03-15', '2030-03-15']);
    const lastMondayOfMay = rec({
      repeat_type: 'yearly',
      start_date: '2026-05-01',
      month_mode: 'by_weekday_ordinal',
      weekday_ordinal: -1,
      by_weekday: ['MO'],
    });
    expect(toRRule(lastMondayOfMay)).toBe('FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO');
    expect(dues(lastMondayOfMay, { from: '2026-01-01', to: '2028-12-31' })).toEqual([
      '2026-05-25',
      '2027-05-31',
      '2028-05-29',
    ]);
  });
});

describe('every x unit', () => {
  it('days, weeks, months and years', () => {
    const every = (interval: number, unit: Recurrence['unit'], start_date = '2026-01-31') =>
      rec({ repeat_type: 'every_x_unit', interval, unit, start_date });
    expect(dues(every(10, 'day'), { from: '2026-01-01', to: '2026-03-10' })).toEqual([
      '2026-01-31',
      '2026-02-10',
      '2026-02-20',
      '2026-03-02',
    ]);
    expect(toRRule(every(2, 'week'))).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=SA');
    expect(dues(every(2, 'week'), { from: '2026-01-01', to: '2026-03-10' })).toEqual([
      '2026-01-31',
      '2026-02-14',
      '2026-02-28',
    ]);
    expect(toRRule(every(3, 'month'))).toBe('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30,31;BYSETPOS=-1');
    expect(dues(every(3, 'month'))).toEqual(['2026-01-31', '2026-04-30', '2026-07-31', '2026-10-31']);
    expect(dues(every(5, 'year', '2020-06-30'), { from: '2020-01-01', to: '2035-12-31' })).toEqual([
      '2020-06-30',
      '2025-06-30',
      '2030-06-30',
      '2035-06-30',
    ]);
  });

  it('months by weekday ordinal', () => {
    const r = rec({
      repeat_type: 'every_x_unit',
      interval: 6,
      unit: 'month',
      month_mode: 'by_weekday_ordinal',
      weekday_ordinal: -1,
      by_weekday: ['SA'],
      start_date: '2026-03-01',
    });
    expect(toRRule(r)).toBe('FREQ=MONTHLY;INTERVAL=6;BYDAY=-1SA');
    expect(dues(r, { from: '2026-01-01', to: '2027-12-31' })).toEqual([
      '2026-03-28',
      '2026-09-26',
      '2027-03-27',
      '2027-09-25',
    ]);
  });
});

describe('custom RRULE', () => {
  it('expands and is normalised (prefix, case, ordinal signs)', () => {
    const r = rec({ repeat_type: 'custom', rrule: 'rrule:freq=monthly;bYdAy=+1mo;interval=3' });
    expect(validateRecurrence(r)).toEqual([]);
    expect(toRRule(r)).toBe('FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO');
    expect(dues(r)).toEqual(['2026-01-05', '2026-04-06', '2026-07-06', '2026-10-05']);
  });

  it('understands BYSETPOS, BYMONTH, BYWEEKNO, BYYEARDAY and the DTSTART defaults', () => {
    const custom = (rrule: string, start_date = '2026-01-01') => rec({ repeat_type: 'custom', rrule, start_date });
    // The last workday of each quarter's last month.
    expect(dues(custom('FREQ=MONTHLY;BYMONTH=3,6,9,12;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'))).toEqual([
      '2026-03-31',
      '2026-06-30',
      '2026-09-30',
      '2026-12-31',
    ]);
    expect(dues(custom('FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO'), { from: '2026-01-01', to: '2027-12-31' })).toEqual([
      '2026-05-11',
      '2027-05-17',
    ]);
    expect(dues(custom('FREQ=YEARLY;BYYEARDAY=-1'), { from: '2026-01-01', to: '2027-12-31' })).toEqual([
      '2026-12-31',
      '2027-12-31',
    ]);
    // Nothing but FREQ: the day (and month) of start_date.
    expect(dues(custom('FREQ=YEARLY', '2025-07-04'), { from: '2025-01-01', to: '2027-12-31' })).toEqual([
      '2025-07-04',
      '2026-07-04',
      '2027-07-04',
    ]);
    expect(toRRule(custom('FREQ=YEARLY', '2025-07-04'))).toBe('FREQ=YEARLY');
  });

  it.each([
    ['FREQ=FOO', 'FREQ'],
    ['BYDAY=MO', 'FREQ'],
    ['FREQ=DAILY;BYDAY=XX', 'BYDAY'],
    ['FREQ=DAILY;FOO=1', 'FOO'],
    ['FREQ=DAILY;INTERVAL=abc', 'INTERVAL'],
    ['FREQ=DAILY;INTERVAL=0', 'INTERVAL'],
    ['FREQ=DAILY;INTERVAL=2;INTERVAL=3', 'INTERVAL'],
    ['FREQ=DAILY;COUNT=3;UNTIL=20261231', 'COUNT'],
    ['FREQ=WEEKLY;BYDAY=1MO', 'BYDAY'],
    ['FREQ=MONTHLY;BYDAY=6MO', 'BYDAY'],
    ['FREQ=MONTHLY;BYWEEKNO=3', 'BYWEEKNO'],
    ['FREQ=WEEKLY;BYMONTHDAY=3', 'BYMONTHDAY'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'BYMONTHDAY'],
    ['FREQ=DAILY;BYSETPOS=1', 'BYSETPOS'],
    ['FREQ=DAILY;UNTIL=20260231', 'UNTIL'],
    ['FREQ=DAILY;', 'RRULE'],
    ['DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY', 'RRULE'],
  ])('refuses %j (part %s)', (rrule, part) => {
    expect(validateRecurrence(rec({ repeat_type: 'custom', rrule }))).toEqual([
      { path: 'rrule', key: 'validation.rrule_invalid', params: { part } },
    ]);
  });

  it('a rule that can never happen is refused quickly instead of walking to the year 9999', () => {
    const started = performance.now();
    expect(keys(rec({ repeat_type: 'custom', rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' }))).toEqual([
      'rrule:validation.rrule_empty',
    ]);
    expect(keys(rec({ repeat_type: 'custom', rrule: 'FREQ=WEEKLY;BYDAY=MO;BYSETPOS=2' }))).toEqual([
      'rrule:validation.rrule_empty',
    ]);
    // expand() does not validate that deeply; its walk is bounded by the window.
    expect(dues(rec({ repeat_type: 'custom', rrule: 'FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31' }))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000); // unbounded, this takes tens of seconds
  });

  it('an end before the first occurrence leaves nothing to plan', () => {
    expect(keys(rec({ repeat_type: 'custom', rrule: 'FREQ=YEARLY;BYMONTH=12;UNTIL=20260601' }))).toEqual([
      'rrule:validation.rrule_empty',
    ]);
    // Mondays from Tuesday 6 Jan to Saturday 10 Jan.
    const r = rec({ repeat_type: 'weekly', by_weekday: ['MO'], start_date: '2026-01-06', end_type: 'until' });
    expect(keys({ ...r, end_date: '2026-01-10' })).toEqual(['end_date:validation.rrule_empty']);
    expect(keys({ ...r, end_date: '2026-01-12' })).toEqual([]);
  });

  it('a rule with its own end must not be combined with an end_type', () => {
    expect(
      keys(rec({ repeat_type: 'custom', rrule: 'FREQ=DAILY;COUNT=3', end_type: 'count', occurrences: 3 })),
    ).toEqual(['rrule:validation.rrule_end_conflict']);
    expect(keys(rec({ repeat_type: 'custom', rrule: 'FREQ=DAILY;UNTIL=20251231' }))).toEqual([
      'rrule:validation.end_before_start',
    ]);
  });
});

describe('ends: never, until, after n', () => {
  it('until includes the end date', () => {
    const r = rec({ repeat_type: 'weekly', by_weekday: ['MO'], end_type: 'until', end_date: '2026-01-26' });
    expect(dues(r)).toEqual(['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26']);
    expect(toRRule(r)).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20260126');
  });

  it('after n occurrences, counted from the start even when the window starts later', () => {
    const r = rec({ repeat_type: 'monthly', start_date: '2025-11-10', end_type: 'count', occurrences: 4 });
    expect(toRRule(r)).toBe('FREQ=MONTHLY;BYMONTHDAY=10;COUNT=4');
    expect(dues(r)).toEqual(['2026-01-10', '2026-02-10']);
    expect(dues(r, { from: '2025-01-01', to: '2027-12-31' })).toEqual([
      '2025-11-10',
      '2025-12-10',
      '2026-01-10',
      '2026-02-10',
    ]);
  });

  it('custom rules end by their own COUNT / UNTIL or by end_type', () => {
    expect(dues(rec({ repeat_type: 'custom', rrule: 'FREQ=DAILY;INTERVAL=2;COUNT=3' }))).toEqual([
      '2026-01-01',
      '2026-01-03',
      '2026-01-05',
    ]);
    expect(dues(rec({ repeat_type: 'custom', rrule: 'FREQ=DAILY;UNTIL=20260103T235959Z' }))).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
    const byEndType = rec({ repeat_type: 'custom', rrule: 'FREQ=WEEKLY', end_type: 'count', occurrences: 2 });
    expect(dues(byEndType)).toEqual(['2026-01-01', '2026-01-08']);
    expect(toRRule(byEndType)).toBe('FREQ=WEEKLY;COUNT=2');
  });
});

describe('completion anchor: only the next event, counted from the last done one', () => {
  const monthly = rec({ repeat_type: 'monthly', start_date: '2026-01-15', anchor: 'completion' });

  it('without a done event: the first occurrence of the plan, and nothing after it', () => {
    expect(expand(monthly, year2026)).toEqual([
      { due_date: '2026-01-15', planned_date: '2026-01-15', lead_date: '2026-01-15' },
    ]);
    expect(
      dues(rec({ repeat_type: 'weekly', by_weekday: ['MO'], start_date: '2026-01-07', anchor: 'completion' })),
    ).toEqual(['2026-01-12']);
  });

  it('last done + interval, the pattern re-anchored there', () => {
    expect(dues(monthly, { ...year2026, lastDoneDate: '2026-03-20' })).toEqual(['2026-04-20']);
    expect(dues(rec({ ...monthly, interval: 3 }), { ...year2026, lastDoneDate: '2026-03-20' })).toEqual(['2026-06-20']);
    expect(dues(rec({ ...monthly, start_date: '2026-01-31' }), { ...year2026, lastDoneDate: '2026-01-31' })).toEqual([
      '2026-02-28',
    ]);
    expect(dues(rec({ interval: 10, anchor: 'completion' }), { ...year2026, lastDoneDate: '2026-02-25' })).toEqual([
      '2026-03-07',
    ]);
    expect(
      dues(rec({ repeat_type: 'yearly', start_date: '2024-02-29', anchor: 'completion' }), {
        from: '2024-01-01',
        to: '2026-12-31',
        lastDoneDate: '2024-02-29',
      }),
    ).toEqual(['2025-02-28']);
  });

  it('explicit weekdays stay: the first of them on or after last done + interval', () => {
    const r = rec({
      repeat_type: 'weekly',
      interval: 2,
      by_weekday: ['MO'],
      start_date: '2026-01-05',
      anchor: 'completion',
    });
    // Done on Wednesday 4 March; + 2 weeks = Wednesday 18 March; the next Monday is the 23rd.
    expect(dues(r, { ...year2026, lastDoneDate: '2026-03-04' })).toEqual(['2026-03-23']);
    const custom = rec({ repeat_type: 'custom', rrule: 'FREQ=WEEKLY;INTERVAL=3;BYDAY=FR', anchor: 'completion' });
    expect(dues(custom, { ...year2026, lastDoneDate: '2026-03-02' })).toEqual(['2026-03-27']);
  });

  it('never before the start; ends by end_date or by the done count', () => {
    const late = rec({ interval: 7, start_date: '2026-06-01', anchor: 'completion' });
    expect(dues(late, { ...year2026, lastDoneDate: '2026-01-01' })).toEqual(['2026-06-01']);
    const until = rec({ ...monthly, end_type: 'until', end_date: '2026-04-01' });
    expect(dues(until, { ...year2026, lastDoneDate: '2026-02-10' })).toEqual(['2026-03-10']);
    expect(dues(until, { ...year2026, lastDoneDate: '2026-03-20' })).toEqual([]);
    const count = rec({ ...monthly, end_type: 'count', occurrences: 3 });
    expect(dues(count, { ...year2026, lastDoneDate: '2026-03-20', doneCount: 2 })).toEqual(['2026-04-20']);
    expect(dues(count, { ...year2026, lastDoneDate: '2026-04-20', doneCount: 3 })).toEqual([]);
  });

  it('the window only filters the next event', () => {
    expect(dues(monthly, { from: '2026-05-01', to: '2026-12-31', lastDoneDate: '2026-03-20' })).toEqual([]);
    expect(dues(monthly, { from: '2026-03-20', to: '2026-04-19', lastDoneDate: '2026-03-20' })).toEqual([]);
  });
});

describe('skip weekends: Saturday and Sunday move back to Friday', () => {
  it('daily becomes one event per working day, without duplicates', () => {
    const all = dues(rec({ skip_weekends: true }));
    expect(all).toHaveLength(261); // working days in 2026
    expect(new Set(all).size).toBe(all.length);
    expect(all.some((d) => weekday(d) === 0 || weekday(d) === 6)).toBe(false);
  });

  it('monthly on the month end: Saturday 31 Oct 2026 becomes Friday 30 Oct', () => {
    const events = expand(rec({ repeat_type: 'monthly', start_date: '2026-01-31', skip_weekends: true }), year2026);
    expect(events.map((e) => e.due_date)).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-31',
      '2026-04-30',
      '2026-05-29',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-30',
      '2026-11-30',
      '2026-12-31',
    ]);
    expect(events[9]).toEqual({ due_date: '2026-10-30', planned_date: '2026-10-31', lead_date: '2026-10-30' });
  });

  it('counts the moved date for the window: a Saturday just after `to` lands inside', () => {
    const saturdays = rec({ repeat_type: 'weekly', by_weekday: ['SA'], skip_weekends: true });
    expect(dues(saturdays, { from: '2026-01-05', to: '2026-01-16' })).toEqual(['2026-01-09', '2026-01-16']);
    expect(dues(saturdays, { from: '2026-01-10', to: '2026-01-16' })).toEqual(['2026-01-16']);
  });
});

describe('lead days and due offset', () => {
  it('due = planned + due_offset_days, lead_date = due − lead_days', () => {
    const r = rec({ repeat_type: 'monthly', start_date: '2026-01-01', due_offset_days: 10, lead_days: 14 });
    expect(expand(r, { from: '2026-01-01', to: '2026-02-28' })).toEqual([
      { due_date: '2026-01-11', planned_date: '2026-01-01', lead_date: '2025-12-28' },
      { due_date: '2026-02-11', planned_date: '2026-02-01', lead_date: '2026-01-28' },
    ]);
  });

  it('the window is on the due date, and the offset is applied before skipping the weekend', () => {
    const r = rec({ repeat_type: 'monthly', start_date: '2025-12-31', due_offset_days: 10 });
    // Planned 31 Dec 2025, due 10 Jan 2026: in the 2026 window.
    expect(dues(r, { from: '2026-01-01', to: '2026-01-31' })).toEqual(['2026-01-10']);
    expect(dues(rec({ ...r, skip_weekends: true }), { from: '2026-01-01', to: '2026-01-31' })).toEqual(['2026-01-09']);
    expect(dues(rec({ ...r, start_date: '2026-01-31' }), { from: '2026-01-01', to: '2026-01-31' })).toEqual([]);
  });

  it('singular tasks get them too', () => {
    const r = rec({
      repeat_type: 'singular',
      start_date: '2026-01-01',
      due_offset_days: 2,
      lead_days: 1,
      skip_weekends: true,
    });
    expect(expand(r, year2026)).toEqual([
      { due_date: '2026-01-02', planned_date: '2026-01-01', lead_date: '2026-01-01' },
    ]);
  });
});

describe('bounds and bad input', () => {
  it.each(['FREQ=SECONDLY', 'FREQ=MINUTELY', 'FREQ=HOURLY;INTERVAL=1', 'FREQ=DAILY;BYHOUR=8,12'])(
    'refuses the sub-daily %s, in validation and in expansion',
    (rrule) => {
      const r = rec({ repeat_type: 'custom', rrule });
      expect(keys(r)).toEqual(['rrule:validation.rrule_sub_daily']);
      expect(thrownKeys(() => expand(r, year2026))).toEqual(['rrule:validation.rrule_sub_daily']);
    },
  );

  it('FREQ=DAILY without an end is fine over the 12-month horizon', () => {
    const r = rec({ repeat_type: 'custom', rrule: 'FREQ=DAILY', start_date: '2020-01-01' });
    expect(validateRecurrence(r)).toEqual([]);
    const { from, to } = horizonWindow('2026-03-15');
    expect(to).toBe('2027-03-15');
    expect(dues(r, { from, to })).toEqual(daysBetween('2026-03-15', '2027-03-15'));
  });

  it('more than maxEvents in the window is an error', () => {
    expect(thrownKeys(() => expand(base, { from: '2026-01-01', to: '2045-12-31' }))).toEqual([
      'repeat_type:validation.too_many_events',
    ]);
    expect(() => expand(base, { from: '2026-01-01', to: '2026-01-10', maxEvents: 10 })).not.toThrow();
    try {
      expand(base, { from: '2026-01-01', to: '2026-01-11', maxEvents: 10 });
      expect.unreachable();
    } catch (e) {
      expect((e as RecurrenceError).errors).toEqual([
        { path: 'repeat_type', key: 'validation.too_many_events', params: { max: 10 } },
      ]);
    }
  });

  it('an interval of 0 and an end before the start are refused', () => {
    expect(validateRecurrence(rec({ interval: 0 }))).toEqual([
      { path: 'interval', key: 'validation.min_number', params: { min: 1 } },
    ]);
    expect(keys(rec({ repeat_type: 'every_x_unit', unit: 'week', interval: 0 }))).toEqual([
      'interval:validation.min_number',
    ]);
    expect(keys(rec({ end_type: 'until', end_date: '2025-12-31' }))).toEqual(['end_date:validation.end_before_start']);
    expect(thrownKeys(() => expand(rec({ interval: 0 }), year2026))).toEqual(['interval:validation.min_number']);
    expect(() => toRRule(rec({ end_type: 'until', end_date: '2025-12-31' }))).toThrow(RecurrenceError);
  });

  it('checks every field', () => {
    expect(keys(rec({ interval: 1.5 }))).toEqual(['interval:validation.integer']);
    expect(keys(rec({ interval: 1000 }))).toEqual(['interval:validation.max_number']);
    expect(keys(rec({ start_date: '2026-02-30' }))).toEqual(['start_date:validation.date']);
    expect(keys(rec({ start_date: '' }))).toEqual(['start_date:validation.required']);
    expect(keys(rec({ repeat_type: 'hourly' as never }))).toEqual(['repeat_type:validation.in']);
    expect(keys(rec({ repeat_type: 'every_x_unit' }))).toEqual(['unit:validation.required']);
    expect(keys(rec({ repeat_type: 'every_x_unit', unit: 'decade' as never }))).toEqual(['unit:validation.in']);
    expect(keys(rec({ repeat_type: 'weekly', by_weekday: ['XX' as never] }))).toEqual(['by_weekday:validation.in']);
    expect(keys(rec({ repeat_type: 'monthly', month_mode: 'by_weekday_ordinal' }))).toEqual([
      'weekday_ordinal:validation.required',
    ]);
    expect(
      keys(rec({ repeat_type: 'monthly', month_mode: 'by_weekday_ordinal', weekday_ordinal: 5 as never })),
    ).toEqual(['weekday_ordinal:validation.in']);
    expect(keys(rec({ end_type: 'until' }))).toEqual(['end_date:validation.required']);
    expect(keys(rec({ end_type: 'count' }))).toEqual(['occurrences:validation.required']);
    expect(keys(rec({ end_type: 'count', occurrences: 0 }))).toEqual(['occurrences:validation.min_number']);
    expect(keys(rec({ end_type: 'count', occurrences: 10_001 }))).toEqual(['occurrences:validation.max_number']);
    expect(keys(rec({ anchor: 'later' as never }))).toEqual(['anchor:validation.in']);
    expect(keys(rec({ lead_days: -1, due_offset_days: 400 }))).toEqual([
      'lead_days:validation.min_number',
      'due_offset_days:validation.max_number',
    ]);
    expect(keys(rec({ repeat_type: 'custom' }))).toEqual(['rrule:validation.required']);
    expect(keys(rec({ interval: null, end_type: undefined as never }))).toEqual([]);
    expect(thrownKeys(() => expand(base, { from: '2026-13-01', to: '2026-12-31' }))).toEqual(['from:validation.date']);
  });
});

describe('moving the start forward (long-running tasks) gives the same events as walking from the start', () => {
  const window = { from: '2026-03-10', to: '2027-03-09' };
  const cases: Recurrence[] = [
    rec({ start_date: '2019-01-01', interval: 9 }),
    rec({ repeat_type: 'weekly', interval: 3, by_weekday: ['MO', 'FR'], start_date: '2019-01-02' }),
    rec({ repeat_type: 'monthly', interval: 5, start_date: '2019-01-31', skip_weekends: true, due_offset_days: 3 }),
    rec({
      repeat_type: 'monthly',
      interval: 7,
      month_mode: 'by_weekday_ordinal',
      weekday_ordinal: -1,
      by_weekday: ['SU'],
      start_date: '2019-04-10',
    }),
    rec({ repeat_type: 'yearly', start_date: '2020-02-29' }),
    rec({ repeat_type: 'every_x_unit', unit: 'week', interval: 5, start_date: '2018-12-30', skip_weekends: true }),
    rec({ repeat_type: 'custom', rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=-1', start_date: '2019-01-02' }),
    rec({
      repeat_type: 'custom',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU,MO,SA;BYSETPOS=1',
      start_date: '2019-01-03',
    }),
    rec({
      repeat_type: 'custom',
      rrule: 'FREQ=MONTHLY;INTERVAL=5;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1',
      start_date: '2019-01-20',
    }),
    rec({ repeat_type: 'custom', rrule: 'FREQ=YEARLY;INTERVAL=2;BYWEEKNO=20;BYDAY=MO', start_date: '2018-06-01' }),
    rec({ repeat_type: 'custom', rrule: 'FREQ=DAILY;INTERVAL=9;BYDAY=SA', start_date: '2019-01-01' }),
    rec({ repeat_type: 'custom', rrule: 'FREQ=MONTHLY;INTERVAL=4', start_date: '2019-01-31' }),
    rec({ repeat_type: 'custom', rrule: 'FREQ=WEEKLY;INTERVAL=4', start_date: '2019-01-31' }),
    rec({ repeat_type: 'custom', rrule: 'FREQ=YEARLY;INTERVAL=2;BYMONTH=1,7', start_date: '2018-09-17' }),
    rec({
      repeat_type: 'weekly',
      by_weekday: ['TU'],
      start_date: '2019-01-01',
      end_type: 'until',
      end_date: '2026-08-31',
    }),
  ];
  it.each(cases.map((r) => [r.rrule ?? `${r.repeat_type}/${r.interval}`, r] as const))('%s', (_name, r) => {
    const fromStart = expand(r, { from: r.start_date, to: window.to, maxEvents: 100_000 }).filter(
      (e) => e.due_date >= window.from,
    );
    expect(fromStart.length).toBeGreaterThan(0);
    expect(expand(r, window)).toEqual(fromStart);
  });

  it('long windows lose no events (the walk budget is generous enough)', () => {
    expect(
      dues(rec({ start_date: '2000-01-01' }), { from: '2000-01-01', to: '2029-12-31', maxEvents: 20_000 }),
    ).toHaveLength(10_958);
    const weekly = dues(rec({ repeat_type: 'weekly', interval: 3, start_date: '1990-01-01' }), {
      from: '1990-01-01',
      to: '2029-12-31',
    });
    expect(weekly).toHaveLength(Math.floor((Date.parse('2029-12-31') - Date.parse('1990-01-01')) / (21 * DAY)) + 1);
    expect(
      dues(rec({ repeat_type: 'monthly', interval: 7, start_date: '1950-01-31' }), {
        from: '1950-01-01',
        to: '2049-12-31',
      }),
    ).toHaveLength(Math.floor((100 * 12 - 1) / 7) + 1);
  });
});

describe('scale', () => {
  it('expands 2,000 tasks of mixed types over 12 months', () => {
    const tasks: Recurrence[] = [];
    const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
    for (let i = 0; i < 2000; i++) {
      const start_date = addDays('2019-01-01', (i * 37) % 2900);
      const common = { ...base, start_date, skip_weekends: i % 3 === 0, due_offset_days: i % 5, lead_days: i % 11 };
      const kind = i % 10;
      tasks.push(
        kind === 0
          ? { ...common, repeat_type: 'daily', interval: 1 + (i % 3) }
          : kind === 1
            ? {
                ...common,
                repeat_type: 'weekly',
                interval: 1 + (i % 2),
                by_weekday: [weekdays[i % 7]!, weekdays[(i + 3) % 7]!],
              }
            : kind === 2
              ? { ...common, repeat_type: 'monthly', interval: 1 + (i % 4) }
              : kind === 3
                ? {
                    ...common,
                    repeat_type: 'monthly',
                    month_mode: 'by_weekday_ordinal',
                    weekday_ordinal: ([1, 2, 3, 4, -1] as const)[i % 5],
                    by_weekday: [weekdays[i % 7]!],
                  }
                : kind === 4
                  ? { ...common, repeat_type: 'yearly', interval: 1 + (i % 2) }
                  : kind === 5
                    ? {
                        ...common,
                        repeat_type: 'every_x_unit',
                        interval: 2 + (i % 9),
                        unit: (['day', 'week', 'month', 'year'] as const)[i % 4],
                      }
                    : kind === 6
                      ? { ...common, repeat_type: 'custom', rrule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1' }
                      : kind === 7
                        ? { ...common, repeat_type: 'weekly', anchor: 'completion', by_weekday: ['WE'] }
                        : kind === 8
                          ? { ...common, repeat_type: 'monthly', end_type: 'count', occurrences: 120 }
                          : { ...common, repeat_type: 'singular', start_date: addDays('2026-01-01', i % 365) },
      );
    }
    const window = horizonWindow('2026-01-01');
    const started = performance.now();
    let events = 0;
    for (const [i, task] of tasks.entries()) {
      events += expand(task, {
        ...window,
        lastDoneDate: task.anchor === 'completion' ? addDays('2026-01-01', i % 300) : null,
      }).length;
    }
    const ms = performance.now() - started;
    console.log(`recurrence: expanded 2,000 tasks over 12 months into ${events} events in ${ms.toFixed(0)} ms`);
    expect(events).toBeGreaterThan(50_000);
  });
});
