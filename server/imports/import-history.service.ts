// The history of imports (docs/spreadsheet-api.md, "Import history"; `GET /import-jobs`): newest first, who ran each,
// its file, model, status and counts. A caller's own imports everywhere; with `settings_group_uuid`, that group's:
// all of them for its admins, their own for its members (404 outside it). The links (error report, undo) are the
// uploader's alone, as the routes they name are.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import { imports, users } from '../db/schema';
import { notFound } from '../http-error';
import { presentImport } from './import.service';

const LIMIT = 200;

export async function importHistory(ctx: AppContext, access: Access, settingsGroup?: string) {
  let where: SQL | undefined = eq(imports.user_id, access.user.id);
  if (settingsGroup) {
    const role = access.roles.get(settingsGroup);
    if (!role) throw notFound();
    where = and(
      eq(imports.settings_group_uuid, settingsGroup),
      role === 'admin' ? undefined : eq(imports.user_id, access.user.id),
    );
  }
  const rows = await ctx.db
    .select({
      job: imports,
      by: sql<string>`trim(coalesce(${users.first_name}, '') || ' ' || coalesce(${users.last_name}, ''))`,
    })
    .from(imports)
    .innerJoin(users, eq(users.id, imports.user_id))
    .where(where)
    .orderBy(desc(imports.created_at))
    .limit(LIMIT);
  return rows.map(({ job, by }) => {
    const own = job.user_id === access.user.id;
    const shown = presentImport(job);
    return {
      ...shown,
      settings_group_uuid: job.settings_group_uuid,
      created_by: by,
      mine: own,
      links: own ? shown.links : {},
    };
  });
}
