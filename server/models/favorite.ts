// Favorites (docs/domain/preferences.md, "Favorites"): a favorite names a record the caller sees in the favorite's
// settings group (422 on `record_uuid` otherwise, as a reference it may not pick) or a saved view the caller sees,
// and one target is starred once per user (422 `unique`). The menu is server/services/favorites.service.ts.
import { and, eq, isNull, ne } from 'drizzle-orm';
import { entities, entityByName } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { col } from '../crud/table';
import { favorites } from '../db/entity-tables';
import { fieldError } from '../http-error';
import { visibleTitles } from '../services/favorites.service';

const ownerId = col(entities.favorite, 'user_id');

export const favorite: ModelBehaviour = {
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      if (current && !['model', 'record_uuid', 'grid_view_uuid'].some((k) => k in changes)) return;
      const view = merged.grid_view_uuid == null ? null : String(merged.grid_view_uuid);
      const entity = view ? entities.grid_view : entityByName(String(merged.model));
      const uuid = view ?? String(merged.record_uuid);
      const field = view ? 'grid_view_uuid' : 'record_uuid';
      // seen by the caller, in the favorite's settings group
      const seen = entity ? (await visibleTitles(h.db, h.access, entity, [uuid])).get(uuid.toLowerCase()) : undefined;
      if (seen?.sg !== h.settingsGroup) throw fieldError(field, 'validation.ref_not_found');
      const [taken] = await h.db
        .select({ uuid: favorites.uuid })
        .from(favorites)
        .where(
          and(
            eq(ownerId, h.access.user.id),
            isNull(favorites.deleted_at),
            view
              ? eq(favorites.grid_view_uuid, view)
              : and(eq(favorites.model, String(merged.model)), eq(favorites.record_uuid, uuid)),
            current ? ne(favorites.uuid, String(current.uuid)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw fieldError(field, 'validation.unique');
    },
  },
};
