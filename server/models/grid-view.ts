// Saved grid views (docs/domain/preferences.md, "Saved views"): what a saved view adds to the records engine. The
// owner's name and whether the row is the caller's own are read in the same query; `?table=` (the table's views,
// as the API answered before views were a model) narrows a list to one table exactly, as `filter[table_name]`
// narrows it by a part of the name.
import { eq, sql } from 'drizzle-orm';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { gridViews } from '../db/entity-tables';
import { users } from '../db/schema';
import { entities, entityByName, entityByPlural, knownTableName } from '../../src/entities/registry';
import { col } from '../crud/table';
import { attributeKeyOf, isAttributeModel } from '../../src/domain/attributes';
import { indexAttribute } from './attribute';

/** The attributes a saved view's query sorts or filters by (`attributes.<key>`), of its table's model. */
function attributesQueried(table: unknown, query: unknown): { model: string; keys: string[] } | null {
  const entity = typeof table === 'string' ? (entityByName(table) ?? entityByPlural(table)) : undefined;
  if (!entity || !isAttributeModel(entity.name) || !query || typeof query !== 'object') return null;
  const q = query as { sort_by?: unknown; filters?: unknown };
  const paths = [
    ...(typeof q.sort_by === 'string' ? [q.sort_by] : []),
    ...(q.filters && typeof q.filters === 'object' ? Object.keys(q.filters) : []),
  ];
  const keys = [...new Set(paths.map(attributeKeyOf).filter((k): k is string => k !== null))];
  return keys.length ? { model: entity.name, keys } : null;
}

/** The owner's id: the row's owner column (the engine's, no field: src/entities/define.ts, `owner`). */
const ownerId = col(entities.grid_view, 'user_id');

export const gridView: ModelBehaviour = {
  selected: (access) => ({
    owner_name: sql<string>`(select ${users.first_name} || ' ' || ${users.last_name} from ${users} where ${eq(users.id, ownerId)})`,
    mine: access ? sql<boolean>`(${ownerId} = ${access.user.id})` : sql<boolean>`false`,
  }),
  listParams: {
    table: { schema: knownTableName, condition: (table) => eq(gridViews.table_name, String(table)) },
  },
  hooks: {
    // an attribute a saved view sorts or filters by gets the index a searchable one has, so the view's list reads
    // in index order like one by a built-in field (docs/domain/attributes.md, "Lists")
    beforeWrite: async (h, merged, changes) => {
      if (!('query' in changes) && !('table_name' in changes)) return;
      const queried = attributesQueried(merged.table_name, merged.query);
      for (const key of queried?.keys ?? []) await indexAttribute(h, queried!.model, key);
    },
  },
};
