// Changing an attribute's type or options (docs/domain/attributes.md, "Changing the type"): the records' values are
// converted in the write's transaction. When some do not convert, the change waits for the admin's word: without
// `confirm: true` the reply is a 409 with the dry run (how many convert, how many do not, up to ten samples); with it,
// those values are cleared or kept as text in a new attribute beside it (`unconverted: 'keep'`). The definition and
// the values before are logged (attribute_changes) so that the change can be undone for 30 days; a daily job forgets
// older changes and takes the values of attributes archived longer ago out of the records.
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { entities, entityByName } from '../../src/entities/registry';
import type { AnyEntity } from '../../src/entities/define';
import {
  ATTRIBUTE_KEEP_DAYS,
  attributeLabel,
  convertAttributeValue,
  type AttributeDef,
} from '../../src/domain/attributes';
import { LANGUAGES } from '../../src/i18n/languages';
import { attributeChanges } from '../db/schema';
import { col, rowsOf, tableOf } from '../crud/table';
import { action, type HookContext, type ModelJob } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { HttpError } from '../http-error';
import { audit } from '../audit/writer';

const attribute = entities.attribute;
/** The word the label of the attribute that keeps unconverted values ends in, per language. */
const BEFORE = { de: 'vorher', 'de-ch': 'vorher', 'en-us': 'before' } as const;
const DAY = 86_400_000;
const CHUNK = 1_000;

/** What a type change's request says beside the definition (`input` of the attribute's writes). */
export const typeChangeInput = {
  confirm: z.boolean().optional(),
  unconverted: z.enum(['keep', 'clear']).optional(),
};

interface Held {
  uuid: string;
  value: unknown;
}

/** The records of the model in the settings group that hold a value of the key (archived ones too). */
async function heldValues(h: Pick<HookContext, 'db'>, entity: AnyEntity, sg: string, key: string): Promise<Held[]> {
  return rowsOf<Held>(
    await h.db.execute(
      sql`select uuid, attributes -> ${key} as value from ${sql.identifier(entity.table)}
        where settings_group_uuid = ${sg} and jsonb_exists(attributes, ${key})`,
    ),
  );
}

/** Sets the records' values of `key` (null: takes the key out), a statement per thousand records. */
async function writeValues(
  h: Pick<HookContext, 'db'>,
  entity: AnyEntity,
  key: string,
  values: readonly { uuid: string; value: unknown }[],
) {
  const table = sql.identifier(entity.table);
  for (let i = 0; i < values.length; i += CHUNK) {
    const part = values.slice(i, i + CHUNK);
    const rows = sql.join(
      part.map((v) => sql`(${v.uuid}::uuid, ${v.value === null ? null : JSON.stringify(v.value)}::jsonb)`),
      sql`, `,
    );
    await h.db.execute(
      sql`update ${table} set attributes = case when v.value is null then ${table}.attributes - ${key}
          else jsonb_set(${table}.attributes, array[${key}]::text[], v.value) end
        from (values ${rows}) as v(uuid, value) where ${table}.uuid = v.uuid`,
    );
  }
}

const defOf = (row: Row): AttributeDef => row as unknown as AttributeDef;

