// The condition of a portfolio (docs/domain/calculations.md, "Portfolio condition"): per property and for the
// selection, the condition ratio (time value ÷ replacement value, "Z/N") and the facility condition index (the
// renewal costs of the facilities to renew now ÷ the replacement value) with its band. Exact: money as decimal strings,
// the ratios in percent to two places.
import { add, decToString, div, mul, sub, toDec, type Dec } from './decimal';

export const CONDITION_BANDS = ['good', 'fair', 'poor', 'critical'] as const;
export type ConditionBand = (typeof CONDITION_BANDS)[number];

/** What a facility adds: its renewal costs (its replacement value), time value and status (null: none). */
export interface ConditionFacility {
  renewal_costs: string | null;
  time_value: string | null;
  renewal_status: string | null;
}

export interface ConditionFigures {
  facilities: number;
  /** Facilities counted but without renewal costs (no unit price anywhere): they add nothing to the sums. */
  without_costs: number;
  replacement_value: string;
  time_value: string;
  immediate_costs: string;
  /** Time value ÷ replacement value × 100; null without a replacement value. */
  condition_ratio: string | null;
  /** Renewal costs of the immediate facilities ÷ replacement value × 100; null without a replacement value. */
  fci: string | null;
  band: ConditionBand | null;
}

const ZERO: Dec = { units: 0n, scale: 0 };
const HUNDRED: Dec = { units: 100n, scale: 0 };

/** The band of a facility condition index in percent: good below 5, fair 5 to 10, poor above 10 to 30, critical
 * above 30. */
export function fciBand(percent: string): ConditionBand {
  const p = toDec(percent);
  if (!p) throw new RangeError(`not a percentage: ${percent}`);
  const above = (limit: number) => sub(p, { units: BigInt(limit), scale: 0 }).units > 0n;
  if (sub(p, { units: 5n, scale: 0 }).units < 0n) return 'good';
  return above(30) ? 'critical' : above(10) ? 'poor' : 'fair';
}

/** The sums and ratios over `facilities` (the excluded ones are left out before: they have no figures). */
export function conditionFigures(facilities: readonly ConditionFacility[]): ConditionFigures {
  let replacement = ZERO;
  let time = ZERO;
  let immediate = ZERO;
  let withoutCosts = 0;
  for (const f of facilities) {
    const costs = toDec(f.renewal_costs);
    if (!costs) {
      withoutCosts++;
      continue;
    }
    replacement = add(replacement, costs);
    time = add(time, toDec(f.time_value) ?? ZERO);
    if (f.renewal_status === 'immediate') immediate = add(immediate, costs);
  }
  const known = replacement.units > 0n;
  const percent = (part: Dec) => (known ? decToString(div(mul(part, HUNDRED), replacement, 2), 2) : null);
  const fci = percent(immediate);
  return {
    facilities: facilities.length,
    without_costs: withoutCosts,
    replacement_value: decToString(replacement, 2),
    time_value: decToString(time, 2),
    immediate_costs: decToString(immediate, 2),
    condition_ratio: percent(time),
    fci,
    band: fci === null ? null : fciBand(fci),
  };
}
