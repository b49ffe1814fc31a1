// Export and import at 100,000 × 10 against bare exceljs in the same run (tests/bench/sheet-bare.mjs), on
// PostgreSQL with the list benchmark's server and data (tests/bench/list-server.ts, 100,000 facilities).
// Budgets (spreadsheet issue): export ≥ 0.8× a bare streaming WorkbookWriter's rows/s, server peak < 250 MB;
// import (parse, validate, map, batched insert) ≥ 0.7× a bare streaming read's rows/s, server peak < 300 MB, API
// p99 during the import ≤ 2× idle. The server's memory is sampled from /proc while it works. The p99s are over
// every request of a load of the list endpoint (autocannon, 2 connections): 5 s of the idle server, and the whole
// of a second import of the same file.
import fs from 'node:fs';
import { spawn, execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { login } from './http.mjs';

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_SHEET_ROWS ?? 100_000);
const PORT = Number(process.env.BENCH_SHEET_PORT ?? 8479);
const base = `http://127.0.0.1:${PORT}`;
const LIST = '/api/v1/facilities?per_page=50&sort_by=name&status_limiter=active';
const GROUP = '00000000-0000-4000-8000-0000000000b1';
const COLUMNS =
  'name,number_internal,manufacturer,serial_number,quantity,unit_price,commissioning_year,lifetime,status,property_uuid';

function bare(...args) {
  const out = execFileSync(process.execPath, ['tests/bench/sheet-bare.mjs', ...args], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

const rssNow = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Samples a process's resident memory (MB) until stopped; returns the peak. */
function rssSampler(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) / 1024);
    } catch {
      /* process gone */
    }
  }, 25);
  return () => (clearInterval(timer), peak);
}

