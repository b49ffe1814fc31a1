// defineEntity: one short, data-only definition per model. The registry (registry.ts) lists them all; every
// adapter reads them. No React, no SQL, no I/O here.
import { MEMBER_MODEL, type Field } from './fields';
import type { SettingsBlock } from './setting-kinds';

/**
 * How a model is scoped (docs/domain/permissions.md, "Scopes and access of a model"):
 * - `settings_group`: carries settings_group_uuid itself (property, contact, catalogues);
 * - `property`: belongs to a property and inherits its settings group (partition, area, facility, …);
 * - `global`: belongs to no settings group (system notifications): its settings_group_uuid is null, and only the
 *   access level decides who reaches it (a global model is a superusers' table);
 * - `user`: a user's own rows in a settings group (delegations, saved views): each row belongs to the user who
 *   created it (its `owner` column) and is seen by that user only, unless the model's `sharing` shows it to others
 *   too; a row of another user the caller does not see answers like a missing one.
 */
export type Scope = 'settings_group' | 'property' | 'global' | 'user';

/**
 * Who reaches a model's records at all, before the rights of the permission groups apply (docs/domain/permissions.md,
 * "Scopes and access of a model"): `members` (the default) every member of the settings group, `admins` its admins
 * (a member gets 403), `superusers` the superusers of the installation, `owners` (a global model whose rows belong to
 * the user who created them: support requests) each signed-in user their own rows and superusers every row.
 */
export type AccessLevel = 'members' | 'admins' | 'superusers' | 'owners';

export interface FieldError {
  path: string;
  /** A server message key (validation.*) or an entity-specific key. */
  key: string;
  params?: Record<string, string | number>;
}

export interface EntityDefinition<
  F extends Record<string, Field> = Record<string, Field>,
  S extends SettingsBlock = SettingsBlock,
> {
  /** Singular, snake_case: the model name used in refs, links and i18n keys. */
  name: string;
  /** The API path segment (docs/domain/api.md, "Records, links and actions"), e.g. `properties`. */
  plural: string;
  /** The SQL table name: derived, the plural with `_` for `-` (`cost-groups` → `cost_groups`). */
  readonly table: string;
  titleField: keyof F & string;
  scope: Scope;
  fields: F;
  /** The field the status limiter filters on, and its "active" values. */
  status?: { field: keyof F & string; active: readonly string[] };
  /** A tree through a self reference (facility → parent facility). */
  tree?: { parentField: keyof F & string };
  /** Cross-field rules; per-field rules come from the field definitions. */
  validate?: (record: Readonly<Record<string, unknown>>) => FieldError[];
  /** Default sort of lists; `then`: required fields that order records of the same `field` (before their uuid), also
   * when a list is sorted by `field` by name. */
  defaultSort?: { field: keyof F & string; descending?: boolean; then?: readonly (keyof F & string)[] };
  /** Extra database indexes (column lists) for lookups the engine does not index by itself. */
  indexes?: readonly (readonly ((keyof F & string) | 'settings_group_uuid')[])[];
  /**
   * Each record is a stored file (documents): created only by uploading it (`POST /{plural}` as multipart, a
   * bespoke route), never by a JSON create, a bulk create, a paste or an import insert. Updates work as usual.
   */
  createdByUpload?: boolean;
  /**
   * Archived and restored with the record it belongs to by scope (its property): archiving the property archives
   * its live records of this model at the same moment, and restoring the property restores those it took.
   */
  archivedWithOwner?: boolean;
  /**
   * The model's own settings, one set per settings group (docs/domain/fields.md, "Model settings"): typed values
   * with defaults (`s.int(…)`, `s.intList(…)` of model-settings.ts). Every model also has `enabled`.
   */
  settings?: S;
  /**
   * The text field that holds the record's running number (docs/domain/fields.md, "Model settings"): a new record
   * without one gets the settings group's `numbering_prefix` and `next_number`, taken in the write's transaction. The
   * model declares both settings with `numberingSettings` (model-settings.ts).
   */
  numbering?: { field: keyof F & string };
  /** Who reaches the model's records (default `members`); checked by the engine on every generic route. */
  access?: AccessLevel;
  /**
   * Each create, update (old and new value per field), archive, restore and delete is written to the audit log in
   * the write's transaction, with the user and their address (docs/domain/permissions.md, "Audit log").
   */
  audit?: true;
  /** A `user`-scoped model's column of the owning user's id (default `user_id`): set to the creator on create. */
  owner?: string;
  /**
   * Who sees a `user`-scoped model's rows beside their owner (docs/domain/permissions.md, "A user's own rows"),
   * compiled into the scope's SQL: every member of the row's settings group when its bool field `flag` is true (a
   * shared saved view), the members its `users` fields name by user uuid (a delegation's delegate), every admin of
   * the settings group (`admins`). The owner and the settings group's admins may change and delete a row they see;
   * anyone else who sees it only reads it (403).
   */
  sharing?: Sharing<keyof F & string>;
  /**
   * Values a picked record fills in (docs/domain/api.md, "Values filled from a picked record"): when a write sets
   * the reference `ref` (an order line's article), the picked record's values (`values`, of the fields `provides`
   * names) fill those the write does not set itself, in the declared order (an article's tax then fills the tax
   * rate). A required field a fill provides may be left out of a create that sets the reference.
   */
  fills?: readonly Fill<keyof F & string>[];
}

