// Unique fields of an import chunk: against the stored records of the settings group and earlier rows of the file.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { col, tableOf } from '../crud/read';
import type { MessageKey } from '../i18n/messages';
import type { PlanContext, PlannedRow } from './plan';

/** Unique fields: against stored records of the settings group and earlier rows of the file. */
export async function checkUnique(
  ctx: AppContext,
  p: PlanContext,
  planned: PlannedRow[],
  err: (r: PlannedRow, field: string, key: MessageKey, params?: Record<string, string | number>) => void,
) {
  for (const [name, field] of Object.entries(p.entity.fields)) {
    if (!field.unique) continue;
    const rows = planned.filter((r) => (r.action === 'create' || r.action === 'update') && r.values[name]);
    if (!rows.length) continue;
    const taken = (await ctx.db
      .select({ uuid: col(p.entity, 'uuid'), v: col(p.entity, name) })
      .from(tableOf(p.entity))
      .where(
        and(
          eq(col(p.entity, 'settings_group_uuid'), p.options.settings_group_uuid),
          isNull(col(p.entity, 'deleted_at')),
          inArray(
            col(p.entity, name),
            rows.map((r) => String(r.values[name])),
          ),
        ),
      )) as { uuid: string; v: string }[];
    const seen = (p.seen.get(name) ?? p.seen.set(name, new Set()).get(name))!;
    for (const r of rows) {
      const v = String(r.values[name]);
      if (taken.some((t) => t.v === v && t.uuid !== r.target?.uuid) || seen.has(v)) {
        err(r, name, 'validation.unique');
        r.action = 'error';
      }
      seen.add(v);
    }
  }
}
