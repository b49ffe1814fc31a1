// The facilities grid with a settings group's attributes (docs/domain/attributes.md, "In the app") against the same
// grid without them, in Debian's Chromium against the real app (tests/bench/list-server.ts, BENCH_ATTR_GRID_ROWS
// facilities, 10,000 by default, on PostgreSQL). Twenty attributes of every type (texts, numbers, amounts, days,
// yes/no, selections, a multi-select), each a column by default, with a value in every facility; the baseline is
// the same facilities with no attribute defined and no values stored. Each round takes the data to one state (the
// attributes restored and the values written, or archived and the values removed, then a vacuum: outside the
// timing), loads the
// signed-in home page afresh with the session's cache of replies emptied (so the attribute definitions and the rows
// are read again, as on a user's first open), and times
// from the click on the drawer link "Facilities" to the first data row's name in the DOM (a MutationObserver),
// which includes reading the definitions and laying out their columns. The page is 6,400 pixels wide, so that the
// grid draws every column (it draws only those in view): the twenty attribute columns' cells are part of the
// figure. Rounds alternate the two states.
// Budget (templates issue): first rows with attributes within 1.2× of those without (medians).
// BENCH_ATTR_GRID_ROWS (10,000), BENCH_ATTR_GRID_RUNS (9), BENCH_ATTR_GRID_DEBUG=1 (each open's figures).
import pg from 'pg';
import { launchChromium } from './chromium.mjs';
import { withDatabase } from './database.mjs';
import { login } from './http.mjs';
import { median, startServer } from './list.bench.mjs';

const PORT = 8396;
const BASE = `http://127.0.0.1:${PORT}`;
const ROWS = Number(process.env.BENCH_ATTR_GRID_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_ATTR_GRID_RUNS ?? 9);
const GROUP = '00000000-0000-4000-8000-0000000000b1';

const TYPES = ['text', 'text', 'text', 'long_text', 'int', 'int', 'decimal', 'money', 'money', 'date', 'date']
  .concat(['bool', 'bool', 'select', 'select', 'select', 'select', 'text', 'int', 'multi_select'])
  .map((type, i) => ({ key: `a${String(i + 1).padStart(2, '0')}_${type}`, type }));
const OPTIONS = Array.from({ length: 8 }, (_, i) => ({ value: `o${i}`, labels: { 'en-us': `Option ${i}` } }));

/** A value of each attribute for the facility numbered `n` in SQL (the seed's `hashtext` of the uuid). */
function valueSql(a) {
  const n = `abs(hashtext(uuid::text))`;
  switch (a.type) {
    case 'text':
    case 'long_text':
      return `'Value ' || (${n} % 1000)`;
    case 'int':
      return `to_jsonb(${n} % 500)`;
    case 'decimal':
    case 'money':
      return `to_jsonb(round(((${n} % 100000) / 100.0)::numeric, 2))`;
    case 'date':
      return `to_jsonb(to_char(date '2020-01-01' + (${n} % 2000), 'YYYY-MM-DD'))`;
    case 'bool':
      return `to_jsonb(${n} % 2 = 0)`;
    case 'select':
      return `to_jsonb('o' || (${n} % 8))`;
    case 'multi_select':
      return `jsonb_build_array('o' || (${n} % 4), 'o' || (4 + ${n} % 4))`;
  }
}

