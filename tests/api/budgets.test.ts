// Budgets through the API (docs/domain/calculations.md, "Budgets"; docs/domain/api.md, "Warnings"): the available
// amount computed on every read with exact decimals, what draws on it (orders, billed orders counted once, bills,
// cancelled and deleted ones not), stop / warn / ignore on every write path (bill create and update, expense line,
// order line, order budget change, bulk create and update with and without skip_invalid), a write that draws less
// never refused, nothing half written on a refusal, the budget's own field rules, 401/403/404, and, on PostgreSQL,
// two writers racing for the last room of a `stop` budget (the row lock).
// @both-databases: row locks: on PostgreSQL, writers racing for the last of a budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { post, type Rec, type Ws, workspace } from './planning-support';
import {
  available,
  createBudget,
  createOrder,
  listed,
  ok,
  patch,
  postBill,
  postExpense,
  postOrderLine,
  record,
  type Reply,
} from './budget-support';
import { settingsGroupMembers } from '../../server/db/schema';
import { budget as budgetsTable } from '../../server/db/entity-tables';
import { availableSql } from '../../server/models/budget';

let env: TestEnv;
let a: Ws;
let b: Ws;
/** A second user of workspace a (role user): the other party of the races. */
let member: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  // in francs, as the amounts the messages name
  a = await workspace(env, { currency: 'CHF' });
  b = await workspace(env, { currency: 'CHF' });
  const m = await signedIn(env);
  await env.database.db
    .insert(settingsGroupMembers)
    .values({ settings_group_uuid: a.settingsGroup, user_id: m.user.id, role: 'user' });
  member = { ...a, client: m.client, user: m.user };
});
afterAll(() => env.close());

/** Whether a message names exactly this amount in francs (not a longer number ending in it). */
const naming = (amount: string) => new RegExp(`(?<![\\d.-])${amount.replace('.', '\\.')} CHF`);

type Meta = { warnings?: { field: string; message: string }[] };
const warningsOf = (res: Reply) => (res.body.meta as Meta | undefined)?.warnings;

/** A 422 naming exactly `field`, whose message names what is still available. */
function refusedOn(res: Reply, field: string, stillAvailable: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
  expect(res.body.errors![field]![0]).toMatch(naming(stillAvailable));
}

/** Saved with exactly one warning on `field` naming what was still available. */
function warnedOn(res: Reply, field: string, stillAvailable: string) {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  const warnings = warningsOf(res);
  expect(warnings?.map((w) => w.field)).toEqual([field]);
  expect(warnings![0]!.message).toMatch(naming(stillAvailable));
}

function silent(res: Reply) {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  expect(res.body.meta ?? {}).not.toHaveProperty('warnings');
}

/** Takes an order to done (an internal order: draft → done). */
const done = async (ws: Ws, order: string) => ok(await post(ws.client, `/orders/${order}/done`));

