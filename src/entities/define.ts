// defineEntity: one short, data-only definition per model. The registry (registry.ts) lists them all; every
// adapter reads them. No React, no SQL, no I/O here.
import type { Field } from './fields';

/**
 * How a model is scoped to a workspace:
 * - `settings_group`: carries settings_group_uuid itself (property, contact, catalogues);
 * - `property`: belongs to a property and inherits its settings group (partition, area, facility, …).
 */
export type Scope = 'settings_group' | 'property';

export interface FieldError {
  path: string;
  /** A server message key (validation.*) or an entity-specific key. */
  key: string;
  params?: Record<string, string | number>;
}

export interface EntityDefinition<F extends Record<string, Field> = Record<string, Field>> {
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
  /** Default sort of lists. */
  defaultSort?: { field: keyof F & string; descending?: boolean };
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
}

export function defineEntity<const F extends Record<string, Field>>(
  def: Omit<EntityDefinition<F>, 'table'>,
): EntityDefinition<F> {
  if (!(def.titleField in def.fields)) throw new Error(`${def.name}: titleField ${def.titleField} is not a field`);
  if (def.scope === 'property' && !('property_uuid' in def.fields))
    throw new Error(`${def.name}: a property-scoped model needs a property_uuid field`);
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.kind === 'ref' && !name.endsWith('_uuid')) throw new Error(`${def.name}.${name}: refs end in _uuid`);
  }
  return { ...def, table: def.plural.replaceAll('-', '_') };
}

/** Any model, for code that iterates the registry (compared structurally: keys are plain strings here). */
export interface AnyEntity extends Omit<
  EntityDefinition,
  'titleField' | 'status' | 'tree' | 'defaultSort' | 'fields' | 'indexes'
> {
  fields: Record<string, Field>;
  titleField: string;
  status?: { field: string; active: readonly string[] };
  tree?: { parentField: string };
  defaultSort?: { field: string; descending?: boolean };
  indexes?: readonly (readonly string[])[];
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
