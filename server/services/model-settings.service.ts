// The settings API of a model in a settings group (docs/domain/fields.md, "Model settings"): its admins read the
// values with the defaults filled in and change them key by key (validated by the schema derived from the model's
// `settings` block; the change and its audit entry in one transaction). The reads and the write itself are
// server/crud/model-settings.ts.
import type { AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import type { AppContext, UserRow } from '../context';
import { readModelSettings, writeModelSettings } from '../crud/model-settings';
import { forbidden, notFound } from '../http-error';
import { audit } from '../audit/writer';
import { loadGroup } from './settings-groups.service';

/** The model a settings path names (its singular name, as in /settings/guarantee): 404 for anything else. */
function modelNamed(name: string): AnyEntity {
  const model = entityByName(name);
  // a superusers' table is not the settings group's to switch or set (docs/domain/fields.md, "Model settings")
  if (!model || model.access === 'superusers') throw notFound();
  return model;
}

/** The group (404 unless the caller is a member), the model (404 when unknown), and the caller is its admin (403). */
export async function adminOf(ctx: AppContext, user: UserRow, settingsGroup: string, name: string) {
  const group = await loadGroup(ctx, user, settingsGroup);
  const model = modelNamed(name);
  if (group.role !== 'admin') throw forbidden();
  return model;
}

export async function getModelSettings(ctx: AppContext, user: UserRow, settingsGroup: string, name: string) {
  const model = await adminOf(ctx, user, settingsGroup, name);
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
