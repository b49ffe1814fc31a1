// The grid layer's pure parts: preferences merge, list query, locale-aware parsing, and i18n keys per model.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/entities/registry';
import { allColumns } from '../../grids/define-grid';
import { facilitiesGrid } from '../../grids/facilities.grid';
import { propertiesGrid } from '../../grids/properties.grid';
import { editText, parseDate, parseNumber } from '../../grids/format-value';
import { columnFilterQuery, toListQuery, type GridQueryState } from '../../grids/list-query';
import { mergeLayout, settingsFromState } from '../../grids/preferences';

const base: GridQueryState = {
  sort: null,
  filterModel: {},
  search: '',
  statusLimiter: 'active',
  archived: '0',
  settingsGroupUuid: null,
  propertyUuids: [],
  partitionUuids: [],
};

describe('preferences merge', () => {
  it('uses the grid defaults without saved settings', () => {
    const layout = mergeLayout(propertiesGrid, undefined);
    expect(layout.columns.filter((c) => !c.hide).map((c) => c.colId)).toEqual(propertiesGrid.columns);
    expect(layout.columns.find((c) => c.colId === 'name')?.pinned).toBe('left');
    expect(layout.sort).toEqual({ colId: 'name', sort: 'asc' });
  });

  it('drops unknown columns, keeps hidden ones hidden and puts new ones at their default place', () => {
    const known = allColumns(propertiesGrid).filter((c) => c !== 'postcode');
    const layout = mergeLayout(propertiesGrid, {
      visible_columns: 'city,name,gone_column,status',
      column_widths: Object.fromEntries([...known, 'gone_column'].map((c) => [c, 111])),
      pinned: {},
      sort_by: 'city',
      sort_descending: true,
    });
    const ids = layout.columns.map((c) => c.colId);
    expect(ids).not.toContain('gone_column');
    expect(layout.columns.filter((c) => !c.hide).map((c) => c.colId)).toEqual(['city', 'name', 'postcode', 'status']);
    expect(ids.indexOf('postcode')).toBe(ids.indexOf('street') + 1);
    expect(layout.columns.find((c) => c.colId === 'street')?.hide).toBe(true);
    expect(layout.columns.find((c) => c.colId === 'name')?.pinned).toBeNull();
    expect(layout.sort).toEqual({ colId: 'city', sort: 'desc' });
  });

  it('round-trips the grid state into the settings body', () => {
    const settings = settingsFromState(
      propertiesGrid,
      [
        { colId: 'ag-Grid-SelectionColumn', width: 40 },
        { colId: 'name', width: 250, pinned: 'left', sort: 'desc' },
        { colId: 'city', width: 90, hide: false },
        { colId: 'street', hide: true, width: 5 },
      ],
      { rowsPerPage: 100, statusLimiter: 'all' },
    );
    expect(settings).toEqual({
      visible_columns: 'name,city',
      column_widths: { name: 250, city: 90, street: 20 },
      pinned: { name: 'left' },
      sort_by: 'name',
      sort_descending: true,
      rows_per_page: 100,
      status_limiter: 'all',
    });
  });
});

describe('list query', () => {
  it('maps sort, search, limiter, context and column filters', () => {
    const query = toListQuery(facilitiesGrid.entity, {
      ...base,
      sort: { colId: 'lifetime', sort: 'desc' },
      search: ' pump ',
      settingsGroupUuid: 'sg',
      propertyUuids: ['p1'],
      filterModel: {
        manufacturer: { filterType: 'text', type: 'contains', filter: 'Grund' },
        lifetime: { filterType: 'number', type: 'inRange', filter: 10, filterTo: 20 },
        purchase_date: { filterType: 'date', type: 'greaterThanOrEqual', dateFrom: '2020-01-01 00:00:00' },
        status: { filterType: 'values', values: ['active'] },
        excluded_from_renewal: { filterType: 'values', values: ['1'] },
        time_value: { filterType: 'number', type: 'equals', filter: 3 },
      },
    });
    expect(query).toMatchObject({
      archived: '0',
      sort_by: 'lifetime',
      sort_descending: '1',
      search: 'pump',
      status_limiter: 'active',
      settings_group_uuid: 'sg',
      property_uuids: ['p1'],
      'filter[manufacturer]': 'Grund',
      'filter[lifetime][from]': '10',
      'filter[lifetime][to]': '20',
      'filter[purchase_date][from]': '2020-01-01',
      'filter[status]': ['active'],
      'filter[excluded_from_renewal]': ['1'],
    });
    expect(query).not.toHaveProperty('filter[time_value]'); // computed, and not computed in SQL
  });

  it('gives the column filters alone for a Chart view, dropping what the list does not filter on', () => {
    expect(
      columnFilterQuery(facilitiesGrid.entity, {
        status: { filterType: 'values', values: ['active', 'inactive'] },
        lifetime: { filterType: 'number', type: 'lessThanOrEqual', filter: 5 },
        no_such_column: { filterType: 'text', type: 'contains', filter: 'x' },
        manufacturer: { filterType: 'text', type: 'contains', filter: '' },
      }),
    ).toEqual({ 'filter[status]': ['active', 'inactive'], 'filter[lifetime][to]': '5' });
  });

  it('never sends computed sorts or property context to settings-group models', () => {
    const contact = entityList.find((e) => e.name === 'contact')!;
    const query = toListQuery(contact, { ...base, sort: { colId: 'description', sort: 'asc' }, propertyUuids: ['p'] });
    expect(query).not.toHaveProperty('sort_by');
    expect(query).not.toHaveProperty('property_uuids');
    expect(query).not.toHaveProperty('status_limiter');
  });
});

