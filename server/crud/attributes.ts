// A settings group's own attributes on a model (docs/domain/attributes.md) in the engine: every write checks a
// record's `attributes` against the live attributes of its settings group (a 422 names `attributes.<key>`), and a
// list filters, sorts and searches by them in SQL, by the expression `attributes -> '<key>'` that an attribute's
// index holds (server/models/attribute.ts).
import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import {
  ATTRIBUTE_PATH,
  attributeKeyOf,
  checkAttributeValue,
  isAttributeModel,
  type AttributeDef,
} from '../../src/domain/attributes';
import { DATE, validDate } from '../../src/entities/schemas';
import { ValidationFailed, fieldError } from '../http-error';
import type { MessageKey, MessageParams } from '../i18n/messages';
import { escapeLike } from './like';

type Body = Record<string, unknown>;
type Errors = Record<string, { key: MessageKey; params?: MessageParams }[]>;

/**
 * A record's attributes as a write stores them, given the live attributes `defs` of its settings group and model
 * (model-behaviour.ts, `recordFieldsIn`): the request's values checked and merged into the record's (`null` removes
 * one), the defaults filled on create, a required one refused when a create leaves it out or a write clears it. A key
 * no live attribute has is refused; values of an archived attribute the record holds are kept as they are.
 */
export function recordAttributes(defs: readonly AttributeDef[], given: unknown, current: Body | null): Body {
  const request = (given ?? {}) as Body;
  const out: Body = { ...((current?.attributes as Body | null) ?? {}) };
  const errors: Errors = {};
  const byKey = new Map(defs.map((d) => [d.key, d]));
  for (const [key, value] of Object.entries(request)) {
    const def = byKey.get(key);
    const checked = def ? checkAttributeValue(def, value) : { ok: false as const, key: 'validation.unknown_field' };
    if (!checked.ok) {
      const params = 'params' in checked && checked.params ? { params: checked.params as MessageParams } : {};
      errors[`attributes.${key}`] = [{ key: checked.key as MessageKey, ...params }];
    } else if (checked.value === null) delete out[key];
    else out[key] = checked.value;
  }
  for (const def of defs) {
    if (!current && !Object.hasOwn(request, def.key) && def.default != null) out[def.key] = def.default;
    const cleared = current ? Object.hasOwn(request, def.key) : true;
    if (def.required && cleared && out[def.key] == null && !errors[`attributes.${def.key}`])
      errors[`attributes.${def.key}`] = [{ key: 'validation.required' }];
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return out;
}

/** The SQL of an attribute's value of a record: `attributes -> '<key>'`, the expression its index holds. The key is a
 * checked slug (`ATTRIBUTE_PATH`), written as a literal so that the planner matches the index. */
export function attributeExpr(entity: AnyEntity, key: string): SQL {
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(key)) throw new Error(`not an attribute key: ${key}`);
  return sql`(${sql.identifier(entity.table)}.${sql.identifier('attributes')} -> ${sql.raw(`'${key}'`)})`;
}

/** A list's filter on an attribute, parsed against its definition (`resolveAttributes`). */
export class AttributeFilter {
  constructor(
    readonly def: AttributeDef,
    readonly value: unknown,
  ) {}
}

/** The searchable attributes of a resolved list query (`resolveAttributes`). */
const searchedOf = new WeakMap<object, readonly AttributeDef[]>();

const jsonb = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** Whether a list query names attributes (a filter, the sort) or searches: then it reads the attributes first. */
export const namesAttributes = (entity: AnyEntity, q: ListParts) =>
  isAttributeModel(entity.name) &&
  (!!q.search?.trim() ||
    !!(q.sort_by && attributeKeyOf(q.sort_by)) ||
    Object.keys(q.filter ?? {}).some((k) => ATTRIBUTE_PATH.test(k)));

interface ListParts {
  filter?: Record<string, unknown>;
  sort_by?: string;
  search?: string;
}

/**
 * A list query checked against the live attributes `defs` of the settings groups it spans (a filter or sort naming
 * a key none of them has is a 422 naming it): each attribute filter's value parsed by its type, and the searchable
 * attributes a `search` also looks in kept beside the query (`attributeSearch`).
 */
