// Contract deadlines (docs/domain/calculations.md, "Contract deadlines"), on `YYYY-MM-DD` strings in UTC: the end date from the start
// and the duration, the latest cancellation date (end − notice period, clamped to the month's last day, a weekend
// rolled back to the Friday before), the end date after an extension, and how many extensions an auto-extending
// contract is due. Pure: no clock, no I/O.

import { DATE, validDate } from '../entities/dates';

/**
 * A day as `yyyy-MM-dd`, or in the expanded form `±YYYYYY-MM-DD` for a year outside 0–9999 (what a computation at
 * the bounds may give: 9999-12-01 + 1200 months). The helpers below take and give either form and never throw on a
 * year out of range: the caller checks the result (`storableDay`) and refuses it with a 422 naming its input
 * (docs/hostile-input.md, "Values the server derives").
 */
const DAY = /^([+-]\d{6,}|\d{4})-(\d{2})-(\d{2})$/;

/** A day the database stores and the API writes: `yyyy-MM-dd`, a real day, in the years 1800 to 9999. */
export const storableDay = (day: string | null | undefined) => !!day && DATE.test(day) && validDate(day);

const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month0: number) => (month0 === 1 && leap(year) ? 29 : MONTH_DAYS[month0]!);
const two = (n: number) => String(n).padStart(2, '0');

function formatDay(year: number, month0: number, day: number): string {
  const y =
    year >= 0 && year <= 9999
      ? String(year).padStart(4, '0')
      : `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`;
  return `${y}-${two(month0 + 1)}-${two(day)}`;
}

function parseDay(date: string): { year: number; month0: number; day: number } {
  const m = DAY.exec(date);
  if (!m) throw new RangeError(`not a day: ${date}`);
  return { year: Number(m[1]), month0: Number(m[2]) - 1, day: Number(m[3]) };
}

/** `date` moved by whole months, the same day of month, clamped to the target month's last day (Jan 31 + 1 →
 * Feb 28/29). Negative `months` move back. Any year (see DAY); only a text that is no day or months that are not a
 * whole number are a programming error (RangeError). */
export function addMonths(date: string, months: number): string {
  const { year: y, month0: m, day: d } = parseDay(date);
  if (!Number.isSafeInteger(months)) throw new RangeError(`not a whole number of months: ${months}`);
  const total = y * 12 + m + months;
  const year = Math.floor(total / 12);
  const month0 = total - year * 12;
  return formatDay(year, month0, Math.min(d, daysInMonth(year, month0)));
}

/** Days since 1970-01-01 of a day of any year (proleptic Gregorian calendar). */
function daysSinceEpoch(year: number, month0: number, day: number): number {
  const y = month0 < 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((month0 + 10) % 12) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/** Saturday and Sunday roll back to the Friday before; other days stay. */
export function rollBackWeekend(date: string): string {
  const { year, month0, day } = parseDay(date);
  const weekday = (((daysSinceEpoch(year, month0, day) + 4) % 7) + 7) % 7; // 0 Sunday, 6 Saturday (1970-01-01: Thursday)
  const back = weekday === 6 ? 1 : weekday === 0 ? 2 : 0;
  if (back < day) return formatDay(year, month0, day - back);
  const [y, m] = month0 === 0 ? [year - 1, 11] : [year, month0 - 1];
  return formatDay(y, m, daysInMonth(y, m) - (back - day));
}

/** contract_end_date = contract_start_date + contract_duration months. */
export const contractEndDate = (start: string, durationMonths: number) => addMonths(start, durationMonths);

/** latest_cancellation_date = contract_end_date − notice_period months (clamped), a weekend rolled back to
 * Friday; null without an end date or a notice period. */
export function latestCancellationDate(end: string | null | undefined, noticeMonths: number | null | undefined) {
  if (!end || noticeMonths == null) return null;
  return rollBackWeekend(addMonths(end, -noticeMonths));
}

/** The end date after an extension: contract_end_date + extension_period months. */
export const extendedEndDate = (end: string, extensionMonths: number) => addMonths(end, extensionMonths);

export interface ContractTerms {
  contract_end_date: string | null;
  notice_period: number | null;
  extension_period: number | null;
}

/** Upper bound of automatic extensions in one run (a contract unattended for decades stays bounded). */
export const MAX_AUTO_EXTENSIONS = 1200;

/**
 * The end dates an auto-extending contract passes through on `today`: one extension per period whose latest
 * cancellation date has passed (is before today), until the latest cancellation date is today or later. Empty
 * when nothing is due or the terms cannot be extended (no end date, no notice period, no extension period). An
 * extension whose end date would pass the year 9999 is not made (the contract then ends on its last end date).
 */
export function dueAutoExtensions(terms: ContractTerms, today: string): string[] {
  const { contract_end_date: end, notice_period: notice, extension_period: ext } = terms;
  if (!end || notice == null || !ext || ext < 1) return [];
  const ends: string[] = [];
  let current = end;
  // each period counted from the original end date, so month ends do not drift (Mar 31 → Apr 30 → May 31)
  while (ends.length < MAX_AUTO_EXTENSIONS && latestCancellationDate(current, notice)! < today) {
    const next = extendedEndDate(end, ext * (ends.length + 1));
    if (!storableDay(next)) break;
    current = next;
    ends.push(current);
  }
  return ends;
}

/** A cancellation on `date` is late when the latest cancellation date is known and `date` is after it. */
export const isLateCancellation = (date: string, latest: string | null | undefined) => Boolean(latest && date > latest);

/** The whole months from `start` to `end` when `end` is exactly that many months after `start` (month-end clamp
 * included), else null. */
export function exactMonths(start: string, end: string): number | null {
  const a = DAY.exec(start);
  const b = DAY.exec(end);
  if (!a || !b) return null;
  const n = Number(b[1]) * 12 + Number(b[2]) - (Number(a[1]) * 12 + Number(a[2]));
  return n >= 1 && addMonths(start, n) === end ? n : null;
}

export interface DerivedDates {
  contract_end_date: string | null;
  contract_duration: number | null;
  latest_cancellation_date: string | null;
}

/**
 * The dates a contract write stores (docs/domain/calculations.md, "Contract deadlines": either may be given): a given end date wins,
 * and the duration follows it (the whole months from the start, or empty when the end is not whole months after it);
 * otherwise a write that sets the start or the duration gets the end date start + duration. The latest
 * cancellation date always follows the end date and the notice period. `merged` is the record after the write,
 * `changes` what the write sets; `creating` for a new record.
 */
export function derivedContractDates(
  merged: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
  creating: boolean,
): DerivedDates {
  const start = typeof merged.contract_start_date === 'string' ? merged.contract_start_date : null;
  let duration = typeof merged.contract_duration === 'number' ? merged.contract_duration : null;
  let end = typeof merged.contract_end_date === 'string' ? merged.contract_end_date : null;
  const touched = creating || 'contract_start_date' in changes || 'contract_duration' in changes;
  if (typeof changes.contract_end_date === 'string') {
    if (start && duration !== null && contractEndDate(start, duration) !== end) duration = exactMonths(start, end!);
  } else if ((touched || 'contract_end_date' in changes) && start && duration !== null) {
    end = contractEndDate(start, duration);
  }
  const notice = typeof merged.notice_period === 'number' ? merged.notice_period : null;
  return {
    contract_end_date: end,
    contract_duration: duration,
    latest_cancellation_date: latestCancellationDate(end, notice),
  };
}
