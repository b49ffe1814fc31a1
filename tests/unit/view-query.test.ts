// The query a saved grid view keeps, and when the "unsaved changes" chip shows.
import { describe, expect, it } from 'vitest';
import { isQueryDirty, stateOfViewQuery, viewQueryOf } from '../../grids/view-query';

const filters = { city: { filterType: 'text', type: 'contains', filter: 'Bern' } };

describe('view queries', () => {
  it('leaves empty parts out and round-trips through grid state', () => {
    expect(viewQueryOf({ sort: null, filters: {}, search: '  ', statusLimiter: null })).toEqual({});
    const query = viewQueryOf({
      sort: { colId: 'name', sort: 'desc' },
      filters,
      search: ' boiler ',
      statusLimiter: 'all',
    });
    expect(query).toEqual({ sort_by: 'name', sort_descending: true, filters, search: 'boiler', status_limiter: 'all' });
    expect(stateOfViewQuery(query, 'active')).toEqual({
      sort: { colId: 'name', sort: 'desc' },
      filters,
      search: 'boiler',
      statusLimiter: 'all',
    });
    // a model without a status keeps no limiter; a view without one takes the table's
    expect(stateOfViewQuery(query, null).statusLimiter).toBeNull();
    expect(stateOfViewQuery({}, 'active')).toEqual({ sort: null, filters: {}, search: '', statusLimiter: 'active' });
  });

  it('shows unsaved changes in the standard view only for filters and a search', () => {
    expect(isQueryDirty({ sort_by: 'city', sort_descending: true, status_limiter: 'all' }, null)).toBe(false);
    expect(isQueryDirty({ search: 'x' }, null)).toBe(true);
    expect(isQueryDirty({ filters }, null)).toBe(true);
  });

  it('compares with a named view regardless of key order and missing defaults', () => {
    const view = { sort_by: 'name', filters, status_limiter: 'active' as const };
    expect(
      isQueryDirty(
        { status_limiter: 'active', filters: { ...filters }, sort_by: 'name', sort_descending: false },
        view,
      ),
    ).toBe(false);
    expect(isQueryDirty({ ...view, sort_descending: true }, view)).toBe(true);
    expect(isQueryDirty({ ...view, search: 'x' }, view)).toBe(true);
    expect(isQueryDirty({ sort_by: 'name', status_limiter: 'active' }, view)).toBe(true);
    expect(isQueryDirty({ ...view, filters: { city: { ...filters.city, filter: 'Basel' } } }, view)).toBe(true);
    // a view that names no limiter accepts the table's
    expect(isQueryDirty({ sort_by: 'name', status_limiter: 'inactive' }, { sort_by: 'name' })).toBe(false);
  });
});
