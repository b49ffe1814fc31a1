// zod schemas derived from a model definition: create, update, record (reply), list query. Used by the server
// (validation + OpenAPI) and the browser (types, client-side checks before a save or a paste).
import { z } from 'zod';
import type { AnyEntity } from './define';
import { NUMERIC_PRECISION, isWritable, type Field, type FieldKind } from './fields';

export const DECIMAL = /^-?\d+(\.\d+)?$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day (yyyy-mm-dd already matched): the month exists and has that day. */
export const validDate = (s: string) => {
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return m >= 1 && m <= 12 && d >= 1 && d <= days;
};

/** A decimal as a string with at most the kind's scale and digits; numbers are accepted and turned into strings. */
function decimal(kind: keyof typeof NUMERIC_PRECISION, field: Field & { min?: number; max?: number }) {
  const [digits, scale] = NUMERIC_PRECISION[kind];
  return z
    .union([z.string().trim().regex(DECIMAL, 'errors.decimal'), z.number().finite()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .superRefine((v, ctx) => {
      const [int = '', frac = ''] = v.replace('-', '').split('.');
      if (frac.length > scale) ctx.addIssue({ code: 'custom', message: 'errors.decimal_scale', params: { scale } });
      if (int.replace(/^0+/, '').length > digits - scale)
        ctx.addIssue({ code: 'custom', message: 'errors.decimal_digits' });
      const n = Number(v);
      if (field.min !== undefined && n < field.min)
        ctx.addIssue({ code: 'too_small', origin: 'number', minimum: field.min, inclusive: true, input: n });
      if (field.max !== undefined && n > field.max)
        ctx.addIssue({ code: 'too_big', origin: 'number', maximum: field.max, inclusive: true, input: n });
    });
}

/** The value schema of one field, without nullability. */
export const valueSchemas = {
  text: (fl) =>
    z
      .string()
      .trim()
      .max('max' in fl && fl.max ? fl.max : 200),
  long_text: (fl) => z.string().max('max' in fl && fl.max ? fl.max : 20_000),
  email: () => z.email().max(254),
  phone: () =>
    z
      .string()
      .trim()
      .max(40)
      .regex(/^[+\d\s()./-]*$/, 'errors.phone'),
  int: (fl) => {
    let s = z.number().int().min(-2_147_483_648).max(2_147_483_647);
    if ('min' in fl && fl.min !== undefined) s = s.min(fl.min);
    if ('max' in fl && fl.max !== undefined) s = s.max(fl.max);
    return s;
  },
  decimal: (fl) => decimal('decimal', fl),
  money: (fl) => decimal('money', fl),
  area: (fl) => decimal('area', fl),
  percent: (fl) => decimal('percent', fl),
  geo: (fl) => decimal('geo', fl),
  bool: () => z.boolean(),
  date: () => z.string().regex(DATE, 'errors.date').refine(validDate, 'errors.date'),
  datetime: () => z.iso.datetime({ offset: true }),
  enum: (fl) => z.enum((fl as Extract<Field, { kind: 'enum' }>).values as [string, ...string[]]),
  ref: () => z.uuid(),
} satisfies { [K in FieldKind]: (field: Field) => z.ZodType };

export const valueSchema = (field: Field): z.ZodType => valueSchemas[field.kind](field);

const hasDefault = (field: Field) => 'default' in field && field.default !== undefined;

export function createSchema(entity: AnyEntity) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isWritable(field)) continue;
    const value = valueSchema(field);
    shape[name] = field.required && !hasDefault(field) ? value : value.nullable().optional();
  }
  shape.attributes = z.record(z.string(), z.unknown()).optional();
  if (entity.scope === 'settings_group') shape.settings_group_uuid = z.uuid().optional();
  return z.strictObject(shape);
}

export function updateSchema(entity: AnyEntity) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isWritable(field)) continue;
    const value = valueSchema(field);
    shape[name] = (field.required ? value : value.nullable()).optional();
  }
  shape.attributes = z.record(z.string(), z.unknown()).optional();
  /** The version the client edited (alternative to If-Match): a stale one is a 409. */
  shape.updated_at = z.iso.datetime({ offset: true }).optional();
  return z.strictObject(shape);
}

/** The reply shape of one record: system fields, every field, links. */
export function recordSchema(entity: AnyEntity) {
  const shape: Record<string, z.ZodType> = {
    uuid: z.string(),
    settings_group_uuid: z.string(),
    created_at: z.string(),
    created_by: z.string().nullable(),
    updated_at: z.string(),
    updated_by: z.string().nullable(),
    archived_at: z.string().nullable(),
    archived_by: z.string().nullable(),
    attributes: z.record(z.string(), z.unknown()),
    links: z.record(z.string(), z.string()),
  };
  for (const [name, field] of Object.entries(entity.fields)) shape[name] = replyValue(field).nullable();
  return z.object(shape);
}

function replyValue(field: Field): z.ZodType {
  switch (field.kind) {
    case 'int':
      return z.number();
    case 'bool':
      return z.boolean();
    default:
      return z.string();
  }
}
