// Facilities (docs/domain/calculations.md, "Renewal figures"): the renewal figures and the book value on every read,
// computed by the one function the forecast and the grid use (src/domain/renewal.ts) from the facility and its read
// context (`_renewal`: its renewal group's defaults, its component type's lifetime, its property's usage factor, the facility settings and the
// index series they name, read in the same query); the figures lists sort and filter by are computed in SQL too, to
// the same values (`computedSql`). The tasks tied to a facility are offered before archiving it
// (archive-cascade.routes.ts takes its archive over).
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { bookValue, type FacilityInput } from '../../src/domain/facility-figures';
import { renewalFigures, type RenewalFacility } from '../../src/domain/renewal';
import { facility as facilityModel } from '../../src/entities/facility';
import { componentType, constructionCostIndex, renewalGroup } from '../../src/entities/catalogues';
import { property } from '../../src/entities/property';
import { settingValues } from '../../src/entities/model-settings';
import { modelSettings } from '../db/schema';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { col, tableOf } from '../crud/table';
import type { Row } from '../crud/present';

const F = (name: string) => col(facilityModel, name);

/** The facility settings of the facility's settings group (null: none set, the defaults hold). */
const settingsValues = () =>
  sql`(select ${modelSettings.values} from ${modelSettings} where ${modelSettings.settings_group_uuid} = ${F(
    'settings_group_uuid',
  )} and ${modelSettings.model} = 'facility')`;

/**
 * `select` over the facility's component type (the lifetime table) and its renewal group (its own, else its
 * component type's), one subquery for both; their columns are null where it has none.
 */
const defaults = (select: SQL) =>
  sql`(select ${select} from (select 1) as one
    left join ${tableOf(componentType)} on ${col(componentType, 'uuid')} = ${F('component_type_uuid')}
    left join ${tableOf(renewalGroup)} on ${col(renewalGroup, 'uuid')} = coalesce(${F('renewal_group_uuid')}, ${col(
      componentType,
      'renewal_group_uuid',
    )}))`;
/** The lifetime a facility without its own takes: its component type's, else its renewal group's default. */
const defaultLifetime = sql`coalesce(${col(componentType, 'lifetime')}, ${col(renewalGroup, 'default_lifetime')})`;

/** What `computed` needs beside the row, as one JSON value per row (decimals as text, exact). */
const renewalContext = () => {
  const series = sql`lower(trim(coalesce(${settingsValues()} ->> 'index_series', '')))`;
  const ix = (name: string) => col(constructionCostIndex, name);
  return sql`json_build_object(
    'group', ${defaults(sql`json_build_object('lifetime', ${defaultLifetime},
      'unit_price', (${col(renewalGroup, 'default_unit_price')})::text)`)},
    'usage', (select ${col(property, 'usage_factor')}::text from ${tableOf(property)}
      where ${col(property, 'uuid')} = ${F('property_uuid')}),
    'settings', ${settingsValues()},
    'index', (select json_object_agg(${ix('year')}, ${ix('value')}::text) from ${tableOf(constructionCostIndex)}
      where ${ix('settings_group_uuid')} = ${F('settings_group_uuid')} and ${series} <> ''
        and lower(trim(${ix('series')})) = ${series} and ${ix('deleted_at')} is null and ${ix('archived_at')} is null)
  )`;
};

interface Context {
  /** The defaults where the facility has none of its own (`defaults`). */
  group: { lifetime: number | null; unit_price: string | null };
  usage: string | null;
  settings: Record<string, unknown> | null;
  index: Record<string, string> | null;
}

/** The renewal figures of a row read with its context (a row read without one: no group defaults, no index). */
function figuresOf(row: Row, today: string) {
  const c = (row._renewal ?? null) as Context | null;
  const settings = settingValues(facilityModel, c?.settings ?? {}) as {
    planning_horizon: number;
    index_series: string;
    price_base_year: number;
  };
  const indexed = settings.index_series.trim() !== '';
  return renewalFigures(
    {
      ...(row as RenewalFacility),
      renewal_date: row.renewal_date as string | null,
      renewal_date_manual: row.renewal_date != null,
    },
    {
      today,
      horizon: settings.planning_horizon,
      group: c ? { default_lifetime: c.group.lifetime, default_unit_price: c.group.unit_price } : null,
      usageFactor: c?.usage ?? null,
      index: indexed ? new Map(Object.entries(c?.index ?? {}).map(([y, v]) => [Number(y), v])) : null,
      priceBaseYear: indexed ? settings.price_base_year : null,
    },
  );
}

/**
 * The list's SQL of the figures it sorts and filters by, for the caller's day: the same rules as
 * src/domain/renewal.ts, in integers (PostgreSQL's greatest and least skip nulls, so each figure is guarded).
 */