export function resolveAttributes<Q extends ListParts>(q: Q, defs: readonly AttributeDef[]): Q {
  const byKey = new Map<string, AttributeDef>();
  for (const d of defs) if (!byKey.has(d.key)) byKey.set(d.key, d);
  const sortKey = q.sort_by ? attributeKeyOf(q.sort_by) : null;
  if (sortKey && !byKey.has(sortKey)) throw fieldError('sort_by', 'validation.in');
  const filter = { ...(q.filter ?? {}) };
  const errors: Errors = {};
  for (const path of Object.keys(filter).filter((k) => ATTRIBUTE_PATH.test(k))) {
    const def = byKey.get(attributeKeyOf(path)!);
    const parsed = def ? parseFilter(def, filter[path]) : undefined;
    if (parsed === undefined)
      errors[`filter.${path}`] = [{ key: def ? 'validation.format' : 'validation.unknown_field' }];
    else filter[path] = new AttributeFilter(def!, parsed);
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  const out = { ...q, filter };
  searchedOf.set(out, q.search?.trim() ? defs.filter((d) => d.searchable && isText(d)) : []);
  return out;
}

const isText = (d: AttributeDef) => d.type === 'text' || d.type === 'long_text' || d.type === 'select';

const NUMBER = /^-?\d{1,13}(\.\d{1,4})?$/;
/** A filter value of the attribute's type, or undefined when it is not one. */
function parseFilter(def: AttributeDef, value: unknown): unknown {
  const range = (one: (v: unknown) => unknown) => {
    if (typeof value === 'string') {
      const v = one(value);
      return v === undefined ? undefined : { from: v, to: v };
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const { from, to, ...rest } = value as Record<string, unknown>;
    if (Object.keys(rest).length) return undefined;
    const f = from === undefined ? undefined : one(from);
    const t = to === undefined ? undefined : one(to);
    if ((from !== undefined && f === undefined) || (to !== undefined && t === undefined)) return undefined;
    return { from: f, to: t };
  };
  const list = () => {
    const values = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
    return values && values.every((v) => typeof v === 'string' && v.length <= 100) ? values : undefined;
  };
  switch (def.type) {
    case 'text':
    case 'long_text':
      return typeof value === 'string' ? value : undefined;
    case 'int':
    case 'decimal':
    case 'money':
      return range((v) => (typeof v === 'string' && NUMBER.test(v) ? Number(v) : undefined));
    case 'date':
      return range((v) => (typeof v === 'string' && DATE.test(v) && validDate(v) ? v : undefined));
    case 'bool':
      return value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : undefined;
    case 'select':
    case 'multi_select':
      return list();
  }
}

/** The condition of an attribute filter (`resolveAttributes` parsed its value). */
export function attributeCondition(entity: AnyEntity, f: AttributeFilter): SQL | undefined {
  const expr = attributeExpr(entity, f.def.key);
  switch (f.def.type) {
    case 'text':
    case 'long_text':
      return sql`lower(${expr} #>> '{}') like ${`%${escapeLike(String(f.value).toLowerCase())}%`}`;
    case 'bool':
      return sql`${expr} = ${jsonb(f.value)}`;
    case 'select':
      return sql`${expr} in (${sql.join(
        (f.value as string[]).map((v) => jsonb(v)),
        sql`, `,
      )})`;
    case 'multi_select':
      return sql`jsonb_exists_any(${expr}, array[${sql.join(
        (f.value as string[]).map((v) => sql`${v}`),
        sql`, `,
      )}]::text[])`;
    default: {
      const { from, to } = f.value as { from?: unknown; to?: unknown };
      if (from !== undefined && from === to) return sql`${expr} = ${jsonb(from)}`;
      const kind = f.def.type === 'date' ? 'string' : 'number';
      return and(
        sql`jsonb_typeof(${expr}) = ${kind}`,
        from !== undefined ? sql`${expr} >= ${jsonb(from)}` : undefined,
        to !== undefined ? sql`${expr} <= ${jsonb(to)}` : undefined,
      );
    }
  }
}

/** A search's conditions on the searchable attributes of a resolved query. */
export function attributeSearch(entity: AnyEntity, q: object, pattern: string): SQL[] {
  return (searchedOf.get(q) ?? []).map((d) => sql`lower(${attributeExpr(entity, d.key)} #>> '{}') like ${pattern}`);
}

/** A cursor's attribute value as the jsonb it is compared with. */
export const attributeCursorValue = (v: unknown) => jsonb(v);
