// Order and bill totals on decimal strings (never floats; docs/domain/calculations.md, "Order totals", "Document
// totals"), computed exactly with the one decimal module (./decimal) and rounded half away from zero to two places at
// the end.
import { add, decEquals, decToString, div, mul, round, sub, toDec, type Dec } from './decimal';

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
export const LINE_INPUTS = ['quantity', 'unit_price', 'tax', 'discount', 'discount_amount'] as const;

/** quantity × unit_price × (1 − discount %) − discount amount, exact; null when a number is missing. */
function exactNet(line: Readonly<Record<string, unknown>>): Dec | null {
  const q = toScaled(line.quantity);
  const p = toScaled(line.unit_price);
  if (q === null || p === null) return null;
  const d = line.discount == null ? ZERO : toScaled(line.discount);
  const a = line.discount_amount == null ? ZERO : toScaled(line.discount_amount);
  if (d === null || a === null) return null;
  return sub(hundredth(mul(mul(q, p), percent(d, -1n))), a);
}

const tooLarge = (total: string) => total.replace('-', '').split('.')[0]!.length > 12;

/** A line's net: quantity × unit_price × (1 − discount %) − discount amount, to two places; null when a number is
 * missing or it has more than 12 digits before the point. */
export function lineNet(line: Readonly<Record<string, unknown>>): string | null {
  const net = exactNet(line);
  if (net === null) return null;
  const text = fromScaled(net);
  return tooLarge(text) ? null : text;
}

/** Whether a line's discount amount takes more than the line is worth (its net would be below zero). */
export const discountExceedsLine = (line: Readonly<Record<string, unknown>>): boolean => {
  const net = exactNet(line);
  return net !== null && net.units < 0n;
};

/** (quantity × unit_price × (1 − discount %) − discount amount) × (1 + tax %), to two places; null when a number is
 * missing or the total has more than 12 digits before the point (more than LARGEST_TOTAL). */
export function lineTotal(line: Readonly<Record<string, unknown>>): string | null {
  const net = exactNet(line);
  if (net === null) return null;
  const t = line.tax == null ? ZERO : toScaled(line.tax);
  if (t === null) return null;
  const total = fromScaled(hundredth(mul(net, percent(t, 1n))));
  return tooLarge(total) ? null : total;
}

/** The smallest coin a currency is paid in, where it is not a cent (a Swiss franc's total is paid to 0.05). */
export const CASH_ROUNDING: Readonly<Record<string, string>> = { CHF: '0.05' };

/** What a settings group rounds francs to (its finance setting `cash_rounding`: '0.05', or '0.01' for none). */
export type CashRounding = '0.05' | '0.01';

/** An amount rounded to what its currency is paid in (half away from zero; to the cent for other currencies, and
 * for francs where the settings group says '0.01'). */
export function payable(amount: string, currency: unknown, rounding: CashRounding = '0.05'): string {
  const coin = CASH_ROUNDING[String(currency)];
  const step = toDec(coin && rounding === '0.05' ? coin : '0.01')!;
  // the number of coins, rounded half away from zero (exact: an amount to the cent over a coin of 1 or 5 cents),
  // times the coin
  const value = round(toScaled(amount) ?? ZERO, 2);
  const coins = div(value, step, 0);
  const rounded = mul(coins, step);
  // an amount at the largest total is paid rounded down rather than past what the columns hold
  const largest = toDec(LARGEST_TOTAL)!;
  const over = (d: Dec) =>
    (d.units < 0n ? sub({ units: -d.units, scale: d.scale }, largest) : sub(d, largest)).units > 0n;
  if (!over(rounded)) return decToString(rounded, 2);
  return decToString(mul(sub(coins, { units: coins.units < 0n ? -1n : 1n, scale: 0 }), step), 2);
}

/** What one tax rate amounts to in a document: the nets of its lines and their tax. */
export interface RateTotal {
  rate: string;
  net: string;
  tax: string;
}

export interface DocumentTotals {
  /** The lines' net before the document's own discount. */
  subtotal: string;
  /** The document's own discount, in money (0.00 without one). */
  discount_total: string;
  net_total: string;
  tax_total: string;
  total: string;
  payable_total: string;
  rates: RateTotal[];
}

/** A document's own discount (an order's, a bill's): a percentage of its lines' net, then an amount off it. */
export interface DocumentDiscount {
  discount?: unknown;
  discount_amount?: unknown;
}

/** The lines' net once the document's discount is taken off: `subtotal × (1 − discount %)` to the cent, less the
 * discount amount; null when a number is not one. May be below zero (see `documentDiscountExceeds`). */
function discountedNet(subtotal: Dec, d: DocumentDiscount): Dec | null {
  const p = d.discount == null || d.discount === '' ? ZERO : toScaled(d.discount);
  const a = d.discount_amount == null || d.discount_amount === '' ? ZERO : toScaled(d.discount_amount);
  if (p === null || a === null) return null;
  return sub(round(hundredth(mul(subtotal, percent(p, -1n))), 2), a);
}

