// A model's settings as the server's own code reads and writes them (docs/domain/fields.md, "Model settings"): the
// values of one settings group with the defaults filled in, typed by the model's definition, for its hooks and jobs;
// and the one write of changed keys that the settings API and the settings group's compatible field share. A leaf:
// it imports only the tables and the definitions.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { withoutModelSettings, type AnyEntity } from '../../src/entities/define';
import { settingValues, type SettingsBlock, type SettingsValues } from '../../src/entities/model-settings';
import type { Db } from '../db/client';
import { modelSettings } from '../db/schema';
import { fieldError } from '../http-error';
import type { HookContext } from './model-behaviour';

type WithSettings = { name: string; settings?: SettingsBlock };
export type ValuesOf<E extends WithSettings> = SettingsValues<E['settings']>;

/** A model's settings in one settings group, defaults filled in, typed by the model's definition. */
export async function readModelSettings<E extends WithSettings>(db: Db, settingsGroup: string, model: E) {
  const [row] = await db
    .select({ values: modelSettings.values })
    .from(modelSettings)
    .where(and(eq(modelSettings.settings_group_uuid, settingsGroup), eq(modelSettings.model, model.name)))
    .limit(1);
  return settingValues(model, row?.values) as ValuesOf<E>;
}

/** A model's settings in several settings groups in one query (a group without a row: the defaults). */
export async function readModelSettingsOf<E extends WithSettings>(db: Db, settingsGroups: string[], model: E) {
  const rows = settingsGroups.length
    ? await db
        .select({ sg: modelSettings.settings_group_uuid, values: modelSettings.values })
        .from(modelSettings)
        .where(and(inArray(modelSettings.settings_group_uuid, settingsGroups), eq(modelSettings.model, model.name)))
    : [];
  const stored = new Map(rows.map((r) => [r.sg, r.values]));
  return new Map(settingsGroups.map((sg) => [sg, settingValues(model, stored.get(sg)) as ValuesOf<E>]));
}

const perWrite = new WeakMap<HookContext, Map<string, Promise<unknown>>>();
const cacheOf = (h: HookContext) => perWrite.get(h) ?? perWrite.set(h, new Map()).get(h)!;

/**
 * The settings a model's hooks get for the record's settings group: read once per write (an import chunk's rows
 * share one read; a bulk request reads them once for all its rows and hands each write its group's with
 * `presetSettings`), typed by the model's definition. Kept per write, never per transaction or connection: a
 * long-lived database handle (the import's start) would keep them for good.
 */
export function settingsFor<E extends WithSettings>(h: HookContext, model: E): Promise<ValuesOf<E>> {
  const cache = cacheOf(h);
  const key = `${h.settingsGroup}:${model.name}`;
  let read = cache.get(key) as Promise<ValuesOf<E>> | undefined;
  if (!read) cache.set(key, (read = readModelSettings(h.db, h.settingsGroup, model)));
  return read;
}

/** Hands a write the settings of its settings group read beforehand (`readModelSettingsOf`, once per request). */
export function presetSettings<E extends WithSettings>(h: HookContext, model: E, values: ValuesOf<E>) {
  cacheOf(h).set(`${h.settingsGroup}:${model.name}`, Promise.resolve(values));
}

/** Refuses a new record of a model switched off in the settings group: a 422 on `settings_group_uuid` that says
 * how to switch it on (docs/domain/fields.md, "Model settings"). */
export async function assertEnabled(h: HookContext, model: AnyEntity) {
  // a superusers' table has no settings a settings group sets (a global one belongs to none): always on
  if (withoutModelSettings(model)) return;
  if (!(await settingsFor(h, model)).enabled) throw fieldError('settings_group_uuid', 'validation.model_disabled');
}

/**
 * Sets the keys of `changes` (values already checked against the model's settings) in one settings group, the row
 * locked so that a concurrent change or a number taken meanwhile is not lost; `db` is the caller's transaction.
 * Returns the values before and after and what changed (`{ key: { from, to } }`, empty when nothing did).
 */
export async function writeModelSettings(
  db: Db,
  settingsGroup: string,
  model: WithSettings,
  changes: Record<string, unknown>,
) {
  const where = and(eq(modelSettings.settings_group_uuid, settingsGroup), eq(modelSettings.model, model.name));
  await db
    .insert(modelSettings)
    .values({ settings_group_uuid: settingsGroup, model: model.name, values: {} })
    .onConflictDoNothing();
  const [row] = await db.select({ values: modelSettings.values }).from(modelSettings).where(where).for('update');
  const before = settingValues(model, row?.values);
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(changes))
    if (value !== undefined && JSON.stringify(before[key]) !== JSON.stringify(value))
      diff[key] = { from: before[key], to: value };
  if (Object.keys(diff).length === 0) return { before, after: before, diff };
  const set = Object.fromEntries(Object.entries(diff).map(([key, change]) => [key, change.to]));
  await db
    .update(modelSettings)
    .set({ values: sql`${modelSettings.values} || ${JSON.stringify(set)}::jsonb`, updated_at: new Date() })
    .where(where);
  return { before, after: { ...before, ...set }, diff };
}
