// What a model's record settings do to its writes (docs/domain/fields.md, "Model settings"): a new record takes the
// settings group's default values for the fields its write leaves out (a single create, each row of a bulk create or
// paste, each new row of an import), before it is validated; a create lacking a field the settings group requires,
// or an update emptying one, is a 422 `required` on each such field. The checks a change of these settings needs beyond their
// schema: server/services/model-settings.service.ts.
import { and, inArray } from 'drizzle-orm';
import { withoutModelSettings, type AnyEntity } from '../../src/entities/define';
import { scopeOwner } from '../../src/entities/registry';
import { recordSettingsOf } from '../../src/entities/model-settings';
import type { Db } from '../db/client';
import { ValidationFailed } from '../http-error';
import type { MessageKey } from '../i18n/messages';
import { anyRecordOf, type Access } from './access';
import { readModelSettingsOf, type ValuesOf } from './model-settings';
import { col, scopeCondition, tableOf } from './table';
import { recordTemplatesIn } from './model-behaviour';

type Body = Record<string, unknown>;
type Settings = ValuesOf<AnyEntity>;

const empty = (v: unknown) => v == null || v === '' || (Array.isArray(v) && v.length === 0);

/** The fields the settings group requires that `record` leaves empty, each as a 422 `required`; none when the
 * settings group requires none. A create's values are checked whole; an update's (`changed`: what it sets) only on
 * the fields it sets, so that a record saved before a field was required can still be changed, but not emptied. */
export function requiredProblems(settings: Settings | undefined, record: Body, changed?: Body) {
  if (!settings) return {};
  const missing = recordSettingsOf(settings).required_fields.filter(
    (name) => (!changed || name in changed) && empty(record[name]),
  );
  return Object.fromEntries(missing.map((name) => [name, [{ key: 'validation.required' as MessageKey }]]));
}

/** Refuses a record lacking a field its settings group requires: every such field in one 422. */
export function assertRequired(settings: Settings | undefined, record: Body, changed?: Body) {
  const problems = requiredProblems(settings, record, changed);
  if (Object.keys(problems).length) throw new ValidationFailed(problems);
}

/** A new record's values with the settings group's defaults for the fields left out (`absent`: left out of a
 * request's body; an import's empty cell counts as left out too). */
export function withDefaults(
  settings: Settings | undefined,
  values: Body,
  absent = (name: string) => !(name in values),
) {
  if (!settings) return values;
  const defaults = Object.entries(recordSettingsOf(settings).default_values).filter(([name]) => absent(name));
  return defaults.length ? { ...values, ...Object.fromEntries(defaults) } : values;
}

/**
 * The settings group each of a create's raw rows goes to, as far as the caller reaches it (its `settings_group_uuid`,
 * or its property's for a record under a property; null when unknown: the write refuses it), and the model's
 * settings of those groups, read in two queries for all the rows.
 */
