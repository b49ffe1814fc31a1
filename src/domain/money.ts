// Order totals on decimal strings (never floats; docs/domain/calculations.md, "Order totals"), computed exactly with
// the one decimal module (./decimal) and rounded half away from zero to two places at the end.
import { add, decToString, mul, round, toDec, type Dec } from './decimal';

/** Decimals a value keeps before it takes part in a total (more places are cut off). */
const SCALE = 6;

/** A decimal string or number as an exact decimal of at most six places, or null when it is not a number. */
export function toScaled(v: unknown): Dec | null {
  const d = toDec(v);
  if (!d || d.scale <= SCALE) return d;
  // cut off, as the total's inputs always were: toward zero
  const cut = 10n ** BigInt(d.scale - SCALE);
  return { units: d.units / cut, scale: SCALE };
}

/** A decimal as a string with `places` decimals, rounded half away from zero. */
export function fromScaled(d: Dec, places = 2): string {
  return decToString(round(d, places));
}

const ZERO: Dec = { units: 0n, scale: 0 };
const percent = (p: Dec, sign: 1n | -1n): Dec =>
  add({ units: 100n, scale: 0 }, { units: sign * p.units, scale: p.scale });
const hundredth = (d: Dec): Dec => ({ units: d.units, scale: d.scale + 2 });

/** The largest total a line, an order or a bill stores (money: 12 digits before the point). */
export const LARGEST_TOTAL = '999999999999.99';

/** The inputs of a line's total, the likeliest cause of one too large first (docs/hostile-input.md). */
export const LINE_INPUTS = ['quantity', 'unit_price', 'tax', 'discount'] as const;

/** quantity × unit_price × (1 − discount %) × (1 + tax %), to two places; null when a number is missing or the
 * total has more than 12 digits before the point (more than LARGEST_TOTAL). */
export function lineTotal(line: Readonly<Record<string, unknown>>): string | null {
  const q = toScaled(line.quantity);
  const p = toScaled(line.unit_price);
  if (q === null || p === null) return null;
  const d = line.discount == null ? ZERO : toScaled(line.discount);
  const t = line.tax == null ? ZERO : toScaled(line.tax);
  if (d === null || t === null) return null;
  const net = hundredth(mul(mul(q, p), percent(d, -1n)));
  const total = fromScaled(hundredth(mul(net, percent(t, 1n))));
  return total.replace('-', '').split('.')[0]!.length > 12 ? null : total;
}

/** The sum of decimal strings, to two places. */
export function sum(values: readonly unknown[]): string {
  return fromScaled(values.reduce<Dec>((total, v) => add(total, toScaled(v) ?? ZERO), ZERO));
}