async function api(cookie, method, path, body) {
  const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] ?? '');
  const res = await fetch(`${BASE}/api/v1/${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': xsrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function run() {
  return withDatabase('attribute_grid', async (url) => {
    const server = await startServer({ DATABASE_URL: url, BENCH_FACILITIES: String(ROWS) }, PORT);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const browser = await launchChromium();
    try {
      const cookie = await login(BASE);
      const made = [];
      for (const a of TYPES)
        made.push(
          (
            await api(cookie, 'POST', 'attributes', {
              settings_group_uuid: GROUP,
              model: 'facility',
              key: a.key,
              type: a.type,
              labels: { 'en-us': a.key.replace(/_/g, ' ') },
              options: a.type.endsWith('select') ? OPTIONS : [],
            })
          ).data.uuid,
        );
      const fill = `update facilities set attributes = jsonb_build_object(${TYPES.map((a) => `'${a.key}', ${valueSql(a)}`).join(', ')})`;
      /** The two states: with the attributes and their values, or neither. */
      const states = {
        with: async () => {
          for (const uuid of made) await api(cookie, 'POST', `attributes/${uuid}/restore`, {});
          await db.query(fill);
          await db.query('vacuum analyze facilities'); // every row was rewritten: no dead rows left for the list
        },
        without: async () => {
          for (const uuid of made) await api(cookie, 'POST', `attributes/${uuid}/archive`, {});
          await db.query(`update facilities set attributes = '{}'::jsonb`);
          await db.query('vacuum analyze facilities');
        },
      };

      const context = await browser.newContext({ baseURL: BASE, viewport: { width: 6400, height: 1000 } });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('E-mail').fill('bench@hauswerk.test');
      await page.getByLabel('Password', { exact: true }).fill('bench-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));

      /** From the click on the drawer link to the first row's name; the grid's column headers counted. */
      async function open() {
        // the session's cache of replies (src/offline/session-cache.ts) would hand the last state's definitions and
        // rows to the reload: every open reads them from the server
        await page.evaluate(() => sessionStorage.removeItem('hauswerk.sessionCache'));
        await page.goto('/');
        const link = page.getByRole('link', { name: 'Facilities', exact: true });
        await link.waitFor();
        await page.evaluate(() => {
          const w = window;
          w.__t0 = 0;
          w.__t1 = 0;
          addEventListener('click', () => (w.__t0 = performance.now()), { capture: true, once: true });
          const seen = () => {
            const cell = document.querySelector('.ag-row[row-index="0"] [col-id="name"]');
            if (w.__t0 && !w.__t1 && cell?.textContent?.trim()) w.__t1 = performance.now();
          };
          new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, characterData: true });
        });
        await link.click();
        await page.waitForFunction(() => window.__t1 > 0, null, { timeout: 60_000 });
        const ms = await page.evaluate(() => window.__t1 - window.__t0);
        // the header may draw its last cells a frame after the first row
        await page
          .waitForFunction(() => document.querySelectorAll('.ag-header-cell[col-id^="attributes."]').length > 0, null, {
            timeout: 2000,
          })
          .catch(() => undefined);
        const columns = await page.evaluate(
          () => document.querySelectorAll('.ag-header-cell[col-id^="attributes."]').length,
        );
        return { ms, columns };
      }

      // a warm-up of each (the grid's code in the HTTP cache), then alternating rounds
      const times = { with: [], without: [] };
      let right = true;
      for (let i = 0; i <= RUNS; i++)
        for (const state of i % 2 ? ['with', 'without'] : ['without', 'with']) {
          await states[state]();
          const { ms, columns } = await open();
          if (process.env.BENCH_ATTR_GRID_DEBUG)
            console.log(state, Math.round(ms), 'ms,', columns, 'attribute columns');
          // the page is wide enough for every column to be drawn: all twenty with, none without
          if (columns !== (state === 'with' ? TYPES.length : 0)) right = false;
          if (i > 0) times[state].push(ms);
        }
      const without = median(times.without);
      const withAttributes = median(times.with);
      return [
        [`first rows, ${ROWS} facilities, no attributes`, `${without.toFixed(0)} ms`, '(the baseline)', right],
        [
          'first rows with 20 attributes',
          `${withAttributes.toFixed(0)} ms`,
          `${(withAttributes / without).toFixed(2)}× the baseline (≤ 1.2×)${right ? '' : ', WRONG COLUMNS'}`,
          right && withAttributes / without <= 1.2,
        ],
      ];
    } finally {
      await browser.close();
      await db.end();
      server.kill('SIGTERM');
    }
  });
}