/** A free key for the attribute that keeps the values a change did not convert: `<key>_old`, `<key>_old2`, … */
async function keptKey(h: HookContext, model: string, key: string): Promise<string> {
  const taken = new Set(
    (
      (await h.db
        .select({ key: col(attribute, 'key') })
        .from(tableOf(attribute))
        .where(
          and(
            eq(col(attribute, 'settings_group_uuid'), h.settingsGroup),
            eq(col(attribute, 'model'), model),
            isNull(col(attribute, 'deleted_at')),
          ),
        )) as { key: string }[]
    ).map((r) => r.key),
  );
  const base = `${key.slice(0, 34)}_old`;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Whether a write changes what a value of the attribute may be (its type or its options). */
export const changesType = (changes: Row, current: Row) =>
  ('type' in changes && changes.type !== current.type) ||
  ('options' in changes && JSON.stringify(changes.options ?? []) !== JSON.stringify(current.options ?? []));

/**
 * Converts the records' values of the attribute to its new type or options (`merged`), or answers the dry run as a
 * 409 when some do not convert and the request does not confirm. Answers the values the attribute's row takes.
 */
export async function changeType(h: HookContext, merged: Row, current: Row): Promise<Row> {
  const entity = entityByName(String(current.model))!;
  const key = String(current.key);
  const held = await heldValues(h, entity, h.settingsGroup, key);
  const converted: { uuid: string; value: unknown }[] = [];
  const failed: Held[] = [];
  for (const v of held) {
    const value = convertAttributeValue(defOf(merged), v.value, defOf(current));
    if (value === undefined) failed.push(v);
    else if (JSON.stringify(value) !== JSON.stringify(v.value)) converted.push({ uuid: v.uuid, value });
  }
  if (failed.length && h.input?.confirm !== true)
    throw new HttpError(
      409,
      'attribute.type_change',
      { failed: failed.length },
      {},
      {
        dry_run: {
          total: held.length,
          converted: held.length - failed.length,
          failed: failed.length,
          samples: failed.slice(0, 10).map((f) => ({ uuid: f.uuid, value: f.value })),
        },
      },
    );
  // the values that did not convert: cleared, or kept as text in an attribute beside it
  let kept: { uuid: string; key: string } | null = null;
  if (failed.length && h.input?.unconverted === 'keep') {
    const [made] = (await h.db
      .insert(tableOf(attribute))
      .values({
        settings_group_uuid: h.settingsGroup,
        model: current.model,
        key: await keptKey(h, String(current.model), key),
        type: 'text',
        labels: Object.fromEntries(LANGUAGES.map((l) => [l, `${attributeLabel(defOf(current), l)} (${BEFORE[l]})`])),
        options: [],
        required: false,
        searchable: false,
        sort_order: Number(current.sort_order ?? 0),
        section: current.section ?? null,
        created_by: h.access.user.id,
        updated_by: h.access.user.id,
      } as never)
      .returning({ uuid: col(attribute, 'uuid'), key: col(attribute, 'key') })) as { uuid: string; key: string }[];
    kept = made!;
    await writeValues(
      h,
      entity,
      kept.key,
      failed.map((f) => ({
        uuid: f.uuid,
        value: convertAttributeValue({ ...defOf(current), type: 'text' }, f.value, defOf(current)) ?? String(f.value),
      })),
    );
  }
  await writeValues(h, entity, key, [...converted, ...failed.map((f) => ({ uuid: f.uuid, value: null }))]);
  const touched = new Set([...converted, ...failed].map((v) => v.uuid));
  await h.db.insert(attributeChanges).values({
    settings_group_uuid: h.settingsGroup,
    attribute_uuid: String(current.uuid),
    before: { type: current.type, options: current.options ?? [], default: current.default ?? null },
    // the values before, of every record the change touched
    values: held.filter((v) => touched.has(v.uuid)).map((v) => [v.uuid, v.value]),
    kept_attribute_uuid: kept?.uuid ?? null,
    created_by: h.access.user.id,
  });
  return { previous_type: current.type, type_changed_at: h.now.toISOString() };
}

/** `POST /attributes/{uuid}/undo-type-change`: the last change of type or options undone, within 30 days. */
export const undoTypeChange = action({
  name: 'undo-type-change',
  refusal: (row) =>
    row.type_changed_at && Date.now() - new Date(row.type_changed_at as string).getTime() < ATTRIBUTE_KEEP_DAYS * DAY
      ? null
      : new HttpError(409, 'attribute.nothing_to_undo'),
  run: async ({ tx, access, uuid, row }) => {
    const sg = String(row.settings_group_uuid);
    const [change] = await tx
      .select()
      .from(attributeChanges)
      .where(eq(attributeChanges.attribute_uuid, uuid))
      .orderBy(desc(attributeChanges.created_at))
      .limit(1);
    if (!change) throw new HttpError(409, 'attribute.nothing_to_undo');
    const entity = entityByName(String(row.model))!;
    const h = { db: tx };
    const before = change.before as { type: string; options: unknown; default: unknown };
    await writeValues(
      h,
      entity,
      String(row.key),
      (change.values as [string, unknown][]).map(([record, value]) => ({ uuid: record, value })),
    );
    if (change.kept_attribute_uuid) {
      const [kept] = (await tx
        .select({ key: col(attribute, 'key') })
        .from(tableOf(attribute))
        .where(eq(col(attribute, 'uuid'), change.kept_attribute_uuid))) as { key: string }[];
      if (kept) {
        await tx.execute(
          sql`update ${sql.identifier(entity.table)} set attributes = attributes - ${kept.key}
            where settings_group_uuid = ${sg} and jsonb_exists(attributes, ${kept.key})`,
        );
        await tx
          .update(tableOf(attribute))
          .set({ deleted_at: new Date(), deleted_by: access.user.id } as never)
          .where(eq(col(attribute, 'uuid'), change.kept_attribute_uuid));
      }
    }
    const previous = await tx
      .select({ uuid: attributeChanges.uuid, before: attributeChanges.before, created_at: attributeChanges.created_at })
      .from(attributeChanges)
      .where(and(eq(attributeChanges.attribute_uuid, uuid), lt(attributeChanges.created_at, change.created_at)))
      .orderBy(desc(attributeChanges.created_at))
      .limit(1);
    await tx.delete(attributeChanges).where(eq(attributeChanges.uuid, change.uuid));
    const older = previous[0];
    await tx
      .update(tableOf(attribute))
      .set({
        type: before.type,
        options: before.options,
        default: before.default,
        previous_type: older ? (older.before as { type: string }).type : null,
        type_changed_at: older?.created_at ?? null,
        updated_at: new Date(),
        updated_by: access.user.id,
      } as never)
      .where(eq(col(attribute, 'uuid'), uuid));
    await audit(tx, {
      settings_group_uuid: sg,
      user_id: access.user.id,
      action: 'attribute.update',
      target_type: 'attribute',
      target_uuid: uuid,
      details: { undone: 'type_change', changes: { type: { old: row.type, new: before.type } } },
    });
  },
});

/**
 * Daily: changes older than 30 days can no longer be undone (their log goes), and the values of attributes archived
 * more than 30 days ago leave the records (a live attribute of the same key keeps its own); such an attribute is
 * deleted then, and no restore brings it back.
 */
export const purgeAttributes: ModelJob = {
  name: 'attribute-purge',
  intervalMinutes: 24 * 60,
  run: async (ctx, now) => {
    const before = new Date(now.getTime() - ATTRIBUTE_KEEP_DAYS * DAY);
    const forgotten = await ctx.db
      .delete(attributeChanges)
      .where(lt(attributeChanges.created_at, before))
      .returning({ uuid: attributeChanges.uuid });
    await ctx.db
      .update(tableOf(attribute))
      .set({ previous_type: null, type_changed_at: null } as never)
      .where(lt(col(attribute, 'type_changed_at'), before));
    const gone = (await ctx.db
      .select({
        uuid: col(attribute, 'uuid'),
        sg: col(attribute, 'settings_group_uuid'),
        model: col(attribute, 'model'),
        key: col(attribute, 'key'),
      })
      .from(tableOf(attribute))
      .where(
        and(
          isNotNull(col(attribute, 'archived_at')),
          lt(col(attribute, 'archived_at'), before),
          isNull(col(attribute, 'deleted_at')),
        ),
      )) as { uuid: string; sg: string; model: string; key: string }[];
    for (const a of gone) {
      const entity = entityByName(a.model);
      const [live] = (await ctx.db
        .select({ uuid: col(attribute, 'uuid') })
        .from(tableOf(attribute))
        .where(
          and(
            eq(col(attribute, 'settings_group_uuid'), a.sg),
            eq(col(attribute, 'model'), a.model),
            eq(col(attribute, 'key'), a.key),
            isNull(col(attribute, 'archived_at')),
            isNull(col(attribute, 'deleted_at')),
          ),
        )
        .limit(1)) as { uuid: string }[];
      if (entity && !live)
        await ctx.db.execute(
          sql`update ${sql.identifier(entity.table)} set attributes = attributes - ${a.key}
            where settings_group_uuid = ${a.sg} and jsonb_exists(attributes, ${a.key})`,
        );
      await ctx.db
        .update(tableOf(attribute))
        .set({ deleted_at: now } as never)
        .where(eq(col(attribute, 'uuid'), a.uuid));
      await audit(ctx.db, {
        settings_group_uuid: a.sg,
        user_id: null,
        action: 'archive.purge',
        target_type: 'attribute',
        target_uuid: a.uuid,
        details: { key: a.key, model: a.model },
      });
    }
    return { counts: { changes_forgotten: forgotten.length, attributes_purged: gone.length } };
  },
};
