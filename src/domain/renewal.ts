// A facility's renewal figures (docs/domain/calculations.md, "Renewal figures"): its age, effective lifetime,
// remaining lifetime, renewal date and year, index factor, renewal costs, time value and renewal status, computed
// from the facility, its renewal group's defaults, its property's usage factor and the settings group's
// construction cost index. One pure function for the server and the grid alike; money is exact (decimal strings in,
// decimal strings rounded to cents out), "today" is the caller's date.
import { decToString, div, mul, toDec, type Dec } from './decimal';

export const CONDITION_GRADES = [1, 2, 3, 4] as const;
export type RenewalStatus = 'immediate' | 'due' | 'ok';

/** The facility's own values (as the API gives them: decimals as strings, dates as yyyy-MM-dd). */
export interface RenewalFacility {
  lifetime?: number | null;
  commissioning_year?: number | null;
  commissioning_date?: string | null;
  /** The stored renewal date; it wins when `renewal_date_manual` (typed by a user). */
  renewal_date?: string | null;
  renewal_date_manual?: boolean | null;
  quantity?: string | null;
  unit_price?: string | null;
  /** Percent: 10 means × 1.10. */
  dismantling_cost_share?: string | null;
  /** 1 good, 2 fair, 3 poor, 4 critical. */
  condition?: number | null;
  excluded_from_renewal?: boolean | null;
}

export interface RenewalContext {
  /** The caller's date, yyyy-MM-dd. */
  today: string;
  /** Years ahead that count as due (the model's setting; 5 by default). */
  horizon: number;
  /** The renewal group's defaults, taken where the facility has no value of its own. */
  group?: { default_lifetime?: number | null; default_unit_price?: string | null } | null;
  /** The property's usage factor (1 residential, 0.8 office, 0.75 light commercial, 0.5 heavy use). */
  usageFactor?: string | number | null;
  /** The construction cost index of the settings group, year → value (decimal strings). */
  index?: ReadonlyMap<number, string> | null;
  /** The year the unit prices are priced in; without one (or without an index) the costs are not indexed. */
  priceBaseYear?: number | null;
}

