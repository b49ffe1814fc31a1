// A settings group's attribute in a list (docs/domain/attributes.md) on PostgreSQL, over BENCH_FACILITIES facilities
// (100,000 by default): a searchable select attribute with ten options is added through the API (its index made
// by the attribute's own write), every facility gets a value, and the first page (100 rows, as the grid asks) is
// asked for filtered by one option and sorted by the attribute, against the same page filtered by an indexed
// built-in column (the property) and sorted by one (the name), requests alternating in one run, one at a time.
// Budget (templates issue): the p50 within 1.5× the built-in one. Each page is checked to hold what it should.
import pg from 'pg';
import { withDatabase } from './database.mjs';
import { login, timedGet as timed } from './http.mjs';
import { median, startServer } from './list.bench.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const PROPERTY = '7bc3ca68-7694-37ce-9864-55407dab2a1f'; // md5('p3') as uuid: a bench property (one of 30)
const ATTRIBUTE = '/api/v1/facilities?per_page=100&filter[attributes.cost_centre]=c3&sort_by=attributes.cost_centre';
const BUILT_IN = `/api/v1/facilities?per_page=100&filter[property_uuid]=${PROPERTY}&sort_by=name`;

async function addAttribute(base, cookie) {
  const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] ?? '');
  const res = await fetch(`${base}/api/v1/attributes`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json', 'x-xsrf-token': xsrf },
    body: JSON.stringify({
      settings_group_uuid: '00000000-0000-4000-8000-0000000000b1',
      model: 'facility',
      key: 'cost_centre',
      type: 'select',
      searchable: true,
      labels: { de: 'Kostenstelle' },
      options: Array.from({ length: 10 }, (_, i) => ({ value: `c${i}` })),
    }),
  });
  if (res.status !== 201) throw new Error(`attribute: ${res.status} ${await res.text()}`);
}

export async function run() {
  return withDatabase('attributes', async (url) => {
    const server = await startServer({ DATABASE_URL: url }, 8398);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const base = 'http://127.0.0.1:8398';
      const cookie = await login(base);
      await addAttribute(base, cookie);
      await db.query(
        `update facilities set attributes = jsonb_build_object('cost_centre', 'c' || (abs(hashtext(uuid::text)) % 10))`,
      );
      await db.query('vacuum analyze facilities');
      const ours = (await timed(base, cookie, ATTRIBUTE)).body.data;
      const theirs = (await timed(base, cookie, BUILT_IN)).body.data;
      const oursRight = ours.length === 100 && ours.every((r) => r.attributes.cost_centre === 'c3');
      const theirsRight = theirs.length === 100 && theirs.every((r) => r.property_uuid === PROPERTY);
      const times = { ours: [], theirs: [] };
      for (let i = 0; i < ROUNDS; i++) {
        times.ours.push((await timed(base, cookie, ATTRIBUTE)).ms);
        times.theirs.push((await timed(base, cookie, BUILT_IN)).ms);
      }
      const builtIn = median(times.theirs);
      const attribute = median(times.ours);
      return [
        ['by property, sorted by name, p50 ms', builtIn.toFixed(1), '(the baseline)', theirsRight],
        [
          'by a select attribute, sorted by it, p50',
          attribute.toFixed(1),
          `${(attribute / builtIn).toFixed(2)}× the baseline (≤ 1.5×)${oursRight ? '' : ', WRONG ROWS'}`,
          oursRight && attribute / builtIn <= 1.5,
        ],
      ];
    } finally {
      await db.end();
      server.kill('SIGTERM');
    }
  });
}
