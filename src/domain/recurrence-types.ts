// The recurrence fields of a task and their allowed values (docs/domain/calculations.md, "Task recurrence"), without the rrule
// package, so model definitions and forms can use them without loading the expansion code.
import type { FieldError } from '../entities/define';

export const REPEAT_TYPES = ['singular', 'daily', 'weekly', 'monthly', 'yearly', 'every_x_unit', 'custom'] as const;
export type RepeatType = (typeof REPEAT_TYPES)[number];
export const RECURRENCE_UNITS = ['day', 'week', 'month', 'year'] as const;
export type RecurrenceUnit = (typeof RECURRENCE_UNITS)[number];
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const MONTH_MODES = ['by_date', 'by_weekday_ordinal'] as const;
export type MonthMode = (typeof MONTH_MODES)[number];
export const WEEKDAY_ORDINALS = [1, 2, 3, 4, -1] as const;
export type WeekdayOrdinal = (typeof WEEKDAY_ORDINALS)[number];
export const END_TYPES = ['never', 'until', 'count'] as const;
export type EndType = (typeof END_TYPES)[number];
export const ANCHORS = ['scheduled', 'completion'] as const;
export type Anchor = (typeof ANCHORS)[number];

export const MAX_INTERVAL = 999;
export const MAX_OCCURRENCES = 10_000;
export const MAX_OFFSET_DAYS = 366;
/** Events are materialised this many months ahead (docs/domain/calculations.md, "Task recurrence"). */
export const HORIZON_MONTHS = 12;

/**
 * The recurrence fields of a task (docs/planning-api.md, "Task recurrence fields"). Nullable fields may be null as they
 * come from the database.
 * - `interval` (default 1) counts `unit`s for every_x_unit and days/weeks/months/years for daily…yearly; a custom
 *   rule carries its own INTERVAL, and interval, unit, by_weekday, month_mode and weekday_ordinal are ignored.
 * - `by_weekday`: the days of a weekly rule, or the weekdays of the ordinal modes; defaults to start_date's weekday.
 * - `month_mode` (monthly, yearly, every_x_unit in months or years; default by_date): by_date repeats start_date's
 *   day (and month, for yearly); by_weekday_ordinal the `weekday_ordinal` (1–4, −1 = last) `by_weekday` of the
 *   month (for yearly: of start_date's month).
 * - `start_date` is the earliest possible date, an occurrence only when it matches the pattern (weekly on Mondays
 *   from a Wednesday starts on the next Monday). Singular tasks happen on start_date only.
 * - `due_offset_days` (0–366) puts the due date that many days after the planned date; `lead_days` (0–366) is how
 *   long before the due date the event is announced.
 */
export interface Recurrence {
  repeat_type: RepeatType;
  interval?: number | null;
  unit?: RecurrenceUnit | null;
  by_weekday?: readonly Weekday[] | null;
  month_mode?: MonthMode | null;
  weekday_ordinal?: WeekdayOrdinal | null;
  start_date: string;
  end_type: EndType;
  end_date?: string | null;
  occurrences?: number | null;
  anchor: Anchor;
  lead_days?: number | null;
  due_offset_days?: number | null;
  skip_weekends?: boolean | null;
  rrule?: string | null;
}

/** One event of a task. */
export interface TaskOccurrence {
  /** The event's due_date: planned_date + due_offset_days, moved off the weekend when skip_weekends is set. */
  due_date: string;
  /** The date the rule produced. */
  planned_date: string;
  /** due_date − lead_days: from this day on the event is announced. */
  lead_date: string;
}

export interface ExpandOptions {
  /** The window on due_date, both ends included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Completion anchor: the day the last event was done. */
  lastDoneDate?: string | null;
  /** Completion anchor with end_type count: how many events are done already (default 0). */
  doneCount?: number;
  /** More events than this in the window is an error (validation.too_many_events). Default 5000. */
  maxEvents?: number;
}

/** A recurrence that cannot be used; `errors` are field errors as validateRecurrence() returns them. */
export class RecurrenceError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(`invalid recurrence: ${errors.map((e) => `${e.path} ${e.key}`).join(', ')}`);
    this.name = 'RecurrenceError';
  }
}
