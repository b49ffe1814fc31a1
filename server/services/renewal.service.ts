// The renewal forecast (docs/analytics-api.md, "Renewal forecast"): the facilities the list shows for the selection
// and filter (analytics-scope.ts, the list's own conditions), each one's renewal figures (src/domain/renewal.ts) and
// their yearly sum (src/domain/renewal-forecast.ts), with its component type's lifetime and the renewal group's
// default lifetime and unit price where a facility has none, its property's usage factor, indexed by the construction cost index series and price base year of the facility settings
// (the years the series lacks are named). A facility left out is counted: excluded from renewal, or without a
// renewal year or costs. A renewal date stored on a facility is one a user typed: it wins.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { AnyEntity } from '../../src/entities/define';
import { facility } from '../../src/entities/facility';
import { componentType, constructionCostIndex, renewalGroup } from '../../src/entities/catalogues';
import { property } from '../../src/entities/property';
import type { RenewalConditionReply, RenewalForecastQuery, RenewalForecastReply } from '../../src/entities/analytics';
import { renewalFigures } from '../../src/domain/renewal';
import { renewalForecast, type ForecastItem } from '../../src/domain/renewal-forecast';
import type { Access } from '../crud/access';
import { col, tableOf } from '../crud/table';
import { todayAt } from '../crud/access';
import { readModelSettings } from '../crud/model-settings';
import { computedRows, requireView, scopedTo, type Selection } from './analytics-scope';
import { conditionFigures, type ConditionFacility } from '../../src/domain/portfolio-condition';

const COLUMNS = [
  'property_uuid',
  'renewal_group_uuid',
  'component_type_uuid',
  'lifetime',
  'commissioning_year',
  'commissioning_date',
  'renewal_date',
  'quantity',
  'unit_price',
  'dismantling_cost_share',
  'condition',
  'excluded_from_renewal',
  'safety_relevant',
] as const;

export async function forecast(
  ctx: AppContext,
  access: Access,
  q: RenewalForecastQuery & { filter?: Record<string, unknown> },
): Promise<RenewalForecastReply> {
  requireView(access, q.settings_group_uuid, facility);
  const where = scopedTo(facility, access, {
    settings_group_uuid: q.settings_group_uuid,
    property_uuids: q.property_uuids,
    filter: q.filter,
  });
  const rows = (await ctx.db
    .select(Object.fromEntries(COLUMNS.map((c) => [c, col(facility, c)])))
    .from(tableOf(facility))
    .where(where)) as Record<(typeof COLUMNS)[number], unknown>[];
  // the renewal groups' defaults, for facilities without a lifetime or unit price of their own
  const groups = await bySettingsGroup<{ default_lifetime: number | null; default_unit_price: string | null }>(
    ctx,
    renewalGroup,
    q.settings_group_uuid,
    ['default_lifetime', 'default_unit_price'],
  );
  // the lifetime table: a facility's component type gives its lifetime and group where it has none of its own
  const types = await bySettingsGroup<{ lifetime: number; renewal_group_uuid: string | null }>(
    ctx,
    componentType,
    q.settings_group_uuid,
    ['lifetime', 'renewal_group_uuid'],
  );
  const typeOf = (row: Record<(typeof COLUMNS)[number], unknown>) =>
    row.component_type_uuid ? types.get(String(row.component_type_uuid)) : undefined;
  const groupOf = (row: Record<(typeof COLUMNS)[number], unknown>) =>
    (row.renewal_group_uuid as string | null) ?? typeOf(row)?.renewal_group_uuid ?? null;
  // each property's group (a property in none stacks under "without") and usage factor (empty: 1)
  const properties = await bySettingsGroup<{ property_group_uuid: string | null; usage_factor: string | null }>(
    ctx,
    property,
    q.settings_group_uuid,
    ['property_group_uuid', 'usage_factor'],
  );
  const keyOf = (row: Record<(typeof COLUMNS)[number], unknown>) => {
    const value =
      q.group_by === 'property'
        ? row.property_uuid
        : q.group_by === 'property_group'
          ? properties.get(String(row.property_uuid))?.property_group_uuid
          : groupOf(row);
    return value == null ? '' : String(value);
  };
  // the facility settings: the horizon, and the index series and price base year the costs are indexed by
  const settings = await readModelSettings(ctx.db, q.settings_group_uuid, facility);
  const series = settings.index_series.trim();
  const index = series
    ? new Map(
        (
          (await ctx.db
            .select({ year: col(constructionCostIndex, 'year'), value: col(constructionCostIndex, 'value') })
            .from(tableOf(constructionCostIndex))
            .where(
              and(
                eq(col(constructionCostIndex, 'settings_group_uuid'), q.settings_group_uuid),
                sql`lower(trim(${col(constructionCostIndex, 'series')})) = lower(${series})`,
                isNull(col(constructionCostIndex, 'deleted_at')),
                isNull(col(constructionCostIndex, 'archived_at')),
              ),
            )) as { year: number; value: string }[]
        ).map((r) => [Number(r.year), String(r.value)]),
      )
    : null;
  // the defaults a facility without its own lifetime or unit price takes: its component type's lifetime first
  const groupDefaults = (uuid: string | null, typeLifetime: number | undefined) => {
    const group = uuid ? groups.get(uuid) : undefined;
    if (!group && typeLifetime === undefined) return null;
    return {
      default_lifetime: typeLifetime ?? group?.default_lifetime ?? null,
      default_unit_price: group?.default_unit_price ?? null,
    };
  };
  const missing = new Set<number>();
  const today = access.today ?? todayAt(undefined);
  const items: ForecastItem[] = [];
  let excluded = 0;
  let incomplete = 0;
  for (const row of rows) {
    const figures = renewalFigures(
      {
        lifetime: row.lifetime as number | null,
        commissioning_year: row.commissioning_year as number | null,
        commissioning_date: row.commissioning_date as string | null,
        renewal_date: row.renewal_date as string | null,
        renewal_date_manual: row.renewal_date != null,
        quantity: row.quantity as string | null,
        unit_price: row.unit_price as string | null,
        dismantling_cost_share: row.dismantling_cost_share as string | null,
        condition: row.condition as number | null,
        excluded_from_renewal: row.excluded_from_renewal as boolean | null,
      },
      {
        today,
        horizon: settings.planning_horizon,
        group: groupDefaults(groupOf(row), typeOf(row)?.lifetime),
        index,
        priceBaseYear: settings.price_base_year,
        usageFactor: properties.get(String(row.property_uuid))?.usage_factor ?? null,
      },
    );
    for (const year of figures.missing_index_years) missing.add(year);
    if (figures.excluded) excluded++;
    else if (figures.renewal_year == null || figures.renewal_costs == null) incomplete++;
    else
      items.push({
        key: keyOf(row),
        renewal_year: figures.renewal_year,
        renewal_costs: figures.renewal_costs,
        effective_lifetime: figures.effective_lifetime,
        safety_relevant: row.safety_relevant === true,
      });
  }
  const years = renewalForecast(items, {
    fromYear: q.from_year ?? Number(today.slice(0, 4)),
    currentYear: Number(today.slice(0, 4)),
    years: q.years,
    smoothing: q.smoothing,
    ...(q.budget_cap ? { budgetCap: q.budget_cap } : {}),
  });
  return {
    years,
    budget_line: q.budget_amount
      ? Number(q.budget_amount).toFixed(2)
      : q.budget_percent
        ? await insuranceShare(ctx, access, q, String(q.budget_percent), index, Number(today.slice(0, 4)))
        : null,
    skipped_excluded: excluded,
    skipped_incomplete: incomplete,
    missing_index_years: [...missing].sort((a, b) => a - b),
  };
}

