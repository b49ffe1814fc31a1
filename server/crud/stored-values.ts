// Values the server derives (a contract's end date, an order's total) pass the same checks as values a client
// sends, before they are written: a date after the year 9999 or a sum too large for its column is a 422 naming
// the field, never a database error (docs/hostile-input.md).
import type { AnyEntity } from '../../src/entities/define';
import type { ZodType } from 'zod';
import { NUMERIC_PRECISION, isDecimalKind, type Field } from '../../src/entities/fields';
import { valueSchema } from '../../src/entities/schemas';
import { ValidationFailed } from '../http-error';
import type { MessageKey } from '../i18n/messages';

/** The largest value a numeric kind stores, e.g. 999999999999.99 for money. */
const largest = (kind: keyof typeof NUMERIC_PRECISION) => {
  const [digits, scale] = NUMERIC_PRECISION[kind];
  return `${'9'.repeat(digits - scale)}.${'9'.repeat(scale)}`;
};

/** Each field's value schema, built once (a schema is compiled on its first use: hooks check hundreds of rows). */
const schemas = new WeakMap<Field, ZodType>();
const schemaOf = (field: Field) => schemas.get(field) ?? schemas.set(field, valueSchema(field)).get(field)!;

export function assertStorable(entity: AnyEntity, values: Readonly<Record<string, unknown>>) {
  const errors: Record<string, { key: MessageKey; params?: Record<string, string | number> }[]> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
    if (!field || value === null || value === undefined) continue;
    if (schemaOf(field).safeParse(value).success) continue;
    if (field.kind === 'date' || field.kind === 'datetime') errors[name] = [{ key: 'validation.computed_date_range' }];
    else if (isDecimalKind(field.kind))
      errors[name] = [{ key: 'validation.computed_too_large', params: { max: largest(field.kind) } }];
    else if (field.kind === 'int')
      errors[name] = [{ key: 'validation.computed_too_large', params: { max: field.max ?? 2_147_483_647 } }];
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
}
