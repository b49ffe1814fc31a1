// The deadline calendar (views/calendar/deadline-calendar.tsx, the real component with the app's HTTP client,
// query client, translations and Blueprint styles) against bare FullCalendar 6 with the same events, in the same
// Chromium run (Debian's, headless, through playwright-core). Budgets (issue 5):
// - 1,000 events in one month: first render and navigation (next month, 1,000 events too) within 1.2× bare;
//   absolute render under 400 ms and navigation under 250 ms.
// - 500 weekly series: ours (the server's materialised events, as JSON) at most 0.3× bare FullCalendar expanding
//   the same 500 RRULEs in the browser with the rrule package (bundled into that page only), timed on the move to
//   the next month (each page booted already, so the figure is fetching or expanding plus drawing, not bundle
//   start-up; the first render is reported beside it).
//
// How it is kept fair:
// - Both pages are the same HTML on one origin served by page.route (no server, no network): a root div and one
//   bundle each, built here by esbuild (minified, production, IIFE). The calendar endpoint is answered with the
//   same generated JSON for both; bare maps it to FullCalendar events and draws every one (dayMaxEvents: true, so
//   cells stay one line high, FullCalendar still renders the hidden events); ours caps what it draws per day.
// - Render: from navigation start (the ratio) and from mounting the calendar (the absolute budget: ours when React
//   renders it, translations loaded; bare when FullCalendar is constructed) to the paint after the last DOM change of the calendar (a MutationObserver
//   notes each change and a requestAnimationFrame + setTimeout after it notes the paint; settled after 400 ms
//   without changes). It includes loading and running each page's bundle (ours carries React, Blueprint and the
//   app's i18n too). Navigation: from the click on the "next" button (ours: "Next period"; bare: its toolbar) to
//   the settled paint of the next month.
// - One warm-up each, then RUNS runs alternating ours and bare in fresh pages of one browser; medians.
// BENCH_CAL_RUNS (5), BENCH_CAL_DEBUG=1 (per-run figures).
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { launchChromium } from './chromium.mjs';

const require = createRequire(import.meta.url);
const { RRule } = require('rrule');
const RUNS = Number(process.env.BENCH_CAL_RUNS ?? 5);
const ORIGIN = 'http://bench.local';
const EVENTS = 1000;
const SERIES = 500;
const debug = process.env.BENCH_CAL_DEBUG ? (...a) => console.error('[calendar]', ...a) : () => undefined;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const iso = (d) => d.toISOString().slice(0, 10);
const TODAY = new Date();
const TODAY_ISO = `${TODAY.getFullYear()}-${String(TODAY.getMonth() + 1).padStart(2, '0')}-${String(TODAY.getDate()).padStart(2, '0')}`;

async function bundle(entry) {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    outdir: 'out',
    jsx: 'automatic',
    loader: { '.woff': 'empty', '.woff2': 'empty', '.ttf': 'empty', '.eot': 'empty', '.svg': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' },
    logLevel: 'error',
  });
  const js = out.outputFiles.find((f) => f.path.endsWith('.js')).text;
  const css = out.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  return { js, css };
}

/** 1,000 events in the month the range centres on (or the series' occurrences, in series mode). */
function monthEvents(from, to) {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  const mid = new Date((a.getTime() + b.getTime()) / 2);
  const year = mid.getUTCFullYear();
  const month = mid.getUTCMonth();
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const kinds = ['task_event', 'ticket', 'order'];
  return Array.from({ length: EVENTS }, (_, i) => {
    const kind = kinds[i % 3];
    const date = iso(new Date(Date.UTC(year, month, (i % days) + 1)));
    return item(kind, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `Wartung ${i}`, date, i % 17 === 0);
  });
}

function item(kind, uuid, title, date, overdue, series = false) {
  return {
    id: `${kind}:${uuid}`,
    kind,
    uuid,
    title,
    date,
    status: 'open',
    overdue,
    property_uuid: null,
    series,
    links: { self: `/api/v1/x/${uuid}`, reschedule: `/api/v1/x/${uuid}/reschedule` },
  };
}