describe('amounts in the messages', () => {
  it('are grouped as the reader writes them: 33’359.69 CHF in Swiss German, 33.359,69 in German', async () => {
    const budget = await createBudget(a, { amount: '43359.69', exceeded_action: 'warn' });
    ok(await postBill(a, { budget_uuid: budget.uuid, amount: '10000.00' }));
    for (const [locale, shown] of [
      ['de-ch', /noch 33['’]359\.69 CHF/],
      ['de', /noch 33\.359,69 CHF/],
    ] as const) {
      const reader = await signedIn(env, { locale });
      await env.database.db
        .insert(settingsGroupMembers)
        .values({ settings_group_uuid: a.settingsGroup, user_id: reader.user.id, role: 'admin' });
      const res = await postBill(
        { ...a, client: reader.client, user: reader.user },
        {
          budget_uuid: budget.uuid,
          amount: '40000.00',
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect(warningsOf(res)![0]!.message).toMatch(shown);
      expect((await reader.client.delete(`/bills/${String(res.body.data?.uuid)}`)).statusCode).toBe(200);
    }
    // stop: the refusal groups the same way (en-us 33,359.69)
    const stop = await createBudget(a, { amount: '33359.69' });
    const refused = await postBill(a, { budget_uuid: stop.uuid, amount: '40000.00' });
    expect(refused.body.errors?.amount?.[0]).toMatch(/33,359\.69 CHF/);
  });
});

describe('available amount', () => {
  it('is exact: 0.30 less 0.10 and 0.20 leaves 0.00, not a float remainder, in the record and the list', async () => {
    const budget = await createBudget(a, { amount: '0.30' });
    expect(budget.available_amount).toBe('0.30');
    ok(await postBill(a, { budget_uuid: budget.uuid, amount: '0.10' }));
    ok(await postBill(a, { budget_uuid: budget.uuid, amount: '0.20' }));
    expect(await available(a, budget.uuid)).toBe('0.00');
    const list = json<{ data: Rec[] }>(await a.client.get(`/budgets?per_page=500`)).data;
    expect(list.find((r) => r.uuid === budget.uuid)?.available_amount).toBe('0.00');
    // nothing is left: a cent more is refused on stop, and the message says 0.00
    refusedOn(await postBill(a, { budget_uuid: budget.uuid, amount: '0.01' }), 'amount', '0.00');

    // order lines of 0.1 × 0.10 + 0.2 × 0.10 … as lines 0.10 and 0.20 on an order of a budget of 0.30
    const other = await createBudget(a, { amount: '0.30' });
    const o = await createOrder(a, { budget_uuid: other.uuid });
    ok(await postOrderLine(a, o.uuid, { quantity: '0.5', unit_price: '0.20' }));
    ok(await postOrderLine(a, o.uuid, { quantity: '2', unit_price: '0.10' }));
    expect(await available(a, other.uuid)).toBe('0.00');
    refusedOn(await postOrderLine(a, o.uuid, { unit_price: '0.01' }), 'unit_price', '0.00');
    expect((await record(a, `/orders/${o.uuid}`)).total).toBe('0.30');
  });

  it('counts an order until it is billed, then its bill instead (never both)', async () => {
    const budget = await createBudget(a, { amount: '100.00' });
    const o = await createOrder(a, { budget_uuid: budget.uuid });
    ok(await postOrderLine(a, o.uuid, { quantity: '4', unit_price: '10.00' }));
    expect(await available(a, budget.uuid)).toBe('60.00');
    await done(a, o.uuid);
    const billed = await post(a.client, `/orders/${o.uuid}/bill`);
    const billUuid = ok(billed) && (billed.body.meta as { bill_uuid: string }).bill_uuid;
    expect(await available(a, budget.uuid)).toBe('60.00');
    // the bill draws now: a cheaper bill frees the difference
    const bill = await record(a, `/bills/${billUuid}`);
    expect(bill).toMatchObject({ budget_uuid: budget.uuid, amount: '40.00', order_uuid: o.uuid });
    // a line added to the billed order draws nothing: the bill draws for it
    const late = ok(await postOrderLine(a, o.uuid, { unit_price: '500.00' }));
    expect(await available(a, budget.uuid)).toBe('60.00');
    expect((await a.client.delete(`/order-lines/${late.uuid}`)).statusCode).toBe(200);
    // cancelling the bill lets the order draw again: still 60
    ok(await post(a.client, `/bills/${billUuid}/cancel`));
    expect(await available(a, budget.uuid)).toBe('60.00');
    ok(await post(a.client, `/bills/${billUuid}/reopen`));
    expect(await available(a, budget.uuid)).toBe('60.00');
    // a deleted bill: the order draws again
    expect((await a.client.delete(`/bills/${billUuid}`)).statusCode).toBe(200);
    expect(await available(a, budget.uuid)).toBe('60.00');

    // a bill typed for the order takes its place: only the difference is drawn, up to exactly what is left
    refusedOn(await postBill(a, { budget_uuid: budget.uuid, order_uuid: o.uuid, amount: '100.01' }), 'amount', '60.00');
    const typed = ok(await postBill(a, { budget_uuid: budget.uuid, order_uuid: o.uuid, amount: '100.00' }));
    expect(await available(a, budget.uuid)).toBe('0.00');
    // unlinked from the order, the order draws again beside it
    ok(await patch(a, `/budgets/${budget.uuid}`, { exceeded_action: 'ignore' }));
    silent(await patch(a, `/bills/${typed.uuid}`, { order_uuid: null }));
    expect(await available(a, budget.uuid)).toBe('-40.00');
  });

  it('leaves out cancelled and refused orders, cancelled and deleted bills; archiving changes nothing', async () => {
    const budget = await createBudget(a, { amount: '100.00' });
    const cancelled = await createOrder(a, { budget_uuid: budget.uuid });
    ok(await postOrderLine(a, cancelled.uuid, { unit_price: '10.00' }));
    const contractor = ok(
      await post(a.client, '/contacts', {
        settings_group_uuid: a.settingsGroup,
        kind: 'organisation',
        organisation: 'Sanitär AG',
        email_address: `sanitaer-${Math.random().toString(36).slice(2, 8)}@example.com`,
      }),
    );
    const refused = await createOrder(a, { budget_uuid: budget.uuid, kind: 'external', contact_uuid: contractor.uuid });
    ok(await postOrderLine(a, refused.uuid, { unit_price: '20.00' }));
    const archived = await createOrder(a, { budget_uuid: budget.uuid });
    ok(await postOrderLine(a, archived.uuid, { unit_price: '5.00' }));
    const deletedOrder = await createOrder(a, { budget_uuid: budget.uuid });
    ok(await postOrderLine(a, deletedOrder.uuid, { unit_price: '1.00' }));
    const cancelledBill = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '7.00' }));
    const deletedBill = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '8.00' }));
    const archivedBill = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '9.00' }));
    expect(await available(a, budget.uuid)).toBe('40.00');

    ok(await post(a.client, `/orders/${cancelled.uuid}/cancel`));
    expect(await available(a, budget.uuid)).toBe('50.00');
    ok(await post(a.client, `/orders/${refused.uuid}/send`));
    ok(await post(a.client, `/orders/${refused.uuid}/refuse`));
    expect(await available(a, budget.uuid)).toBe('70.00');
    expect((await a.client.delete(`/orders/${deletedOrder.uuid}`)).statusCode).toBe(200);
    expect(await available(a, budget.uuid)).toBe('71.00');
    ok(await post(a.client, `/bills/${cancelledBill.uuid}/cancel`));
    expect(await available(a, budget.uuid)).toBe('78.00');
    expect((await a.client.delete(`/bills/${deletedBill.uuid}`)).statusCode).toBe(200);
    expect(await available(a, budget.uuid)).toBe('86.00');
    // archived orders and bills still draw (money spent stays spent), an archived budget still counts
    ok(await post(a.client, `/orders/${archived.uuid}/archive`));
    ok(await post(a.client, `/bills/${archivedBill.uuid}/archive`));
    expect(await available(a, budget.uuid)).toBe('86.00');
    ok(await post(a.client, `/budgets/${budget.uuid}/archive`));
    expect((await record(a, `/budgets/${budget.uuid}`)).available_amount).toBe('86.00');
  });
});

