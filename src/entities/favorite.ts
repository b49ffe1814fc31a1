// A user's favorites (docs/domain/preferences.md, "Favorites"): a record or a saved view the user starred, a user's
// own row (scope `user`) in the settings group of what it names. The favorites menu lists those the user still
// sees (server/services/favorites.service.ts).
import { z } from 'zod';
import { defineEntity } from './define';
import { f } from './fields';

/** The models whose records may be starred: the portfolio's and the modules' with a title of their own (a reading,
 * titled by its time, is reached through its counter). */
export const FAVORITE_MODELS = [
  'property',
  'partition',
  'area',
  'facility',
  'contact',
  'contract',
  'guarantee',
  'document',
  'budget',
  'bill',
  'counter',
  'ticket',
  'task',
  'order',
] as const;

const UUID = z.regexes.uuid();

export const favorite = defineEntity({
  name: 'favorite',
  plural: 'favorites',
  titleField: 'note',
  scope: 'user',
  fields: {
    /** The user's own words for it (the menu shows them beside the record's title). */
    note: f.text({ max: 200 }),
    /** A record's model and uuid, or a saved view (`grid_view_uuid`): one of the two. */
    model: f.enum(FAVORITE_MODELS),
    record_uuid: f.text({ max: 36 }),
    grid_view_uuid: f.ref('grid_view'),
  },
  defaultSort: { field: 'model' },
  indexes: [['record_uuid']],
  validate: (v) => {
    const record = v.model != null || v.record_uuid != null;
    const view = v.grid_view_uuid != null;
    if (record === view || (record && (v.model == null || v.record_uuid == null)))
      return [{ path: view ? 'grid_view_uuid' : 'record_uuid', key: 'validation.favorite_target' }];
    if (record && !UUID.test(String(v.record_uuid))) return [{ path: 'record_uuid', key: 'validation.uuid' }];
    return [];
  },
});

/** A line of the favorites menu (`GET /favorites/menu`): the favorite and its target's title. */
export interface FavoriteItem {
  uuid: string;
  model: string | null;
  record_uuid: string | null;
  grid_view_uuid: string | null;
  /** The grid a saved view belongs to (its `table_name`). */
  table_name: string | null;
  title: string;
  settings_group_uuid: string;
}
