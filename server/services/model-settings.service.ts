// The settings API of a model in a settings group (docs/domain/fields.md, "Model settings"): its members read the
// values with the defaults filled in, its admins change them key by key (validated by the schema derived from the model's
// `settings` block; the change and its audit entry in one transaction). The reads and the write itself are
// server/crud/model-settings.ts.
import { withoutModelSettings, type AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import type { AppContext, UserRow } from '../context';
import { readModelSettings, writeModelSettings } from '../crud/model-settings';
import { ValidationFailed, forbidden, notFound } from '../http-error';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { MessageKey } from '../i18n/messages';
import { col, tableOf } from '../crud/table';
import { audit } from '../audit/writer';
import { loadGroup } from './settings-groups.service';

/** The model a settings path names (its singular name, as in /settings/guarantee): 404 for anything else. */
function modelNamed(name: string): AnyEntity {
  const model = entityByName(name);
  // a superusers' table is not the settings group's to switch or set (docs/domain/fields.md, "Model settings")
  if (!model || withoutModelSettings(model)) throw notFound();
  return model;
}

/** The group (404 unless the caller is a member), the model (404 when unknown), and the caller is its admin (403). */
export async function adminOf(ctx: AppContext, user: UserRow, settingsGroup: string, name: string) {
  const group = await loadGroup(ctx, user, settingsGroup);
  const model = modelNamed(name);
  if (group.role !== 'admin') throw forbidden();
  return model;
}

/** A model's settings for any member of the group: the new-record form takes its default values and required
 * fields, the grid its default view (docs/domain/fields.md, "Model settings"); only its admins change them. */
export async function getModelSettings(ctx: AppContext, user: UserRow, settingsGroup: string, name: string) {
  await loadGroup(ctx, user, settingsGroup);
  const model = modelNamed(name);
  return readModelSettings(ctx.db, settingsGroup, model);
}

/**
 * Sets the keys of `changes` on `model` of a group the caller is an admin of (`adminOf`, then the body checked
 * against `settingsPatchSchema`) and writes the audit entry of what changed.
 */
export async function patchModelSettings(
  ctx: AppContext,
  user: UserRow,
  settingsGroup: string,
  model: AnyEntity,
  changes: Record<string, unknown>,
  ip?: string,
) {
  return ctx.db.transaction(async (tx) => {
    // a default reference and the default view are checked against the group's records (crud/record-settings.ts)
    const problems = await recordSettingsProblems(tx, settingsGroup, model, changes);
    if (Object.keys(problems).length) throw new ValidationFailed(problems);
    const { after, diff } = await writeModelSettings(tx, settingsGroup, model, changes);
    // the audit log names the model and what changed (docs/domain/permissions.md, "Audit log")
    if (Object.keys(diff).length)
      await audit(tx, {
        settings_group_uuid: settingsGroup,
        user_id: user.id,
        action: 'model_settings.update',
        target_type: 'model_settings',
        details: { model: model.name, changes: diff },
        ip,
      });
    return after;
  });
}

/**
 * The checks of a change of the record settings that read the store, as 422 problems keyed by the setting's path:
 * a default reference names a live record of the settings group (`default_values.<field>`), the default view a
 * shared saved view of the model's table in the settings group (`default_view`).
 */
export async function recordSettingsProblems(
  db: Db,
  settingsGroup: string,
  model: AnyEntity,
  changes: Record<string, unknown>,
) {
  const problems: Record<string, { key: MessageKey }[]> = {};
  const defaults = (changes.default_values ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(defaults)) {
    const field = model.fields[name];
    if (field?.kind !== 'ref' || typeof value !== 'string') continue;
    const target = entityByName(field.model);
    const found =
      target &&
      target.scope !== 'global' &&
      (await db
        .select({ uuid: col(target, 'uuid') })
        .from(tableOf(target))
        .where(
          and(
            eq(col(target, 'uuid'), value),
            eq(col(target, 'settings_group_uuid'), settingsGroup),
            isNull(col(target, 'deleted_at')),
          ),
        )
        .limit(1));
    if (!found || !found.length) problems[`default_values.${name}`] = [{ key: 'validation.ref_not_found' }];
  }
  const view = changes.default_view;
  if (typeof view === 'string' && view !== '') {
    const gridView = entityByName('grid_view')!;
    const [found] = (await db
      .select({ table: col(gridView, 'table_name'), shared: col(gridView, 'shared') })
      .from(tableOf(gridView))
      .where(
        and(
          eq(col(gridView, 'uuid'), view),
          eq(col(gridView, 'settings_group_uuid'), settingsGroup),
          isNull(col(gridView, 'deleted_at')),
          isNull(col(gridView, 'archived_at')),
        ),
      )
      .limit(1)) as { table: string; shared: boolean }[];
    if (!found || !found.shared || !namesTable(found.table, model))
      problems.default_view = [{ key: 'validation.default_view' }];
  }
  return problems;
}

/** A saved view's `table_name` names the model's table: its name, or its plural path (docs/domain/preferences.md). */
const namesTable = (table: string, model: AnyEntity) => table === model.name || table === model.plural;
