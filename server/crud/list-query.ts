// The list query of a model (docs/domain/api.md, "List query"), validated strictly: sort and filter fields outside the
// model's allow-list, unknown parameters and per_page above the maximum are a 422.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyEntity } from '../../src/entities/define';
import type { Field, FieldKind } from '../../src/entities/fields';
import { isoDateTime, valueSchema, valueSchemas } from '../../src/entities/schemas';
import { contextColumn, filterableFields, sortableFields, storedFilterFields } from '../../src/entities/list-rules';
import { entityByName } from '../../src/entities/registry';
import { ATTRIBUTE_PATH, isAttributeModel } from '../../src/domain/attributes';
import { fieldError } from '../http-error';
import { listFiltersOf, listParamsOf } from './model-behaviour';
import { col, tableOf } from './table';

/** The documented maximum page size. */
export const MAX_PER_PAGE = 500;
export const DEFAULT_PER_PAGE = 50;

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const listOf = <T extends z.ZodType>(item: T) =>
  z.union([item.transform((v) => [v]), z.array(item).max(200)]).transform((v) => v as z.output<T>[]);

/** What a filter on a field of each kind accepts. */
const filterSchemas = {
  text: () => z.string().max(200),
  long_text: () => z.string().max(200),
  email: () => z.string().max(254),
  phone: () => z.string().max(40),
  int: (f) => range(z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647), f),
  decimal: (f) => range(z.string().regex(/^-?\d+(\.\d+)?$/, 'errors.decimal'), f),
  money: (f) => range(z.string().regex(/^-?\d+(\.\d+)?$/, 'errors.decimal'), f),
  area: (f) => range(z.string().regex(/^-?\d+(\.\d+)?$/, 'errors.decimal'), f),
  percent: (f) => range(z.string().regex(/^-?\d+(\.\d+)?$/, 'errors.decimal'), f),
  geo: (f) => range(z.string().regex(/^-?\d+(\.\d+)?$/, 'errors.decimal'), f),
  bool: () => flag,
  date: (f) => range(valueSchema(f), f),
  // a field written as a stamp (`stamp`) is filtered by stamps too
  datetime: (f) => range('stamp' in f && f.stamp ? valueSchema(f) : isoDateTime(), f),
  enum: (f) => listOf(valueSchema(f)),
  ref: (f) => listOf(valueSchema(f)),
  // contains any of the uuids given
  refs: () => listOf(z.uuid()),
  // holds any of the values given
  enums: (f) => listOf(z.enum((f.kind === 'enums' ? f.values : []) as [string, ...string[]])),
  // never filtered by (src/entities/list-rules.ts)
  json: () => z.never(),
} satisfies { [K in FieldKind]: (field: Field) => z.ZodType };

/** The system columns every list may be filtered by, a day or a range of days (UTC, both ends included). */
export const SYSTEM_DATE_FILTERS = ['created_at', 'updated_at'] as const;
const systemDay = valueSchemas.date();
const systemDayRange = z.union([systemDay, z.strictObject({ from: systemDay.optional(), to: systemDay.optional() })]);

function range(value: z.ZodType, _field: Field) {
  return z.union([value, z.strictObject({ from: value.optional(), to: value.optional() })]);
}

/** What a filter on an attribute accepts before its type is known: a text, a list, or a range. */
const attributeFilterValue = z.union([
  z.string().max(200),
  z.array(z.string().max(200)).max(200),
  z.strictObject({ from: z.string().max(200).optional(), to: z.string().max(200).optional() }),
]);

const listSchemas = new WeakMap<AnyEntity, ReturnType<typeof buildListQuerySchema>>();

/** The list query's schema of `entity`, built once (the list, export, charts and delegation routes share it). */
export function listQuerySchema(entity: AnyEntity) {
  let schema = listSchemas.get(entity);
  if (!schema) listSchemas.set(entity, (schema = buildListQuerySchema(entity)));
  return schema;
}

