// Attributes (docs/domain/attributes.md): each type's values as a request sends them and as they are stored, the
// labels' fallback between languages, and the browser's flat `attributes.<key>` fields in replies and requests.
import { describe, expect, it } from 'vitest';
import { checkAttributeValue, labelIn, type AttributeDef } from '../../src/domain/attributes';
import { flattenAttributes, nestAttributes } from '../../src/api/attribute-paths';

const def = (type: AttributeDef['type'], options: string[] = []): AttributeDef => ({
  model: 'facility',
  key: 'k',
  type,
  options: options.map((value) => ({ value })),
});
const stored = (d: AttributeDef, v: unknown) => {
  const c = checkAttributeValue(d, v);
  return c.ok ? c.value : c.key;
};

describe('attribute values', () => {
  it('stores each type as its JSON value and names what is wrong', () => {
    expect(stored(def('int'), '3')).toBe(3);
    expect(stored(def('int'), 2.5)).toBe('validation.integer');
    expect(stored(def('money'), '1234.5')).toBe(1234.5);
    expect(stored(def('money'), '1.234')).toBe('validation.decimal_scale');
    expect(stored(def('decimal'), 1e13)).toBe('validation.decimal_digits');
    expect(stored(def('date'), '2028-02-29')).toBe('2028-02-29');
    expect(stored(def('date'), '2026-02-29')).toBe('validation.date');
    expect(stored(def('bool'), 'yes')).toBe('validation.boolean');
    expect(stored(def('text'), 'a\u0000b')).toBe('validation.unstorable_text');
    expect(stored(def('select', ['a', 'b']), 'c')).toBe('validation.attribute_option');
    expect(stored(def('multi_select', ['a', 'b', 'c']), ['c', 'a'])).toEqual(['a', 'c']);
    expect(stored(def('text'), '')).toBeNull();
  });

  it('takes a label from the nearest language written, else the fallback', () => {
    expect(labelIn({ de: 'Flügel' }, 'de-ch', 'wing')).toBe('Flügel');
    expect(labelIn({ 'en-us': 'Wing', de: 'Flügel' }, 'en-us', 'wing')).toBe('Wing');
    expect(labelIn({ 'de-ch': ' ' }, 'de', 'wing')).toBe('wing');
  });
});

describe("the browser's attribute fields", () => {
  it('flattens the records of a reply, a bulk result included, and nests a request back', () => {
    const reply = flattenAttributes({
      data: [
        { uuid: 'u1', attributes: { wing: 'north' } },
        { uuid: 'u2', status: 'updated', record: { uuid: 'u2', attributes: { floors: 3 } } },
      ],
    });
    expect(reply.data[0]).toMatchObject({ 'attributes.wing': 'north' });
    expect(reply.data[1]!.record).toMatchObject({ 'attributes.floors': 3 });
    expect(nestAttributes({ name: 'A', 'attributes.wing': 'south', attributes: { wing: 'north' } })).toEqual({
      name: 'A',
      attributes: { wing: 'south' },
    });
    expect(nestAttributes({ rows: [{ uuid: 'u1', 'attributes.floors': null }] })).toEqual({
      rows: [{ uuid: 'u1', attributes: { floors: null } }],
    });
    expect(nestAttributes({ name: 'B', attributes: { x: 1 } })).toEqual({ name: 'B', attributes: { x: 1 } });
  });
});
