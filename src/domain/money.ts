// Decimal arithmetic on strings for order totals (never floats; docs/domain/calculations.md, "Order totals"). Values are scaled
// integers (BigInt); results are rounded half away from zero to two places.

const SCALE = 6;
const FACTOR = 10n ** BigInt(SCALE);

/** A decimal string or number as a scaled integer, or null when it is not a number. */
export function toScaled(v: unknown): bigint | null {
  const s = typeof v === 'number' ? String(v) : v;
  if (typeof s !== 'string') return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s.trim());
  if (!m) return null;
  const frac = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const n = BigInt(m[2]!) * FACTOR + BigInt(frac);
  return m[1] ? -n : n;
}

/** A scaled integer as a string with `places` decimals, rounded half away from zero. */
export function fromScaled(n: bigint, places = 2): string {
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const unit = 10n ** BigInt(SCALE - places);
  const rounded = (abs + unit / 2n) / unit;
  const p = 10n ** BigInt(places);
  const int = rounded / p;
  const frac = (rounded % p).toString().padStart(places, '0');
  return `${neg && rounded !== 0n ? '-' : ''}${int}${places ? `.${frac}` : ''}`;
}

const mul = (a: bigint, b: bigint) => (a * b) / FACTOR;
const HUNDRED = 100n * FACTOR;

/** quantity × unit_price × (1 − discount %) × (1 + tax %), to two places; null when a number is missing. */
export function lineTotal(line: Readonly<Record<string, unknown>>): string | null {
  const q = toScaled(line.quantity);
  const p = toScaled(line.unit_price);
  if (q === null || p === null) return null;
  const d = line.discount == null ? 0n : toScaled(line.discount);
  const t = line.tax == null ? 0n : toScaled(line.tax);
  if (d === null || t === null) return null;
  const net = mul(mul(q, p), HUNDRED - d) / 100n;
  const gross = mul(net, HUNDRED + t) / 100n;
  const total = fromScaled(gross);
  return total.replace('-', '').split('.')[0]!.length > 12 ? null : total;
}

/** The sum of decimal strings, to two places. */
export function sum(values: readonly unknown[]): string {
  let total = 0n;
  for (const v of values) total += toScaled(v) ?? 0n;
  return fromScaled(total);
}
