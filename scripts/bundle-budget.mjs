// `npm run budget`: the initial JS and CSS (gzip) each route loads, from the Vite manifest: the entry, the
// route's layout and page chunks, and everything they import statically. Fails when login or home exceed
// 170 KB of JS or 50 KB of CSS, so grid, calendar, map, chart and spreadsheet code stays on their own routes.
// (150 KB until issue 18: the 20 KB more are i18next and react-i18next's, ~18 KB, and for nothing else.)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { isStale } from './stale.mjs';

const DIST = 'dist/client';
const manifestFile = path.join(DIST, '.vite/manifest.json');
if (isStale(manifestFile, ['src', 'grids', 'views', 'index.html', 'public', 'vite.config.ts', 'package-lock.json']))
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

// route → the lazily loaded modules it needs on first paint (layout, page). Add routes as modules arrive.
// A grid page (views/pages.ts) is the generic module screen and the module's grid definition (a chunk of its own,
// or part of a shared one when other code imports it too).
const gridScreen = (grid) => [
  'views/records/grid-screen.tsx',
  manifest[`grids/${grid}`]
    ? `grids/${grid}`
    : Object.keys(manifest).find((k) => manifest[k].name === grid.slice(0, -3)),
];
const ROUTES = {
  '/login': { modules: ['src/app/layouts/auth-layout.tsx', 'src/auth/login-page.tsx'], budget: true },
  '/': { modules: ['src/app/layouts/authenticated-layout.tsx', 'views/home-view.tsx'], budget: true },
  '/profile': { modules: ['src/app/layouts/authenticated-layout.tsx', 'src/settings/profile/profile-page.tsx'] },
  '/settings-groups': { modules: ['src/app/layouts/authenticated-layout.tsx', 'views/settings-groups-view.tsx'] },
  '/facilities': { modules: ['src/app/layouts/authenticated-layout.tsx', ...gridScreen('facilities.grid.ts')] },
  '/documents': {
    modules: [
      'src/app/layouts/authenticated-layout.tsx',
      ...gridScreen('documents.grid.ts'),
      'views/documents/document-panels.tsx',
    ],
  },
};
const JS_BUDGET = 170 * 1024;
const CSS_BUDGET = 50 * 1024;

const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));

function collect(key, js, css) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: update ROUTES in scripts/bundle-budget.mjs`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const imp of chunk.imports ?? []) collect(imp, js, css);
}

let failed = false;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('route                 initial JS (gzip)   CSS (gzip)');
for (const [route, { modules, budget }] of Object.entries(ROUTES)) {
  const js = new Set();
  const css = new Set();
  for (const key of [entryKey, ...modules]) collect(key, js, css);
  const jsSize = [...js].reduce((a, f) => a + gz(f), 0);
  const cssSize = [...css].reduce((a, f) => a + gz(f), 0);
  const over = budget && (jsSize > JS_BUDGET || cssSize > CSS_BUDGET);
  failed ||= over;
  console.log(
    `${route.padEnd(22)}${kb(jsSize).padStart(12)}${kb(cssSize).padStart(16)}   ${budget ? (over ? 'OVER BUDGET' : 'within budget') : ''}`,
  );
}
console.log(`budget for /login and /: JS ≤ ${kb(JS_BUDGET)}, CSS ≤ ${kb(CSS_BUDGET)}`);

// exceljs (~250 KB gzip) stays on the server: the browser sends and receives files, the server reads and writes
// them. Any chunk with the workbook parts' names or exceljs' writer means it slipped into the client.
const SERVER_ONLY = [/xl\/sharedStrings\.xml/, /WorkbookWriter/, /exceljs/i];
const leaks = fs
  .readdirSync(path.join(DIST, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .filter((f) => SERVER_ONLY.some((re) => re.test(fs.readFileSync(path.join(DIST, 'assets', f), 'utf8'))));
if (leaks.length) console.log(`exceljs in the client bundle (server only): ${leaks.join(', ')}`);
else console.log('exceljs: not in the client bundle');
failed ||= leaks.length > 0;
process.exit(failed ? 1 : 0);
