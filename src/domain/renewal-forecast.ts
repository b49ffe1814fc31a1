// The renewal forecast (docs/domain/calculations.md, "Renewal forecast"): the yearly sum of renewal costs over a
// horizon of 5 to 50 years, per group (renewal group, property or property group), each facility renewed again
// every effective lifetime within the horizon; optionally summed into 5-year tranches, or held under a yearly budget
// cap with what does not fit deferred to later years and the backlog shown. Exact: amounts are decimal strings,
// summed as cents.
import { decToString, round, toDec } from './decimal';

export interface ForecastItem {
  /** The group the amount counts for ('' for none). */
  key: string;
  /** The year of the next renewal; an earlier one than this year is overdue and counts this year. */
  renewal_year: number;
  renewal_costs: string;
  /** Renewed again every so many years; null: once. */
  effective_lifetime: number | null;
  /** Never deferred by the budget cap. */
  safety_relevant?: boolean;
}

export type Smoothing = 'none' | 'tranches' | 'budget_cap';

export interface ForecastOptions {
  fromYear: number;
  /** This year: an overdue renewal is done this year, then repeats from there (the first year when not given). */
  currentYear?: number;
  years: number;
  smoothing?: Smoothing;
  /** The most a year may spend on renewals that can wait (decimal string, above 0), with `budget_cap`. */
  budgetCap?: string;
}

export interface ForecastYear {
  /** The year, or the first year of a 5-year tranche. */
  year: number;
  total: string;
  groups: Record<string, string>;
  /** What this year moved to later years (budget cap). */
  deferred: string;
  /** What waits at the end of this year (budget cap). */
  backlog: string;
}

export const FORECAST_YEARS = { min: 5, max: 50 } as const;
export const TRANCHE = 5;

const cents = (amount: string) => {
  const d = toDec(amount);
  return d ? round(d, 2).units : 0n;
};
const text = (c: bigint) => decToString({ units: c, scale: 2 }, 2);

interface Occurrence {
  key: string;
  cents: bigint;
  safety: boolean;
}

/** Every renewal within the horizon, by year: the first in its renewal year (this year when overdue), then every
 * effective lifetime; those before the first year are done by then. */
function occurrences(items: readonly ForecastItem[], from: number, years: number, now: number): Occurrence[][] {
  const byYear: Occurrence[][] = Array.from({ length: years }, () => []);
  for (const item of items) {
    const amount = cents(item.renewal_costs);
    if (amount === 0n) continue;
    const step = item.effective_lifetime && item.effective_lifetime > 0 ? item.effective_lifetime : null;
    for (let y = Math.max(item.renewal_year, now); y < from + years; y += step ?? years) {
      if (y >= from) byYear[y - from]!.push({ key: item.key, cents: amount, safety: !!item.safety_relevant });
      if (!step) break;
    }
  }
  return byYear;
}

/**
 * Held under the cap, year by year: the safety-relevant renewals always; then what waits from earlier years (the
 * oldest first), then the year's own, each while the year stays within the cap. A renewal larger than the cap on its
 * own is taken in a year where it heads the queue (else it would wait for ever).
 */
function capped(byYear: Occurrence[][], cap: bigint) {
  let waiting: Occurrence[] = [];
  return byYear.map((own) => {
    const kept: Occurrence[] = own.filter((o) => o.safety);
    let spent = kept.reduce((s, o) => s + o.cents, 0n);
    const queue = [...waiting, ...own.filter((o) => !o.safety)];
    const later: Occurrence[] = [];
    let tookDeferrable = false;
    for (const o of queue) {
      // one larger than the cap alone never fits: it is taken when it heads the queue
      if (spent + o.cents <= cap || (!tookDeferrable && o.cents > cap)) {
        kept.push(o);
        spent += o.cents;
        tookDeferrable = true;
      } else later.push(o);
    }
    const ownLater = later.filter((o) => own.includes(o));
    const deferred = ownLater.reduce((s, o) => s + o.cents, 0n);
    waiting = later;
    return { kept, deferred, backlog: later.reduce((s, o) => s + o.cents, 0n) };
  });
}

export function renewalForecast(items: readonly ForecastItem[], options: ForecastOptions): ForecastYear[] {
  const { fromYear, years } = options;
  const byYear = occurrences(items, fromYear, years, options.currentYear ?? fromYear);
  const smoothing = options.smoothing ?? 'none';
  const rows =
    smoothing === 'budget_cap'
      ? capped(byYear, cents(options.budgetCap ?? '0'))
      : byYear.map((kept) => ({ kept, deferred: 0n, backlog: 0n }));
  // summed in cents per year (or tranche), written as text once
  const sums: { year: number; total: bigint; groups: Map<string, bigint>; deferred: bigint; backlog: bigint }[] = [];
  rows.forEach((row, i) => {
    const year = smoothing === 'tranches' ? fromYear + Math.floor(i / TRANCHE) * TRANCHE : fromYear + i;
    let sum = sums.at(-1);
    if (!sum || sum.year !== year) sums.push((sum = { year, total: 0n, groups: new Map(), deferred: 0n, backlog: 0n }));
    for (const o of row.kept) {
      sum.groups.set(o.key, (sum.groups.get(o.key) ?? 0n) + o.cents);
      sum.total += o.cents;
    }
    sum.deferred += row.deferred;
    sum.backlog = row.backlog;
  });
  return sums.map((sum) => ({
    year: sum.year,
    total: text(sum.total),
    groups: Object.fromEntries([...sum.groups].map(([k, v]) => [k, text(v)])),
    deferred: text(sum.deferred),
    backlog: text(sum.backlog),
  }));
}
