// The user's favorites (docs/domain/preferences.md, "Favorites"): the menu of starred records and saved views the
// user still sees; a star adds one (in the settings group of what it names) and takes it away again.
import type { FavoriteItem } from '../entities/favorite';
import { http } from './http';

export type { FavoriteItem };

export const favoritesKey = ['favorites', 'menu'] as const;

export const fetchFavorites = () => http.get<FavoriteItem[]>('favorites/menu');

export const addFavorite = (body: {
  settings_group_uuid: string;
  model?: string;
  record_uuid?: string;
  grid_view_uuid?: string;
}) => http.post<{ uuid: string }>('favorites', body);

export const removeFavorite = (uuid: string) => http.delete<unknown>(`favorites/${uuid}`);
