// Walking a rule's dates in a window: arithmetic for daily and plain weekly rules, the rrule package for the rest,
// with a budget so a rule that matches nothing never walks to the year 9999.
import * as rruleModule from 'rrule';
import { DAY_MS, dayOf, partsOf, weekdayOf, addMonths } from './recurrence-days';
import { type Freq, type RuleParts } from './recurrence-rules';
import type { Options } from 'rrule';

// rrule ships CommonJS (main) and ESM (module): bundlers see named exports, Node's ESM loader (tsx, vitest) puts
// them on `default` (read through Reflect so bundlers do not warn about a missing default export).
const { RRule } = (Reflect.get(rruleModule, 'default') as typeof rruleModule | undefined) ?? rruleModule;

export const RRULE_FREQ: Record<Freq, number> = {
  YEARLY: RRule.YEARLY,
  MONTHLY: RRule.MONTHLY,
  WEEKLY: RRule.WEEKLY,
  DAILY: RRule.DAILY,
};
export const RRULE_DAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
export const utcDate = (day: number) => new Date(day * DAY_MS);

export function rruleOptions(p: RuleParts, dtstart: number): Partial<Options> {
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
export function fastForward(p: RuleParts, start: number, from: number): number {
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

export class BudgetSpent extends Error {}

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
export function iterateSimple(
  p: RuleParts,
  start: number,
  from: number,
  to: number,
  each: (day: number) => boolean,
): boolean {
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

export function iterate(p: RuleParts, start: number, from: number, to: number, each: (day: number) => boolean): void {
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