/** Each write path: how to set it up with room `room` on the budget, then the write that draws `draw` more. */
interface Path {
  name: string;
  field: string;
  /** Returns the write that draws `draw` more than the budget has (a 100.00 budget; 90.00 drawn before). */
  arrange: (budget: string) => Promise<() => Promise<Reply>>;
  /** The draw's record(s) on the budget after the write (to check that a refusal wrote nothing). */
  state: (budget: string) => Promise<unknown>;
}

const billsOn = async (budget: string) =>
  (await listed(a, 'bills', 'budget_uuid', budget)).map((r) => [r.amount, r.status]).sort();

const PATHS: Path[] = [
  {
    name: 'bill create',
    field: 'amount',
    arrange: async (budget) => {
      ok(await postBill(a, { budget_uuid: budget, amount: '90.00' }));
      return () => postBill(a, { budget_uuid: budget, amount: '10.01' });
    },
    state: billsOn,
  },
  {
    name: 'bill update',
    field: 'amount',
    arrange: async (budget) => {
      const bill = ok(await postBill(a, { budget_uuid: budget, amount: '90.00' }));
      return () => patch(a, `/bills/${bill.uuid}`, { amount: '100.01' });
    },
    state: billsOn,
  },
  {
    name: 'bill given the budget',
    field: 'amount',
    arrange: async (budget) => {
      ok(await postBill(a, { budget_uuid: budget, amount: '90.00' }));
      const bill = ok(await postBill(a, { amount: '10.01' }));
      return () => patch(a, `/bills/${bill.uuid}`, { budget_uuid: budget });
    },
    state: billsOn,
  },
  {
    name: 'expense line',
    field: 'unit_price',
    arrange: async (budget) => {
      const bill = ok(await postBill(a, { budget_uuid: budget, amount: '0' }));
      ok(await postExpense(a, bill.uuid, { quantity: '9', unit_price: '10.00' }));
      return () => postExpense(a, bill.uuid, { quantity: '1', unit_price: '10.01' });
    },
    state: async (budget) => {
      const bills = await listed(a, 'bills', 'budget_uuid', budget);
      return Promise.all(
        bills.map(async (bill) => [
          bill.amount,
          (await listed(a, 'expenses', 'bill_uuid', bill.uuid)).map((l) => l.total).sort(),
        ]),
      );
    },
  },
  {
    name: 'expense line update',
    field: 'unit_price',
    arrange: async (budget) => {
      const bill = ok(await postBill(a, { budget_uuid: budget, amount: '0' }));
      const line = ok(await postExpense(a, bill.uuid, { quantity: '9', unit_price: '10.00' }));
      return () => patch(a, `/expenses/${line.uuid}`, { quantity: '10.001' });
    },
    state: async (budget) =>
      Promise.all(
        (await listed(a, 'bills', 'budget_uuid', budget)).map(async (bill) => [
          bill.amount,
          (await listed(a, 'expenses', 'bill_uuid', bill.uuid)).map((l) => [l.quantity, l.total, l.updated_at]),
        ]),
      ),
  },
  {
    name: 'order line',
    field: 'unit_price',
    arrange: async (budget) => {
      const o = await createOrder(a, { budget_uuid: budget });
      ok(await postOrderLine(a, o.uuid, { quantity: '9', unit_price: '10.00' }));
      return () => postOrderLine(a, o.uuid, { unit_price: '10.01' });
    },
    state: async (budget) => {
      const orders = await listed(a, 'orders', 'budget_uuid', budget);
      return Promise.all(
        orders.map(async (o) => [o.total, (await listed(a, 'order-lines', 'order_uuid', o.uuid)).length]),
      );
    },
  },
  {
    name: 'order budget change',
    field: 'budget_uuid',
    arrange: async (budget) => {
      ok(await postBill(a, { budget_uuid: budget, amount: '90.00' }));
      const o = await createOrder(a);
      ok(await postOrderLine(a, o.uuid, { unit_price: '10.01' }));
      return () => patch(a, `/orders/${o.uuid}`, { budget_uuid: budget });
    },
    state: async (budget) => (await listed(a, 'orders', 'budget_uuid', budget)).length,
  },
];

