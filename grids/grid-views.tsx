// Saved views of a grid (docs/domain/preferences.md, "Saved views"): a menu of personal and shared views, the "unsaved changes" chip
// with Save / Save as new view / Reset, and the dialog naming a new view. The active view lives in the URL
// (`?view=<uuid>`), so a link or a reload opens the same view.
import {
  Button,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
  Menu,
  MenuDivider,
  MenuItem,
  PopoverNext,
  Tag,
} from '@blueprintjs/core';
import { CaretDown, FloppyDisk, Layers, People, Reset, Share, Star, StarEmpty, Trash } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GridView, GridViewQuery } from '../src/entities/account';
import { http } from '../src/api/http';
import { addFavorite, favoritesKey, fetchFavorites, removeFavorite } from '../src/api/favorites.api';
import { ApiError } from '../src/api/errors';
import { FormMessage, TextField, useFormSubmit } from '../src/components/form-fields';
import { notify, reportActionError } from '../src/components/notices';
import { useTranslation } from '../src/i18n';
import { gridViewsKey, gridViewsQuery } from './grid-views-query';
import { isQueryDirty } from './view-query';

/** The table's views and the active one (from `?view=`). */
export function useGridViews(table: string) {
  const [params, setParams] = useSearchParams();
  const views = useQuery({
    ...gridViewsQuery,
    select: (all: GridView[]) => all.filter((view) => view.table_name === table),
  });
  const activeUuid = params.get('view');
  const active = views.data?.find((v) => v.uuid === activeUuid) ?? null;
  const select = (uuid: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (uuid) next.set('view', uuid);
        else next.delete('view');
        return next;
      },
      { replace: true },
    );
  return { views: views.data ?? [], loaded: !views.isPending, active, activeUuid, select };
}

interface Props {
  table: string;
  settingsGroupUuid: string | null;
  /** The grid's query now. */
  current: GridViewQuery;
  views: ReturnType<typeof useGridViews>;
  /** Puts a view's query (or, for the standard view, none) back on the grid. */
  onReset: (query: GridViewQuery | null) => void;
}

