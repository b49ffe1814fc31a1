// Workload and cost per month and property (docs/domain/calculations.md, "Workload"): Σ task workload × events (open and done, not
// skipped) in the month; cost = hours × cost_per_hour. One grouped query in the caller's scope: the tasks and task
// events they may view, minus what access rules and restricted access hide from them (docs/domain/permissions.md).
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { entities } from '../../src/entities/registry';
import type { Access } from '../crud/access';
import { rowsOf, scopeCondition } from '../crud/table';
import { property as properties, task as tasks, taskEvent as events } from '../db/entity-tables';

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
    ? sql`and ${events.property_uuid} in (${sql.join(
        q.property_uuids.map((p) => sql`${p}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const res = await ctx.db.execute(sql`
    select to_char(${events.due_date}, 'YYYY-MM') as month, ${events.property_uuid} as property_uuid,
           ${properties.name} as property_name,
           coalesce(sum(${tasks.workload}), 0)::numeric(14,2)::text as hours,
           coalesce(sum(${tasks.workload} * ${tasks.cost_per_hour}), 0)::numeric(14,2)::text as cost
    from ${events}
    join ${tasks} on ${tasks.uuid} = ${events.task_uuid}
    join ${properties} on ${properties.uuid} = ${events.property_uuid}
    where ${events.settings_group_uuid} in (${sql.join(
      groups.map((g) => sql`${g}::uuid`),
      sql`, `,
    )})
      and ${scopeCondition(entities.task_event, access)} and ${scopeCondition(entities.task, access)}
      and ${events.status} <> 'skipped'
      and ${events.due_date} >= ${start}::date and ${events.due_date} < (${start}::date + make_interval(months => ${months}))
      ${props}
    group by 1, 2, 3
    order by 1, 3`);
  return rowsOf<{ month: string; property_uuid: string; property_name: string; hours: string; cost: string }>(res);
}
