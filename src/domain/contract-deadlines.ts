// Contract deadlines (docs/domain/calculations.md, "Contract deadlines"), on `YYYY-MM-DD` strings in UTC: the end date from the start
// and the duration, the latest cancellation date (end − notice period, clamped to the month's last day, a weekend
// rolled back to the Friday before), the end date after an extension, and how many extensions an auto-extending
// contract is due. Pure: no clock, no I/O.

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** `date` moved by whole months, the same day of month, clamped to the target month's last day (Jan 31 + 1 →
 * Feb 28/29). Negative `months` move back. */
export function addMonths(date: string, months: number): string {
  const m = ISO.exec(date);
  if (!m || !Number.isInteger(months)) throw new Error(`addMonths: bad input ${date}, ${months}`);
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month0 = total - year * 12;
  const day = Math.min(Number(m[3]), daysInMonth(year, month0));
  return iso(new Date(Date.UTC(year, month0, day)));
}

/** Saturday and Sunday roll back to the Friday before; other days stay. */
export function rollBackWeekend(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = d.getUTCDay(); // 0 Sunday, 6 Saturday
  if (weekday === 6) d.setUTCDate(d.getUTCDate() - 1);
  if (weekday === 0) d.setUTCDate(d.getUTCDate() - 2);
  return iso(d);
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
 * when nothing is due or the terms cannot be extended (no end date, no notice period, no extension period).
 */
export function dueAutoExtensions(terms: ContractTerms, today: string): string[] {
  const { contract_end_date: end, notice_period: notice, extension_period: ext } = terms;
  if (!end || notice == null || !ext || ext < 1) return [];
  const ends: string[] = [];
  let current = end;
  // each period counted from the original end date, so month ends do not drift (Mar 31 → Apr 30 → May 31)
  while (ends.length < MAX_AUTO_EXTENSIONS && latestCancellationDate(current, notice)! < today) {
    current = extendedEndDate(end, ext * (ends.length + 1));
    ends.push(current);
  }
  return ends;
}

/** A cancellation on `date` is late when the latest cancellation date is known and `date` is after it. */
export const isLateCancellation = (date: string, latest: string | null | undefined) => Boolean(latest && date > latest);

/** The whole months from `start` to `end` when `end` is exactly that many months after `start` (month-end clamp
 * included), else null. */
export function exactMonths(start: string, end: string): number | null {
  const a = ISO.exec(start);
  const b = ISO.exec(end);
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