const SERIES_LIST = Array.from({ length: SERIES }, (_, i) => ({
  uuid: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
  title: `Filter ${i}`,
  start: '2025-01-06',
  rrule: `FREQ=WEEKLY;INTERVAL=1;BYDAY=${['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][i % 7]}`,
}));

/**
 * What the server materialised for the series over a range (same dates as the browser's expansion), computed
 * once per range: the server stores events, it does not expand them per request.
 */
const materialised = new Map();
function seriesEvents(from, to) {
  const key = `${from}/${to}`;
  if (!materialised.has(key)) materialised.set(key, expandSeries(from, to));
  return materialised.get(key);
}

function expandSeries(from, to) {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  const out = [];
  for (const s of SERIES_LIST) {
    const rule = new RRule({ ...RRule.parseString(s.rrule), dtstart: new Date(`${s.start}T00:00:00Z`) });
    for (const d of rule.between(start, end, true))
      out.push(item('task_event', `${s.uuid}`, s.title, iso(d), false, true));
  }
  return out.map((e, i) => ({ ...e, id: `${e.id}:${i}` }));
}

function page(name, init) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>
<link rel="stylesheet" href="/${name}.css"><script>window.__BENCH = ${JSON.stringify(init)};</script></head>
<body><div id="root" style="width:1200px"></div><script src="/${name}.js"></script></body></html>`;
}

/** In the page: resolves with the paint time after the calendar's DOM settled (events drawn). */
function settle(quietMs) {
  return new Promise((resolve) => {
    let painted = 0;
    let last = performance.now();
    const mark = () => {
      last = performance.now();
      requestAnimationFrame(() => setTimeout(() => (painted = performance.now())));
    };
    const observer = new MutationObserver(mark);
    observer.observe(document.getElementById('root'), {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    mark();
    const check = () => {
      const drawn = document.querySelectorAll('.fc-event').length > 0;
      if (drawn && painted >= last && performance.now() - last > quietMs) {
        observer.disconnect();
        resolve({ painted, events: document.querySelectorAll('.fc-event').length });
      } else setTimeout(check, 50);
    };
    setTimeout(check, 50);
  });
}

async function measure(browser, assets, name, mode) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    const reply = (body, type) => route.fulfill({ status: 200, contentType: type, body });
    if (url.pathname === `/${name}.html`) return reply(page(name, { mode, initialDate: TODAY_ISO }), 'text/html');
    if (url.pathname === `/${name}.js`) return reply(assets[name].js, 'text/javascript');
    if (url.pathname === `/${name}.css`) return reply(assets[name].css, 'text/css');
    if (url.pathname === '/api/v1/bench/series')
      return reply(JSON.stringify({ data: SERIES_LIST }), 'application/json');
    if (url.pathname === '/api/v1/calendar/events') {
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const data = mode === 'json-series' ? seriesEvents(from, to) : monthEvents(from, to);
      return reply(JSON.stringify({ data, meta: { truncated: false, limit: 5000 } }), 'application/json');
    }
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"not found"}' });
  });
  const tab = await context.newPage();
  tab.on('pageerror', (e) => debug(name, 'page error', e.message));
  tab.on('console', (msg) => msg.type() === 'error' && debug(name, 'console', msg.text()));
  await tab.goto(`${ORIGIN}/${name}.html`);
  const render = await Promise.race([
    tab.evaluate(settle, 400),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${name} ${mode}: no events drawn in 60 s`)), 60_000)),
  ]);
  const mounted = render.painted - (await tab.evaluate(() => window.__mount));
  let navigation = null;
  {
    const title = await tab.locator(name === 'ours' ? '.hw-cal-title' : '.fc-toolbar-title').textContent();
    const next = name === 'ours' ? tab.getByRole('button', { name: 'Next period' }) : tab.locator('.fc-next-button');
    await tab.evaluate(() => {
      window.__click = 0;
      addEventListener('click', () => (window.__click = performance.now()), { capture: true, once: true });
    });
    const settled = tab.evaluate(settle, 400);
    await next.click();
    const after = await settled;
    const newTitle = await tab.locator(name === 'ours' ? '.hw-cal-title' : '.fc-toolbar-title').textContent();
    if (newTitle === title) throw new Error(`${name}: navigation did not change the month`);
    navigation = after.painted - (await tab.evaluate(() => window.__click));
  }
  await context.close();
  debug(name, mode, Math.round(render.painted), render.events, navigation && Math.round(navigation));
  return { render: render.painted, mounted, events: render.events, navigation };
}

