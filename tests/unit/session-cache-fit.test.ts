// The session cache's stored text (src/offline/session-cache.ts, `fitParts`): parts serialised once and joined, the
// oldest dropped first — queries and list replies alike — until the text fits; what is written parses back into
// the shape the cache restores.
import { describe, expect, it } from 'vitest';
import { fitParts } from '../../src/offline/session-cache';

const query = (hash: string, at: number) => ({ queryHash: hash, queryKey: [hash], state: { dataUpdatedAt: at } });
const reply = (key: string, at: number) => [key, { reply: { data: [{ uuid: key }], meta: {} }, at }] as const;
const parts = <T>(items: T[], at: (item: T) => number) =>
  items.map((item) => ({ at: at(item), text: JSON.stringify(item) }));

describe('session cache text', () => {
  const queries = [query('a', 1), query('c', 3)];
  const replies = [reply('/facilities?x', 2), reply('/tasks?y', 4)];
  const q = parts(queries, (x) => x.state.dataUpdatedAt);
  const r = parts(replies, (x) => x[1].at);

  it('is the stored shape when everything fits', () => {
    const text = fitParts({ mutations: [] }, q, r)!;
    expect(JSON.parse(text)).toEqual({ queries: { mutations: [], queries }, lists: replies });
  });

  it('drops the oldest entries of either kind first until it fits', () => {
    const full = fitParts({ mutations: [] }, q, r)!.length;
    const oneLess = fitParts({ mutations: [] }, q, r, full - 1)!;
    expect(JSON.parse(oneLess)).toEqual({ queries: { mutations: [], queries: [queries[1]] }, lists: replies });
    const twoLess = fitParts({ mutations: [] }, q, r, oneLess.length - 1)!;
    expect(JSON.parse(twoLess)).toEqual({ queries: { mutations: [], queries: [queries[1]] }, lists: [replies[1]] });
    expect(fitParts({ mutations: [] }, q, r, 10)).toBeNull();
    expect(JSON.parse(fitParts({}, [], [])!)).toEqual({ queries: { queries: [] }, lists: [] });
  });
});
