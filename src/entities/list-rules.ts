// The list rules of a model, one definition for the server (which answers anything else with a 422) and the grids
// (which only offer what the server takes): which fields a list may be sorted and filtered by, and which models the
// selected context (properties, partitions) narrows (docs/domain/api.md, "List query").
import type { AnyEntity } from './define';

/** System columns every list may be sorted by. */
export const SYSTEM_SORT_FIELDS = ['created_at', 'updated_at'] as const;

/** A field a list shows, sorts and filters by: not hidden, and not computed unless it is the title or its model
 * computes it in SQL too (`listable`). */
export function isListField(entity: AnyEntity, name: string): boolean {
  const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
  return Boolean(field && !field.hidden && (!field.computed || field.listable || name === entity.titleField));
}

/** Lists of references and JSON values have no order. */
const hasOrder = (entity: AnyEntity, name: string) => {
  const kind = entity.fields[name]?.kind;
  return kind !== 'refs' && kind !== 'json';
};

export const isSortable = (entity: AnyEntity, name: string) =>
  (SYSTEM_SORT_FIELDS as readonly string[]).includes(name) || (isListField(entity, name) && hasOrder(entity, name));

export const sortableFields = (entity: AnyEntity): string[] => [
  ...Object.keys(entity.fields).filter((name) => isListField(entity, name) && hasOrder(entity, name)),
  ...SYSTEM_SORT_FIELDS,
];

/** The fields a list may be filtered by. */
export const filterableFields = (entity: AnyEntity): string[] =>
  Object.keys(entity.fields).filter((name) => isListField(entity, name) && entity.fields[name]!.kind !== 'json');

/** The fields a stored filter (an access rule's) may name: the list's, but no computed one (its value moves with the
 * day, and a rule's matches are compiled when it is saved). */
export const storedFilterFields = (entity: AnyEntity): string[] =>
  filterableFields(entity).filter((name) => !entity.fields[name]!.computed);

/**
 * The column the selected context narrows a model by: the property itself, or a model with a property (and the
 * partition, or a model with a partition); null for models of the whole workspace (contacts, catalogues).
 */
export function contextColumn(entity: AnyEntity, context: 'property' | 'partition'): string | null {
  if (entity.name === context) return 'uuid';
  return Object.hasOwn(entity.fields, `${context}_uuid`) ? `${context}_uuid` : null;
}
