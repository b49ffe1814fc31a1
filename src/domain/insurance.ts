// Building insurance values re-indexed by the construction cost index (docs/domain/calculations.md, "Insurance
// values"): the rule of a canton is data (a threshold, a rounding, the wear from which the reduced value holds),
// with presets for Zurich, Fribourg and St. Gallen. One pure function for the server's preview and its write;
// money is exact (decimal strings in, decimal strings out).
import { decToString, div, mul, sub, toDec, type Dec } from './decimal';

export interface InsuranceRule {
  /** Re-index only when the index moved by more than this many percent since the last estimate (0: any move). */
  threshold: number;
  /** The new values are rounded to this many francs (1: to the franc). */
  rounding: number;
  /** The reduced value (the time value) holds once the wear exceeds this many percent (0: never). */
  reducedWear: number;
}

/** The cantonal presets (their sources: docs/domain/calculations.md, "Insurance values"). */
export const INSURANCE_PRESETS = {
  zurich: { threshold: 5, rounding: 1, reducedWear: 0 },
  fribourg: { threshold: 2, rounding: 1, reducedWear: 0 },
  st_gallen: { threshold: 0, rounding: 100, reducedWear: 50 },
} as const satisfies Record<string, InsuranceRule>;
export type InsurancePreset = keyof typeof INSURANCE_PRESETS;
export const INSURANCE_PRESET_NAMES = Object.keys(INSURANCE_PRESETS) as InsurancePreset[];

/**
 * Whether the insurer's new estimate of a property is due on `today` (ISO days): a cycle of `years` (0: none) since
 * the last estimate, on its anniversary or after; a property never estimated is due as soon as there is a cycle.
 * 29 February counts as 28 February in a common year.
 */
export function reestimationDue(estimatedOn: string | null, years: number, today: string): boolean {
  if (years <= 0) return false;
  if (!estimatedOn) return true;
  const [y, m, d] = estimatedOn.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  const due = `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return today >= due;
}

/** A property's insurance values as the API gives them (decimal strings or null). */
export interface InsuranceValues {
  insurance_value_new: string | null;
  insurance_value_current: string | null;
  insurance_value_reduced: string | null;
  insurance_index_base: string | null;
}

/** `reindexed`: new values; `below_threshold`: the index moved too little; `no_base`: no new value or no index at
 * the last estimate to scale from; `unchanged`: the index is where it was. */
export type ReindexOutcome = 'reindexed' | 'below_threshold' | 'no_base' | 'unchanged';

export interface Reindexed {
  outcome: ReindexOutcome;
  /** The index's move since the last estimate, in percent to two places (null without a base). */
  change_percent: string | null;
  values: InsuranceValues;
}

const int = (n: number): Dec => ({ units: BigInt(n), scale: 0 });
const positive = (d: Dec | null): d is Dec => d !== null && d.units > 0n;
const abs = (d: Dec): Dec => (d.units < 0n ? { units: -d.units, scale: d.scale } : d);
/** a > b, exactly. */
const greater = (a: Dec, b: Dec) => sub(a, b).units > 0n;

/** `value` × now ÷ base, rounded half up to the rule's rounding, as money. */
function scaled(value: Dec, now: Dec, base: Dec, rounding: number): string {
  const units = div(mul(value, now), mul(base, int(rounding)), 0);
  return decToString(mul(units, int(rounding)), 2);
}

/**
 * The values after re-indexing to the index value `indexNow` under `rule`: the new value scaled by the index's
 * move since the last estimate (`insurance_index_base`) when it moved by more than the threshold, the current value
 * by the same factor (the wear stays what it was), the reduced value the current one once the wear exceeds the
 * rule's share (else none), and the index base the value now used. The basic value never changes.
 */
export function reindexInsurance(values: InsuranceValues, indexNow: string, rule: InsuranceRule): Reindexed {
  const now = toDec(indexNow);
  const base = toDec(values.insurance_index_base);
  const value = toDec(values.insurance_value_new);
  if (!positive(now)) throw new RangeError(`not an index value: ${indexNow}`);
  if (!positive(base) || !positive(value)) return { outcome: 'no_base', change_percent: null, values };
  const moved = sub(now, base);
  const change_percent = decToString(div(mul(moved, int(100)), base, 2), 2);
  if (moved.units === 0n) return { outcome: 'unchanged', change_percent, values };
  // |now − base| × 100 > threshold × base, in integers
  if (!greater(mul(abs(moved), int(100)), mul(int(rule.threshold), base)))
    return { outcome: 'below_threshold', change_percent, values };
  const current = toDec(values.insurance_value_current);
  const newCurrent = current && current.units >= 0n ? scaled(current, now, base, rule.rounding) : null;
  // wear = (new − current) ÷ new; the reduced value holds when wear × 100 > reducedWear × new
  const worn =
    rule.reducedWear > 0 &&
    current !== null &&
    greater(mul(sub(value, current), int(100)), mul(int(rule.reducedWear), value));
  return {
    outcome: 'reindexed',
    change_percent,
    values: {
      insurance_value_new: scaled(value, now, base, rule.rounding),
      insurance_value_current: newCurrent,
      insurance_value_reduced: worn ? newCurrent : null,
      insurance_index_base: decToString(now),
    },
  };
}

/** The rule in force: the named preset's, else the settings' own values. */
export function insuranceRule(settings: {
  insurance_preset: string;
  insurance_threshold: number;
  insurance_rounding: number;
  insurance_reduced_wear: number;
}): InsuranceRule {
  const preset = (INSURANCE_PRESETS as Record<string, InsuranceRule>)[settings.insurance_preset];
  return (
    preset ?? {
      threshold: settings.insurance_threshold,
      rounding: settings.insurance_rounding,
      reducedWear: settings.insurance_reduced_wear,
    }
  );
}
