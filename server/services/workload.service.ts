// Workload and cost per month and property (docs/domain/calculations.md, "Workload"): Σ task workload × events (open and done, not
// skipped) in the month; cost = hours × cost_per_hour. One grouped query over the task events the caller's list shows
// (analytics-scope.ts: the list's own conditions, so rights, access rules, restricted access and the selected
// properties as on the list) whose task they may view too; per month and property, among the properties they see,
// for `GET /tasks/workload`, per month for the staffing chart (docs/analytics-api.md).
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import { entities } from '../../src/entities/registry';
import type { Access } from '../crud/access';
import { rowsOf, scopeCondition } from '../crud/table';
import { property as properties, task as tasks, taskEvent as events } from '../db/entity-tables';
import { scopedTo, type Selection } from './analytics-scope';

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
    await ctx.db.execute(
      workloadStatement(
        access,
        { settings_group_uuid: q.settings_group_uuid, property_uuids: q.property_uuids },
        { start, end },
        true,
      ),
    ),
  );
}

/**
 * The workload statement (docs/domain/calculations.md, "Workload") for the events due from `start` up to `end`
 * (exclusive, SQL dates), grouped per month, and per property too with `byProperty`: `GET /tasks/workload` and the
 * staffing chart (docs/analytics-api.md, "Charts"). The events are those of the task events' list for the selection
 * and its filter; per property, a property the caller does not see (an access rule, no view right) has no row: its
 * uuid and name never show (docs/domain/permissions.md, "Access rules").
 */
export function workloadStatement(
  access: Access,
  q: Selection,
  span: { start: SQL; end: SQL },
  byProperty: boolean,
): SQL {
  const property = byProperty
    ? sql`, ${events.property_uuid} as property_uuid, ${properties.name} as property_name`
    : sql``;
  return sql`
    select to_char(${events.due_date}, 'YYYY-MM') as month ${property},
           count(*)::int as events,
           coalesce(sum(${tasks.workload}), 0)::numeric(14,2)::text as hours,
           coalesce(sum(${tasks.workload} * coalesce(${events.cost_per_hour}, ${tasks.cost_per_hour})), 0)::numeric(14,2)::text as cost
    from ${events}
    join ${tasks} on ${tasks.uuid} = ${events.task_uuid} and ${scopeCondition(entities.task, access)}
    ${
      byProperty
        ? sql`join ${properties} on ${properties.uuid} = ${events.property_uuid}
            and ${scopeCondition(entities.property, access)}`
        : sql``
    }
    where ${scopedTo(entities.task_event, access, q)}
      and ${events.status} <> 'skipped'
      and ${events.due_date} >= ${span.start} and ${events.due_date} < ${span.end}
    group by ${byProperty ? sql`1, 2, 3 order by 1, 3` : sql`1 order by 1`}`;
}

/** The staffing chart: per month over the selection and its task events' list filter, `from` to `to` (days, both
 * included). */
export const staffingStatement = (access: Access, q: Selection & { from: string; to: string }) =>
  workloadStatement(access, q, { start: sql`${q.from}::date`, end: sql`(${q.to}::date + 1)` }, false);