function buildListQuerySchema(entity: AnyEntity) {
  const filterShape: Record<string, z.ZodType> = {};
  for (const name of filterableFields(entity)) {
    const field = entity.fields[name]!;
    filterShape[name] = filterSchemas[field.kind](field).optional();
  }
  filterShape.uuid = listOf(z.uuid()).optional();
  // when a record was created or last changed, by UTC day (docs/domain/api.md, "List query")
  for (const name of SYSTEM_DATE_FILTERS) filterShape[name] = systemDayRange.optional();
  for (const [name, named] of Object.entries(listFiltersOf(entity))) filterShape[name] = named.schema.optional();
  const sortable = sortableFields(entity) as [string, ...string[]];
  // a model's attributes (docs/domain/attributes.md): `filter[attributes.<key>]` and `sort_by=attributes.<key>`,
  // checked against the settings group's attributes when the list runs (crud/attributes.ts, `resolveAttributes`)
  const attributes = isAttributeModel(entity.name);
  const filter = attributes
    ? z
        .object(filterShape)
        .catchall(attributeFilterValue)
        .superRefine((f, ctx) => {
          for (const key of Object.keys(f))
            if (!Object.hasOwn(filterShape, key) && !ATTRIBUTE_PATH.test(key))
              ctx.addIssue({ code: 'unrecognized_keys', keys: [key], input: f });
        })
    : z.strictObject(filterShape);
  const sortBy = attributes ? z.union([z.enum(sortable), z.string().regex(ATTRIBUTE_PATH)]) : z.enum(sortable);
  return z.strictObject({
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).optional(),
    cursor: z.string().max(2000).optional(),
    sort_by: sortBy.optional(),
    sort_descending: flag.optional(),
    search: z.string().max(200).optional(),
    filter: (filter as unknown as z.ZodObject<typeof filterShape>).optional(),
    settings_group_uuid: z.uuid().optional(),
    property_uuids: listOf(z.uuid()).optional(),
    partition_uuids: listOf(z.uuid()).optional(),
    status_limiter: z.enum(['active', 'inactive', 'all']).optional(),
    archived: z.enum(['0', '1', 'all']).optional(),
    // offered only where records have a place (`placeOf`); elsewhere an unknown parameter (422)
    ...((placeOf(entity) ? { bbox: bboxSchema.optional() } : {}) as { bbox: z.ZodOptional<typeof bboxSchema> }),
    // the model's own parameters (model-behaviour.ts, `listParams`)
    ...(Object.fromEntries(
      Object.entries(listParamsOf(entity)).map(([name, p]) => [name, p.schema.optional()]),
    ) as Record<never, z.ZodOptional<z.ZodType>>),
  });
}

export type ListQuery = z.output<ReturnType<typeof buildListQuerySchema>>;

/** A map's bounding box in decimal degrees (docs/analytics-api.md, "Bounding box"); west > east crosses the
 * antimeridian. */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const DEGREES = /^[-+]?\d{1,3}(\.\d{1,15})?$/;

/** `bbox=west,south,east,north`: four decimal numbers, longitudes within ±180, latitudes within ±90, south not above
 * north; anything else is a 422 on `bbox`. */
export const bboxSchema = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const parts = text.split(',').map((p) => p.trim());
    const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
    const fits =
      parts.length === 4 &&
      parts.every((p) => DEGREES.test(p)) &&
      [west, east].every((x) => Math.abs(x) <= 180) &&
      [south, north].every((y) => Math.abs(y) <= 90) &&
      south <= north;
    if (!fits) {
      ctx.addIssue({ code: 'custom', message: 'errors.format', input: text });
      return z.NEVER;
    }
    return { west, south, east, north } satisfies Bbox;
  });

/**
 * Where a record lies on the map: the coordinates (the geo fields, latitude within ±90 and longitude within ±180) of
 * the record itself when it is the selected context's model, else of the record its context column refers to; null
 * for a model with neither (docs/analytics-api.md, "Bounding box").
 */