describe('locale-aware parsing', () => {
  it.each([
    ['1.234,56', 'de', '1234.56'],
    ['1,5', 'de', '1.5'],
    ['1.5', 'de', '1.5'],
    ['1.234', 'de', '1234'],
    ["1'234.56", 'de-ch', '1234.56'],
    ['1’234.56', 'de-ch', '1234.56'],
    ['1,234.56', 'en-us', '1234.56'],
    ['CHF 12.50', 'de-ch', '12.50'],
  ] as const)('%s (%s) → %s', (input, locale, value) => {
    expect(parseNumber(input, 'money', locale)).toEqual({ ok: true, value });
  });

  it('rejects what is not a number and makes ints numbers', () => {
    expect(parseNumber('abc', 'decimal', 'en-us')).toEqual({ ok: false });
    expect(parseNumber('12x', 'decimal', 'en-us')).toEqual({ ok: false });
    expect(parseNumber('1.5', 'int', 'en-us')).toEqual({ ok: false });
    expect(parseNumber('1,200', 'int', 'en-us')).toEqual({ ok: true, value: 1200 });
    expect(parseNumber('', 'int', 'en-us')).toEqual({ ok: true, value: null });
  });

  it('parses dates in the user format and ISO', () => {
    expect(parseDate('31.12.2026', 'DD.MM.YYYY')).toEqual({ ok: true, value: '2026-12-31' });
    expect(parseDate('12/31/2026', 'MM/DD/YYYY')).toEqual({ ok: true, value: '2026-12-31' });
    expect(parseDate('2026-12-31', 'DD.MM.YYYY')).toEqual({ ok: true, value: '2026-12-31' });
    expect(parseDate('31.02.2026', 'DD.MM.YYYY')).toEqual({ ok: false });
  });
});

describe('model i18n keys', () => {
  const read = (ns: string) =>
    JSON.parse(fs.readFileSync(`src/locales/en-us/${ns}.json`, 'utf8')) as Record<string, never>;
  const entities = read('entities') as Record<string, { fields: Record<string, string> }>;
  const enums = read('enums') as Record<string, Record<string, Record<string, string>>>;
  it('label every field and enum value of every model', () => {
    for (const entity of entityList)
      for (const [name, field] of Object.entries(entity.fields)) {
        expect(entities[entity.name]?.fields[name], `${entity.name}.${name}`).toBeTruthy();
        if (field.kind === 'enum')
          for (const value of field.values)
            expect(enums[entity.name]?.[name]?.[value], `${entity.name}.${name}.${value}`).toBeTruthy();
      }
  });
});

describe('edit text of numbers', () => {
  it('drops the trailing zeros of the stored scale and uses the locale decimal sign', () => {
    expect(editText('1.5000', 'en-us')).toBe('1.5');
    expect(editText('1.5000', 'de')).toBe('1,5');
    expect(editText('1234.50', 'de-ch')).toBe('1234.5');
    expect(editText('100.00', 'en-us')).toBe('100');
    expect(editText('-0.2500', 'en-us')).toBe('-0.25');
    expect(editText('100', 'en-us')).toBe('100');
    expect(editText(null, 'en-us')).toBe('');
  });
});