function renewalSql(today: string): Record<string, SQL> {
  const { age, remaining, renewalYear, horizonOf, excluded, startYear } = renewalParts(today);
  return {
    age: sql`(case when ${excluded} or ${startYear} is null then null else ${age} end)`,
    remaining_lifetime: remaining,
    renewal_year: renewalYear,
    renewal_status: horizonOf(remaining),
  };
}

/** The expressions of the figures, for the list's computed fields and for the named filter `renews_in`. */
function renewalParts(today: string) {
  const year = Number(today.slice(0, 4));
  if (!Number.isInteger(year)) throw new RangeError(`not a day: ${today}`);
  const y = sql.raw(String(year));
  // its own, else its component type's, else its renewal group's (the group its own or its component type's)
  const lifetime = sql`coalesce(${F('lifetime')}, ${defaults(defaultLifetime)})`;
  const usage = sql`coalesce((select ${col(property, 'usage_factor')} from ${tableOf(property)} where ${col(
    property,
    'uuid',
  )} = ${F('property_uuid')}), 1)`;
  const effective = sql`(case when ${lifetime} > 0 then greatest(1, round(${lifetime} * ${usage}))::int end)`;
  const startYear = sql`coalesce(${F('commissioning_year')}, extract(year from ${F('commissioning_date')})::int)`;
  const dateYear = sql`coalesce(extract(year from ${F('commissioning_date')})::int, ${F('commissioning_year')})`;
  const age = sql`greatest(0, ${y} - ${startYear})`;
  const cap = sql`(case ${F('condition')} when 2 then ${effective} / 2 when 3 then ${effective} / 5 when 4 then 0 else ${effective} end)`;
  const computedRemaining = sql`least(greatest(0, ${effective} - ${age}), ${cap})`;
  const manual = sql`${F('renewal_date')} is not null`;
  const manualYear = sql`extract(year from ${F('renewal_date')})::int`;
  const excluded = sql`${F('excluded_from_renewal')} is true`;
  const known = sql`${effective} is not null and ${startYear} is not null`;
  const remaining = sql`(case when ${excluded} then null when ${manual} then greatest(0, ${manualYear} - ${y})
    when ${known} then ${computedRemaining} end)`;
  const horizon = sql`coalesce((${settingsValues()} ->> 'planning_horizon')::int, ${sql.raw(
    String(facilityModel.settings!.planning_horizon!.default),
  )})`;
  return {
    y,
    age,
    excluded,
    startYear,
    effective,
    remaining,
    renewalYear: sql`(case when ${excluded} then null when ${manual} then ${manualYear}
      when ${known} then least(${dateYear} + ${effective}, ${y} + ${computedRemaining}) end)`,
    horizonOf: (r: SQL) => sql`(case when ${r} = 0 then 'immediate' when ${r} <= ${horizon} then 'due'
      when ${r} is not null then 'ok' end)`,
  };
}

/** `filter[renews_in][from]=…&[to]=…` (docs/analytics-api.md, "Renewal forecast"): the facilities the forecast
 * counts in one of these years: in their renewal year (an overdue one this year) and again every effective
 * lifetime after it (the latest repetition up to `to` is at least `from`); `from` after `to` lists none. */
const year = z.coerce.number().int().min(1800).max(2300);
const renewsIn = z.strictObject({ from: year, to: year });

function renewsInCondition(value: unknown, today: string): SQL {
  const { from, to } = value as z.infer<typeof renewsIn>;
  const { y, renewalYear, effective } = renewalParts(today);
  const first = sql`greatest(${renewalYear}, ${y})`;
  const a = sql.raw(String(from));
  const b = sql.raw(String(to));
  return sql`(${renewalYear} is not null and ${first} <= ${b} and (${first} >= ${a}
    or (${effective} is not null and ${first} + ((${b} - ${first}) / ${effective}) * ${effective} >= ${a})))`;
}

export const facility: ModelBehaviour = {
  selected: () => ({ _renewal: renewalContext() }),
  computed: (row, today) => {
    const figures = figuresOf(row, today);
    const book = bookValue(row as FacilityInput, new Date(`${today}T00:00:00Z`));
    return {
      age: figures.age,
      remaining_lifetime: figures.remaining_lifetime,
      renewal_date: figures.renewal_date ?? (row.renewal_date as string | null) ?? null,
      renewal_date_manual: row.renewal_date != null,
      renewal_year: figures.renewal_year,
      renewal_status: figures.renewal_status,
      index_factor: figures.index_factor,
      renewal_costs: figures.renewal_costs,
      time_value: figures.time_value,
      book_value: book,
    };
  },
  computedSql: renewalSql,
  listFilters: { renews_in: { schema: renewsIn, condition: renewsInCondition } },
  links: [{ name: 'related-tasks' }],
  overrides: ['archive'],
};
