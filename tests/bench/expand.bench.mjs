// Expanding 2,000 active tasks (every repeat type) over the 12-month horizon: the domain expansion (issue 5
// budget: under 2 s), and the daily job writing those events into an embedded database (first run and an
// idempotent re-run that writes nothing) for reference.
import { execFileSync } from 'node:child_process';

export async function run() {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'tests/bench/expand-run.ts'], { encoding: 'utf8' });
  const r = JSON.parse(out.trim().split('\n').pop());
  return [
    [
      'expand 2,000 tasks × 12 months',
      `${r.expandMs.toFixed(0)} ms`,
      `${r.events} events (< 2000 ms)`,
      r.expandMs < 2000,
    ],
    [
      'daily job, first run (PGlite)',
      `${r.jobMs.toFixed(0)} ms`,
      `${r.first.added} events written`,
      r.first.added === r.events,
    ],
    [
      'daily job, re-run (idempotent)',
      `${r.rerunMs.toFixed(0)} ms`,
      `${r.again.added} added, ${r.again.removed} removed`,
      r.again.added === 0 && r.again.removed === 0,
    ],
  ];
}