/** Loads the list endpoint (2 connections) for `duration` seconds, or until `until` settles. */
const load = (cookie, duration, until) =>
  new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${base}${LIST}`, connections: 2, duration, headers: { cookie, accept: 'application/json' } },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    until?.finally(() => instance.stop());
  });

async function writeImportFile(file) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: true });
  const ws = wb.addWorksheet('Facilities');
  ws.addRow([
    'Property',
    'Name',
    'Internal number',
    'Manufacturer',
    'Serial number',
    'Quantity',
    'Unit price',
    'Purchase date',
    'Lifetime (years)',
    'Status',
  ]).commit();
  for (let i = 1; i <= ROWS; i++)
    ws.addRow([
      `Import property ${1 + (i % 30)}`,
      `Import ${i}`,
      `I-${i}`,
      'Hoval',
      `SNI${i}`,
      1 + (i % 4),
      1000.5 + (i % 500),
      new Date(Date.UTC(2000 + (i % 24), i % 12, 1 + (i % 28))),
      20 + (i % 20),
      'active',
    ]).commit();
  ws.commit();
  await wb.commit();
}

async function api(cookie, method, path, body, headers = {}) {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)[1]);
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      cookie,
      'x-xsrf-token': xsrf,
      accept: 'application/json',
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Uploads and runs an import; resolves with its seconds once done. */
async function importOnce(cookie, file, key) {
  const form = new FormData();
  form.append('model', 'facility');
  form.append('file', new Blob([fs.readFileSync(file)]), 'facilities.xlsx');
  const job = (await api(cookie, 'POST', '/imports', form)).data;
  const preview = (await api(cookie, 'GET', `/imports/${job.uuid}/preview`)).data;
  const options = { settings_group_uuid: GROUP, mapping: preview.suggested_mapping };
  const start = performance.now();
  await api(cookie, 'POST', `/imports/${job.uuid}/run`, options, { 'idempotency-key': key });
  for (;;) {
    const state = (await api(cookie, 'GET', `/imports/${job.uuid}`)).data;
    if (!['queued', 'running'].includes(state.status)) {
      if (state.status !== 'done' || state.counts.created !== ROWS) throw new Error(`import ${JSON.stringify(state)}`);
      return (performance.now() - start) / 1000;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function run() {
  const name = `hauswerk_bench_sheet_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const dir = '.tmp/bench-sheet';
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // BENCH_SHEET_PROFILE=1: a CPU profile of the server in .tmp/profile (written when it stops)
  const profile = process.env.BENCH_SHEET_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=.tmp/profile'] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'tests/bench/list-server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: url.toString(),
      DATA_DIR: dir,
      BENCH_FACILITIES: String(ROWS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rows = [];
  try {
    await new Promise((resolve, reject) => {
      server.stdout.on('data', (d) => String(d).includes('ready') && resolve());
      server.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
    });
    const cookie = await login(base);

    // Export: ours (download of the whole list) against a bare streaming writer of the same size.
    const bareWrite = bare('write', `${dir}/bare.xlsx`, String(ROWS));
    const beforeExport = rssNow(server.pid);
    const stopExport = rssSampler(server.pid);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/facilities/export?format=xlsx&columns=${COLUMNS}`, { headers: { cookie } });
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    const exportSeconds = (performance.now() - t0) / 1000;
    const exportPeak = stopExport();
    const oursExport = ROWS / exportSeconds;
    const bareExport = bareWrite.rows / (bareWrite.ms / 1000);
    rows.push(
      [
        'export rows/s, ours / bare writer',
        `${oursExport.toFixed(0)} / ${bareExport.toFixed(0)}`,
        `${(oursExport / bareExport).toFixed(2)}× (≥ 0.8×), ${(bytes / 1e6).toFixed(1)} MB`,
        oursExport / bareExport >= 0.8,
      ],
      [
        'export server peak RSS MB',
        exportPeak.toFixed(0),
        `(< 250 MB; ${beforeExport.toFixed(0)} MB before)`,
        exportPeak < 250,
      ],
    );

    // Import: ours (upload → job done) against a bare streaming read of the same file.
    // properties made through the API (the list seed's md5 uuids are not RFC 9562 uuids)
    for (let i = 1; i <= 30; i++)
      await api(cookie, 'POST', '/properties', { name: `Import property ${i}`, settings_group_uuid: GROUP });
    const file = `${dir}/import.xlsx`;
    await writeImportFile(file);
    const bareRead = bare('read', file);
    await load(cookie, 2); // warm-up
    const idle = await load(cookie, 5);
    const beforeImport = rssNow(server.pid);
    const stopImport = rssSampler(server.pid);
    const importSeconds = await importOnce(cookie, file, 'bench-1');
    const importPeak = stopImport();
    const oursImport = ROWS / importSeconds;
    const bareImport = (bareRead.rows - 1) / (bareRead.ms / 1000);
    // the API while a second import of the same size runs: every request from its start to its end
    const second = importOnce(cookie, file, 'bench-2');
    const during = await load(
      cookie,
      600,
      second.catch(() => undefined),
    );
    const secondSeconds = await second;
    const busyP99 = during.latency.p99;
    rows.push(
      [
        'import rows/s, ours / bare reader',
        `${oursImport.toFixed(0)} / ${bareImport.toFixed(0)}`,
        `${(oursImport / bareImport).toFixed(2)}× (≥ 0.7×), ${importSeconds.toFixed(1)} s`,
        oursImport / bareImport >= 0.7,
      ],
      [
        'import server peak RSS MB',
        importPeak.toFixed(0),
        `(< 300 MB; ${beforeImport.toFixed(0)} MB before; bare reader ${bareRead.maxRssMb.toFixed(0)} MB)`,
        importPeak < 300,
      ],
      [
        'list p99 ms during import / idle',
        `${busyP99} / ${idle.latency.p99}`,
        `${(busyP99 / idle.latency.p99).toFixed(2)}× (≤ 2×); ${during.requests.total} requests in the ` +
          `${secondSeconds.toFixed(1)} s the import took under that load; p50 ${during.latency.p50} / ` +
          `${idle.latency.p50} ms`,
        busyP99 / idle.latency.p99 <= 2,
      ],
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, process.env.BENCH_SHEET_PROFILE ? 5000 : 500));
    if (!process.env.BENCH_KEEP_DB) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return rows;
}
