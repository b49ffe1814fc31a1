// The favorites menu (docs/domain/preferences.md, "Favorites"): the caller's starred records and saved views that
// the caller still sees, newest first, each with its title. Per model one query over the starred uuids in the
// caller's scope (rights, access rules, archived records too), compiled into the SQL as every list's; a favorite
// whose record is gone or hidden is left out (and stays stored, so it comes back if the record does).
import type { FavoriteItem } from '../../src/entities/favorite';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import { entities, entityByName } from '../../src/entities/registry';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import { col, scopeCondition, tableOf } from '../crud/table';
import type { Db } from '../db/client';
import { favorites } from '../db/entity-tables';

const ownerId = col(entities.favorite, 'user_id');

interface Visible {
  title: string;
  table: string | null;
  sg: string;
}

/** The uuids of `entity` among `uuids` the caller sees (lower case), with their titles and settings groups. */
export async function visibleTitles(db: Db, access: Access, entity: AnyEntity, uuids: string[]) {
  if (!uuids.length) return new Map<string, Visible>();
  const view = entity.name === 'grid_view';
  const rows = (await db
    .select({
      uuid: col(entity, 'uuid'),
      title: col(entity, entity.titleField),
      sg: col(entity, 'settings_group_uuid'),
      // a saved view's grid
      ...(view ? { table: col(entity, 'table_name') } : {}),
    })
    .from(tableOf(entity))
    .where(and(inArray(col(entity, 'uuid'), uuids), scopeCondition(entity, access)))) as {
    uuid: string;
    title: unknown;
    sg: string;
    table?: string;
  }[];
  return new Map(
    rows.map((r) => [String(r.uuid).toLowerCase(), { title: String(r.title ?? ''), table: r.table ?? null, sg: r.sg }]),
  );
}

export async function favoritesMenu(ctx: AppContext, access: Access): Promise<FavoriteItem[]> {
  const rows = await ctx.db
    .select()
    .from(favorites)
    .where(and(eq(ownerId, access.user.id), isNull(favorites.deleted_at), isNull(favorites.archived_at)))
    .orderBy(desc(favorites.created_at))
    .limit(500);
  const byModel = new Map<string, string[]>();
  for (const r of rows) {
    const model = r.grid_view_uuid ? 'grid_view' : r.model;
    const uuid = r.grid_view_uuid ?? r.record_uuid;
    if (model && uuid) (byModel.get(model) ?? byModel.set(model, []).get(model)!).push(uuid);
  }
  const seen = new Map<string, Map<string, Visible>>();
  for (const [model, uuids] of byModel) {
    const entity = entityByName(model);
    if (entity) seen.set(model, await visibleTitles(ctx.db, access, entity, uuids));
  }
  const out: FavoriteItem[] = [];
  for (const r of rows) {
    const model = r.grid_view_uuid ? 'grid_view' : r.model;
    const target = seen.get(String(model))?.get(String(r.grid_view_uuid ?? r.record_uuid).toLowerCase());
    if (!target) continue;
    out.push({
      uuid: r.uuid,
      model: r.model,
      record_uuid: r.record_uuid,
      grid_view_uuid: r.grid_view_uuid,
      table_name: target.table,
      title: target.title,
      settings_group_uuid: r.settings_group_uuid,
    });
  }
  return out;
}
