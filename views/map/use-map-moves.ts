// Moving a property on the map, or placing one that had no coordinates (docs/decisions.md, "The map screen"): a
// PATCH with If-Match, the map's own list updated in place (no refetch of every property), the other lists of
// properties marked stale, and one step on the shared undo stack (Ctrl+Z on the map or in a grid, or Undo in the
// notice). A 409 or 422 is said in a notice naming the property and the pin goes back.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { pushUndo, undo } from '../../grids';
import { isApiError } from '../../src/api/errors';
import { recordKeys, type ApiRecord } from '../../src/api/records';
import { notify, reportActionError } from '../../src/components/notices';
import { property } from '../../src/entities/property';
import { useTranslation } from '../../src/i18n';
import { placeProperty } from './map-api';
import { withPlace, type MapReply } from './map-data';

export interface MoveRequest {
  uuid: string;
  title: string;
  lat: number;
  lng: number;
  /** Placing a property without coordinates (rather than moving one). */
  placing?: boolean;
}

export function useMapMoves(mapKey: QueryKey, onSaved: (record: ApiRecord) => void, onFailed: () => void) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useCallback(
    async ({ uuid, title, lat, lng, placing }: MoveRequest) => {
      const previous = client.getQueryData<MapReply>(mapKey);
      // shown at once; put back on failure
      if (previous) client.setQueryData<MapReply>(mapKey, withPlace(previous, uuid, title, lat, lng));
      try {
        const { before, after } = await placeProperty(uuid, lat, lng);
        client.setQueryData(recordKeys.detail(property.name, uuid), after);
        void client.invalidateQueries({
          queryKey: recordKeys.lists(property.name),
          predicate: (query) => query.queryKey[3] !== 'map',
        });
        onSaved(after);
        const label = t(placing ? 'map.placed' : 'map.moved', { title });
        pushUndo({
          label,
          model: property.name,
          changes: [
            { uuid, field: 'latitude', before: before.latitude ?? null, after: after.latitude },
            { uuid, field: 'longitude', before: before.longitude ?? null, after: after.longitude },
          ],
          versions: { [uuid]: after.updated_at },
        });
        notify.success(label, { key: 'map-move', action: { text: t('map.undo'), onClick: () => void undo() } });
      } catch (error) {
        if (previous) client.setQueryData<MapReply>(mapKey, previous);
        onFailed();
        if (isApiError(error) && error.status === 409) {
          notify.warning(t('map.conflict', { title, message: error.message }), { key: 'map-move' });
          void client.invalidateQueries({ queryKey: mapKey });
        } else if (isApiError(error) && error.status === 422) {
          const detail = [...(error.errors.latitude ?? []), ...(error.errors.longitude ?? [])].join(' ');
          notify.error(t('map.invalid', { title, message: detail || error.message }), { key: 'map-move' });
        } else reportActionError(error);
      }
    },
    [client, mapKey, onSaved, onFailed, t],
  );
}
