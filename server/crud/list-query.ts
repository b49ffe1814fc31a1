// The list query of a model (docs/domain/api.md, "List query"), validated strictly: sort and filter fields outside the
// model's allow-list, unknown parameters and per_page above the maximum are a 422.
import { z } from 'zod';
import type { AnyEntity } from '../../src/entities/define';
import type { Field, FieldKind } from '../../src/entities/fields';
import { isoDateTime, valueSchema } from '../../src/entities/schemas';
import { filterableFields, sortableFields } from '../../src/entities/list-rules';
import { fieldError } from '../http-error';

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
  datetime: (f) => range(isoDateTime(), f),
  enum: (f) => listOf(valueSchema(f)),
  ref: (f) => listOf(valueSchema(f)),
} satisfies { [K in FieldKind]: (field: Field) => z.ZodType };

function range(value: z.ZodType, _field: Field) {
  return z.union([value, z.strictObject({ from: value.optional(), to: value.optional() })]);
}

export function listQuerySchema(entity: AnyEntity) {
  const filterShape: Record<string, z.ZodType> = {};
  for (const name of filterableFields(entity)) {
    const field = entity.fields[name]!;
    filterShape[name] = filterSchemas[field.kind](field).optional();
  }
  filterShape.uuid = listOf(z.uuid()).optional();
  const sortable = sortableFields(entity) as [string, ...string[]];
  return z.strictObject({
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).optional(),
    cursor: z.string().max(2000).optional(),
    sort_by: z.enum(sortable).optional(),
    sort_descending: flag.optional(),
    search: z.string().max(200).optional(),
    filter: z.strictObject(filterShape).optional(),
    settings_group_uuid: z.uuid().optional(),
    property_uuids: listOf(z.uuid()).optional(),
    partition_uuids: listOf(z.uuid()).optional(),
    status_limiter: z.enum(['active', 'inactive', 'all']).optional(),
    archived: z.enum(['0', '1', 'all']).optional(),
  });
}

export type ListQuery = z.output<ReturnType<typeof listQuerySchema>>;

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
  const allowed = new Set([...filterableFields(entity), 'uuid']);
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
