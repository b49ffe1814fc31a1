// zod schemas derived from a model definition: create, update, record (reply), list query. Used by the server
// (validation + OpenAPI) and the browser (types, client-side checks before a save or a paste).
import { z } from 'zod';
import type { AnyEntity } from './define';
import { MAX_REFS, NUMERIC_PRECISION, isWritable, type Field, type FieldKind } from './fields';
import { boundedJson, freeJsonObject } from './json';
import { jsonSchemaOf } from './json-schemas';
import { DATE, isStamp, stampToIso, validDate, yearInRange } from './dates';
import { withFormat } from './text-formats';

export const DECIMAL = /^-?\d+(\.\d+)?$/;
export { DATE, MAX_YEAR, MIN_YEAR, validDate, yearInRange } from './dates';

/**
 * Text the database can store: PostgreSQL refuses the NUL character in text and JSON, and a lone UTF-16
 * surrogate has no UTF-8 form. The edge check refuses both in every request (server/plugins/input-guard.ts);
 * the schemas refuse them too, for values that arrive in files (imports).
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const storableText = (s: string) => !UNSTORABLE.test(s);

/** An instant with an offset (ISO 8601), in the allowed years both as written and in UTC, where it is stored and
 * read back (9999-12-31T23:00:00-05:00 is in the year 10000 there: docs/hostile-input.md). */
export const isoDateTime = () =>
  z.iso
    .datetime({ offset: true })
    .refine(
      (v) => yearInRange(Number(v.slice(0, 4))) && yearInRange(new Date(v).getUTCFullYear()),
      'errors.date_range',
    );

/** A decimal as a string with at most the kind's scale and digits; numbers are accepted and turned into strings. */
function decimal(kind: keyof typeof NUMERIC_PRECISION, field: Field & { min?: number; max?: number }) {
  const [digits, scale] = NUMERIC_PRECISION[kind];
  return z
    .union([
      z.string().trim().regex(DECIMAL, 'errors.decimal'),
      // a number is taken as its shortest decimal text; 1e+21 or 1e-7 have none the column can hold
      z
        .number()
        .finite()
        .transform((n) => String(n))
        .superRefine((t, ctx) => {
          if (!DECIMAL.test(t))
            ctx.addIssue({
              code: 'custom',
              message: t.includes('e+') ? 'errors.decimal_digits' : 'errors.decimal_scale',
            });
        }),
    ])
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

const text = (s: z.ZodString) => s.refine(storableText, 'errors.unstorable_text');

/** The value schema of one field, without nullability. */
export const valueSchemas = {
  text: (fl) => {
    const s = text(
      z
        .string()
        .trim()
        .max('max' in fl && fl.max ? fl.max : 200),
    );
    // A required text is a name or a title: blank (only spaces) is no value.
    return withFormat(fl.required ? s.min(1) : s, 'format' in fl ? fl.format : undefined);
  },
  long_text: (fl) => {
    const s = text(z.string().max('max' in fl && fl.max ? fl.max : 20_000));
    return fl.required ? s.refine((v) => v.trim() !== '', { message: 'errors.required' }) : s;
  },
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
  // a stamp (`stamp`: yyyy-MM-dd HH:mm:ss, UTC) is taken as the instant it names
  datetime: (fl) =>
    'stamp' in fl && fl.stamp
      ? z.string().refine(isStamp, 'errors.datetime_format').transform(stampToIso)
      : isoDateTime(),
  enum: (fl) => z.enum((fl as Extract<Field, { kind: 'enum' }>).values as [string, ...string[]]),
  // several of the values, none twice
  enums: (fl) => {
    const values = (fl as Extract<Field, { kind: 'enums' }>).values;
    return z
      .array(z.enum(values as [string, ...string[]]))
      .max(values.length)
      .refine((v) => new Set(v).size === v.length, 'errors.distinct');
  },
  ref: () => z.uuid(),
  // at most `max` uuids, none twice (compared lower-cased, as the store gives uuids back)
  refs: (fl) =>
    z
      .array(z.uuid())
      .max('max' in fl && fl.max ? fl.max : MAX_REFS)
      .superRefine((v, ctx) => {
        if (new Set(v.map((u) => u.toLowerCase())).size !== v.length)
          ctx.addIssue({ code: 'custom', message: 'errors.distinct' });
        if (fl.required && v.length === 0) ctx.addIssue({ code: 'custom', message: 'errors.required' });
      }),
  json: (fl) => boundedJson(jsonSchemaOf((fl as Extract<Field, { kind: 'json' }>).schema)),
} satisfies { [K in FieldKind]: (field: Field) => z.ZodType };

export const valueSchema = (field: Field): z.ZodType => valueSchemas[field.kind](field);

const hasDefault = (field: Field) => 'default' in field && field.default !== undefined;

/** A create's object schema without the cross-field check of filled fields (what an import narrows with `pick`). */
export function createObjectSchema(entity: AnyEntity) {
  const shape: Record<string, z.ZodType> = {};
  // a required field a picked record may fill (define.ts, `fills`) may be left out; the server checks it once filled
  const filled = filledFields(entity);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isWritable(field)) continue;
    const value = valueSchema(field);
    // A required field with a default may be left out (it takes the default), but it is never null.
    shape[name] = field.required
      ? hasDefault(field) || filled.has(name)
        ? value.optional()
        : value
      : value.nullable().optional();
  }
  shape.attributes = freeJsonObject().optional();
  // a user's own rows are in a settings group too; a global model's are in none
  if (entity.scope === 'settings_group' || entity.scope === 'user') shape.settings_group_uuid = z.uuid().optional();
  return z.strictObject(shape);
}

const filledFields = (entity: AnyEntity) => new Set((entity.fills ?? []).flatMap((fill) => fill.provides));

/**
 * A create's object schema with the check of the required fields a fill may provide: one left out is refused unless
 * a reference that may fill it is given (also when other fields are wrong, so one reply names every field missing).
 */
export function withFilledCheck<T extends z.ZodObject>(entity: AnyEntity, schema: T): T {
  const fills = entity.fills ?? [];
  if (!fills.length) return schema;
  const required = [...filledFields(entity)].filter((name) => entity.fields[name]?.required);
  return schema.superRefine(
    (body: Record<string, unknown>, ctx) => {
      for (const name of required) {
        if (body[name] != null) continue;
        if (fills.some((fill) => fill.provides.includes(name) && body[fill.ref] != null)) continue;
        ctx.addIssue({ code: 'custom', path: [name], message: 'errors.required' });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );
}

export const createSchema = (entity: AnyEntity) => withFilledCheck(entity, createObjectSchema(entity));

export function updateSchema(entity: AnyEntity) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isWritable(field)) continue;
    const value = valueSchema(field);
    shape[name] = (field.required ? value : value.nullable()).optional();
  }
  shape.attributes = freeJsonObject().optional();
  /** The version the client edited (alternative to If-Match): a stale one is a 409. */
  shape.updated_at = isoDateTime().optional();
  return z.strictObject(shape);
}

/** The reply shape of one record: system fields, every field, links. */
export function recordSchema(entity: AnyEntity) {
  const shape: Record<string, z.ZodType> = {
    uuid: z.string(),
    // a global model's records belong to no settings group (define.ts, `Scope`)
    settings_group_uuid: entity.scope === 'global' ? z.string().nullable() : z.string(),
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
    case 'refs':
      return z.array(z.string());
    case 'json':
      return z.unknown();
    default:
      return z.string();
  }
}
