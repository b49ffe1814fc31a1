// Meter readings (docs/domain/calculations.md, "Consumption and anomalies"): a reading's consumption is the
// difference to the counter's previous reading times the counter's factor for cumulative counters, the value times
// the factor otherwise; the first reading of a cumulative counter has none. A reading is anomalous when its
// consumption is negative or more than twice the average consumption of the (up to) six readings before it
// (negative consumptions left out of the average).
// Exact decimals throughout (./decimal): consumption is kept to 4 places, the comparison with the average is exact.
import { add, decToString, div, mul, round, sub, toDec, type Dec } from './decimal';

export const MEASUREMENT_STATES = ['valid', 'anomalous'] as const;
export type MeasurementState = (typeof MEASUREMENT_STATES)[number];
export const COUNTER_MEDIA = ['electricity', 'water', 'gas', 'heat', 'oil', 'other'] as const;
export const MEASUREMENT_SOURCES = ['manual', 'import', 'notifier', 'api'] as const;
/** How many readings before one make the average it is compared with. */
export const ANOMALY_WINDOW = 6;
/** Consumption above this multiple of the average is anomalous (exactly this multiple is not). */
export const ANOMALY_FACTOR = 2n;
/** Places of a stored consumption (the decimal kind's scale). */
export const CONSUMPTION_SCALE = 4;

export interface CounterRule {
  /** Decimal string (> 0); missing counts as 1. */
  factor: unknown;
  /** Cumulative counters show a meter position; others the consumption of the period itself. */
  is_cumulative: unknown;
}

export interface Reading {
  value: unknown;
}

export interface Computed {
  consumption: string | null;
  status: MeasurementState;
}

const ONE: Dec = { units: 1n, scale: 0 };

/** The consumption of `reading` after `previous` (null: it is the counter's first reading). */
export function consumptionOf(counter: CounterRule, reading: Reading, previous: Reading | null): Dec | null {
  const value = toDec(reading.value);
  if (!value) return null;
  const factor = toDec(counter.factor) ?? ONE;
  if (counter.is_cumulative === false) return round(mul(value, factor), CONSUMPTION_SCALE);
  const before = previous ? toDec(previous.value) : null;
  if (!before) return null;
  return round(mul(sub(value, before), factor), CONSUMPTION_SCALE);
}

/**
 * Whether a consumption is anomalous given the consumptions of the readings before it (oldest first; only the last
 * six count, and of those neither the ones without a consumption nor negative ones: a replaced or misread meter
 * would make the average negative and every later reading anomalous): negative, or more than twice their average.
 * Without an average only a negative one is.
 */
export function isAnomalous(consumption: Dec | null, earlier: readonly unknown[]): boolean {
  return anomalousAgainst(
    consumption,
    earlier.slice(-ANOMALY_WINDOW).map((e) => (isDec(e) ? e : toDec(e))),
  );
}

const isDec = (v: unknown): v is Dec => typeof v === 'object' && v !== null && 'units' in v;

/** `isAnomalous` over the window already parsed (the last six consumptions, null for none). */
function anomalousAgainst(consumption: Dec | null, last: readonly (Dec | null)[]): boolean {
  if (!consumption) return false;
  if (consumption.units < 0n) return true;
  const window = last.filter((d): d is Dec => d !== null && d.units >= 0n);
  if (!window.length) return false;
  // consumption > 2 × (sum / n)  ⇔  consumption × n > 2 × sum (exact, no rounded average)
  const total = window.reduce(add, { units: 0n, scale: 0 });
  const left = mul(consumption, { units: BigInt(window.length), scale: 0 });
  const right = mul(total, { units: ANOMALY_FACTOR, scale: 0 });
  return compare(left, right) > 0;
}

function compare(a: Dec, b: Dec): number {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(scale - a.scale);
  const y = b.units * 10n ** BigInt(scale - b.scale);
  return x === y ? 0 : x > y ? 1 : -1;
}

/**
 * Consumption and status of a counter's readings in time order, from `from` on: `series` is every live reading of
 * the counter, oldest first, the ones before `from` with their stored consumption (they are not recomputed).
 */
export function computeSeries(
  counter: CounterRule,
  series: readonly (Reading & { consumption?: unknown })[],
  from = 0,
): Computed[] {
  // the window of the last six consumptions, each parsed once (an import chunk computes hundreds of readings)
  const window: (Dec | null)[] = series
    .slice(Math.max(0, from - ANOMALY_WINDOW), from)
    .map((r) => toDec(r.consumption));
  const out: Computed[] = [];
  for (let i = from; i < series.length; i++) {
    const c = consumptionOf(counter, series[i]!, i > 0 ? series[i - 1]! : null);
    out.push({
      consumption: c ? decToString(c, CONSUMPTION_SCALE) : null,
      status: anomalousAgainst(c, window) ? 'anomalous' : 'valid',
    });
    window.push(c ? round(c, CONSUMPTION_SCALE) : null);
    if (window.length > ANOMALY_WINDOW) window.shift();
  }
  return out;
}

/** The periods a counter's consumption is summed over (docs/domain/calculations.md, "Consumption per period"). */
export const CONSUMPTION_PERIODS = ['month', 'year'] as const;
export type ConsumptionPeriod = (typeof CONSUMPTION_PERIODS)[number];

/**
 * A period's consumption per m² of energy reference area, to four places (rounded half away from zero); null when
 * the property has no area (none, zero or negative) or the period no consumption.
 */
export function perSquareMetre(consumption: unknown, area: unknown): string | null {
  const c = toDec(consumption);
  const a = toDec(area);
  if (!c || !a || a.units <= 0n) return null;
  return decToString(div(c, a, CONSUMPTION_SCALE), CONSUMPTION_SCALE);
}
