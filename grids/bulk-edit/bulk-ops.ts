// Bulk edit operations on one field of many records: set and clear for every kind, and for numbers add,
// subtract, multiply and percent, computed exactly on decimal strings and rounded to the field's scale.
import { isDecimalKind, isNumericKind, NUMERIC_PRECISION, type Field } from '../../src/entities/fields';
import { add, decEquals, decToString, mul, round, sub, toDec, type Dec } from '../../src/domain/decimal';

export type BulkOperation = 'set' | 'clear' | 'add' | 'subtract' | 'multiply' | 'percent';

export const NUMBER_OPERATIONS: readonly BulkOperation[] = ['add', 'subtract', 'multiply', 'percent'];

/** The operations a field offers (numbers also calculate). */
export function operationsFor(field: Field): BulkOperation[] {
  const base: BulkOperation[] = field.required ? ['set'] : ['set', 'clear'];
  return isNumericKind(field.kind) ? [...base, ...NUMBER_OPERATIONS] : base;
}

export type BulkResult = { ok: true; value: unknown } | { ok: false; reason: 'empty' | 'notNumber' };

const scaleOf = (field: Field) => (isDecimalKind(field.kind) ? NUMERIC_PRECISION[field.kind][1] : 0);

/**
 * The new value of one record's field. `operand` is the parsed value the user entered (an API value: a decimal
 * string, an int, …) for set, and a decimal string for the calculations. An empty current value stays empty
 * under a calculation (nothing to add to).
 */
export function applyOperation(field: Field, operation: BulkOperation, current: unknown, operand: unknown): BulkResult {
  if (operation === 'clear') return { ok: true, value: null };
  if (operation === 'set') return { ok: true, value: operand ?? null };
  if (current === null || current === undefined || current === '') return { ok: false, reason: 'empty' };
  const value = toDec(current);
  const by = toDec(operand);
  if (!value || !by) return { ok: false, reason: 'notNumber' };
  let result: Dec;
  if (operation === 'add') result = add(value, by);
  else if (operation === 'subtract') result = sub(value, by);
  else if (operation === 'multiply') result = mul(value, by);
  else result = add(value, mul(value, { units: by.units, scale: by.scale + 2 }));
  const scale = scaleOf(field);
  const rounded = round(result, scale);
  return { ok: true, value: field.kind === 'int' ? Number(decToString(rounded)) : decToString(rounded, scale) };
}

/** Same value as the API sees it: numbers compare as numbers ("100.00" = 100), empty is null. */
export function sameValue(field: Field, a: unknown, b: unknown): boolean {
  const x = a === '' || a === undefined ? null : a;
  const y = b === '' || b === undefined ? null : b;
  if (x === null || y === null) return x === y;
  if (isNumericKind(field.kind)) {
    const dx = toDec(x);
    const dy = toDec(y);
    if (dx && dy) return decEquals(dx, dy);
  }
  if (field.kind === 'bool') return Boolean(x) === Boolean(y);
  return x === y;
}
