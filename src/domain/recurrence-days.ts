// Calendar days of the recurrence code: integers counting days since 1970-01-01 (UTC), so adding days never meets
// a DST change and the machine's time zone never moves a date.
import { HORIZON_MONTHS } from './recurrence-types';

export const DAY_MS = 86_400_000;

export function dayOf(y: number, m: number, d: number): number {
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

export function parseDay(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return dayOf(y, m, d);
}

export const isoCache = new Map<number, string>();
/** YYYY-MM-DD of a day; memoised, as expanding many tasks formats the same few hundred days again and again. */
export function isoOf(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoCache.size > 50_000) isoCache.clear();
    isoCache.set(day, iso);
  }
  return iso;
}

export function partsOf(day: number): { y: number; m: number; d: number } {
  const date = new Date(day * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Adds months, clamping the day to the target month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: number, months: number): number {
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
