// Meter readings on PostgreSQL (issue: consumption and anomalies; docs/domain/calculations.md, "Consumption and
// anomalies"), each on a scratch database (database.mjs) and the server of tests/bench/measurements-server.ts:
//
// 1. Deep pages: BENCH_READINGS readings (1,000,000 by default, inserted with generate_series; 600,000 of them on
//    one counter). The counter's readings page (50 rows with their stored consumption and anomaly status, by
//    `measured_at`) at keyset-cursor depth 500,000 against its first page: p50 within 1.5×.
// 2. Import with the rule: BENCH_IMPORT_ROWS readings (100,000) of 40 counters in an xlsx generated here, imported
//    through the import job (upload, run, poll) with consumption and anomaly detection, against the same file
//    imported by the same server code with the rule switched off (BENCH_RULE=off in the bench server: the model
//    keeps its checks before the write — the counter, the property, one reading per moment — and only the
//    recompute after the write is gone), each on its own fresh database: rows/s ≥ 0.7× the baseline's. So the
//    ratio is the cost of the rule alone, not of the import or the model's other checks.
// Sequential requests, medians. BENCH_MEASUREMENTS_PORT (8493) moves the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { withDatabase } from './database.mjs';
import { login } from './http.mjs';

const READINGS = Number(process.env.BENCH_READINGS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PORT = Number(process.env.BENCH_MEASUREMENTS_PORT ?? 8493);
const base = `http://127.0.0.1:${PORT}`;
const GROUP = '00000000-0000-4000-8000-0000000000b1';
const PROPERTY = '00000000-0000-4000-8000-0000000000c1';
/** The bench server's counters (1 to 40). */
const counterUuid = (k) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;

async function startServer(url, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/measurements-server.ts'], {
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  return child;
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

async function timeIt(url, cookie, n = 40) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    xs.push(performance.now() - t);
  }
  return xs.sort((a, b) => a - b)[Math.floor(n / 2)];
}

async function deepPages() {
  return withDatabase('readings', async (url) => {
    const t0 = performance.now();
    const child = await startServer(url, { BENCH_READINGS: String(READINGS) });
    try {
      const loaded = ((performance.now() - t0) / 1000).toFixed(0);
      const cookie = await login(base);
      const counter = counterUuid(1);
      const depth = Math.min(500_000, Math.floor(READINGS * 0.6) - 100);
      const [at] = await pgRows(
        url,
        `select measured_at, uuid from measurements where counter_uuid = '${counter}'
         order by measured_at, uuid offset ${depth - 1} limit 1`,
      );
      const cursor = Buffer.from(JSON.stringify({ v: at.measured_at.toISOString(), u: at.uuid })).toString('base64url');
      const list = `${base}/api/v1/measurements?per_page=50&sort_by=measured_at&filter[counter_uuid]=${counter}`;
      const check = await (await fetch(`${list}&cursor=${cursor}`, { headers: { cookie } })).json();
      if (check.data?.length !== 50 || !('consumption' in check.data[0]) || !('status' in check.data[0]))
        throw new Error(`deep page: ${JSON.stringify(check).slice(0, 300)}`);
      const first = await timeIt(list, cookie);
      const deep = await timeIt(`${list}&cursor=${cursor}`, cookie);
      const consumption = await timeIt(`${base}/api/v1/counters/${counter}/consumption?period=year`, cookie, 10);
      return [
        ['readings loaded (PostgreSQL)', READINGS.toLocaleString('en'), `${loaded} s to load`, true],
        ["a counter's first readings page p50", `${first.toFixed(1)} ms`, '', true],
        [
          `keyset page at depth ${depth.toLocaleString('en')} p50`,
          `${deep.toFixed(1)} ms`,
          `${(deep / first).toFixed(2)}× first (≤ 1.5×)`,
          deep / first <= 1.5,
        ],
        ['consumption per year, 600,000 readings, p50', `${consumption.toFixed(1)} ms`, 'reported', true],
      ];
    } finally {
      await stop(child);
    }
  });
}

