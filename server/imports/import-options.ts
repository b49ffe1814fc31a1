// The validate/run body of an import and its checks against the model: mapped fields must be importable and used
// once, the match key must be mapped for update and upsert, the settings group must be the caller's (a superuser
// importing into a superusers' table names any settings group; a global model's import writes into none).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { withoutModelSettings, type AnyEntity } from '../../src/entities/define';
import type { Db } from '../db/client';
import { settingsGroups } from '../db/schema';
import { ValidationFailed, forbidden } from '../http-error';
import type { MessageKey } from '../i18n/messages';
import { assertWrites, may, reachesAll, type Access } from '../crud/access';
import { importableFields } from '../spreadsheet/template.service';
import { readModelSettings } from '../crud/model-settings';
import { recordFieldsIn } from '../crud/model-behaviour';
import { attributePath, isAttributeModel } from '../../src/domain/attributes';

export const importOptionsSchema = z.strictObject({
  /** Where the records go; a global model's import ignores it (its records belong to no settings group). */
  settings_group_uuid: z.uuid().optional(),
  sheet: z.string().max(100).optional(),
  header_row: z.number().int().min(1).max(1000).default(1),
  /** Column index (0-based, as a string) → field name, or `uuid`. Unmapped columns are ignored. */
  mapping: z.record(z.string().regex(/^\d{1,4}$/), z.string().max(100)),
  mode: z.enum(['insert', 'update', 'upsert']).default('insert'),
  match_key: z.enum(['uuid', 'number_internal']).default('uuid'),
  /** Spreadsheet row number → field → the corrected cell text (parsed like a cell). */
  fixes: z
    .record(z.string().regex(/^\d{1,7}$/), z.record(z.string().max(100), z.string().max(20_000).nullable()))
    .optional(),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;

/** The mapping's name of a column that names each new row's record template (docs/domain/record-templates.md). */
export const TEMPLATE_COLUMN = 'template';

/**
 * Checks the options against the model and the caller and answers them as the import uses them: a global model's
 * without a settings group (src/entities/define.ts, `Scope`).
 */
export async function checkOptions(
  db: Db,
  entity: AnyEntity,
  access: Access,
  o: ImportOptions,
): Promise<ImportOptions> {
  // a superusers' table takes no import but a superuser's (403 before anything else: crud/access.ts)
  assertWrites(access, entity);
  const errors: ConstructorParameters<typeof ValidationFailed>[0] = {};
  const add = (path: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    (errors[path] ??= []).push({ key, params });
  // a global model's records belong to no settings group: the one a request names is not used
  const sg = entity.scope === 'global' ? undefined : o.settings_group_uuid;
  if (entity.scope !== 'global') {
    if (!sg) add('settings_group_uuid', 'settings_group.required');
    else if (reachesAll(access, entity.name)) {
      const [known] = await db
        .select({ uuid: settingsGroups.uuid })
        .from(settingsGroups)
        .where(eq(settingsGroups.uuid, sg))
        .limit(1);
      if (!known) add('settings_group_uuid', 'validation.ref_not_found');
    } else if (!access.roles.has(sg)) add('settings_group_uuid', 'validation.ref_not_found');
    // the import right on the model (docs/domain/permissions.md): a member without it may not import at all
    else if (!may(access, sg, 'import', entity.name)) throw forbidden();
    // a model switched off in the settings group takes no import, before anything is written (docs/domain/fields.md,
    // "Model settings"); a superusers' table is never switched off
    if (sg && !withoutModelSettings(entity) && !errors.settings_group_uuid)
      if (!(await readModelSettings(db, sg, entity)).enabled) add('settings_group_uuid', 'validation.model_disabled');
  }
  // a column may fill an attribute of the model in the import's settings group (docs/domain/attributes.md)
  const attributes =
    sg && !errors.settings_group_uuid && isAttributeModel(entity.name)
      ? await recordFieldsIn(db, [sg], [entity.name])
      : [];
  const allowed = new Set([...importableFields(entity), 'uuid', ...attributes.map((d) => attributePath(d.key))]);
  // a column may name each new row's record template (docs/domain/record-templates.md)
  if (isAttributeModel(entity.name)) allowed.add(TEMPLATE_COLUMN);
  const seen = new Set<string>();
  for (const [column, field] of Object.entries(o.mapping)) {
    if (!allowed.has(field)) add(`mapping.${column}`, 'import.mapping_unknown', { column, field });
    else if (seen.has(field)) add(`mapping.${column}`, 'import.mapping_twice', { field });
    seen.add(field);
  }
  if (entity.createdByUpload && o.mode !== 'update') add('mode', 'import.update_only');
  if (o.match_key === 'number_internal' && !('number_internal' in entity.fields)) add('match_key', 'validation.in');
  else if (o.mode !== 'insert' && !seen.has(o.match_key))
    add('match_key', 'import.match_key_unmapped', { field: o.match_key });
  for (const [row, fix] of Object.entries(o.fixes ?? {}))
    for (const field of Object.keys(fix))
      if (!allowed.has(field)) add(`fixes.${row}.${field}`, 'import.mapping_unknown', { column: row, field });
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  const { settings_group_uuid: _given, ...rest } = o;
  return sg ? { ...rest, settings_group_uuid: sg } : rest;
}
