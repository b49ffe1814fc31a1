// The route fuzzer (tests/fuzz) in the test suite: every operation of the OpenAPI document, a fixed seed and a few
// property-based requests each, signed in to a seeded workspace or signed out. Never a 5xx, 4xx bodies in the error
// shapes, no key left on a built-in prototype, and after each route the server still answers health, signs a fresh
// user in and lists. Then the routes that take values at bounds get requests with all of them at their bounds at
// once (combined extremes: dates near 1800 and 9999 with the longest durations, the largest quantity × price,
// cursors impossible for their sort field). The long run is `npm run fuzz` (tests/api/README.md).
// @both-databases: combined extremes reach the database.
import { afterAll, describe, expect, it } from 'vitest';
import { describeFailure, fuzzRoute, FuzzTarget, hasExtremes, pollution, problemOf, SIGN_IN_AGAIN } from '../fuzz/run';

const SEED = 20_261_125;
const RUNS = Number(process.env.FUZZ_TEST_RUNS ?? 10);
const EXTREME_RUNS = Number(process.env.FUZZ_EXTREME_RUNS ?? 12);

const target = await FuzzTarget.start();
afterAll(() => target.close());
const ops = await target.operations();

describe('the route fuzzer', () => {
  it('covers every route of the OpenAPI document, nothing left out', () => {
    expect(ops.length).toBeGreaterThan(300);
    const keys = new Set(ops.map((op) => op.key));
    // the routes after which the user is signed in again are still fuzzed: they must exist
    for (const key of Object.keys(SIGN_IN_AGAIN)) expect(keys, key).toContain(key);
  });

  it('counts a 5xx, a 4xx outside the error shapes and a polluted prototype as failures', () => {
    expect(problemOf(500, '{"message":"Server error"}')).toMatch(/500/);
    expect(problemOf(503, '')).toMatch(/503/);
    expect(problemOf(422, '{"message":"Invalid"}')).toMatch(/errors/);
    expect(problemOf(422, '{"message":"Invalid","errors":{"name":"required"}}')).toMatch(/errors/);
    expect(problemOf(404, '<html></html>')).toMatch(/JSON/);
    expect(problemOf(400, '{"error":"Bad Request"}')).toMatch(/message/);
    expect(problemOf(422, '{"message":"Invalid","errors":{"name":["required"]}}')).toBeNull();
    expect(problemOf(419, '{"message":"CSRF token mismatch."}')).toBeNull();
    expect(problemOf(201, '')).toBeNull();
    (Object.prototype as Record<string, unknown>).polluted = 'yes';
    expect(pollution()).toEqual(['Object.prototype.polluted']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('every route', () => {
  it.each(ops)('$key: never 5xx, 4xx in the error shapes, the server well afterwards', async (op) => {
    const r = await fuzzRoute(target, op, { seed: SEED, numRuns: RUNS });
    expect(r.failure ? describeFailure(r, SEED, RUNS) : null).toBeNull();
    expect(r.health).toEqual([]);
  });
});

describe('combined extremes', () => {
  const bounded = ops.filter(hasExtremes);

  it('reach the lists (cursors) and the writes with days and numbers', () => {
    expect(bounded.filter((op) => op.sortFields).length).toBeGreaterThan(20);
    expect(bounded.map((op) => op.key)).toEqual(
      expect.arrayContaining(['GET /api/v1/properties', 'POST /api/v1/contracts', 'POST /api/v1/delegations']),
    );
  });

  // the server's health is asked once after them all (a few seconds per database in all)
  it.each(bounded)('$key: never 5xx with every value at its bound', async (op) => {
    const r = await fuzzRoute(target, op, { seed: SEED, numRuns: EXTREME_RUNS, extremes: true, health: false });
    expect(r.failure ? describeFailure(r, SEED, EXTREME_RUNS, true) : null).toBeNull();
  });

  it('leave the server well', async () => {
    expect(await target.healthProblems()).toEqual([]);
  });
});
