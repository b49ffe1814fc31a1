// `npm run fuzz`: the route fuzzer's long run. FUZZ_RUNS requests per route (1,000 by default), and as many with
// every value at its bound at once for the routes that take such values (FUZZ_EXTREME_RUNS), FUZZ_SEED to replay
// a run (a random seed is printed otherwise), FUZZ_ROUTE to run the routes whose key contains it, FUZZ_FINDINGS to
// also write the distinct failures as Markdown. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
import fs from 'node:fs';
import { describeFailure, describeRequest, fuzzRoute, FuzzTarget, hasExtremes, type RouteResult } from './run';

const numRuns = Number(process.env.FUZZ_RUNS ?? 1000);
const extremeRuns = Number(process.env.FUZZ_EXTREME_RUNS ?? numRuns);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const only = process.env.FUZZ_ROUTE;
const started = Date.now();
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`route fuzzer: ${numRuns} runs per route, seed ${seed}, ${database}`);

const unhandled: string[] = [];
process.on('unhandledRejection', (e) => unhandled.push(String((e as Error)?.stack ?? e)));

const target = await FuzzTarget.start();
const all = await target.operations();
// a route's exact key picks that route (a replay); otherwise every route whose key contains it
const ops = all.filter((op) => !only || (all.some((o) => o.key === only) ? op.key === only : op.key.includes(only)));
const failed: RouteResult[] = [];
const sick: RouteResult[] = [];
const extremeFailures = new Set<RouteResult>();
for (const [i, op] of ops.entries()) {
  for (const extremes of hasExtremes(op) ? [false, true] : [false]) {
    const t = Date.now();
    const r = await fuzzRoute(target, op, { seed, numRuns: extremes ? extremeRuns : numRuns, extremes });
    if (r.failure) failed.push(r);
    if (r.failure && extremes) extremeFailures.add(r);
    if (r.health.length) sick.push(r);
    const verdict = r.failure ? `FAIL ${r.failure.problem}` : 'ok';
    const total = `${target.stats.requests} requests, ${Math.round((Date.now() - started) / 1000)} s so far`;
    const what = `${op.key}${extremes ? ' (combined extremes)' : ''}`;
    console.log(`[${i + 1}/${ops.length}] ${what}: ${r.runs} requests, ${Date.now() - t} ms, ${verdict} (${total})`);
    if (r.health.length) console.log(`  after the run: ${r.health.join('; ')}`);
  }
}
await target.close();

const seconds = (Date.now() - started) / 1000;
const { requests, byClass } = target.stats;
const lines = [
  `\n${ops.length} routes, ${requests} requests in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)}/s), ` +
    `seed ${seed}, ${database}`,
  `by status: ${Object.entries(byClass)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
  `signed in again ${target.signIns - 1} times`,
  `${failed.length} routes failed, ${sick.length} routes left the server unwell, ${target.findings.size} distinct failures`,
];
console.log(lines.join('\n'));
for (const r of failed)
  console.log(`\n${describeFailure(r, seed, extremeFailures.has(r) ? extremeRuns : numRuns, extremeFailures.has(r))}`);
for (const r of sick) console.log(`\nafter ${r.op.key}: ${r.health.join('; ')}`);
for (const u of unhandled) console.log(`\nunhandled rejection: ${u}`);

if (process.env.FUZZ_FINDINGS) {
  const md = [...target.findings.values()].map(
    (f) =>
      `- **${f.route}** ${f.problem} ×${f.count}: \`${f.error || 'no server log'}\`\n  \`\`\`\n  ${describeRequest(f.request)}\n  \`\`\``,
  );
  fs.writeFileSync(process.env.FUZZ_FINDINGS, `${lines.join('\n')}\n\n${md.join('\n')}\n`);
}
process.exit(failed.length || sick.length || unhandled.length ? 1 : 0);