export interface RenewalFigures {
  excluded: boolean;
  age: number | null;
  /** The lifetime after the usage factor, in whole years (at least 1). */
  effective_lifetime: number | null;
  remaining_lifetime: number | null;
  renewal_date: string | null;
  renewal_date_manual: boolean;
  renewal_year: number | null;
  /** index(target year) ÷ index(price base year), four places; null when not indexed. */
  index_factor: string | null;
  renewal_costs: string | null;
  time_value: string | null;
  renewal_status: RenewalStatus | null;
  /** Index years the costs needed and the series lacks (the costs are then left empty, never computed with 0). */
  missing_index_years: number[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The same day `years` later; 29 February becomes 28 February in a year without it. */
export function addYears(date: string, years: number): string {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  const year = Number(m[1]) + years;
  const day = m[2] === '02' && m[3] === '29' && !isLeap(year) ? '28' : m[3];
  return `${String(year).padStart(4, '0')}-${m[2]}-${day}`;
}

/** The share of the effective lifetime a condition grade leaves at most (docs: "Condition grade"), as a fraction:
 * whole years, rounded down (integers, as the list's SQL has them). */
const CONDITION_CAP: Record<number, readonly [number, number]> = { 1: [1, 1], 2: [1, 2], 3: [1, 5], 4: [0, 1] };

const EMPTY = (excluded: boolean): RenewalFigures => ({
  excluded,
  age: null,
  effective_lifetime: null,
  remaining_lifetime: null,
  renewal_date: null,
  renewal_date_manual: false,
  renewal_year: null,
  index_factor: null,
  renewal_costs: null,
  time_value: null,
  renewal_status: null,
  missing_index_years: [],
});

export function renewalFigures(f: RenewalFacility, c: RenewalContext): RenewalFigures {
  if (f.excluded_from_renewal) return EMPTY(true);
  const out = EMPTY(false);
  const thisYear = Number(c.today.slice(0, 4));
  const start =
    f.commissioning_date && DATE.test(f.commissioning_date)
      ? f.commissioning_date
      : f.commissioning_year != null
        ? `${String(f.commissioning_year).padStart(4, '0')}-01-01`
        : null;
  const startYear = f.commissioning_year ?? (start ? Number(start.slice(0, 4)) : null);
  if (startYear != null) out.age = Math.max(0, thisYear - startYear);

  const lifetime = f.lifetime ?? c.group?.default_lifetime ?? null;
  if (lifetime != null && lifetime > 0) {
    // exact, as the list's SQL computes it (15 × 0.7 is 10.5, rounded half up to 11, never 10.499… to 10)
    const usage = toDec(c.usageFactor === '' ? null : (c.usageFactor ?? null));
    const factor = usage && usage.units > 0n ? usage : intDec(1);
    out.effective_lifetime = Math.max(1, Number(decToString(mul(intDec(lifetime), factor), 0)));
  }

  const manual = !!(f.renewal_date_manual && f.renewal_date && DATE.test(f.renewal_date));
  if (manual) {
    out.renewal_date_manual = true;
    out.renewal_date = f.renewal_date!;
    out.renewal_year = Number(f.renewal_date!.slice(0, 4));
    out.remaining_lifetime = Math.max(0, out.renewal_year - thisYear);
  } else if (out.effective_lifetime != null && start != null && out.age != null) {
    let remaining = Math.max(0, out.effective_lifetime - out.age);
    const cap = f.condition != null ? CONDITION_CAP[f.condition] : undefined;
    if (cap !== undefined) remaining = Math.min(remaining, Math.floor((out.effective_lifetime * cap[0]) / cap[1]));
    out.remaining_lifetime = remaining;
    const planned = addYears(start, out.effective_lifetime);
    // a condition that shortens the lifetime moves the date to the same day of the earlier year
    out.renewal_date =
      thisYear + remaining < Number(planned.slice(0, 4))
        ? addYears(start, thisYear + remaining - Number(start.slice(0, 4)))
        : planned;
    out.renewal_year = Number(out.renewal_date.slice(0, 4));
  }
  if (out.remaining_lifetime != null)
    out.renewal_status =
      out.remaining_lifetime === 0 ? 'immediate' : out.remaining_lifetime <= c.horizon ? 'due' : 'ok';

  const unitPrice = toDec(f.unit_price || c.group?.default_unit_price || null);
  if (unitPrice) {
    const quantity = toDec(f.quantity || '1') ?? toDec('1')!;
    const share = toDec(f.dismantling_cost_share || '0') ?? toDec('0')!;
    // unit × quantity × (100 + share) ÷ 100, × index(target) ÷ index(base): one division at the end, to cents
    let numerator = mul(mul(unitPrice, quantity), { units: 10000n + shareHundredths(share), scale: 2 });
    let denominator: Dec = { units: 100n, scale: 0 };
    const indexed = indexRatio(c, out.renewal_year ?? thisYear, thisYear);
    if (indexed === 'missing') out.missing_index_years = missingYears(c, out.renewal_year ?? thisYear, thisYear);
    else {
      if (indexed) {
        numerator = mul(numerator, indexed.target);
        denominator = mul(denominator, indexed.base);
        out.index_factor = decToString(div(indexed.target, indexed.base, 4), 4);
      }
      const costs = div(numerator, denominator, 2);
      out.renewal_costs = decToString(costs, 2);
      if (out.remaining_lifetime != null && out.effective_lifetime != null)
        out.time_value = decToString(
          div(mul(costs, { units: BigInt(out.remaining_lifetime), scale: 0 }), intDec(out.effective_lifetime), 2),
          2,
        );
    }
  }
  return out;
}

const intDec = (n: number): Dec => ({ units: BigInt(n), scale: 0 });

/** A percent as hundredths of a percent (10.5 → 1050). */
function shareHundredths(share: Dec): bigint {
  const scaled = mul(share, { units: 100n, scale: 0 });
  return BigInt(decToString(scaled, 0));
}

/**
 * The index values the costs are scaled by: the price base year's and the target year's, the target being the
 * renewal year, or the series' last year when the renewal lies beyond it (prices at the latest known level, no
 * guess of later ones). Null: not indexed (no series or no base year). 'missing': a year the series lacks (a named
 * series without any value lacks them all).
 */
function indexRatio(c: RenewalContext, renewalYear: number, thisYear: number) {
  if (!c.index || c.priceBaseYear == null) return null;
  const { base, target } = indexYears(c, renewalYear, thisYear);
  const b = toDec(c.index.get(base) ?? null);
  const t = toDec(c.index.get(target) ?? null);
  if (!b || !t || b.units <= 0n || t.units <= 0n) return 'missing' as const;
  return { base: b, target: t };
}

function indexYears(c: RenewalContext, renewalYear: number, thisYear: number) {
  const last = c.index!.size ? Math.max(...c.index!.keys()) : Infinity;
  return { base: c.priceBaseYear!, target: Math.min(Math.max(renewalYear, thisYear), last) };
}

function missingYears(c: RenewalContext, renewalYear: number, thisYear: number): number[] {
  const { base, target } = indexYears(c, renewalYear, thisYear);
  return [...new Set([base, target])].filter((y) => !toDec(c.index!.get(y) ?? null)).sort((a, b) => a - b);
}
