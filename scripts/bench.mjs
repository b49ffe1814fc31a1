// `npm run bench`: builds what is stale, runs every tests/bench/*.bench.mjs and prints its figures and budgets.
// Benchmarks never run inside `npm test`; they report, and exit non-zero when a budget is missed.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { isStale } from './stale.mjs';
import { buildServer } from './build-server.mjs';

if (isStale('dist/client/index.html', ['src', 'grids', 'views', 'index.html', 'public', 'vite.config.ts']))
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
if (isStale('dist/server/server.js', ['server', 'src/entities', 'src/domain'])) await buildServer();

const only = process.argv[2];
let missed = 0;
for (const file of fs
  .readdirSync('tests/bench')
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))) {
  const { run } = await import(path.resolve('tests/bench', file));
  console.log(`\n${file}`);
  for (const [label, value, note, ok] of await run()) {
    console.log(`  ${ok ? '✓' : '✗'} ${label.padEnd(40)} ${String(value).padStart(14)}  ${note}`);
    if (!ok) missed++;
  }
}
console.log(missed ? `\n${missed} budget(s) missed` : '\nall budgets met');
process.exit(missed ? 1 : 0);
