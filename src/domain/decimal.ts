// Exact decimal arithmetic on the API's decimal strings (decimals never travel as floats; docs/domain/fields.md,
// "Numbers, money and dates"): a value is a BigInt of units and a scale. The one decimal module of the product: order
// totals (./money), bulk operations, the range footer's sum and average, fill series (docs/decisions.md, "Where we
// write what a library does").

export interface Dec {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal from an API value (string or number); null when it is not a plain decimal. */
export function toDec(value: unknown): Dec | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    value = Number.isInteger(value) ? String(value) : String(value);
  }
  if (typeof value !== 'string') return null;
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2]}${fraction}`);
  return { units: m[1] ? -units : units, scale: fraction.length };
}

const pow10 = (n: number) => 10n ** BigInt(n);

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export const add = (a: Dec, b: Dec): Dec => {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
};

export const sub = (a: Dec, b: Dec): Dec => add(a, { units: -b.units, scale: b.scale });

export const mul = (a: Dec, b: Dec): Dec => ({ units: a.units * b.units, scale: a.scale + b.scale });

/** Rounds half away from zero to `scale` places. */
export function round(a: Dec, scale: number): Dec {
  if (a.scale <= scale) return { units: a.units * pow10(scale - a.scale), scale };
  const divisor = pow10(a.scale - scale);
  const negative = a.units < 0n;
  const abs = negative ? -a.units : a.units;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return { units: negative ? -q : q, scale };
}

/** Division rounded to `scale` places (for averages). */
export function div(a: Dec, b: Dec, scale: number): Dec {
  if (b.units === 0n) throw new RangeError('division by zero');
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); compute with two extra digits, then round.
  const extra = scale + 2;
  const numerator = a.units * pow10(b.scale + extra);
  const denominator = b.units * pow10(a.scale);
  return round({ units: numerator / denominator, scale: extra }, scale);
}

/** The API's text of a decimal: exactly `scale` places when given, else the value's own. */
export function decToString(a: Dec, scale?: number): string {
  const r = scale === undefined ? a : round(a, scale);
  const negative = r.units < 0n;
  const digits = (negative ? -r.units : r.units).toString().padStart(r.scale + 1, '0');
  const whole = r.scale === 0 ? digits : `${digits.slice(0, -r.scale)}.${digits.slice(-r.scale)}`;
  return negative && r.units !== 0n ? `-${whole}` : whole;
}

/** Equal as numbers (1.50 = 1.5). */
export function decEquals(a: Dec, b: Dec): boolean {
  const [x, y] = align(a, b);
  return x === y;
}