describe.each(PATHS)('$name', (p) => {
  it('stop: 422 on the amount field naming what is left, nothing written', async () => {
    const budget = await createBudget(a, { exceeded_action: 'stop' });
    const write = await p.arrange(budget.uuid);
    const before = await p.state(budget.uuid);
    expect(await available(a, budget.uuid)).toBe('10.00');
    refusedOn(await write(), p.field, '10.00');
    expect(await p.state(budget.uuid)).toEqual(before);
    expect(await available(a, budget.uuid)).toBe('10.00');
  });

  it('warn: saved, with a warning in meta.warnings', async () => {
    const budget = await createBudget(a, { exceeded_action: 'warn' });
    const write = await p.arrange(budget.uuid);
    warnedOn(await write(), p.field, '10.00');
    expect(await available(a, budget.uuid)).toBe('-0.01');
  });

  it('ignore: saved without a word', async () => {
    const budget = await createBudget(a, { exceeded_action: 'ignore' });
    const write = await p.arrange(budget.uuid);
    silent(await write());
    expect(await available(a, budget.uuid)).toBe('-0.01');
  });

  it('stop: exactly what is left is allowed', async () => {
    const budget = await createBudget(a, { exceeded_action: 'stop', amount: '100.01' });
    const write = await p.arrange(budget.uuid);
    silent(await write());
    expect(await available(a, budget.uuid)).toBe('0.00');
  });
});