/** The lines' net when a document's discount takes more than it is worth, else null. */
export function discountExceeding(
  lines: readonly Readonly<Record<string, unknown>>[],
  d: DocumentDiscount,
): string | null {
  const net = lines.reduce<Dec>((total, l) => add(total, toDec(lineNet(l)) ?? ZERO), ZERO);
  const after = discountedNet(net, d);
  return after !== null && after.units < 0n ? fromScaled(net) : null;
}

/**
 * The totals of an order or a bill from its lines (docs/domain/calculations.md, "Document totals"): each line's net
 * and gross to the cent, its tax the difference; per tax rate the sums of its lines' nets and taxes; the document's
 * net, tax and gross the sums (so net + tax = gross = Σ line totals, to the cent), and the gross as its currency is
 * paid. Lines whose numbers are missing count nothing.
 *
 * The document's own discount (`discount`) comes off the lines' net (`subtotal`): the net becomes
 * `subtotal × (1 − discount %) − discount amount` to the cent (never below zero), and the tax shrinks in the same
 * proportion, to the cent; per rate, the net and tax shrink alike, the cents left over by rounding going to the rate
 * with the largest net, so the rates still add up to the document's net and tax.
 */
export function documentTotals(
  lines: readonly Readonly<Record<string, unknown>>[],
  currency: unknown,
  rounding?: CashRounding,
  discount: DocumentDiscount = {},
): DocumentTotals {
  const rates = new Map<string, { net: Dec; tax: Dec }>();
  let net = ZERO;
  let gross = ZERO;
  for (const line of lines) {
    const n = toDec(lineNet(line));
    const g = toDec(lineTotal(line));
    if (n === null || g === null) continue;
    const rate = decToString(toScaled(line.tax ?? 0) ?? ZERO);
    const key = String(Number(rate));
    const at = rates.get(key) ?? { net: ZERO, tax: ZERO };
    rates.set(key, { net: add(at.net, n), tax: add(at.tax, sub(g, n)) });
    net = add(net, n);
    gross = add(gross, g);
  }
  const subtotal = round(net, 2);
  let tax = round(sub(gross, net), 2);
  let after = discountedNet(subtotal, discount) ?? subtotal;
  if (after.units < 0n) after = ZERO;
  let byRate = [...rates.entries()].map(([rate, t]) => ({ rate, net: round(t.net, 2), tax: round(t.tax, 2) }));
  if (subtotal.units !== 0n && !decEquals(after, subtotal)) {
    // each figure × after ÷ subtotal, to the cent
    const shrink = (d: Dec) => div(mul(d, after), subtotal, 2);
    const newTax = shrink(tax);
    const shrunk = byRate.map((r) => ({ rate: r.rate, net: shrink(r.net), tax: shrink(r.tax) }));
    const largest = shrunk.reduce(
      (best, r, i) => (Number(byRate[i]!.net.units) > Number(byRate[best]!.net.units) ? i : best),
      0,
    );
    const sumOf = (k: 'net' | 'tax') => shrunk.reduce<Dec>((total, r) => add(total, r[k]), ZERO);
    if (shrunk.length) {
      const top = shrunk[largest]!;
      top.net = add(top.net, sub(after, sumOf('net')));
      top.tax = add(top.tax, sub(newTax, sumOf('tax')));
    }
    byRate = shrunk;
    tax = newTax;
  } else after = subtotal;
  const total = fromScaled(add(after, tax));
  return {
    subtotal: fromScaled(subtotal),
    discount_total: fromScaled(sub(subtotal, after)),
    net_total: fromScaled(after),
    tax_total: fromScaled(tax),
    total,
    payable_total: payable(total, currency, rounding),
    rates: byRate
      .sort((a, b) => Number(a.rate) - Number(b.rate))
      .map((r) => ({ rate: r.rate, net: fromScaled(r.net), tax: fromScaled(r.tax) })),
  };
}

/** The net and tax of an amount that includes tax at `rate` % (a bill typed without lines): net = amount ÷ (1 + rate
 * %) to the cent, tax the rest. */
export function splitGross(amount: unknown, rate: unknown): { net_total: string; tax_total: string } | null {
  const gross = toScaled(amount);
  if (gross === null) return null;
  const r = rate == null ? ZERO : toScaled(rate);
  if (r === null) return null;
  const n = div(mul(gross, { units: 100n, scale: 0 }), percent(r, 1n), 2);
  return { net_total: fromScaled(n), tax_total: fromScaled(sub(gross, n)) };
}

/** The sum of decimal strings, to two places. */
export function sum(values: readonly unknown[]): string {
  return fromScaled(values.reduce<Dec>((total, v) => add(total, toScaled(v) ?? ZERO), ZERO));
}

/** The totals of a bill without lines: its amount split by its own tax rate, and paid as its currency is. */
export function billOwnTotals(bill: Readonly<Record<string, unknown>>, rounding?: CashRounding) {
  const split = splitGross(bill.amount, bill.tax);
  return {
    net_total: split?.net_total ?? null,
    tax_total: split?.tax_total ?? null,
    payable_total: bill.amount == null ? null : payable(String(bill.amount), bill.currency, rounding),
  };
}
