// The titles of referenced records: rows a grid loaded seed them without one react-query entry per record, grid
// cells read them without a request, a title on screen follows a rename, the store keeps the newest 20,000, and
// signing out forgets them.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createRefTitleResolver } from '../../grids/ref-cells';
import { cachedRefTitle, knownRefTitle, refTitleKey, seedRefTitles } from '../../grids/ref-titles';
import type { ApiRecord } from '../../src/api/records';
import { resetSessionState } from '../../src/state/reset';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const facility = (i: number, name = `Aufzug ${i}`) => ({ uuid: uuid(i), name }) as unknown as ApiRecord;

describe('reference titles', () => {
  it('a loaded block seeds titles that cells read at once, with no react-query entry per record', () => {
    const client = new QueryClient();
    seedRefTitles(client, 'facility', [facility(1), facility(2)]);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    const loaded: string[][] = [];
    const resolver = createRefTitleResolver(client, (models) => loaded.push([...models]));
    expect(resolver.get('facility', uuid(1))).toEqual({ title: 'Aufzug 1' });
    expect(resolver.get('facility', uuid(2))).toEqual({ title: 'Aufzug 2' });
    expect(cachedRefTitle(client, 'facility', uuid(2))).toBe('Aufzug 2');
    expect(cachedRefTitle(client, 'facility', uuid(3))).toBeUndefined();
    expect(loaded).toEqual([]);
  });

  it('a title a component shows already follows a rename', () => {
    const client = new QueryClient();
    client.setQueryData(refTitleKey('facility', uuid(5)), 'Aufzug 5');
    seedRefTitles(client, 'facility', [facility(5, 'Aufzug Nord')]);
    expect(client.getQueryData(refTitleKey('facility', uuid(5)))).toBe('Aufzug Nord');
    expect(knownRefTitle('facility', uuid(5))).toBe('Aufzug Nord');
  });

  it('keeps the newest 20,000 titles; seeding one again makes it new', () => {
    const client = new QueryClient();
    seedRefTitles(client, 'facility', [facility(100_000)]);
    seedRefTitles(
      client,
      'facility',
      Array.from({ length: 19_999 }, (_, i) => facility(200_000 + i)),
    );
    seedRefTitles(client, 'facility', [facility(100_000)]); // seen again: the newest now
    seedRefTitles(client, 'facility', [facility(300_000)]);
    expect(knownRefTitle('facility', uuid(100_000))).toBe('Aufzug 100000');
    expect(knownRefTitle('facility', uuid(200_000))).toBeUndefined(); // the oldest went
    expect(knownRefTitle('facility', uuid(200_001))).toBe('Aufzug 200001');
    expect(knownRefTitle('facility', uuid(300_000))).toBe('Aufzug 300000');
  });

  it('signing out forgets every title', () => {
    const client = new QueryClient();
    seedRefTitles(client, 'facility', [facility(7)]);
    resetSessionState();
    expect(knownRefTitle('facility', uuid(7))).toBeUndefined();
    expect(cachedRefTitle(client, 'facility', uuid(7))).toBeUndefined();
  });
});