describe('a write that draws less', () => {
  it('is never refused, even on a stop budget already overspent', async () => {
    const budget = await createBudget(a, { exceeded_action: 'ignore', amount: '100.00' });
    const bill = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '150.00' }));
    const o = await createOrder(a, { budget_uuid: budget.uuid });
    const line = ok(await postOrderLine(a, o.uuid, { quantity: '2', unit_price: '10.00' }));
    const withLines = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '0' }));
    const expense = ok(await postExpense(a, withLines.uuid, { quantity: '3', unit_price: '10.00' }));
    ok(await patch(a, `/budgets/${budget.uuid}`, { exceeded_action: 'stop' }));
    expect(await available(a, budget.uuid)).toBe('-100.00');
    silent(await patch(a, `/bills/${bill.uuid}`, { amount: '140.00' }));
    silent(await patch(a, `/order-lines/${line.uuid}`, { quantity: '1' }));
    silent(await patch(a, `/expenses/${expense.uuid}`, { quantity: '2' }));
    expect(await available(a, budget.uuid)).toBe('-70.00');
    // still overspent: a cent more is refused
    refusedOn(await patch(a, `/bills/${bill.uuid}`, { amount: '140.01' }), 'amount', '-70.00');
    // moving the bill to another budget draws less on this one and more on that one
    const roomy = await createBudget(a, { exceeded_action: 'stop', amount: '1000.00' });
    silent(await patch(a, `/bills/${bill.uuid}`, { budget_uuid: roomy.uuid }));
    expect(await available(a, budget.uuid)).toBe('70.00');
    expect(await available(a, roomy.uuid)).toBe('860.00');
  });

  it('moving a bill onto a stop budget without room is refused, and the old budget keeps its draw', async () => {
    const from = await createBudget(a, { amount: '100.00' });
    const to = await createBudget(a, { amount: '10.00' });
    const bill = ok(await postBill(a, { budget_uuid: from.uuid, amount: '50.00' }));
    refusedOn(await patch(a, `/bills/${bill.uuid}`, { budget_uuid: to.uuid }), 'amount', '10.00');
    expect(await available(a, from.uuid)).toBe('50.00');
    expect((await record(a, `/bills/${bill.uuid}`)).budget_uuid).toBe(from.uuid);
  });
});

