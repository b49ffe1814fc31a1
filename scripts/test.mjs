// `npm test`: every test tier, in order, with one closing line "N passed, N failed".
//   1. unit + API tests on the embedded database (a fresh PGlite per file)
//   2. the same API tests on PostgreSQL (TEST_DATABASE_URL, default 127.0.0.1:5432; a fresh database per file)
//   3. browser journeys in Debian's Chromium against the built app on a fresh data folder
// Set SKIP_E2E=1 or SKIP_PG=1 to leave a tier out locally (CI runs all of them).
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const results = [];
fs.mkdirSync('.tmp', { recursive: true });

function run(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function vitest(name, project, reportFile, env = {}) {
  fs.rmSync(reportFile, { force: true });
  const status = run(
    name,
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...project.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
    env,
  );
  const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : null;
  const passed = report?.numPassedTests ?? 0;
  const failed = report ? report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1;
  results.push({ name, passed, failed, skipped: report?.numPendingTests ?? 0 });
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const ping = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await c.connect();
      await c.end();
      return true;
    } catch {
      return false;
    }
  };
  if (await ping()) return url;
  // The machines run PostgreSQL as a local service; start it when it is installed but stopped.
  spawnSync('bash', ['-c', 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | tail -1) main start'], {
    stdio: 'inherit',
  });
  return (await ping()) ? url : null;
}

vitest('unit and API tests (embedded database)', ['unit', 'api'], '.tmp/vitest-pglite.json');

if (process.env.SKIP_PG === '1') console.log('\n(SKIP_PG=1: PostgreSQL tier left out)');
else {
  const url = await postgresUrl();
  if (!url) {
    console.error('\nPostgreSQL is not reachable: set TEST_DATABASE_URL or start PostgreSQL on 127.0.0.1:5432.');
    results.push({ name: 'API tests (PostgreSQL)', passed: 0, failed: 1, skipped: 0 });
  } else vitest('API tests (PostgreSQL)', ['api'], '.tmp/vitest-postgres.json', { TEST_DATABASE_URL: url });
}

if (process.env.SKIP_E2E === '1') console.log('\n(SKIP_E2E=1: browser tier left out)');
else {
  const status = run('browser journeys (Chromium)', process.execPath, ['scripts/test-e2e.mjs']);
  const file = '.tmp/e2e-results.json';
  const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
  const s = report?.stats ?? {};
  const failed = (s.unexpected ?? 0) + (s.flaky ?? 0) + (status !== 0 && !s.unexpected ? 1 : 0);
  results.push({ name: 'browser journeys (Chromium)', passed: s.expected ?? 0, failed, skipped: s.skipped ?? 0 });
}

console.log('\nSummary');
for (const r of results)
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const skipped = results.reduce((a, r) => a + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
