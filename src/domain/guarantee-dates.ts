// Guarantee dates (docs/domain/calculations.md, "Guarantee end date and reminders"), on `YYYY-MM-DD` strings in UTC:
// the end date from the start and the duration in months (clamped to the month's last day, as contract dates), and
// the reminder stage due on a day. Pure: no clock, no I/O.
import { addMonths } from './contract-deadlines';

/** The guarantee's limits (docs/domain/fields.md, "Models"): duration in months, reminder stages in days. */
export const GUARANTEE_DURATION = { min: 1, max: 600 } as const;
export const REMINDER_DAYS = { min: 1, max: 3650, maxStages: 5 } as const;
/** The stages a settings group starts with. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [180, 90, 30];

/** end_date = start_date + guarantee_duration months (Jan 31 + 1 → Feb 28/29; Feb 29 + 12 → Feb 28). */
export const guaranteeEndDate = (start: string, months: number) => addMonths(start, months);

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/**
 * The reminder due on `today` for a guarantee ending on `end`: the smallest stage (days before the end) that has
 * been reached and not yet sent, with every larger reached stage (one mail, not one per missed stage: a guarantee
 * entered 20 days before its end gets the 30-day reminder only). Null when the end has passed, no stage is reached
 * or the reached ones were all sent.
 */
export function dueReminder(
  end: string,
  today: string,
  stages: readonly number[],
  sent: ReadonlySet<number>,
): { stage: number; covers: number[]; daysLeft: number } | null {
  const daysLeft = daysBetween(today, end);
  if (daysLeft < 0) return null;
  const reached = [...new Set(stages)].filter((d) => d >= daysLeft).sort((a, b) => a - b);
  if (!reached.length || reached.every((d) => sent.has(d))) return null;
  const stage = reached[0]!;
  if (sent.has(stage)) return null; // the nearest stage went out: a larger one added later is past
  return { stage, covers: reached.filter((d) => !sent.has(d)), daysLeft };
}
