// Bracket query strings as the client sends them (docs/domain/api.md, "List query"), bounded in size and depth.
import { describe, expect, it } from 'vitest';
import { parseQuerystring } from '../../server/plugins/querystring';

describe('parseQuerystring', () => {
  it('reads nested filters, lists and plain values', () => {
    expect(
      parseQuerystring(
        'page=2&filter[status]=open&filter[due_date][from]=2026-01-01&property_uuids[]=a&property_uuids[]=b&search=K%C3%BCche+1',
      ),
    ).toEqual({
      page: '2',
      filter: { status: 'open', due_date: { from: '2026-01-01' } },
      property_uuids: ['a', 'b'],
      search: 'Küche 1',
    });
  });
  it('turns a repeated key into a list and keeps malformed escapes as they are', () => {
    expect(parseQuerystring('a=1&a=2&b=%E0%A4%A')).toEqual({ a: ['1', '2'], b: '%E0%A4%A' });
  });
  it('bounds the number of parameters and the nesting depth', () => {
    const many = Array.from({ length: 500 }, (_, i) => `k${i}=1`).join('&');
    expect(Object.keys(parseQuerystring(many))).toHaveLength(200);
    expect(parseQuerystring('a[b][c][d][e][f]=1')).toEqual({ a: { b: { c: { d: '1' } } } });
  });
  it('makes prototype keys plain own keys of objects without a prototype', () => {
    const q = parseQuerystring('__proto__[x]=1&constructor[prototype][y]=2&filter[__proto__][polluted]=3');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(Object.getPrototypeOf(q)).toBeNull();
    expect(Object.keys(q)).toEqual(['__proto__', 'constructor', 'filter']);
    expect(Object.getPrototypeOf((q as Record<string, object>).filter)).toBeNull();
  });
});
