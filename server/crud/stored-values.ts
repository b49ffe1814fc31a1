// Values the server derives (a contract's end date, a guarantee's end date, an order's total, a reading's
// consumption) pass the same checks as values a client sends, before they are written: a date outside the years
// 1800 to 9999 or a number too large for its column is a 422, never a database error. The 422 names the input the
// value was derived from — the one the write sets (`contract_duration`, `quantity`) — and says which derived value
// it would break (docs/hostile-input.md, "Values the server derives").
import type { AnyEntity } from '../../src/entities/define';
import type { ZodType } from 'zod';
import { NUMERIC_PRECISION, isDecimalKind, type Field } from '../../src/entities/fields';
import { valueSchema } from '../../src/entities/schemas';
import { ValidationFailed } from '../http-error';
import type { MessageKey } from '../i18n/messages';

/** The inputs of each derived field, the likeliest cause first (`contract_end_date: ['contract_duration', …]`). */
export type DerivedInputs = Readonly<Record<string, readonly string[]>>;

type FieldErrors = Record<string, { key: MessageKey; params?: Record<string, string | number> }[]>;

/** The largest value a numeric kind stores, e.g. 999999999999.99 for money. */
const largest = (kind: keyof typeof NUMERIC_PRECISION) => {
  const [digits, scale] = NUMERIC_PRECISION[kind];
  return `${'9'.repeat(digits - scale)}.${'9'.repeat(scale)}`;
};

/** Each field's value schema, built once (a schema is compiled on its first use: hooks check hundreds of rows). */
const schemas = new WeakMap<Field, ZodType>();
const schemaOf = (field: Field) => schemas.get(field) ?? schemas.set(field, valueSchema(field)).get(field)!;

/**
 * The input a derived value is blamed on: the first of its inputs the write sets (the write changed it, so it is
 * what made the value too large), else the first of them; `changes` absent: the first.
 */
export function blamedInput(inputs: readonly string[], changes?: Readonly<Record<string, unknown>>): string {
  return inputs.find((name) => changes && Object.hasOwn(changes, name)) ?? inputs[0]!;
}

/** What is wrong with a derived value of `field`, if anything: its range, said of the value itself. */
function problemOf(field: Field, value: unknown): { key: MessageKey; params?: Record<string, string | number> } | null {
  if (schemaOf(field).safeParse(value).success) return null;
  if (field.kind === 'date' || field.kind === 'datetime') return { key: 'validation.computed_date_range' };
  if (isDecimalKind(field.kind)) return { key: 'validation.computed_too_large', params: { max: largest(field.kind) } };
  if (field.kind === 'int')
    return { key: 'validation.computed_too_large', params: { max: field.max ?? 2_147_483_647 } };
  return { key: 'validation.format' };
}

/** A derived value's message said of the value, and said of the input it came from. */
const SAID_OF_INPUT: Partial<Record<MessageKey, MessageKey>> = {
  'validation.computed_date_range': 'validation.derived_date_range',
  'validation.computed_too_large': 'validation.derived_too_large',
};

/** How a derived value's error is put on its input. */
export interface Blame {
  /** The inputs of each derived field (a field without any keeps its own error). */
  inputs?: DerivedInputs;
  /** What the write sets: the input blamed is the first of these (`blamedInput`). */
  changes?: Readonly<Record<string, unknown>>;
  /** The record the derived value is stored on, when it is not the one written (`order`: "the order total"). */
  owner?: string;
}

/**
 * Moves errors on derived fields to the input each was derived from (`inputs`, the one the write sets: see
 * `blamedInput`), saying which derived value the input would break; an error on a field without inputs stays where
 * it is. A derived value whose own inputs include another derived value in error is left out (the end date too far
 * makes the cancellation date too far as well: one error, on the input that caused both).
 */
export function onInputs(errors: FieldErrors, o: Blame = {}) {
  const { inputs, changes } = o;
  const out: FieldErrors = Object.create(null) as FieldErrors;
  for (const [name, list] of Object.entries(errors)) {
    const from = inputs && Object.hasOwn(inputs, name) ? inputs[name]! : undefined;
    // only a derived value out of range moves; any other error on the field (an end before the start) stays
    if (!from?.length || !list.every((e) => Object.hasOwn(SAID_OF_INPUT, e.key))) {
      out[name] = [...(out[name] ?? []), ...list];
      continue;
    }
    if (from.some((input) => input !== name && Object.hasOwn(errors, input))) continue;
    const input = blamedInput(from, changes);
    if (out[input]) continue; // one message per input: the first derived value it breaks
    out[input] = list.map((e) => ({
      key: SAID_OF_INPUT[e.key]!,
      // the error handler names both by their labels (server/i18n/field-labels.ts): `derived` is a field's key
      params: { ...e.params, derived: o.owner ? `${o.owner}.${name}` : name },
    }));
  }
  return Object.keys(out).length ? out : errors;
}

/**
 * Checks values about to be stored on `entity`'s record (derived by the server) against their fields' schemas; a
 * value out of range is a 422 on the input it came from (`blame`), or on its own field when it has none.
 */
export function assertStorable(entity: AnyEntity, values: Readonly<Record<string, unknown>>, blame: Blame = {}) {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(values)) {
    const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
    if (!field || value === null || value === undefined) continue;
    const problem = problemOf(field, value);
    if (problem) errors[name] = [problem];
  }
  if (Object.keys(errors).length) throw new ValidationFailed(onInputs(errors, blame));
}
