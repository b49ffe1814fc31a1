// Webhooks (issue 28, docs/domain/webhooks.md): a bulk edit of 10,000 facilities, sent as the grid sends a large
// edit (ten `PATCH /facilities` of 1,000 rows, the most one request takes), with a webhook hearing of
// `facility.updated` against the same edit with the webhook turned off (budget: ≤ 1.2×), and the time until the
// 10,000 deliveries have reached a receiver in this process, each signature checked.
//
// The built server on a fresh PGlite folder with the demo workspace (as `npm start`), 8,000 facilities added to the
// demo's. ROUNDS (2) alternating rounds of each, medians; before a round without the webhook, the deliveries of the
// round before have all been sent, so the sender does not run beside it.
import crypto from 'node:crypto';
import http from 'node:http';
import { login } from './http.mjs';
import { startDemoServer } from './demo-server.mjs';

const PORT = Number(process.env.BENCH_WEBHOOK_PORT ?? 8398);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 2);
const ROWS = Number(process.env.BENCH_WEBHOOK_ROWS ?? 10_000);
const PER_REQUEST = 1_000;
const BUDGET = 1.2;
const PASSWORD = 'bench-webhook-password';
const debug = (...args) => process.env.BENCH_WEBHOOK_DEBUG && console.error(...args);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const startServer = () => startDemoServer(PORT, PASSWORD, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });

/** A receiver that checks each signature with the webhook's secret (set once the webhook exists). */
function startReceiver() {
  const state = { secret: '', count: 0, bad: 0, seen: new Set(), again: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const key = Buffer.from(state.secret.slice('whsec_'.length), 'base64');
      const expected = `v1,${crypto
        .createHmac('sha256', key)
        .update(`${req.headers['webhook-id']}.${req.headers['webhook-timestamp']}.${body}`)
        .digest('base64')}`;
      if (!String(req.headers['webhook-signature']).split(' ').includes(expected)) state.bad++;
      else if (state.seen.has(req.headers['webhook-id'])) state.again++;
      else {
        state.seen.add(req.headers['webhook-id']);
        state.count++;
      }
      res.end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, state, port: server.address().port })),
  );
}

export async function run() {
  const server = await startServer();
  const receiver = await startReceiver();
  try {
    const cookie = await login(BASE, 'admin@demo.hauswerk.ch', PASSWORD);
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)[1]);
    const call = async (method, path, body) => {
      const res = await fetch(`${BASE}/api/v1/${path}`, {
        method,
        headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    };
    const groups = (await call('GET', 'settings-groups')).data;
    const sg = groups[0].uuid;
    const properties = (await call('GET', `properties?settings_group_uuid=${sg}&per_page=50`)).data;
    // enough facilities: added in bulk, 1,000 a request
    const total = async () => {
      const { meta } = await call('GET', `facilities?settings_group_uuid=${sg}&per_page=1`);
      return meta.total ?? meta.total_at_least;
    };
    for (let made = Number((await total()) ?? 0), i = 0; made < ROWS; made += PER_REQUEST, i++)
      await call('POST', 'facilities/bulk', {
        rows: Array.from({ length: PER_REQUEST }, (_, n) => ({
          property_uuid: properties[(i * PER_REQUEST + n) % properties.length].uuid,
          name: `Bench ${i}-${n}`,
        })),
      });
    debug('facilities', await total());
    let uuids = [];
    for (let cursor = null; uuids.length < ROWS;) {
      const page = await call(
        'GET',
        `facilities?settings_group_uuid=${sg}&per_page=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      uuids.push(...page.data.map((f) => f.uuid));
      cursor = page.meta?.next_cursor;
      if (!cursor) break;
    }
    uuids = uuids.slice(0, ROWS);
    if (uuids.length < ROWS) throw new Error(`only ${uuids.length} facilities`);

    const made = await call('POST', 'webhooks', {
      settings_group_uuid: sg,
      url: `http://127.0.0.1:${receiver.port}/hook`,
      events: ['facility.updated'],
      enabled: false,
    });
    const hook = made.data.uuid;
    receiver.state.secret = made.meta.secret;

    let edit = 0;
    const bulkEdit = async (rows = ROWS) => {
      edit++;
      const started = performance.now();
      for (let i = 0; i < rows; i += PER_REQUEST) {
        const reply = await call('PATCH', 'facilities', {
          rows: uuids.slice(i, i + PER_REQUEST).map((uuid) => ({ uuid, manufacturer: `Edit ${edit}` })),
        });
        const updated = reply.data.filter(Boolean).length;
        if (updated !== PER_REQUEST) throw new Error(`bulk edit wrote ${updated} of ${PER_REQUEST}`);
      }
      return performance.now() - started;
    };
    const pending = async () => {
      const waiting = (await call('GET', `webhooks/${hook}/deliveries?status=pending`)).data;
      if (waiting[0]?.error) debug('pending after', waiting[0].attempts, 'attempts:', waiting[0].error);
      return waiting.length;
    };

    const off = [];
    const on = [];
    const deliver = [];
    await bulkEdit(PER_REQUEST); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      off.push(await bulkEdit());
      debug('off', off.at(-1));
      await call('PATCH', `webhooks/${hook}`, { enabled: true });
      const before = receiver.state.count;
      const started = performance.now();
      on.push(await bulkEdit());
      debug('on', on.at(-1));
      while ((await pending()) > 0 || receiver.state.count - before < ROWS) {
        debug('waiting', receiver.state.count - before, receiver.state.bad);
        await new Promise((r) => setTimeout(r, 1000));
      }
      deliver.push(performance.now() - started);
      await call('PATCH', `webhooks/${hook}`, { enabled: false });
    }
    const ratio = median(on) / median(off);
    const ms = (x) => `${Math.round(x).toLocaleString('en-US')} ms`;
    return [
      [
        `bulk edit ${ROWS.toLocaleString('en-US')}, no webhook`,
        ms(median(off)),
        `rounds ${off.map(ms).join(', ')}`,
        true,
      ],
      [
        `bulk edit ${ROWS.toLocaleString('en-US')}, webhook on`,
        ms(median(on)),
        `rounds ${on.map(ms).join(', ')}`,
        true,
      ],
      ['  ratio (budget ≤ 1.2×)', `${ratio.toFixed(2)}×`, '', ratio <= BUDGET],
      [
        `edit to last delivery, ${ROWS.toLocaleString('en-US')}`,
        ms(median(deliver)),
        `${Math.round(ROWS / (median(deliver) / 1000))} deliveries/s; messages ${receiver.state.count} (signed), sent again ${receiver.state.again}, bad signatures ${receiver.state.bad}`,
        receiver.state.bad === 0 && receiver.state.count === ROWS * ROUNDS,
      ],
    ];
  } finally {
    server.kill();
    receiver.server.close();
  }
}
