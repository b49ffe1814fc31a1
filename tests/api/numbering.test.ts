// Running numbers of orders, bills and contracts (docs/domain/fields.md, "Model settings"): a new record without a
// number gets `numbering_prefix` and `next_number` of its settings group on every create path (single, bulk and
// paste, import, an order from a ticket, a bill from an order), the counter advancing in the write's transaction;
// a number given is kept and must be unique in the group (422), and the counter skips numbers held already. Many
// creates at once never share a number. Bulk creates read the model's settings once per request, not once per row.
// @both-databases: the counter is an upsert locking the settings row; concurrent creates on PostgreSQL's pool.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/crud/table';
import { createTestEnv, json, type TestEnv } from './harness';
import { post, workspace, type Rec, type Ws } from './planning-support';
import { finished, upload, xlsx, type Cell } from './workbooks';
import { databaseBefore } from './migrations';

let env: TestEnv;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-numbering-'));

beforeAll(async () => {
  env = await createTestEnv({ dataDir });
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Model = 'order' | 'bill' | 'contract';
const MODELS: { model: Model; plural: string; prefix: string; body: (ws: Ws) => Record<string, unknown> }[] = [
  { model: 'order', plural: 'orders', prefix: 'O-', body: (ws) => ({ property_uuid: ws.property, title: 'Pumpe' }) },
  {
    model: 'bill',
    plural: 'bills',
    prefix: 'B-',
    body: (ws) => ({ property_uuid: ws.property, title: 'Rechnung', amount: '120.00' }),
  },
  {
    model: 'contract',
    plural: 'contracts',
    prefix: 'C-',
    body: (ws) => ({ property_uuid: ws.property, title: 'Wartung Lift' }),
  },
];
const taken = 'has already been taken';

const settingsUrl = (ws: Ws, model: string) => `/settings-groups/${ws.settingsGroup}/model-settings/${model}`;
const settingsOf = async (ws: Ws, model: string) =>
  json<{ data: Record<string, unknown> }>(await ws.client.get(settingsUrl(ws, model))).data;
type Bulk = { data: (Rec | null)[]; meta: Record<string, number>; errors?: Record<string, string[]> };

describe.each(MODELS)('$model', ({ model, plural, prefix, body }) => {
  const create = async (ws: Ws, extra: Record<string, unknown> = {}) =>
    post(ws.client, `/${plural}`, { ...body(ws), ...extra });
  const numberOf = async (ws: Ws, extra: Record<string, unknown> = {}) => {
    const res = await create(ws, extra);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.number_internal;
  };

  it('numbers new records by the settings, keeps a number given, and skips numbers held', async () => {
    const ws = await workspace(env);
    expect(await settingsOf(ws, model)).toMatchObject({ enabled: true, numbering_prefix: prefix, next_number: 1 });
    expect(await numberOf(ws)).toBe(`${prefix}00001`);
    // a number given is kept and does not move the counter
    expect(await numberOf(ws, { number_internal: 'Alt-17' })).toBe('Alt-17');
    expect(await numberOf(ws, { number_internal: `${prefix}00003` })).toBe(`${prefix}00003`);
    expect((await settingsOf(ws, model)).next_number).toBe(2);
    // an empty one is none
    expect(await numberOf(ws, { number_internal: null })).toBe(`${prefix}00002`);
    // the counter goes past a number typed by hand
    expect(await numberOf(ws, { number_internal: '' })).toBe(`${prefix}00004`);
    expect((await settingsOf(ws, model)).next_number).toBe(5);
    // a number another record of the group holds is a 422 on the field, on create and on update
    const twice = await create(ws, { number_internal: 'Alt-17' });
    expect(twice.status).toBe(422);
    expect(twice.body.errors!.number_internal![0]).toContain(taken);
    const other = (await create(ws)).body.data;
    const patched = await ws.client.patch(`/${plural}/${other.uuid}`, { number_internal: `${prefix}00001` });
    expect(patched.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(patched).errors.number_internal![0]).toContain(taken);
    expect((await ws.client.patch(`/${plural}/${other.uuid}`, { number_internal: 'Neu-1' })).statusCode).toBe(200);
    // another settings group counts on its own and may hold the same numbers
    const elsewhere = await workspace(env);
    expect(await numberOf(elsewhere)).toBe(`${prefix}00001`);
    expect(await numberOf(elsewhere, { number_internal: 'Alt-17' })).toBe('Alt-17');
    // a new prefix, a lowered counter: numbers the group's records hold are skipped (00005 was freed above)
    await ws.client.patch(settingsUrl(ws, model), { numbering_prefix: 'X-', next_number: 7 });
    expect(await numberOf(ws)).toBe('X-00007');
    await ws.client.patch(settingsUrl(ws, model), { numbering_prefix: prefix, next_number: 1 });
    expect(await numberOf(ws)).toBe(`${prefix}00005`);
    expect((await settingsOf(ws, model)).next_number).toBe(6);
    // the number is found by search
    const found = json<{ data: Rec[] }>(await ws.client.get(`/${plural}?search=${prefix}00005`)).data;
    expect(found.map((r) => r.number_internal)).toEqual([`${prefix}00005`]);
  });

  it('numbers bulk creates and pastes in row order, without gaps for rows that failed', async () => {
    const ws = await workspace(env);
    const rows = [
      body(ws),
      { ...body(ws), number_internal: `${prefix}00002` }, // the number the counter would give the next row
      body(ws),
      { ...body(ws), title: '' }, // invalid: takes no number
      { ...body(ws), number_internal: 'Hand-1' },
      body(ws),
    ];
    const dry = json<Bulk>(await ws.client.post(`/${plural}/bulk?dry_run=1`, { rows, skip_invalid: true }));
    expect(dry.meta).toMatchObject({ created: 5, invalid: 1 });
    expect((await settingsOf(ws, model)).next_number).toBe(1); // a dry run rolls the counter back
    const refused = await ws.client.post(`/${plural}/bulk`, { rows });
    expect(refused.statusCode).toBe(422);
    expect((await settingsOf(ws, model)).next_number).toBe(1);
    const made = json<Bulk>(await ws.client.post(`/${plural}/bulk`, { rows, skip_invalid: true }));
    expect(made.data.map((r) => r?.number_internal ?? null)).toEqual([
      `${prefix}00001`,
      `${prefix}00002`,
      `${prefix}00003`,
      null,
      'Hand-1',
      `${prefix}00004`,
    ]);
    expect((await settingsOf(ws, model)).next_number).toBe(5);
    // a row failing in its write (a reference of another workspace) gives its number to the next row
    const foreign = await workspace(env);
    const contact = (
      await post(foreign.client, '/contacts', {
        settings_group_uuid: foreign.settingsGroup,
        kind: 'organisation',
        organisation: 'Fremd AG',
      })
    ).body.data.uuid;
    const field = model === 'contract' ? 'contract_giver_uuid' : 'contact_uuid';
    const mixed = json<Bulk>(
      await ws.client.post(`/${plural}/bulk`, {
        rows: [{ ...body(ws), [field]: contact }, body(ws), { ...body(ws), [field]: contact }],
        skip_invalid: true,
      }),
    );
    expect(mixed.meta).toMatchObject({ created: 1, invalid: 2 });
    expect(mixed.data[1]!.number_internal).toBe(`${prefix}00005`);
    expect((await settingsOf(ws, model)).next_number).toBe(6);
    // two rows giving the same number: the second one is refused
    const twice = await ws.client.post(`/${plural}/bulk`, {
      rows: [
        { ...body(ws), number_internal: 'Z-1' },
        { ...body(ws), number_internal: 'Z-1' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(json<Bulk>(twice).errors!)).toEqual(['rows.1.number_internal']);
  });

  it('gives every one of many concurrent creates its own number', async () => {
    const ws = await workspace(env);
    const results = await Promise.all(Array.from({ length: 12 }, () => create(ws)));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    const numbers = results.map((r) => r.body.data.number_internal as string).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `${prefix}${String(i + 1).padStart(5, '0')}`));
    expect((await settingsOf(ws, model)).next_number).toBe(13);
  });

  it('numbers imported records in row order, across chunks, keeping the numbers the file gives', async () => {
    const ws = await workspace(env);
    // a number typed before the import, which the counter must skip
    expect((await create(ws, { number_internal: `${prefix}00003` })).status).toBe(201);
    const header: Cell[] = ['Property', 'Title', 'Number', ...(model === 'bill' ? ['Amount'] : [])];
    const line = (i: number, number: string | null): Cell[] => [
      ws.property,
      `Import ${i}`,
      number,
      ...(model === 'bill' ? ['10.00'] : []),
    ];
    const lines = Array.from({ length: 520 }, (_, i) => line(i, i === 1 ? 'Datei-1' : i === 510 ? 'Datei-2' : null));
    const file = await xlsx({ S: [header, ...lines] });
    const job = json<{ data: { uuid: string } }>(await upload(ws.client, file, 'n.xlsx', model)).data;
    const options = {
      settings_group_uuid: ws.settingsGroup,
      mapping: {
        '0': 'property_uuid',
        '1': 'title',
        '2': 'number_internal',
        ...(model === 'bill' ? { '3': 'amount' } : {}),
      },
    };
    expect((await ws.client.post(`/imports/${job.uuid}/run`, options)).statusCode).toBe(202);
    expect(await finished(ws.client, job.uuid)).toMatchObject({ status: 'done', counts: { created: 520, failed: 0 } });
    const all = rowsOf<{ title: string; number_internal: string }>(
      await env.database.db.execute(
        sql`select title, number_internal from ${sql.identifier(plural)}
          where settings_group_uuid = ${ws.settingsGroup} and title like 'Import %'`,
      ),
    );
    const byTitle = new Map(all.map((r) => [r.title, r.number_internal]));
    expect(byTitle.get('Import 0')).toBe(`${prefix}00001`);
    expect(byTitle.get('Import 1')).toBe('Datei-1');
    expect(byTitle.get('Import 2')).toBe(`${prefix}00002`);
    expect(byTitle.get('Import 3')).toBe(`${prefix}00004`); // past the number typed before
    expect(byTitle.get('Import 510')).toBe('Datei-2');
    expect(byTitle.get('Import 519')).toBe(`${prefix}00519`); // the second chunk goes on where the first ended
    expect(new Set(byTitle.values()).size).toBe(520);
    expect((await settingsOf(ws, model)).next_number).toBe(520);
  }, 120_000);
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('a number typed while the counter gives it (PostgreSQL)', () => {
  it('never lets both records have it: the typed one is refused or the counter skips it', async () => {
    const ws = await workspace(env);
    const order = (extra: Record<string, unknown> = {}) =>
      post(ws.client, '/orders', { property_uuid: ws.property, title: 'Wettlauf', ...extra });
    for (let round = 1; round <= 20; round++) {
      const next = `O-${String((await settingsOf(ws, 'order')).next_number).padStart(5, '0')}`;
      const [typed, counted] = await Promise.all([order({ number_internal: next }), order()]);
      expect(counted.status).toBe(201);
      if (typed.status === 201) expect(counted.body.data.number_internal, `round ${round}`).not.toBe(next);
      else expect(typed.status, `round ${round}`).toBe(422);
    }
    const numbers = rowsOf<{ number_internal: string }>(
      await env.database.db.execute(
        sql`select number_internal from orders where settings_group_uuid = ${ws.settingsGroup}`,
      ),
    ).map((r) => r.number_internal);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('records made from others', () => {
  it('numbers an order made from a ticket and a bill made from an order', async () => {
    const ws = await workspace(env);
    const ticket = (await post(ws.client, '/tickets', { property_uuid: ws.property, subject: 'Heizung' })).body.data;
    expect(ticket.number).toBe('T-00001');
    const order = await post(ws.client, `/tickets/${ticket.uuid}/create-order`, { kind: 'internal' });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.data.number_internal).toBe('O-00001');
    expect((await post(ws.client, `/orders/${order.body.data.uuid}/done`)).status).toBe(200);
    const billed = await post(ws.client, `/orders/${order.body.data.uuid}/bill`);
    expect(billed.status, JSON.stringify(billed.body)).toBe(200);
    const bill = json<{ data: Rec }>(
      await ws.client.get(`/bills/${(billed.body.meta as { bill_uuid: string }).bill_uuid}`),
    ).data;
    expect(bill.number_internal).toBe('B-00001');
  });
});

describe('model settings read per bulk request', () => {
  /** Counts the statements on model_settings while `work` runs (the scope's subquery, which leaves out the groups
   * where a model is switched off, is part of other statements: crud/table.ts, `switchedOn`). */
  async function settingsReads(work: () => Promise<unknown>) {
    let n = 0;
    env.database.stats.watch = (query) => {
      if (/model_settings/.test(query.replace(/not in \(select "model_settings"[^)]*\)/g, ''))) n += 1;
    };
    try {
      await work();
    } finally {
      env.database.stats.watch = undefined;
    }
    return n;
  }

  it('reads the settings once for 50 pasted rows, and takes their numbers in one statement', async () => {
    const ws = await workspace(env);
    const rows = (n: number, make: (i: number) => Record<string, unknown>) =>
      Array.from({ length: n }, (_, i) => make(i));
    let res: Awaited<ReturnType<typeof ws.client.post>> | undefined;
    // a model without numbers: one read of its settings for all rows (partitions: a facility's reply reads its
    // settings again, with each row, for its renewal figures)
    const partitions = await settingsReads(async () => {
      res = await ws.client.post('/partitions/bulk', {
        rows: rows(50, (i) => ({ property_uuid: ws.property, name: `Teil ${i}` })),
      });
    });
    expect(json<Bulk>(res!).meta.created).toBe(50);
    expect(partitions).toBe(1);
    // numbered: the read and the counter's upsert
    const orders = await settingsReads(async () => {
      res = await ws.client.post('/orders/bulk', {
        rows: rows(50, (i) => ({ property_uuid: ws.property, title: `Auftrag ${i}` })),
      });
    });
    expect(json<Bulk>(res!).data.at(-1)!.number_internal).toBe('O-00050');
    expect(orders).toBe(2);
    // a single create: the same two
    expect(await settingsReads(() => post(ws.client, '/orders', { property_uuid: ws.property, title: 'Eins' }))).toBe(
      2,
    );
  });
});

describe('orders and bills from before numbering (migration 0028)', () => {
  it('are numbered per settings group in the order they were made, from the counter, skipping numbers held', async () => {
    const { db, upTo } = await databaseBefore('0028');
    const [one, two] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    await db.exec(`insert into settings_groups (uuid, name) values ('${one}', 'Eins'), ('${two}', 'Zwei');
      insert into properties (uuid, settings_group_uuid, name) values
        ('${one.replace(/1/g, '3')}', '${one}', 'A'), ('${two.replace(/2/g, '4')}', '${two}', 'B');
      insert into model_settings (settings_group_uuid, model, values) values
        ('${one}', 'bill', '{"numbering_prefix": "R-", "next_number": 7}');`);
    const order = (sg: string, property: string, title: string, at: string, number: string | null = null) =>
      db.query(
        `insert into orders (settings_group_uuid, property_uuid, title, created_at, number_internal)
         values ($1, $2, $3, $4, $5)`,
        [sg, property, title, at, number],
      );
    const p1 = one.replace(/1/g, '3');
    await order(one, p1, 'second', '2025-02-01');
    await order(one, p1, 'first', '2025-01-01');
    await order(one, p1, 'typed', '2025-01-15', 'O-00002'); // held: the counter skips it
    await order(two, two.replace(/2/g, '4'), 'other group', '2025-03-01');
    await db.query(
      `insert into bills (settings_group_uuid, property_uuid, title, amount, created_at) values ($1, $2, 'Heizöl', 100, now())`,
      [one, p1],
    );
    await upTo('0029');
    const orders = await db.query<{ title: string; number_internal: string }>(
      'select title, number_internal from orders order by settings_group_uuid, created_at',
    );
    expect(orders.rows).toEqual([
      { title: 'first', number_internal: 'O-00001' },
      { title: 'typed', number_internal: 'O-00002' },
      { title: 'second', number_internal: 'O-00003' },
      { title: 'other group', number_internal: 'O-00001' },
    ]);
    const bills = await db.query<{ number_internal: string }>('select number_internal from bills');
    expect(bills.rows).toEqual([{ number_internal: 'R-00007' }]);
    const counters = await db.query<{ sg: string; model: string; next: number }>(
      `select settings_group_uuid as sg, model, (values->>'next_number')::int as next from model_settings order by 1, 2`,
    );
    expect(counters.rows).toEqual([
      { sg: one, model: 'bill', next: 8 },
      { sg: one, model: 'order', next: 4 },
      { sg: two, model: 'order', next: 2 },
    ]);
    await db.close();
  });
});
