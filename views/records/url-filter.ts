// A grid screen opened from a link with a filter (`?filter=<json>`, the list query's filter in its URL form:
// `{ "field": value | [values] | { "from": …, "to": … } }`; docs/analytics-api.md, "Dashboard tiles"): the home tiles
// and the charts link to the records they count. The filter is sent with the list as `filter[...]` parameters next to
// the grid's own, with the status limiter at `all` so the filter alone says which states show. Pure, unit-tested.
import type { ListQuery } from '../../src/api/records';

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
const scalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const text = (value: string | number | boolean) =>
  typeof value === 'boolean' ? (value ? '1' : '0') : String(value).slice(0, 200);

/** The filter of a link as list parameters; null when the text is not such a filter (nothing is sent then). */
export function linkFilterQuery(raw: string | null): ListQuery | null {
  if (!raw || raw.length > 4000) return null;
  let filter: unknown;
  try {
    filter = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) return null;
  const query: ListQuery = {};
  for (const [field, value] of Object.entries(filter as Record<string, unknown>)) {
    if (!NAME.test(field)) return null;
    const key = `filter[${field}]`;
    if (scalar(value)) query[key] = text(value);
    else if (Array.isArray(value) && value.length <= 200 && value.every(scalar)) query[key] = value.map(text);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const range = value as Record<string, unknown>;
      if (Object.keys(range).some((k) => k !== 'from' && k !== 'to')) return null;
      for (const end of ['from', 'to'] as const) {
        const bound = range[end];
        if (bound === undefined || bound === null) continue;
        if (!scalar(bound)) return null;
        query[`${key}[${end}]`] = text(bound);
      }
    } else return null;
  }
  if (!Object.keys(query).length) return null;
  query.status_limiter = 'all';
  return query;
}