async function pgRows(url, text) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query(text)).rows;
  } finally {
    await db.end();
  }
}

/** The import file: IMPORT_ROWS readings of the 40 counters, hourly, in time order (10 a step, a spike in 1,000). */
async function writeFile(file) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const ws = wb.addWorksheet('Readings');
  ws.addRow(['Property', 'Counter', 'Measured at', 'Value']).commit();
  const counters = Array.from({ length: 40 }, (_, k) => counterUuid(k + 1));
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const j = Math.floor(i / 40);
    const at = new Date(Date.UTC(2024, 0, 1) + j * 3_600_000).toISOString();
    ws.addRow([PROPERTY, counters[i % 40], at, String(j * 10 + Math.floor(j / 1000) * 90)]).commit();
  }
  ws.commit();
  await wb.commit();
}

async function api(cookie, method, p, body, headers = {}) {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)[1]);
  const res = await fetch(`${base}/api/v1${p}`, {
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
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Imports the file on a fresh database with the rule on or off; resolves with its rows/s and the anomalies. */
async function importOnce(file, rule) {
  return withDatabase(`readings_import_${rule}`, async (url) => {
    const child = await startServer(url, { BENCH_READINGS: '0', BENCH_RULE: rule });
    try {
      const cookie = await login(base);
      const form = new FormData();
      form.append('model', 'measurement');
      form.append('file', new Blob([fs.readFileSync(file)]), 'readings.xlsx');
      const job = (await api(cookie, 'POST', '/imports', form)).data;
      const mapping = { 0: 'property_uuid', 1: 'counter_uuid', 2: 'measured_at', 3: 'value' };
      const start = performance.now();
      await api(cookie, 'POST', `/imports/${job.uuid}/run`, { settings_group_uuid: GROUP, mapping });
      for (;;) {
        const state = (await api(cookie, 'GET', `/imports/${job.uuid}`)).data;
        if (!['queued', 'running'].includes(state.status)) {
          if (state.status !== 'done' || state.counts.created !== IMPORT_ROWS) {
            const errors = await pgRows(url, `select row, errors from import_errors order by row limit 3`);
            throw new Error(`import ${JSON.stringify(state.counts)} ${JSON.stringify(errors)}`);
          }
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      const seconds = (performance.now() - start) / 1000;
      const [stats] = await pgRows(
        url,
        `select count(*) filter (where status = 'anomalous')::int as anomalous,
           count(*) filter (where consumption is not null)::int as computed,
           count(*) filter (where source = 'import')::int as imported from measurements`,
      );
      return { rate: IMPORT_ROWS / seconds, seconds, ...stats };
    } finally {
      await stop(child);
    }
  });
}

async function importWithRule() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-readings-'));
  try {
    const file = path.join(dir, 'readings.xlsx');
    await writeFile(file);
    const plain = await importOnce(file, 'off');
    const ruled = await importOnce(file, 'on');
    const spikes = 40 * Math.floor((Math.floor(IMPORT_ROWS / 40) - 1) / 1000);
    const right = ruled.anomalous === spikes && ruled.computed === IMPORT_ROWS - 40 && ruled.imported === IMPORT_ROWS;
    return [
      [
        'import rows/s without the rule',
        plain.rate.toFixed(0),
        `${plain.seconds.toFixed(1)} s for ${IMPORT_ROWS.toLocaleString('en')}`,
        true,
      ],
      [
        'import rows/s with anomaly detection',
        ruled.rate.toFixed(0),
        `${(ruled.rate / plain.rate).toFixed(2)}× without (≥ 0.7×), ${ruled.seconds.toFixed(1)} s`,
        ruled.rate / plain.rate >= 0.7,
      ],
      [
        'imported readings computed',
        `${ruled.anomalous} anomalous`,
        `${ruled.computed} with a consumption, ${ruled.imported} with source import (${spikes} spikes expected)`,
        right,
      ],
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const only = process.env.BENCH_MEASUREMENTS; // 'pages' or 'import': one of the two
  return [...(only === 'import' ? [] : await deepPages()), ...(only === 'pages' ? [] : await importWithRule())];
}