export interface Fill<K extends string = string> {
  ref: K;
  provides: readonly K[];
  values: (picked: Readonly<Record<string, unknown>>) => Partial<Record<K, unknown>>;
}

export interface Sharing<K extends string = string> {
  flag?: K;
  users?: readonly K[];
  admins?: true;
}

export function defineEntity<
  const F extends Record<string, Field>,
  const S extends SettingsBlock = SettingsBlock,
  const Sc extends Scope = Scope,
>(
  // the scope as a literal type: a global model's table types its settings group as null (server/db/entity-tables.ts)
  def: Omit<EntityDefinition<F, S>, 'table' | 'scope'> & { scope: Sc },
): EntityDefinition<F, S> & { scope: Sc } {
  if (!(def.titleField in def.fields)) throw new Error(`${def.name}: titleField ${def.titleField} is not a field`);
  if (def.scope === 'property' && !('property_uuid' in def.fields))
    throw new Error(`${def.name}: a property-scoped model needs a property_uuid field`);
  if (def.scope === 'global' && def.access !== 'superusers' && def.access !== 'owners')
    throw new Error(`${def.name}: a global model belongs to no settings group: its access is 'superusers' or 'owners'`);
  if (def.access === 'owners' && def.scope !== 'global') throw new Error(`${def.name}: only a global model is owned`);
  if (def.owner && !ownerColumn(def)) throw new Error(`${def.name}: only a user-scoped or owned model has an owner`);
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind === 'ref' && !name.endsWith('_uuid')) throw new Error(`${def.name}.${name}: refs end in _uuid`);
    if (field.kind === 'refs' && !name.endsWith('_uuids'))
      throw new Error(`${def.name}.${name}: lists of references end in _uuids`);
  }
  if (def.sharing && def.scope !== 'user') throw new Error(`${def.name}: only a user-scoped model is shared`);
  const flag = def.sharing?.flag;
  if (flag && def.fields[flag]?.kind !== 'bool') throw new Error(`${def.name}.${flag}: sharing by a bool field`);
  for (const name of def.sharing?.users ?? [])
    if ((def.fields[name] as { model?: string } | undefined)?.model !== MEMBER_MODEL)
      throw new Error(`${def.name}.${name}: sharing with a member reference`);
  for (const name of def.defaultSort?.then ?? []) {
    const field = def.fields[name];
    if (!field?.required || field.virtual) throw new Error(`${def.name}.${name}: a sort's next field is required`);
  }
  if (def.settings && 'enabled' in def.settings) throw new Error(`${def.name}: every model has 'enabled' already`);
  if (def.numbering) {
    const field = def.fields[def.numbering.field];
    if (field?.kind !== 'text') throw new Error(`${def.name}: a running number goes into a text field`);
    if (def.scope === 'global') throw new Error(`${def.name}: running numbers count per settings group`);
    if (def.settings?.numbering_prefix?.kind !== 'text' || def.settings?.next_number?.kind !== 'int')
      throw new Error(`${def.name}: a numbered model declares numberingSettings(…)`);
  }
  for (const fill of def.fills ?? []) {
    if (def.fields[fill.ref]?.kind !== 'ref') throw new Error(`${def.name}.${fill.ref}: a fill starts at a reference`);
    for (const name of fill.provides)
      if (!(name in def.fields)) throw new Error(`${def.name}.${name}: a fill provides the model's own fields`);
  }
  if (ownerColumn(def) && (def.owner ?? 'user_id') in def.fields)
    throw new Error(`${def.name}: the owner column is the engine's, not a field`);
  return { ...def, table: def.plural.replaceAll('-', '_') };
}

/** Any model, for code that iterates the registry (compared structurally: keys are plain strings here). */
export interface AnyEntity extends Omit<
  EntityDefinition,
  'titleField' | 'status' | 'tree' | 'defaultSort' | 'fields' | 'indexes' | 'sharing' | 'numbering'
> {
  fields: Record<string, Field>;
  titleField: string;
  status?: { field: string; active: readonly string[] };
  tree?: { parentField: string };
  defaultSort?: { field: string; descending?: boolean; then?: readonly string[] };
  indexes?: readonly (readonly string[])[];
  sharing?: Sharing;
  numbering?: { field: string };
}

/** Columns every module record has (docs/domain/fields.md, "Common record fields"), in addition to its own fields. */
export const SYSTEM_FIELDS = [
  'uuid',
  'settings_group_uuid',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'archived_at',
  'archived_by',
] as const;

/** The owner column of a `user`-scoped model and of an `owners` model (none for the others). */
export const ownerColumn = (entity: Pick<AnyEntity, 'scope' | 'owner' | 'access'>): string | undefined =>
  entity.scope === 'user' || entity.access === 'owners' ? (entity.owner ?? 'user_id') : undefined;

/** A model no settings group switches off or sets (docs/domain/fields.md, "Model settings"): a superusers' table, and
 * every global model (it belongs to none). */
export const withoutModelSettings = (entity: Pick<AnyEntity, 'scope' | 'access'>): boolean =>
  entity.access === 'superusers' || entity.scope === 'global';
