// The model engine's adapters: every field kind is handled everywhere, and a map that misses a kind does not
// typecheck (the @ts-expect-error below fails `npm run typecheck` if that ever stops being an error).
import { describe, expect, it } from 'vitest';
import { FIELD_KINDS, type FieldKind } from '../../src/entities/fields';
import { createSchema, updateSchema, valueSchemas } from '../../src/entities/schemas';
import { entityList, entities } from '../../src/entities/registry';
import { columnBuilders } from '../../server/db/entity-tables';
import { listQuerySchema } from '../../server/crud/list-query';
import { contextColumn, isSortable, sortableFields } from '../../src/entities/list-rules';
import { isFilterable } from '../../grids/list-query';
import { sampleValues } from '../api/factories';
import { cellAdapters } from '../../src/domain/cells';

const incomplete = { text: 1, long_text: 1, email: 1, phone: 1, int: 1, decimal: 1, money: 1, area: 1, percent: 1 };
const more = { bool: 1, date: 1, datetime: 1, enum: 1, ref: 1, refs: 1, json: 1 };
// @ts-expect-error — 'geo' is missing: an adapter map that forgets a kind is a type error
export const checked = { ...incomplete, ...more } satisfies { [K in FieldKind]: number };

describe('adapters', () => {
  it('cover exactly the closed set of field kinds', () => {
    const kinds = [...FIELD_KINDS].sort();
    for (const map of [valueSchemas, columnBuilders, sampleValues, cellAdapters])
      expect(Object.keys(map).sort()).toEqual(kinds);
  });

  it('build a create and an update schema for every model that accept sample values', () => {
    for (const entity of entityList) {
      const sample: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(entity.fields)) {
        if (field.readOnly || field.computed || field.kind === 'ref') continue;
        sample[name] = name === 'country' ? 'CH' : sampleValues[field.kind](field, 1);
      }
      for (const [name, field] of Object.entries(entity.fields))
        if (field.kind === 'ref' && field.required) sample[name] = '0190a6f4-3c2b-7d10-8a44-2c1f9e0b7a11';
      const created = createSchema(entity).safeParse(sample);
      expect(created.success, `${entity.name}: ${JSON.stringify(created.error?.issues)}`).toBe(true);
      expect(updateSchema(entity).safeParse({}).success).toBe(true);
      expect(createSchema(entity).safeParse({ ...sample, created_by: 1 }).success).toBe(false);
    }
  });
});

describe('value schemas', () => {
  const money = createSchema(entities.facility).shape.unit_price!;
  it('keep decimals as strings, accept numbers, refuse floats beyond the scale', () => {
    expect(money.parse('1234.50')).toBe('1234.50');
    expect(money.parse(12)).toBe('12');
    expect(money.safeParse('12.345').success).toBe(false);
    expect(money.safeParse('1e5').success).toBe(false);
    expect(money.safeParse(-1).success).toBe(false); // min 0
    expect(money.safeParse(true).success).toBe(false);
  });
  it('check dates for real calendar days', () => {
    const date = createSchema(entities.facility).shape.purchase_date!;
    expect(date.parse('2024-02-29')).toBe('2024-02-29');
    expect(date.safeParse('2023-02-29').success).toBe(false);
    for (const day of ['2000-02-29', '2024-12-31', '1800-01-01', '9999-12-31'])
      expect(date.safeParse(day).success, day).toBe(true);
    // years outside 1800–9999 are typing mistakes (year 0000 does not exist for the database)
    for (const day of [
      '2100-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '0004-02-29',
      '1799-12-31',
    ])
      expect(date.safeParse(day).success, day).toBe(false);
    expect(date.safeParse('31.01.2024').success).toBe(false);
  });
  it('apply cross-field rules of a model', () => {
    expect(entities.tenancy.validate!({ start_date: '2026-05-01', end_date: '2026-04-30' })).toEqual([
      { path: 'end_date', key: 'validation.end_before_start' },
    ]);
    expect(entities.contact.validate!({ kind: 'organisation' })).toEqual([
      { path: 'organisation', key: 'validation.required' },
    ]);
  });
});

describe('list query', () => {
  it('allows sorting and filtering only on known, visible fields', () => {
    const schema = listQuerySchema(entities.facility);
    expect(sortableFields(entities.facility)).toContain('name');
    expect(sortableFields(entities.facility)).not.toContain('description'); // long text is hidden
    expect(
      schema.safeParse({ sort_by: 'name', filter: { status: 'active', unit_price: { from: '10' } } }).success,
    ).toBe(true);
    expect(schema.parse({ filter: { status: 'active' } }).filter?.status).toEqual(['active']);
    expect(schema.safeParse({ sort_by: 'password_hash' }).success).toBe(false);
    expect(schema.safeParse({ filter: { description: 'x' } }).success).toBe(false);
    expect(schema.safeParse({ per_page: '501' }).success).toBe(false);
    expect(schema.safeParse({ evil: '1' }).success).toBe(false);
  });

  it('the server takes exactly the sorts and filters the grids offer, for every model', () => {
    for (const entity of entityList) {
      const schema = listQuerySchema(entity);
      for (const name of [...Object.keys(entity.fields), 'created_at', 'updated_at', 'constructor']) {
        expect(schema.safeParse({ sort_by: name }).success, `${entity.name}.${name}`).toBe(isSortable(entity, name));
        if (isFilterable(entity, name)) {
          const filter = schema.shape.filter.unwrap().shape as Record<string, unknown>;
          expect(Object.hasOwn(filter, name), `${entity.name} filter ${name}`).toBe(true);
        }
      }
    }
  });

  it('the selected context narrows the models of a property or partition only', () => {
    expect(contextColumn(entities.property, 'property')).toBe('uuid');
    expect(contextColumn(entities.facility, 'property')).toBe('property_uuid');
    expect(contextColumn(entities.contact, 'property')).toBeNull();
    expect(contextColumn(entities.tenancy, 'partition')).toBe('partition_uuid');
    expect(contextColumn(entities.facility, 'partition')).toBe(
      'partition_uuid' in entities.facility.fields ? 'partition_uuid' : null,
    );
  });
});
