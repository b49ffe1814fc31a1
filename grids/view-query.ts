// The query part of a grid's state (sort, column filters, quick search, status limiter), as saved views keep it
// (docs/domain/preferences.md, "Saved views"), and the comparison that shows the "unsaved changes" chip. Pure, unit-tested.
import type { GridViewQuery } from '../src/entities/account';
import type { StatusLimiter } from './list-query';

export interface GridQueryState {
  sort: { colId: string; sort: 'asc' | 'desc' } | null;
  filters: Record<string, unknown>;
  search: string;
  statusLimiter: StatusLimiter | null;
}

/** The saved form of a grid's query; empty parts are left out so equal queries compare equal. */
export function viewQueryOf(state: GridQueryState): GridViewQuery {
  const query: GridViewQuery = {};
  if (state.sort) {
    query.sort_by = state.sort.colId;
    query.sort_descending = state.sort.sort === 'desc';
  }
  if (Object.keys(state.filters).length > 0) query.filters = state.filters;
  if (state.search.trim()) query.search = state.search.trim();
  if (state.statusLimiter) query.status_limiter = state.statusLimiter;
  return query;
}

/** A saved query as grid state; the fallbacks fill what the view does not name. */
export function stateOfViewQuery(query: GridViewQuery, fallbackLimiter: StatusLimiter | null): GridQueryState {
  return {
    sort: query.sort_by ? { colId: query.sort_by, sort: query.sort_descending ? 'desc' : 'asc' } : null,
    filters: (query.filters as Record<string, unknown> | undefined) ?? {},
    search: query.search ?? '',
    statusLimiter: fallbackLimiter === null ? null : (query.status_limiter ?? fallbackLimiter),
  };
}

/** Order-independent deep equality of JSON values (filter models come back from the server re-serialised). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * True when the grid's query differs from the active view's. Without a named view the sort and the status
 * limiter belong to the table's own remembered state (they save by themselves), so only filters and a search
 * count as unsaved there.
 */
export function isQueryDirty(current: GridViewQuery, view: GridViewQuery | null): boolean {
  if (view === null) return Boolean(current.search) || Boolean(current.filters);
  const normal = (q: GridViewQuery) => ({
    sort_by: q.sort_by ?? null,
    sort_descending: q.sort_by ? Boolean(q.sort_descending) : false,
    filters: q.filters ?? {},
    search: q.search ?? '',
    status_limiter: q.status_limiter ?? null,
  });
  const a = normal(current);
  const b = normal(view);
  // a view that does not name a limiter accepts whatever the table shows
  if (b.status_limiter === null) a.status_limiter = null;
  return !same(a, b);
}
