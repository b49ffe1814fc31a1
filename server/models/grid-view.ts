// Saved grid views (docs/domain/preferences.md, "Saved views"): what a saved view adds to the records engine. The
// owner's name and whether the row is the caller's own are read in the same query; `?table=` (the table's views,
// as the API answered before views were a model) narrows a list to one table exactly, as `filter[table_name]`
// narrows it by a part of the name.
import { eq, sql } from 'drizzle-orm';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { gridViews } from '../db/entity-tables';
import { users } from '../db/schema';
import { entities, knownTableName } from '../../src/entities/registry';
import { col } from '../crud/table';

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
};
