// A settings group's own attributes on a model (docs/domain/attributes.md) in the engine: every write checks a
// record's `attributes` against the live attributes of its settings group (a 422 names `attributes.<key>`), and a
// list filters, sorts and searches by them in SQL, by the expression `attributes -> '<key>'` that an attribute's
// index holds (server/models/attribute.ts).
import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AnyEntity } from '../../src/entities/define';
import { entities } from '../../src/entities/registry';
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
import { groupsWhere, type Access } from './access';
import { col, escapeLike, tableOf } from './table';

type Body = Record<string, unknown>;
const attribute = entities.attribute;

/** The live attributes of `model` (or of several) in the settings groups `groups` (all of them: an archived one is not in force). */
export async function attributeDefs(
  db: Db,
  groups: readonly string[],
  model: string | readonly string[],
  keys?: string[],
  whole = false,
) {
  const models = (typeof model === 'string' ? [model] : model).filter(isAttributeModel);
  if (!groups.length || !models.length) return [];
  return (await db
    .select({
      uuid: col(attribute, 'uuid'),
      settings_group_uuid: col(attribute, 'settings_group_uuid'),
      model: col(attribute, 'model'),
      key: col(attribute, 'key'),
      type: col(attribute, 'type'),
      required: col(attribute, 'required'),
      searchable: col(attribute, 'searchable'),
      default: col(attribute, 'default'),
      options: col(attribute, 'options'),
      labels: col(attribute, 'labels'),
      ...(whole ? { section: col(attribute, 'section'), sort_order: col(attribute, 'sort_order') } : {}),
    })
    .from(tableOf(attribute))
    .where(
      and(
        inArray(col(attribute, 'settings_group_uuid'), [...groups]),
        inArray(col(attribute, 'model'), models),
        keys ? inArray(col(attribute, 'key'), keys.length ? keys : ['']) : undefined,
        isNull(col(attribute, 'deleted_at')),
        isNull(col(attribute, 'archived_at')),
      ),
    )) as AttributeDef[];
}

/** The attributes of one settings group and model, read once per request (a bulk write's rows share them). */
const perRequest = new WeakMap<Access, Map<string, Promise<AttributeDef[]>>>();
function defsFor(db: Db, access: Access, sg: string, model: string) {
  let byGroup = perRequest.get(access);
  if (!byGroup) perRequest.set(access, (byGroup = new Map()));
  const key = `${sg}:${model}`;
  let defs = byGroup.get(key);
  if (!defs) byGroup.set(key, (defs = attributeDefs(db, [sg], model)));
  return defs;
}

/**
 * A record's attributes as a write stores them: the request's values checked against the settings group's live
 * attributes and merged into the record's (`null` removes one), the defaults filled on create, a required one
 * refused when a create leaves it out or a write clears it. A key no live attribute has is refused; values of an
 * archived attribute the record holds are kept as they are. Undefined when nothing changes.
 */
export async function recordAttributes(
  db: Db,
  access: Access,
  entity: AnyEntity,
  sg: string | null,
  given: unknown,
  current: Body | null,
): Promise<Body | undefined> {
  if (!isAttributeModel(entity.name) || sg === null) return given as Body | undefined;
  if (given === undefined && current) return undefined;
  const defs = await defsFor(db, access, sg, entity.name);
  if (given === undefined && !defs.length) return undefined;
  const request = (given ?? {}) as Body;
  const out: Body = { ...((current?.attributes as Body | null) ?? {}) };
  const errors: Record<string, { key: MessageKey; params?: MessageParams }[]> = {};
  const byKey = new Map(defs.map((d) => [d.key, d]));
  for (const [key, value] of Object.entries(request)) {
    const def = byKey.get(key);
    if (!def) {
      errors[`attributes.${key}`] = [{ key: 'validation.unknown_field' }];
      continue;
    }
    const checked = checkAttributeValue(def, value);
    if (!checked.ok) {
      errors[`attributes.${key}`] = [
        { key: checked.key as MessageKey, ...(checked.params ? { params: checked.params as MessageParams } : {}) },
      ];
      continue;
    }
    if (checked.value === null) delete out[key];
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
  return sql`(${col(entity, 'attributes')} -> ${sql.raw(`'${key}'`)})`;
}

/** A list's filter on an attribute, parsed against its definition (`resolveAttributes`). */
export class AttributeFilter {
  constructor(
    readonly def: AttributeDef,
    readonly value: unknown,
  ) {}
}

/** A list query's attribute parts resolved: the filter values parsed, the searchable attributes for `search`. */
export interface ResolvedAttributes {
  search: AttributeDef[];
}
const resolvedOf = new WeakMap<object, ResolvedAttributes>();

const jsonb = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/**
 * Checks a list query's attribute filters and sort against the live attributes of the settings groups it spans (a
 * key none of them has is a 422 naming it), parses each filter value by the attribute's type, and finds the
 * searchable attributes a `search` also looks in. Answers the query to list with.
 */
export async function resolveAttributes<
  Q extends { filter?: Record<string, unknown>; sort_by?: string; search?: string; settings_group_uuid?: string },
>(db: Db, access: Access, entity: AnyEntity, q: Q): Promise<Q> {
  if (!isAttributeModel(entity.name)) return q;
  const named = Object.keys(q.filter ?? {}).filter((k) => ATTRIBUTE_PATH.test(k));
  const sortKey = q.sort_by ? attributeKeyOf(q.sort_by) : null;
  const searching = !!q.search?.trim();
  if (!named.length && !sortKey && !searching) return q;
  const groups = q.settings_group_uuid ? [q.settings_group_uuid] : groupsWhere(access, 'view', entity.name);
  const defs = await attributeDefs(db, groups, entity.name);
  const byKey = new Map<string, AttributeDef>();
  for (const d of defs) if (!byKey.has(d.key)) byKey.set(d.key, d);
  if (sortKey && !byKey.has(sortKey)) throw fieldError('sort_by', 'validation.in');
  const filter = { ...(q.filter ?? {}) };
  const errors: Record<string, { key: MessageKey }[]> = {};
  for (const path of named) {
    const def = byKey.get(attributeKeyOf(path)!);
    const parsed = def ? parseFilter(def, filter[path]) : undefined;
    if (parsed === undefined)
      errors[`filter.${path}`] = [{ key: def ? 'validation.format' : 'validation.unknown_field' }];
    else filter[path] = new AttributeFilter(def!, parsed);
  }
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  const out = { ...q, filter };
  resolvedOf.set(out, { search: searching ? defs.filter((d) => d.searchable && isText(d)) : [] });
  return out;
}

export const resolvedAttributes = (q: object) => resolvedOf.get(q);

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
  return (resolvedOf.get(q)?.search ?? []).map(
    (d) => sql`lower(${attributeExpr(entity, d.key)} #>> '{}') like ${pattern}`,
  );
}

/** Whether a cursor's sort value could come from an attribute: a JSON scalar or a list of option values. */
export function attributeCursorFits(v: unknown): boolean {
  if (typeof v === 'string') return v.length <= 20_000 && !v.includes('\u0000');
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v === 'boolean') return true;
  return Array.isArray(v) && v.length <= 200 && v.every((x) => typeof x === 'string' && x.length <= 100);
}

/** A cursor's attribute value as the jsonb it is compared with. */
export const attributeCursorValue = (v: unknown) => jsonb(v);