describe('bulk writes apply the rule per row', () => {
  const rows = (budget: string) => [
    { property_uuid: a.property, title: 'Eins', budget_uuid: budget, amount: '60.00' },
    { property_uuid: a.property, title: 'Zwei', budget_uuid: budget, amount: '50.00' },
    { property_uuid: a.property, title: 'Drei', budget_uuid: budget, amount: '40.00' },
  ];

  it('create, stop: without skip_invalid a 422 on rows.1.amount and nothing written', async () => {
    const budget = await createBudget(a);
    const res = await post(a.client, '/bills/bulk', { rows: rows(budget.uuid) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['rows.1.amount']);
    expect(res.body.errors!['rows.1.amount']![0]).toMatch(naming('40.00'));
    expect(await listed(a, 'bills', 'budget_uuid', budget.uuid)).toEqual([]);
    expect(await available(a, budget.uuid)).toBe('100.00');
  });

  it('create, stop: with skip_invalid the overspending row is left out and the others saved', async () => {
    const budget = await createBudget(a);
    const res = await post(a.client, '/bills/bulk', { rows: rows(budget.uuid), skip_invalid: true });
    expect(res.status).toBe(201);
    const data = res.body.data as unknown as (Rec | null)[];
    expect(data.map((r) => r?.title ?? null)).toEqual(['Eins', null, 'Drei']);
    expect(res.body.meta).toMatchObject({ created: 2, invalid: 1 });
    expect(Object.keys(res.body.errors ?? {})).toEqual(['rows.1.amount']);
    expect((await listed(a, 'bills', 'budget_uuid', budget.uuid)).map((r) => r.title).sort()).toEqual(['Drei', 'Eins']);
    expect(await available(a, budget.uuid)).toBe('0.00');
  });

  it('create, warn: every row saved, the overspending rows warned in meta.warnings by row', async () => {
    const budget = await createBudget(a, { exceeded_action: 'warn' });
    const res = await post(a.client, '/bills/bulk', { rows: rows(budget.uuid) });
    expect(res.status).toBe(201);
    const warnings = (res.body.meta as { warnings?: Record<string, string[]> }).warnings;
    expect(Object.keys(warnings ?? {}).sort()).toEqual(['rows.1.amount', 'rows.2.amount']);
    expect(warnings!['rows.1.amount']![0]).toMatch(naming('40.00'));
    expect(warnings!['rows.2.amount']![0]).toMatch(naming('-10.00'));
    expect(await available(a, budget.uuid)).toBe('-50.00');
  });

  it('create, ignore: every row saved, no warnings', async () => {
    const budget = await createBudget(a, { exceeded_action: 'ignore' });
    const res = await post(a.client, '/bills/bulk', { rows: rows(budget.uuid) });
    expect(res.status).toBe(201);
    expect(res.body.meta).not.toHaveProperty('warnings');
    expect(await available(a, budget.uuid)).toBe('-50.00');
  });

  async function threeBills(action: string) {
    const budget = await createBudget(a, { exceeded_action: action });
    const made: Rec[] = [];
    for (const title of ['Eins', 'Zwei', 'Drei'])
      made.push(ok(await postBill(a, { budget_uuid: budget.uuid, title, amount: '10.00' })));
    const update = (skip: boolean) =>
      a.client.patch('/bills', {
        rows: [
          { uuid: made[0]!.uuid, amount: '50.00' },
          { uuid: made[1]!.uuid, amount: '40.00' },
          { uuid: made[2]!.uuid, amount: '30.00' },
        ],
        ...(skip ? { skip_invalid: true } : {}),
      });
    return { budget, made, update };
  }

  it('update, stop: without skip_invalid a 422 on rows.2.amount and nothing written', async () => {
    const { budget, made, update } = await threeBills('stop');
    const res = await update(false);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(res).errors)).toEqual(['rows.2.amount']);
    for (const bill of made) expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('10.00');
    expect(await available(a, budget.uuid)).toBe('70.00');
  });

  it('update, stop: with skip_invalid the overspending row is invalid, the others written', async () => {
    const { budget, made, update } = await threeBills('stop');
    const res = await update(true);
    expect(res.statusCode).toBe(200);
    const body = json<{ data: { status: string; errors?: Record<string, string[]> }[]; meta: object }>(res);
    expect(body.data.map((r) => r.status)).toEqual(['updated', 'updated', 'invalid']);
    expect(Object.keys(body.data[2]!.errors ?? {})).toEqual(['amount']);
    expect(body.meta).toMatchObject({ updated: 2, invalid: 1 });
    expect((await record(a, `/bills/${made[2]!.uuid}`)).amount).toBe('10.00');
    expect(await available(a, budget.uuid)).toBe('0.00');
  });

  it('update, warn: every row written, warnings keyed by row', async () => {
    const { budget, update } = await threeBills('warn');
    const res = await update(false);
    expect(res.statusCode).toBe(200);
    const meta = json<{ meta: { updated: number; warnings?: Record<string, string[]> } }>(res).meta;
    expect(meta.updated).toBe(3);
    expect(Object.keys(meta.warnings ?? {})).toEqual(['rows.2.amount']);
    expect(meta.warnings!['rows.2.amount']![0]).toMatch(naming('0.00'));
    expect(await available(a, budget.uuid)).toBe('-20.00');
  });
});

