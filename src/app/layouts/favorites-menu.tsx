// The star in the navbar (docs/domain/preferences.md, "Favorites"): a popover listing the user's starred records
// and saved views that the user still sees, each a link to its record page (or its grid with the record open) or
// to its grid with the view applied.
import { Classes, Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { Star } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { favoritesKey, fetchFavorites, type FavoriteItem } from '../../api/favorites.api';
import { entityByName } from '../../entities/registry';
import { useTranslation } from '../../i18n';
import { GRID_PAGES, modulePageOf } from '../../../views/pages';

/** Where a favorite opens. */
export function favoritePath(item: FavoriteItem): string | null {
  if (item.grid_view_uuid) {
    const table = item.table_name ?? '';
    const page = GRID_PAGES.find(
      (p) => p.group === 'modules' && (p.model === table || entityByName(p.model)?.plural === table),
    );
    return page ? `${page.path}?view=${item.grid_view_uuid}` : null;
  }
  const page = item.model ? modulePageOf(item.model) : undefined;
  if (!page || !item.record_uuid) return null;
  return page.recordPage === false ? `${page.path}?record=${item.record_uuid}` : `${page.path}/${item.record_uuid}`;
}

export function FavoritesMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const favorites = useQuery({ queryKey: favoritesKey, queryFn: fetchFavorites, staleTime: 60_000 });
  const items = favorites.data ?? [];
  const content = (
    <Menu aria-label={t('shell.favorites.title')} className="hw-favorites-menu">
      {items.length === 0 ? (
        <li className={Classes.TEXT_MUTED}>{t('shell.favorites.empty')}</li>
      ) : (
        items.map((item) => {
          const path = favoritePath(item);
          // the module's name (the shell has the module names, not the models')
          const module = item.model ? modulePageOf(item.model) : undefined;
          const kind = item.grid_view_uuid ? t('shell.favorites.view') : module ? t(module.title) : '';
          return (
            <MenuItem
              key={item.uuid}
              text={item.title || t('grid.untitled')}
              label={kind}
              disabled={!path}
              onClick={() => path && void navigate(path)}
            />
          );
        })
      )}
    </Menu>
  );
  return (
    <PopoverNext content={content} placement="bottom-end">
      <Button variant="minimal" aria-label={t('shell.favorites.title')} icon={<Star />} />
    </PopoverNext>
  );
}
