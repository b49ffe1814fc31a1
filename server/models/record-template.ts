// Record templates (docs/domain/record-templates.md): a template's values are checked like a record's of its model
// in its settings group — the fields by the model's update schema (a template may hold any subset), references to
// records of the settings group the writer sees, attributes by the live attributes — and stored as checked. A name
// is a model's once among the live templates; the model stays as created. The engine reads them for a create, a bulk
// row and an import row (`recordTemplates`).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { entities, entityByName } from '../../src/entities/registry';
import { templateFieldNames } from '../../src/entities/record-template';
import { updateSchema } from '../../src/entities/schemas';
import { isAttributeModel } from '../../src/domain/attributes';
import type { Db } from '../db/client';
import { recordFieldsIn, type HookContext, type ModelBehaviour, type RecordTemplate } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { col, tableOf } from '../crud/table';
import { refScope } from '../crud/access';
import { refProblems } from '../crud/checks';
import { recordAttributes } from '../crud/attributes';
import { liveTaken } from '../crud/live-unique';
import { ValidationFailed, fieldError } from '../http-error';
import { issuesFailed } from '../plugins/errors';

const template = entities.record_template;
type Failures = ConstructorParameters<typeof ValidationFailed>[0];

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A template's values checked against its model in the settings group, as they are stored (errors at `values.…`). */
async function checkValues(h: HookContext, model: string, values: unknown): Promise<Row> {
  const entity = entityByName(model);
  if (!entity || !isObject(values)) throw fieldError('values', 'validation.object');
  const { attributes, ...fields } = values;
  const allowed = new Set(templateFieldNames(entity));
  const errors: Failures = {};
  for (const name of Object.keys(fields))
    if (!allowed.has(name))
      errors[`values.${name}`] = [
        { key: Object.hasOwn(entity.fields, name) ? 'validation.template_field' : 'validation.unknown_field' },
      ];
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  const parsed = updateSchema(entity).safeParse(fields);
  if (!parsed.success) throw issuesFailed(parsed.error.issues, 'values');
  const out = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as Row;
  // references name records of the template's settings group that the writer sees
  const [problems] = await refProblems(h.db, refScope(h.access, entity), entity, [
    { sg: h.settingsGroup, changed: out, property: out.property_uuid },
  ]);
  for (const [name, list] of Object.entries(problems ?? {})) errors[`values.${name}`] = list;
  if (attributes !== undefined && isAttributeModel(model)) {
    if (!isObject(attributes)) errors['values.attributes'] = [{ key: 'validation.object' }];
    else
      try {
        // as an update: no defaults, and a required attribute only when the template clears it
        const checked = recordAttributes(await recordFieldsIn(h.db, [h.settingsGroup], [model]), attributes, {});
        if (Object.keys(checked).length) out.attributes = checked;
      } catch (e) {
        if (!(e instanceof ValidationFailed)) throw e;
        for (const [path, list] of Object.entries(e.fields)) errors[`values.${path}`] = list;
      }
  } else if (attributes !== undefined) errors['values.attributes'] = [{ key: 'validation.unknown_field' }];
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return out;
}

/** The name is the model's once among the settings group's live templates, ignoring case (crud/live-unique.ts). */
async function assertFree(h: HookContext, model: string, name: string, except: string | null) {
  const match = and(eq(col(template, 'model'), model), sql`lower(${col(template, 'name')}) = lower(${name})`)!;
  if (await liveTaken(h, template, match, except)) throw fieldError('name', 'validation.template_taken');
}

/** The live templates of `model` in settings groups `groups`, by uuid or by name ignoring case (`recordTemplates`). */
async function templatesOf(
  db: Db,
  groups: readonly string[],
  model: string,
  by: { uuids?: readonly string[]; names?: readonly string[] },
): Promise<RecordTemplate[]> {
  const c = (name: string) => col(template, name);
  return (await db
    .select({ uuid: c('uuid'), settings_group_uuid: c('settings_group_uuid'), name: c('name'), values: c('values') })
    .from(tableOf(template))
    .where(
      and(
        inArray(c('settings_group_uuid'), [...groups]),
        eq(c('model'), model),
        isNull(c('deleted_at')),
        isNull(c('archived_at')),
        by.uuids?.length
          ? inArray(c('uuid'), [...by.uuids])
          : inArray(
              sql<string>`lower(${c('name')})`,
              (by.names ?? []).map((n) => n.toLowerCase()),
            ),
      ),
    )) as RecordTemplate[];
}

export const recordTemplateModel: ModelBehaviour = {
  // the engine fills new records from them (crud/record-settings.ts, imports/plan.ts)
  recordTemplates: templatesOf,
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      const model = String(merged.model);
      if (current && 'model' in changes && changes.model !== current.model)
        throw fieldError('model', 'validation.template_fixed');
      if (!current || ('name' in changes && changes.name !== current.name) || 'model' in changes)
        await assertFree(h, model, String(merged.name), current ? String(current.uuid) : null);
      if (!current || 'values' in changes) return { values: await checkValues(h, model, merged.values) };
    },
    // a restored template takes its name back only when no live template of the model has taken it meanwhile
    afterArchive: async (h, uuids, archived) => {
      if (archived || !uuids.length) return;
      const restored = (await h.db
        .select({ uuid: col(template, 'uuid'), model: col(template, 'model'), name: col(template, 'name') })
        .from(tableOf(template))
        .where(inArray(col(template, 'uuid'), uuids))) as { uuid: string; model: string; name: string }[];
      for (const r of restored) await assertFree(h, r.model, r.name, r.uuid);
    },
  },
};
