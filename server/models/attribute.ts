// A settings group's attributes (docs/domain/attributes.md): a key is one of a model's once among the live attributes
// (checked under a lock per settings group, so a paste or an import of several takes turns), never one of the
// model's own fields, at most MAX_ATTRIBUTES_PER_MODEL per model; the model and key stay as created. A searchable
// attribute gets an index on its values, in the write's transaction.
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { entities, entityByName } from '../../src/entities/registry';
import { SYSTEM_FIELDS } from '../../src/entities/define';
import {
  MAX_ATTRIBUTES_PER_MODEL,
  checkAttributeValue,
  isAttributeModel,
  type AttributeDef,
} from '../../src/domain/attributes';
import type { Db } from '../db/client';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import { col, tableOf } from '../crud/table';
import { attributeExpr } from '../crud/attributes';
import { liveOf, liveTaken } from '../crud/live-unique';
import { fieldError } from '../http-error';
import { createHash } from 'node:crypto';
import type { Row } from '../crud/present';
import { changeType, changesType, purgeAttributes, typeChangeInput, undoTypeChange } from './attribute-types';

const attribute = entities.attribute;

/** The columns every model's table has besides its fields: no attribute may take their names either. */
const SYSTEM_NAMES = new Set<string>([
  ...SYSTEM_FIELDS,
  'attributes',
  'deleted_at',
  'deleted_by',
  'search_text',
  'access_rule_uuids',
  'links',
  'template_uuid',
]);

/** The key is free among the model's live attributes, and the model has room for one more (`except`: itself). */
async function assertFree(h: HookContext, model: string, key: string, except: string | null) {
  const ofModel = eq(col(attribute, 'model'), model);
  if (await liveTaken(h, attribute, and(ofModel, eq(col(attribute, 'key'), key))!, except))
    throw fieldError('key', 'validation.attribute_taken');
  const [n] = await h.db
    .select({ n: count() })
    .from(tableOf(attribute))
    .where(and(liveOf(h, attribute, except), ofModel));
  if ((n?.n ?? 0) >= MAX_ATTRIBUTES_PER_MODEL)
    throw fieldError('model', 'validation.attribute_limit', { max: MAX_ATTRIBUTES_PER_MODEL });
}

/**
 * The index a searchable attribute's values get: (settings group, value, uuid) on the model's table, as the index of
 * a model's sorted field, so a list filtered and sorted by it reads in index order. One per model and key, shared by
 * every settings group that has the key; kept when the attribute goes (its values stay restorable).
 */
export async function indexAttribute(h: HookContext, model: string, key: string) {
  const entity = entityByName(model);
  if (!entity) return;
  const name = `attr_${createHash('sha256').update(`${entity.table}:${key}`).digest('hex').slice(0, 20)}_idx`;
  await h.db.execute(
    sql`create index if not exists ${sql.identifier(name)} on ${sql.identifier(entity.table)}
      (settings_group_uuid, ${attributeExpr(entity, key)}, uuid)`,
  );
}

/** The live attributes of settings groups `groups` on models `models` (an archived one is not in force). */
export async function attributeDefs(
  db: Db,
  groups: readonly string[],
  models: readonly string[],
): Promise<AttributeDef[]> {
  const on = models.filter(isAttributeModel);
  if (!groups.length || !on.length) return [];
  const c = (name: string) => col(attribute, name);
  return (await db
    .select({
      uuid: c('uuid'),
      settings_group_uuid: c('settings_group_uuid'),
      ...Object.fromEntries(Object.keys(attribute.fields).map((name) => [name, c(name)])),
    })
    .from(tableOf(attribute))
    .where(
      and(
        inArray(c('settings_group_uuid'), [...groups]),
        inArray(c('model'), on),
        isNull(c('deleted_at')),
        isNull(c('archived_at')),
      ),
    )) as AttributeDef[];
}

export const attributeModel: ModelBehaviour = {
  // the engine checks records' attributes and lists by them through these (crud/attributes.ts)
  recordFields: attributeDefs,
  // a deleted attribute is archived: its values stay restorable for 30 days (attribute-types.ts, `purgeAttributes`)
  deleteArchives: true,
  // a change of type or options confirmed, and what becomes of the values that do not convert (attribute-types.ts)
  input: { body: typeChangeInput },
  actions: [undoTypeChange],
  jobs: [purgeAttributes],
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      const model = String(merged.model);
      const key = String(merged.key);
      let derived: Row = {};
      if (current) {
        for (const name of ['model', 'key'] as const)
          if (name in changes && changes[name] !== current[name]) throw fieldError(name, 'validation.attribute_fixed');
        // the records' values follow a change of type or options, or the reply is the dry run
        if (changesType(changes, current)) derived = await changeType(h, merged, current);
      } else {
        const entity = entityByName(model);
        if (SYSTEM_NAMES.has(key) || (entity && Object.hasOwn(entity.fields, key)))
          throw fieldError('key', 'validation.attribute_field_name', { name: key });
        await assertFree(h, model, key, null);
      }
      if (merged.searchable === true && (!current || current.searchable !== true)) await indexAttribute(h, model, key);
      // the default as values of its type are stored (a number typed as text is a number), when the write names it
      if ('default' in changes || 'type' in changes) {
        const checked =
          merged.default == null ? null : checkAttributeValue(merged as unknown as AttributeDef, merged.default);
        return { ...derived, default: checked?.ok ? checked.value : null };
      }
      return derived;
    },
    // a restored attribute takes its key back only when no live attribute of the model has taken it meanwhile
    afterArchive: async (h, uuids, archived) => {
      if (archived || !uuids.length) return;
      const restored = (await h.db
        .select({ uuid: col(attribute, 'uuid'), model: col(attribute, 'model'), key: col(attribute, 'key') })
        .from(tableOf(attribute))
        .where(inArray(col(attribute, 'uuid'), uuids))) as { uuid: string; model: string; key: string }[];
      for (const r of restored) await assertFree(h, r.model, r.key, r.uuid);
    },
  },
};
