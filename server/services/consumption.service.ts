// A counter's consumption per month or year and per m² of its property's energy reference area
// (docs/domain/calculations.md, "Consumption per period"; the route: docs/planning-api.md, "Counters and readings").
// The sums are of the stored consumptions of its live readings (exact numeric in SQL), grouped by the UTC month or
// year of `measured_at`; the division by the area is exact to four places (src/domain/consumption.ts).
import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { perSquareMetre, type ConsumptionPeriod } from '../../src/domain/consumption';
import { toDec, decToString } from '../../src/domain/decimal';
import { entities } from '../../src/entities/registry';
import type { ConsumptionReply } from '../../src/entities/counter';
import type { Access } from '../crud/access';
import { getRow } from '../crud/read';
import { scopeCondition } from '../crud/table';
import type { AppContext } from '../context';
import { measurement as measurements, property as properties } from '../db/entity-tables';
import { scopedTo } from './analytics-scope';

/** The start of a day (plus `days`) in UTC, computed by the database: the day after 9999-12-31 is no JS date the
 * drivers send. */
export const utcDay = (day: string, days = 0) => sql`((${day}::date + ${days}::int)::timestamp at time zone 'UTC')`;

/** The UTC month (`YYYY-MM`) or year of a reading's `measured_at`: a literal format (one of two), so that a select
 * and its group by are the same expression. */
export const periodOf = (period: ConsumptionPeriod) =>
  sql<string>`to_char(${measurements.measured_at} at time zone 'UTC', ${sql.raw(period === 'month' ? `'YYYY-MM'` : `'YYYY'`)})`;

/** A period's summed consumption (numeric text) to four places, and per m² of `area` (null without one). */
export function consumptionValues(total: unknown, area: unknown) {
  const consumption = decToString(toDec(total)!, 4);
  return { consumption, per_m2: perSquareMetre(consumption, area) };
}

export async function counterConsumption(
  ctx: AppContext,
  access: Access,
  uuid: string,
  q: { period: ConsumptionPeriod; from?: string; to?: string },
): Promise<ConsumptionReply> {
  const counter = await getRow(ctx, access, entities.counter, uuid); // 404 outside the caller's scope
  const [property] = await ctx.db
    .select({ area: properties.energy_reference_area })
    .from(properties)
    // a property the caller does not see (a rule, restricted access, no view right) gives no area: no per m²
    .where(and(eq(properties.uuid, String(counter.property_uuid)), scopeCondition(entities.property, access)))
    .limit(1);
  const area = property?.area ?? null;
  const period = periodOf(q.period);
  const rows = await ctx.db
    .select({
      period,
      total: sql<string>`sum(${measurements.consumption})::text`,
      readings: sql<number>`count(*)::int`,
    })
    .from(measurements)
    .where(
      and(
        eq(measurements.counter_uuid, uuid),
        // the readings the list of readings shows the caller (the list's own conditions, analytics-scope.ts: rights,
        // access rules, restricted access, not archived; docs/domain/permissions.md, "Access rules")
        scopedTo(entities.measurement, access, {}),
        isNotNull(measurements.consumption),
        q.from ? gte(measurements.measured_at, utcDay(q.from)) : undefined,
        q.to ? lt(measurements.measured_at, utcDay(q.to, 1)) : undefined,
      ),
    )
    .groupBy(period)
    .orderBy(period);
  return {
    data: rows.map((r) => ({ period: r.period, ...consumptionValues(r.total, area), readings: Number(r.readings) })),
    meta: { period: q.period, energy_reference_area: area === null ? null : String(area) },
  };
}
