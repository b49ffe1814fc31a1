// The access rules dialog's filter (views/permissions/filter-json.ts): each field kind read from the stored JSON into
// the shape the dialog edits and written back in the shape the server's `filter` validation takes.
import { describe, expect, it } from 'vitest';
import { entities } from '../../src/entities/registry';
import { emptyValue, filterFromJson, filterToJson } from '../../views/permissions/filter-json';

const contract = entities.contract;

describe('access rule filter JSON', () => {
  it('offers a new row per kind in the shape the server takes', () => {
    expect(emptyValue(contract.fields.title)).toEqual({ contains: '' });
    expect(emptyValue(contract.fields.contract_end_date)).toEqual({ from: '', to: '' });
    expect(emptyValue(contract.fields.auto_extend)).toBe(true);
    expect(emptyValue(contract.fields.contract_type)).toEqual([]);
    expect(emptyValue(contract.fields.property_uuid)).toEqual([]);
  });

  it('reads stored values: text as contains, one value as from = to, lists and flags', () => {
    expect(
      filterFromJson(contract, {
        title: 'Secret',
        contract_duration: 12,
        contract_end_date: { from: '2025-01-01' },
        contract_type: 'lease',
        auto_extend: 'true',
        unknown: 1,
      }),
    ).toEqual({
      title: { contains: 'Secret' },
      contract_duration: { from: '12', to: '12' },
      contract_end_date: { from: '2025-01-01', to: '' },
      contract_type: ['lease'],
      auto_extend: true,
    });
    expect(filterFromJson(contract, null)).toEqual({});
  });

  it('writes ranges without their empty ends and the rest as typed', () => {
    expect(
      filterToJson(contract, {
        title: { contains: 'Secret' },
        contract_end_date: { from: '', to: '2025-12-31' },
        contract_duration: { from: 'twelve', to: '' },
        contract_type: ['lease', 'service'],
        auto_extend: false,
        gone: 'x',
      }),
    ).toEqual({
      title: { contains: 'Secret' },
      contract_end_date: { to: '2025-12-31' },
      contract_duration: { from: 'twelve' },
      contract_type: ['lease', 'service'],
      auto_extend: false,
    });
  });
});
