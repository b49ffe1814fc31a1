// The import's quick check (server/imports/plan-check.ts) against zod, over every writable field of every model and
// a battery of tricky values: whatever it accepts, the create schema accepts too and gives back unchanged. And it
// does accept the ordinary values, or it would spare nothing.
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/entities/registry';
import { isWritable } from '../../src/entities/fields';
import { createObjectSchema } from '../../src/entities/schemas';
import { quickCreateCheck } from '../../server/imports/plan-check';

const texts = [
  '',
  '   ',
  'a\u0000b',
  'x\uD800',
  '\uDC00x',
  '😀',
  'a',
  ' a',
  'a ',
  'Pumpe',
  'x'.repeat(40),
  'x'.repeat(41),
  'x'.repeat(200),
  'x'.repeat(201),
];
const longTexts = ['x'.repeat(20_000), 'x'.repeat(20_001), 'line\nbreak', '\t', ' ', 'nul\u0000'];
const decimals = [
  '0',
  '-0',
  '1',
  '1.5',
  '1.55',
  '1.555',
  '1.5555',
  '1.55555',
  '-12.25',
  '00012',
  '1.',
  '.5',
  ' 1',
  '1e3',
  '999999999999.99',
  '9999999999999',
  '99999999999999.9',
  '12345678901234567',
  '-1',
  '+1',
  '1,5',
  '90',
  '90.000001',
  '-180',
  '181',
  '100',
  '100.001',
];
const numbers = [
  0,
  1,
  -1,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  1800,
  2200,
  2201,
  4,
  5,
  NaN,
  Infinity,
  1e21,
];
const dates = [
  '2024-02-29',
  '2023-02-29',
  '2024-13-01',
  '2024-1-01',
  '31.01.2024',
  '0000-01-01',
  '1799-12-31',
  '1800-01-01',
  '9999-12-31',
  '2024-04-31',
  '2024-12-31T00:00',
];
const uuids = [
  'a3bb189e-8bf9-4888-9912-ace4e6543002',
  'A3BB189E-8BF9-4888-9912-ACE4E6543002',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'bd19836d-db62-c11c-55ab-251ccaca5645', // md5-shaped: no version, no variant
  'a3bb189e-8bf9-4888-9912-ace4e654300',
  '{a3bb189e-8bf9-4888-9912-ace4e6543002}',
];
const others = [null, undefined, true, false, {}, [], 'active', 'inactive', 'Active', 'ACTIVE'];
const values = [...texts, ...longTexts, ...decimals, ...numbers, ...dates, ...uuids, ...others];

describe('quick check of planned creates', () => {
  for (const entity of entityList) {
    const create = createObjectSchema(entity);
    const fields = Object.entries(entity.fields).filter(([, f]) => isWritable(f));
    it(`${entity.name}: accepts nothing the create schema refuses or changes`, () => {
      for (const [name, field] of fields) {
        const quick = quickCreateCheck(entity, [name]);
        if (!quick) continue; // a kind left to zod
        const single = create.pick({ [name]: true } as never);
        for (const v of [...values, ...(field.kind === 'enum' ? field.values : [])]) {
          const row = v === undefined ? {} : { [name]: v };
          if (!quick(row)) continue;
          const res = single.safeParse(row);
          expect(res.success, `${entity.name}.${name} = ${JSON.stringify(v)}`).toBe(true);
          expect(res.data, `${entity.name}.${name} = ${JSON.stringify(v)}`).toEqual(row);
        }
      }
    });
  }

  it('accepts the ordinary values, refuses unknown keys and missing required fields', () => {
    const facility = entityList.find((e) => e.name === 'facility')!;
    const quick = quickCreateCheck(facility, [
      'property_uuid',
      'name',
      'quantity',
      'purchase_date',
      'lifetime',
      'status',
    ])!;
    const row = {
      property_uuid: 'a3bb189e-8bf9-4888-9912-ace4e6543002',
      name: 'Pumpe',
      quantity: '2',
      purchase_date: '2024-02-29',
      lifetime: 20,
      status: 'active',
    };
    expect(quick(row)).toBe(true);
    expect(quick({ ...row, name: null })).toBe(false); // required
    expect(quick({ ...row, quantity: null })).toBe(true);
    expect(quick({ ...row, uuid: row.property_uuid })).toBe(false); // not in the schema
    expect(quick({ ...row, quantity: 2 })).toBe(false); // zod would turn it into "2"
    expect(quickCreateCheck(facility, ['name', 'nonexistent'])).toBeNull();
  });
});
