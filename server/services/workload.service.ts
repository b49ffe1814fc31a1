// Workload and cost per month and property (docs/domain/calculations.md, "Workload"): Σ task workload × events (open and done, not
// skipped) in the month; cost = hours × cost_per_hour. One grouped query in the caller's scope.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Access } from '../crud/access';
import { rowsOf } from '../crud/table';

export interface WorkloadQuery {
  from: string;
  months?: number | undefined;
  settings_group_uuid?: string | undefined;
  property_uuids?: string[] | undefined;
}

export async function workload(ctx: AppContext, access: Access, q: WorkloadQuery) {
  if (!access.groups.length) return [];
  const start = `${q.from}-01`;
  const months = q.months ?? 12;
  const groups = q.settings_group_uuid ? access.groups.filter((g) => g === q.settings_group_uuid) : access.groups;
  if (!groups.length) return [];
  const props = q.property_uuids?.length
    ? sql`and e.property_uuid in (${sql.join(
        q.property_uuids.map((p) => sql`${p}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const res = await ctx.db.execute(sql`
    select to_char(e.due_date, 'YYYY-MM') as month, e.property_uuid, p.name as property_name,
           coalesce(sum(t.workload), 0)::numeric(14,2)::text as hours,
           coalesce(sum(t.workload * t.cost_per_hour), 0)::numeric(14,2)::text as cost
    from task_events e
    join tasks t on t.uuid = e.task_uuid
    join properties p on p.uuid = e.property_uuid
    where e.settings_group_uuid in (${sql.join(
      groups.map((g) => sql`${g}::uuid`),
      sql`, `,
    )})
      and e.deleted_at is null and t.deleted_at is null and e.status <> 'skipped'
      and e.due_date >= ${start}::date and e.due_date < (${start}::date + make_interval(months => ${months}))
      ${props}
    group by 1, 2, 3
    order by 1, 3`);
  return rowsOf<{ month: string; property_uuid: string; property_name: string; hours: string; cost: string }>(res);
}
