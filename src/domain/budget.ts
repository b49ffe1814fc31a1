// Budgets (docs/domain/calculations.md, "Budgets"): what a write that would overspend a budget meets, and the
// arithmetic of how much a write draws on it, on exact decimals (./decimal), never floats.
import { decToString, sub, toDec, type Dec } from './decimal';

export const BUDGET_EXCEEDED_ACTIONS = ['stop', 'warn', 'ignore'] as const;
export type BudgetExceededAction = (typeof BUDGET_EXCEEDED_ACTIONS)[number];

const ZERO: Dec = { units: 0n, scale: 0 };
const dec = (v: unknown): Dec => toDec(v) ?? ZERO;

/** new − old, as an exact decimal (null or a non-number counts as 0). */
export const drawDelta = (newAmount: unknown, oldAmount: unknown): Dec => sub(dec(newAmount), dec(oldAmount));

/**
 * Whether drawing `delta` more on a budget with `available` left overspends it: only a write that draws more
 * (delta > 0) and leaves less than nothing does. A write that lowers what is drawn is never refused, even on a
 * budget already overspent.
 */
export function overspends(available: unknown, delta: Dec): boolean {
  if (delta.units <= 0n) return false;
  return sub(dec(available), delta).units < 0n;
}

/** A decimal as a plain string (for messages: the available amount). */
export const decimalText = (v: unknown) => decToString(dec(v));