export function GridViews({ table, settingsGroupUuid, current, views, onReset }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [naming, setNaming] = useState(false);
  const { active } = views;
  const dirty = isQueryDirty(current, active?.query ?? null);
  const refresh = () => client.invalidateQueries({ queryKey: gridViewsKey });
  // a change sends the version the menu shows: a view changed meanwhile (by its owner on another device, or an
  // admin) is a 409, whose message shows while the menu loads the current version
  const version = (view: GridView) => ({ headers: { 'If-Match': `"${view.updated_at}"` } });
  const failed = async (error: unknown) => {
    reportActionError(error);
    if (error instanceof ApiError && error.status === 409) await refresh();
  };

  const save = async () => {
    if (!active) return;
    try {
      await http.patch(`grid-views/${active.uuid}`, { query: current }, version(active));
      await refresh();
      notify.success(t('grid.views.saved', { name: active.name }));
    } catch (error) {
      await failed(error);
    }
  };
  const toggleShared = async () => {
    if (!active) return;
    try {
      await http.patch(`grid-views/${active.uuid}`, { shared: !active.shared }, version(active));
      await refresh();
    } catch (error) {
      await failed(error);
    }
  };
  const remove = async () => {
    if (!active) return;
    try {
      await http.delete(`grid-views/${active.uuid}`, version(active));
      views.select(null);
      await refresh();
      notify.success(t('grid.views.deleted', { name: active.name }));
    } catch (error) {
      await failed(error);
    }
  };

  // the active view starred: it opens from the favorites menu (docs/domain/preferences.md, "Favorites")
  const favorites = useQuery({ queryKey: favoritesKey, queryFn: fetchFavorites, staleTime: 60_000 });
  const starred = active ? favorites.data?.find((f) => f.grid_view_uuid === active.uuid) : undefined;
  const star = useMutation({
    mutationFn: () =>
      starred
        ? removeFavorite(starred.uuid)
        : addFavorite({ settings_group_uuid: active!.settings_group_uuid, grid_view_uuid: active!.uuid }),
    onSettled: () => client.invalidateQueries({ queryKey: favoritesKey }),
    onError: reportActionError,
  });

  const personal = views.views.filter((v) => v.mine && !v.shared);
  const shared = views.views.filter((v) => v.shared);
  const item = (view: GridView) => (
    <MenuItem
      key={view.uuid}
      text={view.name}
      icon={view.shared ? <People /> : undefined}
      label={view.shared && !view.mine ? view.owner_name : undefined}
      active={active?.uuid === view.uuid}
      roleStructure="listoption"
      selected={active?.uuid === view.uuid}
      onClick={() => views.select(view.uuid)}
    />
  );
  const menu = (
    <Menu aria-label={t('grid.views.title')}>
      <MenuItem
        text={t('grid.views.standard')}
        roleStructure="listoption"
        selected={!active}
        onClick={() => views.select(null)}
      />
      {personal.length > 0 && <MenuDivider title={t('grid.views.personal')} />}
      {personal.map(item)}
      {shared.length > 0 && <MenuDivider title={t('grid.views.shared')} />}
      {shared.map(item)}
      <MenuDivider />
      <MenuItem icon={<FloppyDisk />} text={t('grid.views.saveAsNew')} onClick={() => setNaming(true)} />
      {active && (
        <MenuItem
          icon={starred ? <Star color="#d99e0b" /> : <StarEmpty />}
          text={t(starred ? 'shell.favorites.remove' : 'shell.favorites.add')}
          shouldDismissPopover={false}
          disabled={star.isPending || !favorites.isSuccess}
          onClick={() => star.mutate()}
        />
      )}
      {active?.links.update && (
        <MenuItem
          icon={<Share />}
          text={active.shared ? t('grid.views.unshare') : t('grid.views.share')}
          onClick={() => void toggleShared()}
        />
      )}
      {active?.links.delete && (
        <MenuItem icon={<Trash />} intent={Intent.DANGER} text={t('grid.views.delete')} onClick={() => void remove()} />
      )}
    </Menu>
  );

  return (
    <>
      <PopoverNext content={menu} placement="bottom-start">
        <Button variant="minimal" icon={<Layers />} endIcon={<CaretDown />} aria-label={t('grid.views.title')}>
          {active?.name ?? t('grid.views.standard')}
        </Button>
      </PopoverNext>
      {dirty && (
        <span className="hw-grid-views-dirty" role="status">
          <Tag minimal intent={Intent.WARNING}>
            {t('grid.views.unsaved')}
          </Tag>
          {active?.links.update && (
            <Button size="small" variant="minimal" icon={<FloppyDisk />} onClick={() => void save()}>
              {t('grid.views.save')}
            </Button>
          )}
          <Button size="small" variant="minimal" onClick={() => setNaming(true)}>
            {t('grid.views.saveAsNew')}
          </Button>
          <Button size="small" variant="minimal" icon={<Reset />} onClick={() => onReset(active?.query ?? null)}>
            {t('grid.views.reset')}
          </Button>
        </span>
      )}
      {naming && (
        <NameViewDialog
          table={table}
          settingsGroupUuid={settingsGroupUuid}
          query={current}
          onClose={() => setNaming(false)}
          onCreated={async (view) => {
            setNaming(false);
            await refresh();
            views.select(view.uuid);
          }}
        />
      )}
    </>
  );
}

function NameViewDialog(props: {
  table: string;
  settingsGroupUuid: string | null;
  query: GridViewQuery;
  onClose: () => void;
  onCreated: (view: GridView) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const { form, busy, handle } = useFormSubmit();
  const submit = handle(async () => {
    const view = await http.post<GridView>('grid-views', {
      table_name: props.table,
      settings_group_uuid: props.settingsGroupUuid,
      name,
      shared,
      query: props.query,
    });
    await props.onCreated(view);
  });
  return (
    <Dialog isOpen title={t('grid.views.saveAsNew')} onClose={props.onClose}>
      <form onSubmit={submit}>
        <DialogBody>
          <FormMessage message={form.message} />
          <TextField
            id="hw-view-name"
            label={t('grid.views.name')}
            value={name}
            onChange={setName}
            errors={form.errors.name}
            maxLength={80}
            required
            autoFocus
          />
          <Checkbox
            checked={shared}
            label={t('grid.views.shareWithGroup')}
            onChange={(event) => setShared(event.currentTarget.checked)}
          />
          <p className={Classes.TEXT_MUTED}>{t('grid.views.whatIsSaved')}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={props.onClose}>{t('grid.views.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={busy}>
                {t('grid.views.save')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
