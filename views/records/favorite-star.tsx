// The star beside a record's title (docs/domain/preferences.md, "Favorites"): filled when the user starred the
// record; a click stars it (in the record's settings group) or takes the star away, and the favorites menu follows.
import { Button } from '@blueprintjs/core';
import { Star, StarEmpty } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addFavorite, favoritesKey, fetchFavorites, removeFavorite } from '../../src/api/favorites.api';
import type { ApiRecord } from '../../src/api/records';
import { reportActionError } from '../../src/components/notices';
import type { AnyEntity } from '../../src/entities/define';
import { FAVORITE_MODELS } from '../../src/entities/favorite';
import { useTranslation } from '../../src/i18n';

const STARRABLE: ReadonlySet<string> = new Set(FAVORITE_MODELS);

export function FavoriteStar({ entity, record }: { entity: AnyEntity; record: ApiRecord }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const starrable = STARRABLE.has(entity.name) && typeof record.settings_group_uuid === 'string';
  const favorites = useQuery({
    queryKey: favoritesKey,
    queryFn: fetchFavorites,
    staleTime: 60_000,
    enabled: starrable,
  });
  const starred = favorites.data?.find((f) => f.model === entity.name && f.record_uuid === record.uuid);
  const toggle = useMutation({
    mutationFn: () =>
      starred
        ? removeFavorite(starred.uuid)
        : addFavorite({
            settings_group_uuid: String(record.settings_group_uuid),
            model: entity.name,
            record_uuid: record.uuid,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: favoritesKey }),
    onError: reportActionError,
  });
  if (!starrable) return null;
  return (
    <Button
      variant="minimal"
      size="small"
      className="hw-favorite-star"
      icon={starred ? <Star color="#d99e0b" /> : <StarEmpty />}
      aria-pressed={Boolean(starred)}
      aria-label={t(starred ? 'shell.favorites.remove' : 'shell.favorites.add')}
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
    />
  );
}