/**
 * The budget line as a percentage of the insurance value of the properties in the selection (as the caller may see
 * them): each property's new value, indexed from its index base (`insurance_index_base`, the index at its last
 * estimate) to this year (or the series' last year) when the facility settings name a series that holds that year;
 * as stored otherwise. To cents.
 */
async function insuranceShare(
  ctx: AppContext,
  access: Access,
  q: RenewalForecastQuery,
  percent: string,
  index: ReadonlyMap<number, string> | null,
  thisYear: number,
): Promise<string> {
  requireView(access, q.settings_group_uuid, property);
  const rows = (await ctx.db
    .select({ value: col(property, 'insurance_value_new'), base: col(property, 'insurance_index_base') })
    .from(tableOf(property))
    .where(
      scopedTo(property, access, { settings_group_uuid: q.settings_group_uuid, property_uuids: q.property_uuids }),
    )) as { value: string | null; base: string | null }[];
  const last = index?.size ? Math.min(thisYear, Math.max(...index.keys())) : null;
  const now = last == null ? null : Number(index!.get(last));
  let cents = 0;
  for (const r of rows) {
    if (!r.value) continue;
    const base = Number(r.base);
    const factor = now && base > 0 ? now / base : 1;
    cents += Math.round(Number(r.value) * 100 * factor);
  }
  return (Math.round((cents * Number(percent)) / 100) / 100).toFixed(2);
}

/**
 * The portfolio's condition (docs/analytics-api.md, "Portfolio condition"): the facilities the list shows for the
 * selection and filter, each with the figures its read computes, summed per property and in all
 * (src/domain/portfolio-condition.ts); the excluded ones are counted apart. Properties by name.
 */
export async function condition(
  ctx: AppContext,
  access: Access,
  q: Selection & { settings_group_uuid: string },
): Promise<RenewalConditionReply> {
  requireView(access, q.settings_group_uuid, facility);
  const today = access.today ?? todayAt(undefined);
  const rows = await computedRows(ctx, access, facility, scopedTo(facility, access, q), today);
  const counted = rows.filter((r) => r.excluded_from_renewal !== true);
  const byProperty = new Map<string, ConditionFacility[]>();
  for (const row of counted) {
    const list = byProperty.get(String(row.property_uuid)) ?? [];
    list.push(row as unknown as ConditionFacility);
    byProperty.set(String(row.property_uuid), list);
  }
  const names = byProperty.size
    ? ((await ctx.db
        .select({ uuid: col(property, 'uuid'), name: col(property, 'name') })
        .from(tableOf(property))
        .where(inArray(col(property, 'uuid'), [...byProperty.keys()]))) as { uuid: string; name: string }[])
    : [];
  const nameOf = new Map(names.map((p) => [p.uuid, p.name]));
  return {
    total: conditionFigures(counted as unknown as ConditionFacility[]),
    properties: [...byProperty]
      .map(([uuid, list]) => ({ property_uuid: uuid, name: nameOf.get(uuid) ?? '', ...conditionFigures(list) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.property_uuid.localeCompare(b.property_uuid)),
    skipped_excluded: rows.length - counted.length,
  };
}

/** The named columns of a model's rows in one settings group, by uuid. */
async function bySettingsGroup<T>(
  ctx: AppContext,
  entity: AnyEntity,
  settingsGroup: string,
  columns: string[],
): Promise<Map<string, T & { uuid: string }>> {
  const rows = (await ctx.db
    .select(Object.fromEntries(['uuid', ...columns].map((c) => [c, col(entity, c)])))
    .from(tableOf(entity))
    .where(eq(col(entity, 'settings_group_uuid'), settingsGroup))) as (T & { uuid: string })[];
  return new Map(rows.map((r) => [r.uuid, r]));
}