function placeOf(entity: AnyEntity) {
  const by = contextColumn(entity, 'property');
  if (!by) return null;
  const ref = entity.fields[by];
  const place = by === 'uuid' ? entity : ref?.kind === 'ref' ? entityByName(ref.model) : undefined;
  if (!place) return null;
  const axis = (max: number) =>
    Object.entries(place.fields).find(([, f]) => f.kind === 'geo' && 'max' in f && f.max === max)?.[0];
  const lat = axis(90);
  const lng = axis(180);
  return lat && lng ? { by, place, lat, lng } : null;
}

/** Inside the box: both coordinates set and within it (a place without coordinates never is). */
function insideBox(latitude: unknown, longitude: unknown, b: Bbox): SQL {
  const lng =
    b.west <= b.east
      ? sql`${longitude} between ${b.west} and ${b.east}`
      : sql`(${longitude} >= ${b.west} or ${longitude} <= ${b.east})`;
  return sql`(${latitude} between ${b.south} and ${b.north} and ${lng})`;
}

/** The bounding box of a list query on the coordinates of the record's place (`placeOf`); none without either. */
export function bboxConditions(entity: AnyEntity, bbox: Bbox | undefined): SQL[] {
  const where = bbox && placeOf(entity);
  if (!bbox || !where) return [];
  const { by, place, lat, lng } = where;
  const box = insideBox(col(place, lat), col(place, lng), bbox);
  return [
    by === 'uuid'
      ? box
      : inArray(col(entity, by), sql`(select ${col(place, 'uuid')} from ${tableOf(place)} where ${box})`),
  ];
}

/** The model's named filters in a list query's filter (`listFilters`, server/crud/model-behaviour.ts). */
export function namedFilterConditions(entity: AnyEntity, filter: ListQuery['filter'], today: string): SQL[] {
  const named = listFiltersOf(entity);
  return Object.entries(filter ?? {}).flatMap(([name, value]) =>
    value !== undefined && Object.hasOwn(named, name) ? [named[name]!.condition(value, today)] : [],
  );
}

/** The model's own list parameters in a list query (`listParams`, server/crud/model-behaviour.ts). */
export function listParamConditions(entity: AnyEntity, q: ListQuery): SQL[] {
  const given = q as Record<string, unknown>;
  return Object.entries(listParamsOf(entity)).flatMap(([name, p]) =>
    given[name] !== undefined ? [p.condition(given[name])] : [],
  );
}

/** A filter on a number, as the list's filters take it: a value or `{ from, to }` (both included). */
export const numberRange = z.union([
  z.string().regex(/^-?\d{1,12}(\.\d{1,4})?$/, 'errors.decimal'),
  z.strictObject({
    from: z
      .string()
      .regex(/^-?\d{1,12}(\.\d{1,4})?$/, 'errors.decimal')
      .optional(),
    to: z
      .string()
      .regex(/^-?\d{1,12}(\.\d{1,4})?$/, 'errors.decimal')
      .optional(),
  }),
]);

/** A stored filter's value of a field (docs/domain/permissions.md, "Access rules"): what the list's filter takes,
 * with JSON booleans and `{ "contains": "…" }` on text fields besides. */
function storedValueSchema(field: Field): z.ZodType {
  const plain = filterSchemas[field.kind](field);
  if (field.kind === 'bool') return z.union([z.boolean(), plain]);
  if (['text', 'long_text', 'email', 'phone'].includes(field.kind))
    return z.union([plain, z.strictObject({ contains: plain }).transform((v) => v.contains)]);
  return plain;
}

/**
 * A stored filter checked against the model's filterable fields, as the list's filter is; the value kept is the
 * parsed one (what the list's SQL takes). A field outside the list's filters or a bad value is a ValidationFailed
 * naming `${prefix}.${field}`.
 */
export function parseStoredFilter(entity: AnyEntity, filter: Record<string, unknown>, prefix: string) {
  const allowed = new Set([...storedFilterFields(entity), 'uuid']);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(filter)) {
    if (!allowed.has(name)) throw fieldError(`${prefix}.${name}`, 'validation.unknown_field');
    const schema = name === 'uuid' ? listOf(z.uuid()) : storedValueSchema(entity.fields[name]!);
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw fieldError(`${prefix}.${name}`, 'validation.format');
    out[name] = parsed.data;
  }
  return out;
}
