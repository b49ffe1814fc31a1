// Workload and cost per month and property (docs/domain/calculations.md, "Workload"): Σ task workload × events (open and done, not
// skipped) in the month; cost = hours × cost_per_hour. One grouped query in the caller's scope: the tasks and task
// events they may view, minus what access rules and restricted access hide from them (docs/domain/permissions.md); per
// month and property for `GET /tasks/workload`, per month for the staffing chart (docs/analytics-api.md).
import { sql, type SQL } from 'drizzle-orm';
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

/** Per month and property (docs/planning-api.md, "Workload"). */
export async function workload(ctx: AppContext, access: Access, q: WorkloadQuery) {
  if (!access.groups.length) return [];
  const start = sql`${`${q.from}-01`}::date`;
  const end = sql`(${start} + make_interval(months => ${q.months ?? 12}))`;
  return rowsOf<{ month: string; property_uuid: string; property_name: string; hours: string; cost: string }>(
    await ctx.db.execute(workloadStatement(access, q, { start, end }, true)),
  );
}

/**
 * The workload statement (docs/domain/calculations.md, "Workload") for the events due from `start` up to `end`
 * (exclusive, SQL dates), grouped per month, and per property too with `byProperty`: `GET /tasks/workload` and the
 * staffing chart (docs/analytics-api.md, "Charts").
 */
export function workloadStatement(
  access: Access,
  q: Omit<WorkloadQuery, 'from' | 'months'> & { filter?: SQL | undefined },
  span: { start: SQL; end: SQL },
  byProperty: boolean,
): SQL {
  const groups = q.settings_group_uuid ? access.groups.filter((g) => g === q.settings_group_uuid) : access.groups;
  const props = q.property_uuids?.length
    ? sql`and ${events.property_uuid} in (${sql.join(
        q.property_uuids.map((p) => sql`${p}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const property = byProperty
    ? sql`, ${events.property_uuid} as property_uuid, ${properties.name} as property_name`
    : sql``;
  return sql`
    select to_char(${events.due_date}, 'YYYY-MM') as month ${property},
           coalesce(sum(${tasks.workload}), 0)::numeric(14,2)::text as hours,
           coalesce(sum(${tasks.workload} * ${tasks.cost_per_hour}), 0)::numeric(14,2)::text as cost
    from ${events}
    join ${tasks} on ${tasks.uuid} = ${events.task_uuid}
    ${byProperty ? sql`join ${properties} on ${properties.uuid} = ${events.property_uuid}` : sql``}
    where ${
      groups.length
        ? sql`${events.settings_group_uuid} in (${sql.join(
            groups.map((g) => sql`${g}::uuid`),
            sql`, `,
          )})`
        : sql`false`
    }
      and ${scopeCondition(entities.task_event, access)} and ${scopeCondition(entities.task, access)}
      and ${events.status} <> 'skipped'
      and ${events.due_date} >= ${span.start} and ${events.due_date} < ${span.end}
      ${props} ${q.filter ? sql`and ${q.filter}` : sql``}
    group by ${byProperty ? sql`1, 2, 3 order by 1, 3` : sql`1 order by 1`}`;
}

/** The staffing chart: per month over the selection, `from` to `to` (days, both included), and the task events'
 * list filter as conditions (`filter`). */
export const staffingStatement = (
  access: Access,
  q: { settings_group_uuid: string; property_uuids?: string[] | undefined; from: string; to: string; filter?: SQL },
) => workloadStatement(access, q, { start: sql`${q.from}::date`, end: sql`(${q.to}::date + 1)` }, false);
