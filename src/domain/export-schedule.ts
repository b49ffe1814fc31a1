// When a scheduled export runs (docs/domain/scheduled-exports.md, "Slots"): at 05:00 UTC, every day (daily), on
// Mondays (weekly) or on the first of the month (monthly). Pure, so it is unit-tested.
import type { ExportSchedule } from '../entities/scheduled-export';

/** The hour (UTC) of every slot: early morning in Europe, before the working day. */
export const SLOT_HOUR_UTC = 5;
const DAY = 86_400_000;

/** The first slot of `schedule` strictly after `after`. */
export function nextSlot(schedule: ExportSchedule, after: Date): Date {
  const t = after.getTime();
  const at = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d, SLOT_HOUR_UTC));
  const y = after.getUTCFullYear();
  const m = after.getUTCMonth();
  const d = after.getUTCDate();
  if (schedule === 'monthly') {
    const first = at(y, m, 1);
    return first.getTime() > t ? first : at(y, m + 1, 1);
  }
  let slot = at(y, m, d);
  if (slot.getTime() <= t) slot = new Date(slot.getTime() + DAY);
  if (schedule === 'weekly') while (slot.getUTCDay() !== 1) slot = new Date(slot.getTime() + DAY);
  return slot;
}
