// Access rules and restricted access in the list (docs/domain/permissions.md, "Access rules", "Restricted
// access"): the facilities list over BENCH_FACILITIES facilities (100,000 by default) on PostgreSQL for a member
// under 10 access rules on facilities (enum, reference, range, bool, uuid and text filters; none of their user
// groups; created through the API, which marks the records each matches) in a settings group with restricted access (25 of 30 properties shared with the member's user group),
// against the same list for an admin (no rule, no restriction), loaded alternately with autocannon (10
// connections) through the list benchmark's server (tests/bench/list-server.ts). Budgets: member ≥ 0.75× admin
// req/s, p99 ≤ 1.5×.
import pg from 'pg';
import { login } from './http.mjs';
import { load, median, startServer } from './list.bench.mjs';

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIST = '/api/v1/facilities?per_page=50&sort_by=name&status_limiter=active';
const GROUP = '00000000-0000-4000-8000-0000000000b1';
const MEMBER_EMAIL = 'bench-member@hauswerk.test';

/** The rules' filters, stored as the API stores them (parsed list filters): the mix of most rules (enums,
 * references, ranges, two text filters), or with BENCH_RULES=text six text filters of ten. */
const MIXED = [
  { manufacturer: 'nobody' },
  { name: 'kühlturm' },
  { commissioning_year: { from: 1800, to: 1950 } },
  { lifetime: { from: 150 } },
  { status: ['inactive'] },
  { cost_group_uuid: ['00000000-0000-4000-8000-00000000c057'] },
  { condition: { from: 4 } },
  { quantity: { from: '50' } },
  { uuid: ['00000000-0000-4000-8000-00000000dead'] },
  { excluded_from_renewal: true },
];
const TEXT = [
  { manufacturer: 'nobody' },
  { serial_number: 'xx' },
  { name: 'kühlturm' },
  { number_internal: 'z-' },
  { identification_no: 'id-' },
  { number_external: 'ext' },
  ...MIXED.slice(2, 6),
];
const FILTERS = process.env.BENCH_RULES === 'text' ? TEXT : MIXED;

async function measure(url, cookie) {
  const r = await load(url, cookie);
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** A member (a user, not an admin) of the bench workspace, its user groups and restricted access (in SQL). */
async function limitMember(db) {
  await db.query(
    `insert into users (id, uuid, email, password_hash, first_name, last_name, terms_version,
      terms_accepted_at, email_verified_at, created_at)
    select 900002, '00000000-0000-4000-8000-0000000000b3', $1, password_hash, 'Bench', 'Member', terms_version,
      terms_accepted_at, email_verified_at, created_at from users where id = 900001`,
    [MEMBER_EMAIL],
  );
  await db.query(
    `insert into settings_group_members (settings_group_uuid, user_id, role) values ($1, 900002, 'user')`,
    [GROUP],
  );
  const team = (
    await db.query(`insert into user_groups (settings_group_uuid, name) values ($1, 'Team') returning uuid`, [GROUP])
  ).rows[0].uuid;
  const others = (
    await db.query(`insert into user_groups (settings_group_uuid, name) values ($1, 'Others') returning uuid`, [GROUP])
  ).rows[0].uuid;
  await db.query(
    `update user_groups set member_uuids = array[(select uuid from users where id = 900002)] where uuid = $1`,
    [team],
  );
  await db.query(
    `insert into property_user_groups (property_uuid, user_group_uuid)
    select md5('p' || i)::uuid, $1 from generate_series(1, 25) i`,
    [team],
  );
  await db.query(`update settings_groups set restricted_access = true where uuid = $1`, [GROUP]);
  return others;
}

/** The rules, created by the admin through the API as an administrator does (each marks the records it matches),
 * for a user group the member is not in; the seconds the ten took. */
async function createRules(base, cookie, userGroup) {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)[1]);
  const started = performance.now();
  for (const [i, filter] of FILTERS.entries()) {
    const res = await fetch(`${base}/api/v1/access-rules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
      body: JSON.stringify({
        settings_group_uuid: GROUP,
        name: `Rule ${i}`,
        model: 'facility',
        filter,
        user_group_uuids: [userGroup],
      }),
    });
    if (res.status !== 201) throw new Error(`access rule ${i}: ${res.status} ${await res.text()}`);
  }
  return (performance.now() - started) / 1000;
}

export async function run() {
  const name = `hauswerk_bench_rules_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const rows = [];
  try {
    const server = await startServer({ DATABASE_URL: url.toString() }, 8397);
    const base = 'http://127.0.0.1:8397';
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const others = await limitMember(db);
    await db.end();
    const adminCookie = await login(base);
    const ruleSeconds = await createRules(base, adminCookie, others);
    const memberCookie = await login(base, MEMBER_EMAIL);
    const seen = async (cookie) => (await (await fetch(`${base}${LIST}`, { headers: { cookie } })).json()).data;
    const [adminRows, memberRows] = [await seen(adminCookie), await seen(memberCookie)];
    await measure(`${base}${LIST}`, adminCookie); // warm-up
    await measure(`${base}${LIST}`, memberCookie);
    const ours = { rps: [], p50: [], p99: [] };
    const theirs = { rps: [], p50: [], p99: [] };
    for (let i = 0; i < 3; i++)
      for (const [cookie, into] of [
        [memberCookie, ours],
        [adminCookie, theirs],
      ]) {
        const m = await measure(`${base}${LIST}`, cookie);
        into.rps.push(m.rps);
        into.p50.push(m.p50);
        into.p99.push(m.p99);
      }
    server.kill('SIGTERM');
    const m = { rps: median(ours.rps), p50: median(ours.p50), p99: median(ours.p99) };
    const a = { rps: median(theirs.rps), p50: median(theirs.p50), p99: median(theirs.p99) };
    const hiddenOk = memberRows.length === 50 && memberRows.some((r) => !adminRows.find((x) => x.uuid === r.uuid));
    rows.push(
      ['ten rules created (matches marked)', `${ruleSeconds.toFixed(2)} s`, 'over the facilities', true],
      ['member sees a narrower list', `${memberRows.length} rows`, 'restricted properties left out', hiddenOk],
      [
        'list req/s, member / admin',
        `${m.rps.toFixed(0)} / ${a.rps.toFixed(0)}`,
        `${(m.rps / a.rps).toFixed(2)}× (≥ 0.75×)`,
        m.rps / a.rps >= 0.75,
      ],
      ['list p50 ms, member / admin', `${m.p50} / ${a.p50}`, `${(m.p50 / a.p50).toFixed(2)}×`, true],
      [
        'list p99 ms, member / admin',
        `${m.p99} / ${a.p99}`,
        `${(m.p99 / a.p99).toFixed(2)}× (≤ 1.5×)`,
        m.p99 / a.p99 <= 1.5,
      ],
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return rows;
}