export async function run() {
  const assets = {
    ours: await bundle('tests/bench/calendar-ours.tsx'),
    bare: await bundle('tests/bench/calendar-bare.js'),
  };
  const browser = await launchChromium();
  const results = { ours: [], bare: [], oursSeries: [], bareJsonSeries: [], bareRrule: [] };
  try {
    await measure(browser, assets, 'ours', 'json');
    await measure(browser, assets, 'bare', 'json');
    await measure(browser, assets, 'bare', 'rrule');
    for (let i = 0; i < RUNS; i++) {
      results.ours.push(await measure(browser, assets, 'ours', 'json'));
      results.bare.push(await measure(browser, assets, 'bare', 'json'));
      results.oursSeries.push(await measure(browser, assets, 'ours', 'json-series'));
      results.bareRrule.push(await measure(browser, assets, 'bare', 'rrule'));
      results.bareJsonSeries.push(await measure(browser, assets, 'bare', 'json-series'));
    }
  } finally {
    await browser.close();
  }
  const m = (list, key) => median(list.map((r) => r[key]));
  const ms = (v) => `${Math.round(v)} ms`;
  const oursRender = m(results.ours, 'render');
  const bareRender = m(results.bare, 'render');
  const oursNav = m(results.ours, 'navigation');
  const bareNav = m(results.bare, 'navigation');
  const series = m(results.oursSeries, 'navigation');
  const rrule = m(results.bareRrule, 'navigation');
  const bareJsonSeries = m(results.bareJsonSeries, 'navigation');
  const seriesFirst = `first render ${ms(m(results.oursSeries, 'render'))} vs ${ms(m(results.bareRrule, 'render'))}`;
  const drawn = `${results.ours[0].events} of ${EVENTS} drawn by ours, ${results.bare[0].events} by bare`;
  return [
    [
      'render 1,000 events: ours / bare',
      (oursRender / bareRender).toFixed(2),
      `${ms(oursRender)} vs ${ms(bareRender)}; ${drawn}; budget ≤ 1.2`,
      oursRender / bareRender <= 1.2,
    ],
    [
      'render 1,000 events: ours, from mount',
      ms(m(results.ours, 'mounted')),
      `bare ${ms(m(results.bare, 'mounted'))}; from navigation start ${ms(oursRender)}; budget < 400 ms`,
      m(results.ours, 'mounted') < 400,
    ],
    [
      'next month: ours / bare',
      (oursNav / bareNav).toFixed(2),
      `${ms(oursNav)} vs ${ms(bareNav)}; budget ≤ 1.2`,
      oursNav / bareNav <= 1.2,
    ],
    ['next month: ours', ms(oursNav), 'budget < 250 ms', oursNav < 250],
    [
      '500 series, next month: ours / client rrule',
      (series / rrule).toFixed(2),
      `${ms(series)} vs ${ms(rrule)} (${seriesFirst}); budget ≤ 0.3`,
      series / rrule <= 0.3,
    ],
    [
      '500 series, next month: bare JSON / rrule',
      (bareJsonSeries / rrule).toFixed(2),
      `${ms(bareJsonSeries)} vs ${ms(rrule)} (bare draws every event; for reference)`,
      true,
    ],
  ];
}
