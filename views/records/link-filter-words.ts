// A link's filter in words, for the chip of a grid opened from a tile or a chart ("Filtered by the link: Year 2026 ·
// without cost group"): each field's column name and its value(s), enum values in the UI language, a range as
// "from – to", uuids counted (docs/analytics-api.md, "Charts: marks"; "Named filters" for the named ones). Pure.
import { headerOf } from '../../grids/field-refs';

type T = (key: string, options?: Record<string, unknown>) => string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A day or the whole-day timestamp bound a link carries, as a day. */
const day = (v: unknown) => String(v).replace(/T00:00:00(\.000)?Z$|T23:59:59(\.999)?Z$/, '');

function valueWords(t: T, model: string, field: string, value: unknown): string {
  if (Array.isArray(value)) {
    if (value.every((v) => UUID.test(String(v)))) return t('charts.linkWords.records', { count: value.length });
    return value.map((v) => t(`enums.${model}.${field}.${String(v)}`, { defaultValue: String(v) })).join(', ');
  }
  if (value && typeof value === 'object') {
    const { from, to } = value as { from?: unknown; to?: unknown };
    if (from !== undefined && to !== undefined) return day(from) === day(to) ? day(from) : `${day(from)} – ${day(to)}`;
    return from !== undefined
      ? t('charts.linkWords.from', { value: day(from) })
      : t('charts.linkWords.to', { value: day(to) });
  }
  return String(value);
}

/** The models' named filters (server/models: a contract's `running`, a budget's `used_percent`, a facility's
 * `renews_in`), worded by their own texts rather than a column's. */
const NAMED = new Set(['running', 'used_percent', 'renews_in']);

/** The filter's parts in words, in its order. */
export function linkFilterWords(t: T, model: string, filter: Record<string, unknown>): string[] {
  return Object.entries(filter).map(([field, value]) => {
    if (field === 'no_cost_group')
      return t(value === '1' || value === 'true' ? 'charts.linkWords.noCostGroup' : 'charts.linkWords.withCostGroup');
    const label = NAMED.has(field) ? t(`charts.linkWords.${field}`) : headerOf(t, model, field);
    return `${label}: ${valueWords(t, model, field, value)}`;
  });
}