describe('budget fields and access', () => {
  it('refuses a negative amount, a year of 20260, an end before the start, a blank name', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await post(a.client, '/budgets', {
        property_uuid: a.property,
        name: 'Falsch',
        amount: '10.00',
        ...body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    };
    await bad({ amount: '-0.01' }, 'amount');
    await bad({ year: 20260 }, 'year');
    await bad({ valid_from: '2026-06-01', valid_to: '2026-05-31' }, 'valid_to');
    await bad({ name: '   ' }, 'name');
    await bad({ exceeded_action: 'shout' }, 'exceeded_action');
    expect((await listed(a, 'budgets', 'name', 'Falsch')).length).toBe(0);
    // the same day is a valid period
    ok(
      await post(a.client, '/budgets', {
        property_uuid: a.property,
        name: 'Ein Tag',
        amount: '10.00',
        valid_from: '2026-06-01',
        valid_to: '2026-06-01',
      }),
    );
    // an update that puts the end before the start
    const budget = await createBudget(a, { valid_from: '2026-01-01', valid_to: '2026-12-31' });
    const res = await patch(a, `/budgets/${budget.uuid}`, { valid_to: '2025-12-31' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['valid_to']);
    // and available_amount is the server's
    const typed = await post(a.client, '/budgets', {
      property_uuid: a.property,
      name: 'Selbst',
      amount: '10.00',
      available_amount: '99.00',
    });
    expect(typed.status).toBe(422);
  });

  it('answers 401 signed out, 404 for another workspace, 422 for its budget in a bill, 403 for a member deleting', async () => {
    const budget = await createBudget(a);
    const anon = new Client(env.app);
    expect((await anon.get('/budgets')).statusCode).toBe(401);
    expect((await anon.get(`/budgets/${budget.uuid}`)).statusCode).toBe(401);
    expect((await anon.post('/bills', { property_uuid: a.property, title: 'x', amount: '1' })).statusCode).toBe(401);
    expect((await b.client.get(`/budgets/${budget.uuid}`)).statusCode).toBe(404);
    expect((await b.client.patch(`/budgets/${budget.uuid}`, { amount: '1.00' })).statusCode).toBe(404);
    expect((await b.client.delete(`/budgets/${budget.uuid}`)).statusCode).toBe(404);
    expect(json<{ data: Rec[] }>(await b.client.get('/budgets')).data.map((r) => r.uuid)).not.toContain(budget.uuid);
    // a bill or an order of workspace b naming a's budget
    const theirs = await postBill(b, { budget_uuid: budget.uuid, amount: '1000.00' });
    expect(theirs.status).toBe(422);
    expect(Object.keys(theirs.body.errors ?? {})).toEqual(['budget_uuid']);
    const order = await createOrder(b);
    const moved = await patch(b, `/orders/${order.uuid}`, { budget_uuid: budget.uuid });
    expect(moved.status).toBe(422);
    expect(Object.keys(moved.body.errors ?? {})).toEqual(['budget_uuid']);
    expect(await available(a, budget.uuid)).toBe('100.00');
    // a member sees and uses the budget but may not delete it
    const seen = await record(member, `/budgets/${budget.uuid}`);
    expect(seen.links.delete).toBeUndefined();
    ok(await postBill(member, { budget_uuid: budget.uuid, amount: '1.00' }));
    expect((await member.client.delete(`/budgets/${budget.uuid}`)).statusCode).toBe(403);
    expect(await available(a, budget.uuid)).toBe('99.00');
  });
});

// Two users saving against the last room of a `stop` budget at the same moment (docs/domain/calculations.md,
// "Budgets": the budgets are row-locked before what is available is read). PGlite has one connection, so its writes
// take turns anyway; PostgreSQL runs the two transactions at once.
describe.runIf(!!process.env.TEST_DATABASE_URL)('parallel writers (PostgreSQL)', () => {
  const ROUNDS = 20;
  const statuses = (replies: Reply[]) => replies.map((r) => r.status).sort();

  it('two bills racing for room for one: exactly one is saved each round, never overspent', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const budget = await createBudget(a, { amount: '100.00' });
      ok(await postBill(a, { budget_uuid: budget.uuid, amount: '40.00' }));
      const replies = await Promise.all([
        postBill(a, { budget_uuid: budget.uuid, amount: '35.00', title: 'A' }),
        postBill(member, { budget_uuid: budget.uuid, amount: '35.00', title: 'B' }),
      ]);
      expect(
        statuses(replies),
        JSON.stringify(replies.map((r) => (r.body as { message?: string }).message ?? r.status)),
      ).toEqual([201, 422]);
      expect(await available(a, budget.uuid)).toBe('25.00');
      expect(await listed(a, 'bills', 'budget_uuid', budget.uuid)).toHaveLength(2);
    }
  });

  it('two order lines on two orders racing for room for one: exactly one is saved each round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const budget = await createBudget(a, { amount: '100.00' });
      const first = await createOrder(a, { budget_uuid: budget.uuid });
      const second = await createOrder(a, { budget_uuid: budget.uuid });
      const replies = await Promise.all([
        postOrderLine(a, first.uuid, { quantity: '6', unit_price: '10.00' }),
        postOrderLine(member, second.uuid, { quantity: '6', unit_price: '10.00' }),
      ]);
      expect(
        statuses(replies),
        JSON.stringify(replies.map((r) => (r.body as { message?: string }).message ?? r.status)),
      ).toEqual([201, 422]);
      expect(await available(a, budget.uuid)).toBe('40.00');
    }
  });

  it('a line added to an order while another user gives the order the budget: one of them is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const budget = await createBudget(a, { amount: '50.00' });
      const o = await createOrder(a);
      const replies = await Promise.all([
        postOrderLine(a, o.uuid, { quantity: '6', unit_price: '10.00' }),
        patch(member, `/orders/${o.uuid}`, { budget_uuid: budget.uuid }),
      ]);
      // the line first (the order then has no room on the budget) or the budget first (the line then has none)
      expect(
        replies.map((r) => r.status).filter((s) => s === 422),
        JSON.stringify(replies.map((r) => (r.body as { message?: string }).message ?? r.status)),
      ).toHaveLength(1);
      expect(await available(a, budget.uuid)).toBe('50.00');
    }
  });

  it('a line added to a bill while another user gives the bill the budget: one of them is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const budget = await createBudget(a, { amount: '50.00' });
      const bill = ok(await postBill(a, { amount: '0' }));
      const replies = await Promise.all([
        postExpense(a, bill.uuid, { quantity: '6', unit_price: '10.00' }),
        patch(member, `/bills/${bill.uuid}`, { budget_uuid: budget.uuid }),
      ]);
      expect(
        replies.map((r) => r.status).filter((s) => s === 422),
        JSON.stringify(replies.map((r) => (r.body as { message?: string }).message ?? r.status)),
      ).toHaveLength(1);
      expect(await available(a, budget.uuid)).toBe('50.00');
    }
  });
});

// The draws the triggers keep (budget_totals) against the draws summed from the orders and bills themselves, for
// every budget the tests above made: after creates, updates, lines, bills of orders, cancels, reopens, deletes,
// archives and bulk writes they must agree to the cent (docs/domain/calculations.md, "Budgets").
describe('draws kept by the database', () => {
  it('equal the draws summed from the rows for every budget', async () => {
    const db = env.database.db;
    const rows = await db
      .select({ uuid: budgetsTable.uuid, kept: availableSql(), summed: availableSql({ fromRows: true }) })
      .from(budgetsTable);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.kept !== r.summed)).toEqual([]);
  });
});