export async function createTargets(db: Db, access: Access, entity: AnyEntity, rows: unknown[]) {
  const raw = rows.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? (row as Body) : null));
  // a row naming a record template starts from its values (docs/domain/record-templates.md)
  const { bodies, templateOf } = await withTemplates(db, access, entity, raw);
  const owner = scopeOwner(entity.scope);
  let sgOf: (body: Body) => string | null = () => null;
  if (owner) {
    const uuids = [
      ...new Set(bodies.map((b) => b?.property_uuid).filter((u): u is string => typeof u === 'string' && isUuid(u))),
    ];
    const found = uuids.length
      ? ((await db
          .select({ uuid: col(owner, 'uuid'), sg: col(owner, 'settings_group_uuid') })
          .from(tableOf(owner))
          .where(and(inArray(col(owner, 'uuid'), uuids), scopeCondition(owner, anyRecordOf(access))))) as {
          uuid: string;
          sg: string;
        }[])
      : [];
    const byUuid = new Map(found.map((r) => [r.uuid.toLowerCase(), r.sg]));
    sgOf = (b) => byUuid.get(String(b.property_uuid).toLowerCase()) ?? null;
  } else if (entity.scope !== 'global')
    sgOf = (b) =>
      typeof b.settings_group_uuid === 'string' && access.roles.has(b.settings_group_uuid)
        ? b.settings_group_uuid
        : null;
  const groupOfRow = bodies.map((b) => (b ? sgOf(b) : null));
  // a template is one of the record's own settings group, or unknown to it
  const templateMissing = bodies.map((_, i) => {
    const t = templateOf[i];
    return t !== undefined && (t === null || (groupOfRow[i] !== null && t.settings_group_uuid !== groupOfRow[i]));
  });
  const groups = [...new Set(groupOfRow.filter((sg): sg is string => sg !== null))];
  const settings = withoutModelSettings(entity) ? new Map() : await readModelSettingsOf(db, groups, entity);
  return {
    /** The model's settings by settings group, for the rows' writes (crud/write.ts, `WriteOptions.settings`). */
    settings: settings as ReadonlyMap<string, Settings>,
    /** The settings of row `i`'s settings group (none when it is unknown, or the model is a superusers'). */
    settingsOf: (i: number): Settings | undefined => {
      const sg = groupOfRow[i];
      return sg ? settings.get(sg) : undefined;
    },
    /** Whether row `i` names a template the caller has not, of another model or of another settings group. */
    templateMissing: (i: number) => templateMissing[i]!,
    /** Row `i` with its template's values and its settings group's defaults for the fields it leaves out (a body
     * that is no object as it is). */
    rowWithDefaults: (i: number): unknown => {
      const body = bodies[i];
      const sg = groupOfRow[i];
      const values = sg ? settings.get(sg) : undefined;
      return body && values?.enabled ? withDefaults(values, body) : (body ?? rows[i]);
    },
  };
}

/**
 * A new record's values from a record template and its own (docs/domain/record-templates.md): the template's first,
 * the record's own win, its attributes merged key by key over the template's. `given` says which of the record's
 * values count (an import's empty cell does not).
 */
export function fromTemplate(template: Body, own: Body, given = (name: string) => own[name] !== undefined): Body {
  const out: Body = { ...template };
  for (const [name, value] of Object.entries(own)) if (name !== 'attributes' && given(name)) out[name] = value;
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : undefined);
  if (obj(template.attributes) || obj(own.attributes))
    out.attributes = { ...obj(template.attributes), ...obj(own.attributes) };
  return out;
}

/**
 * The rows with the values of the record templates they name (`template_uuid`, taken out of the row), and each row's
 * template: undefined for a row that names none, null for one the caller's settings groups do not have for the model.
 */
async function withTemplates(db: Db, access: Access, entity: AnyEntity, bodies: (Body | null)[]) {
  const named = bodies.map((b) => (b && Object.hasOwn(b, 'template_uuid') ? b.template_uuid : undefined));
  const uuids = [...new Set(named.filter((u): u is string => typeof u === 'string' && isUuid(u)))];
  if (named.every((u) => u === undefined)) return { bodies, templateOf: bodies.map(() => undefined) };
  const found = new Map(
    (await recordTemplatesIn(db, access.groups, entity.name, { uuids: uuids.map((u) => u.toLowerCase()) })).map((t) => [
      t.uuid.toLowerCase(),
      t,
    ]),
  );
  const templateOf = named.map((u) =>
    u === undefined || u === null ? undefined : (found.get(String(u).toLowerCase()) ?? null),
  );
  return {
    bodies: bodies.map((b, i) => {
      if (!b || named[i] === undefined) return b;
      const { template_uuid: _t, ...own } = b;
      const t = templateOf[i];
      return t ? fromTemplate(t.values, own) : own;
    }),
    templateOf,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (s: string) => UUID.test(s);
