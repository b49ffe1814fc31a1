// Bills and their expense lines through the API (docs/domain/states.md, "Bills"; docs/domain/fields.md, "Models";
// docs/domain/calculations.md, "Budgets"): the status stored from the payment date, pay / cancel / reopen (reopening
// a cancelled bill draws on its budget again), overdue on read, line totals and the lines' sum as the bill's amount
// (archive, restore, delete of a line), a bill from an order (its lines carried, the budget unchanged, refusals),
// bad input, 401/403/404, and an import of bills applying the budget rule per row.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Rec, type Ws } from './planning-support';
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
} from './budget-support';
import { finished, upload, xlsx, type Cell, type Job } from './workbooks';
import { settingsGroupMembers } from '../../server/db/schema';

let env: TestEnv;
let a: Ws;
let b: Ws;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-bills-'));

beforeAll(async () => {
  env = await createTestEnv({ dataDir });
  // in francs, as the amounts the messages name
  a = await workspace(env, { currency: 'CHF' });
  b = await workspace(env, { currency: 'CHF' });
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const act = (ws: Ws, bill: string, action: string) => post(ws.client, `/bills/${bill}/${action}`);

describe('status', () => {
  it('is paid exactly when a payment date is set, on create and on every update', async () => {
    const paid = ok(await postBill(a, { amount: '10.00', paid_at: '2026-01-15' }));
    expect(paid.status).toBe('paid');
    expect(paid.links.reopen).toBeDefined();
    expect(paid.links.pay).toBeUndefined();
    const open = ok(await patch(a, `/bills/${paid.uuid}`, { paid_at: null }));
    expect(open).toMatchObject({ status: 'open', paid_at: null });
    expect(ok(await patch(a, `/bills/${paid.uuid}`, { paid_at: '2026-02-01' })).status).toBe('paid');
    // the status is the server's
    const typed = await patch(a, `/bills/${paid.uuid}`, { status: 'open' });
    expect(typed.status).toBe(422);
    expect(Object.keys(typed.body.errors ?? {})).toEqual(['status']);
    expect((await record(a, `/bills/${paid.uuid}`)).status).toBe('paid');
  });

  it('pay sets today unless a date is set; reopen clears it; cancel and reopen; other moves are 422', async () => {
    const bill = ok(await postBill(a, { amount: '10.00' }));
    expect(bill.status).toBe('open');
    expect(Object.keys(bill.links)).toEqual(expect.arrayContaining(['pay', 'cancel']));
    const paid = ok(await act(a, bill.uuid, 'pay'));
    expect(paid).toMatchObject({ status: 'paid', paid_at: today() });
    expect((await act(a, bill.uuid, 'pay')).status).toBe(422);
    expect((await act(a, bill.uuid, 'cancel')).status).toBe(422);
    expect(ok(await act(a, bill.uuid, 'reopen'))).toMatchObject({ status: 'open', paid_at: null });
    const cancelled = ok(await act(a, bill.uuid, 'cancel'));
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.links.reopen).toBeDefined();
    expect((await act(a, bill.uuid, 'pay')).status).toBe(422);
    // a payment date written to a cancelled bill leaves it cancelled
    expect(ok(await patch(a, `/bills/${bill.uuid}`, { paid_at: '2026-03-01' })).status).toBe('cancelled');
    expect(ok(await act(a, bill.uuid, 'reopen'))).toMatchObject({ status: 'open', paid_at: null });
    const dated = ok(await postBill(a, { amount: '1.00' }));
    ok(await patch(a, `/bills/${dated.uuid}`, { paid_at: '2026-01-10' }));
    ok(await act(a, dated.uuid, 'reopen'));
    expect(ok(await act(a, dated.uuid, 'pay')).paid_at).toBe(today());
  });

  it('is overdue while open and due before today', async () => {
    const yesterday = addDays(today(), -1);
    const due = ok(await postBill(a, { amount: '1.00', due_date: yesterday }));
    expect(due.overdue).toBe(true);
    expect(ok(await postBill(a, { amount: '1.00', due_date: today() })).overdue).toBe(false);
    expect(ok(await postBill(a, { amount: '1.00' })).overdue).toBe(false);
    expect(ok(await postBill(a, { amount: '1.00', due_date: yesterday, paid_at: yesterday })).overdue).toBe(false);
    expect(ok(await act(a, due.uuid, 'cancel')).overdue).toBe(false);
    expect(ok(await act(a, due.uuid, 'reopen')).overdue).toBe(true);
    const overdue = json<{ data: Rec[] }>(await a.client.get('/bills?per_page=500')).data.filter((r) => r.overdue);
    expect(overdue.map((r) => r.uuid)).toEqual([due.uuid]);
  });
});

describe('reopen draws again', () => {
  it('stop: reopening a cancelled bill without room is a 422 on amount; the bill stays cancelled', async () => {
    const budget = await createBudget(a, { amount: '100.00', exceeded_action: 'stop' });
    const first = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '60.00' }));
    ok(await act(a, first.uuid, 'cancel'));
    expect(await available(a, budget.uuid)).toBe('100.00');
    ok(await postBill(a, { budget_uuid: budget.uuid, amount: '60.00' }));
    const res = await act(a, first.uuid, 'reopen');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['amount']);
    expect(res.body.errors!.amount![0]).toMatch(/(?<![\d.-])40\.00 CHF/);
    expect((await record(a, `/bills/${first.uuid}`)).status).toBe('cancelled');
    expect(await available(a, budget.uuid)).toBe('40.00');
    // a paid bill reopened draws nothing more
    const paid = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '40.00', paid_at: '2026-01-01' }));
    expect(ok(await act(a, paid.uuid, 'reopen')).status).toBe('open');
    expect(await available(a, budget.uuid)).toBe('0.00');
  });

  it('cancelling the bill of an order lets the order draw again: refused on stop when the order no longer fits', async () => {
    const budget = await createBudget(a, { amount: '100.00', exceeded_action: 'stop' });
    const order = await createOrder(a, { budget_uuid: budget.uuid });
    ok(await postOrderLine(a, order.uuid, { quantity: '1', unit_price: '100.00' }));
    expect(await available(a, budget.uuid)).toBe('0.00');
    // billed for less than ordered: the bill draws 60 instead of the order's 100
    const billOfOrder = ok(await postBill(a, { budget_uuid: budget.uuid, order_uuid: order.uuid, amount: '60.00' }));
    expect(await available(a, budget.uuid)).toBe('40.00');
    ok(await postBill(a, { budget_uuid: budget.uuid, amount: '40.00' }));
    const res = await act(a, billOfOrder.uuid, 'cancel');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['amount']);
    expect((await record(a, `/bills/${billOfOrder.uuid}`)).status).toBe('open');
    expect(await available(a, budget.uuid)).toBe('0.00');
  });

  it('deleting the bill of an order lets the order draw again: refused on stop, allowed on warn', async () => {
    for (const action of ['stop', 'warn'] as const) {
      const budget = await createBudget(a, { amount: '100.00', exceeded_action: action });
      const order = await createOrder(a, { budget_uuid: budget.uuid });
      ok(await postOrderLine(a, order.uuid, { quantity: '1', unit_price: '100.00' }));
      const billOfOrder = ok(await postBill(a, { budget_uuid: budget.uuid, order_uuid: order.uuid, amount: '60.00' }));
      ok(await postBill(a, { budget_uuid: budget.uuid, amount: '40.00' }));
      expect(await available(a, budget.uuid)).toBe('0.00');
      const res = await a.client.delete(`/bills/${billOfOrder.uuid}`);
      if (action === 'stop') {
        expect(res.statusCode, res.body).toBe(422);
        expect(Object.keys(json(res).errors ?? {})).toEqual(['amount']);
        expect((await record(a, `/bills/${billOfOrder.uuid}`)).status).toBe('open');
        expect(await available(a, budget.uuid)).toBe('0.00');
      } else {
        expect(res.statusCode, res.body).toBeLessThan(300);
        expect(await available(a, budget.uuid)).toBe('-40.00');
      }
    }
  });

  it('warn: reopened, with the warning in meta.warnings; ignore: reopened silently', async () => {
    for (const action of ['warn', 'ignore']) {
      const budget = await createBudget(a, { amount: '100.00', exceeded_action: action });
      const first = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '60.00' }));
      ok(await act(a, first.uuid, 'cancel'));
      ok(await postBill(a, { budget_uuid: budget.uuid, amount: '60.00' }));
      const res = await act(a, first.uuid, 'reopen');
      expect(res.status).toBe(200);
      const warnings = (res.body.meta as { warnings?: { field: string; message: string }[] } | undefined)?.warnings;
      if (action === 'warn') {
        expect(warnings?.map((w) => w.field)).toEqual(['amount']);
        expect(warnings![0]!.message).toMatch(/(?<![\d.-])40\.00 CHF/);
      } else expect(warnings).toBeUndefined();
      expect(res.body.data.status).toBe('open');
      expect(await available(a, budget.uuid)).toBe('-20.00');
    }
  });
});

describe('expense lines and the bill amount', () => {
  it('totals each line exactly and makes the bill amount their sum', async () => {
    const bill = ok(await postBill(a, { amount: '100.00' }));
    const l1 = ok(await postExpense(a, bill.uuid, { quantity: '3', unit_price: '19.99', discount: '10', tax: '8.1' }));
    expect(l1.total).toBe('58.34'); // 59.97 × 0.9 × 1.081 = 58.344813
    const l2 = ok(await postExpense(a, bill.uuid, { quantity: '0.1', unit_price: '0.10' }));
    expect(l2.total).toBe('0.01');
    const l3 = ok(await postExpense(a, bill.uuid, { quantity: '0.5', unit_price: '0.05' }));
    expect(l3.total).toBe('0.03'); // 0.025, half away from zero
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('58.38');

    // a typed amount that differs from the lines is a 422 on amount; the same sum, or none, goes through
    const typed = await patch(a, `/bills/${bill.uuid}`, { amount: '100.00' });
    expect(typed.status).toBe(422);
    expect(Object.keys(typed.body.errors ?? {})).toEqual(['amount']);
    expect(typed.body.errors!.amount![0]).toContain('58.38');
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('58.38');
    expect(ok(await patch(a, `/bills/${bill.uuid}`, { amount: '58.38' })).amount).toBe('58.38');
    expect(ok(await patch(a, `/bills/${bill.uuid}`, { title: 'Neu' })).amount).toBe('58.38');

    // archive, restore and delete of a line keep the amount the sum of the live lines
    ok(await post(a.client, `/expenses/${l1.uuid}/archive`));
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('0.04');
    ok(await post(a.client, `/expenses/${l1.uuid}/restore`));
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('58.38');
    expect((await a.client.delete(`/expenses/${l2.uuid}`)).statusCode).toBe(200);
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('58.37');
    ok(await patch(a, `/expenses/${l3.uuid}`, { quantity: '2' }));
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('58.44');
    // the last line removed: the bill keeps the amount it had, and may be typed again
    expect((await a.client.delete(`/expenses/${l1.uuid}`)).statusCode).toBe(200);
    expect((await a.client.delete(`/expenses/${l3.uuid}`)).statusCode).toBe(200);
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('0.10');
    expect(ok(await patch(a, `/bills/${bill.uuid}`, { amount: '12.00' })).amount).toBe('12.00');
  });

  it('a line archived frees its draw on the bill budget', async () => {
    const budget = await createBudget(a, { amount: '100.00' });
    const bill = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '0' }));
    const line = ok(await postExpense(a, bill.uuid, { quantity: '2', unit_price: '30.00' }));
    expect(await available(a, budget.uuid)).toBe('40.00');
    ok(await post(a.client, `/expenses/${line.uuid}/archive`));
    ok(await postExpense(a, bill.uuid, { quantity: '1', unit_price: '100.00' }));
    expect(await available(a, budget.uuid)).toBe('0.00');
  });

  it('a line restored draws again: refused on stop, with the bill and the budget as they were', async () => {
    const budget = await createBudget(a, { amount: '100.00', exceeded_action: 'stop' });
    const bill = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '0' }));
    const line = ok(await postExpense(a, bill.uuid, { quantity: '1', unit_price: '60.00' }));
    ok(await post(a.client, `/expenses/${line.uuid}/archive`));
    ok(await postExpense(a, bill.uuid, { quantity: '1', unit_price: '100.00' }));
    expect(await available(a, budget.uuid)).toBe('0.00');
    const res = await post(a.client, `/expenses/${line.uuid}/restore`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['unit_price']);
    expect((await record(a, `/expenses/${line.uuid}`)).archived_at).not.toBeNull();
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('100.00');
    expect(await available(a, budget.uuid)).toBe('0.00');
    // with room it comes back
    ok(await patch(a, `/budgets/${budget.uuid}`, { amount: '160.00' }));
    ok(await post(a.client, `/expenses/${line.uuid}/restore`));
    expect(await available(a, budget.uuid)).toBe('0.00');

    // the same for an order line
    const o = await createOrder(a, { budget_uuid: budget.uuid });
    ok(await patch(a, `/budgets/${budget.uuid}`, { amount: '180.00' }));
    const orderLine = ok(await postOrderLine(a, o.uuid, { unit_price: '20.00' }));
    ok(await post(a.client, `/order-lines/${orderLine.uuid}/archive`));
    ok(await postOrderLine(a, o.uuid, { unit_price: '20.00' }));
    const again = await post(a.client, `/order-lines/${orderLine.uuid}/restore`);
    expect(again.status, JSON.stringify(again.body)).toBe(422);
    expect(Object.keys(again.body.errors ?? {})).toEqual(['unit_price']);
    expect((await record(a, `/orders/${o.uuid}`)).total).toBe('20.00');
    expect(await available(a, budget.uuid)).toBe('0.00');
  });

  it('a line moved to another bill leaves the first bill the sum of the lines it keeps', async () => {
    const first = ok(await postBill(a, { amount: '0' }));
    const second = ok(await postBill(a, { amount: '0' }));
    ok(await postExpense(a, first.uuid, { unit_price: '10.00' }));
    const moving = ok(await postExpense(a, first.uuid, { unit_price: '5.00' }));
    ok(await postExpense(a, second.uuid, { unit_price: '1.00' }));
    ok(await patch(a, `/expenses/${moving.uuid}`, { bill_uuid: second.uuid }));
    expect((await record(a, `/bills/${first.uuid}`)).amount).toBe('10.00');
    expect((await record(a, `/bills/${second.uuid}`)).amount).toBe('6.00');
    // the same for an order line moved to another order
    const [o1, o2] = [await createOrder(a), await createOrder(a)];
    ok(await postOrderLine(a, o1.uuid, { unit_price: '10.00' }));
    const moved = ok(await postOrderLine(a, o1.uuid, { unit_price: '5.00' }));
    ok(await patch(a, `/order-lines/${moved.uuid}`, { order_uuid: o2.uuid }));
    expect((await record(a, `/orders/${o1.uuid}`)).total).toBe('10.00');
    expect((await record(a, `/orders/${o2.uuid}`)).total).toBe('5.00');
  });

  it('refuses bad input and writes nothing', async () => {
    const bad = async (url: string, body: Record<string, unknown>, field: string) => {
      const res = await post(a.client, url, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    };
    const base = { property_uuid: a.property, title: 'Falsch', amount: '10.00' };
    await bad('/bills', { ...base, title: '  ' }, 'title');
    await bad('/bills', { ...base, amount: '-1.00' }, 'amount');
    await bad('/bills', { ...base, amount: '1.001' }, 'amount');
    await bad('/bills', { ...base, tax: '101' }, 'tax');
    await bad('/bills', { ...base, status: 'paid' }, 'status');
    expect((await listed(a, 'bills', 'title', 'Falsch')).length).toBe(0);
    const bill = ok(await postBill(a, { title: 'Richtig', amount: '10.00' }));
    const line = { property_uuid: a.property, bill_uuid: bill.uuid, title: 'Zeile', quantity: '1', unit_price: '1' };
    await bad('/expenses', { ...line, unit_price: '-1' }, 'unit_price');
    await bad('/expenses', { ...line, quantity: '-1' }, 'quantity');
    await bad('/expenses', { ...line, title: '' }, 'title');
    await bad('/expenses', { ...line, total: '5.00' }, 'total');
    await bad('/expenses', { ...line, bill_uuid: ok(await postBill(b, { amount: '1' })).uuid }, 'bill_uuid');
    expect(await listed(a, 'expenses', 'bill_uuid', bill.uuid)).toEqual([]);
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('10.00');
  });
});

describe('bill from an order', () => {
  const billIt = (ws: Ws, order: string) => post(ws.client, `/orders/${order}/bill`);

  it('carries title, contractor, budget, currency, total and lines; the budget sees no change', async () => {
    const budget = await createBudget(a, { amount: '500.00', exceeded_action: 'stop' });
    const contact = ok(
      await post(a.client, '/contacts', {
        settings_group_uuid: a.settingsGroup,
        kind: 'organisation',
        organisation: 'Heizung AG',
      }),
    );
    const o = await createOrder(a, { budget_uuid: budget.uuid, contact_uuid: contact.uuid, title: 'Boiler' });
    ok(
      await postOrderLine(a, o.uuid, {
        title: 'Pumpe',
        quantity: '3',
        unit_price: '19.99',
        discount: '10',
        tax: '8.1',
      }),
    );
    ok(await postOrderLine(a, o.uuid, { title: 'Arbeit', quantity: '2.5', unit_price: '120.00' }));
    const gone = ok(await postOrderLine(a, o.uuid, { title: 'Weg', unit_price: '5.00' }));
    ok(await post(a.client, `/order-lines/${gone.uuid}/archive`));
    expect((await record(a, `/orders/${o.uuid}`)).total).toBe('358.34');
    expect(await available(a, budget.uuid)).toBe('141.66');
    await post(a.client, `/orders/${o.uuid}/done`);

    const res = await billIt(a, o.uuid);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const billUuid = (res.body.meta as { bill_uuid: string }).bill_uuid;
    const bill = await record(a, `/bills/${billUuid}`);
    expect(bill).toMatchObject({
      title: 'Boiler',
      property_uuid: a.property,
      contact_uuid: contact.uuid,
      budget_uuid: budget.uuid,
      order_uuid: o.uuid,
      currency: 'CHF',
      amount: '358.34',
      status: 'open',
    });
    const lines = json<{ data: Rec[] }>(
      await a.client.get(`/expenses?per_page=500&filter[bill_uuid]=${billUuid}&sort_by=title`),
    ).data;
    expect(lines.map((l) => [l.title, l.quantity, l.unit_price, l.total])).toEqual([
      ['Arbeit', '2.5000', '120.00', '300.00'],
      ['Pumpe', '3.0000', '19.99', '58.34'],
    ]);
    expect(await available(a, budget.uuid)).toBe('141.66');

    // billed already: the order says so and no longer offers the link; a 422 on status, no second bill
    const billedOrder = await record(a, `/orders/${o.uuid}`);
    expect(billedOrder.billed).toBe(true);
    expect((billedOrder.links as Record<string, string>).bill).toBeUndefined();
    const again = await billIt(a, o.uuid);
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors ?? {})).toEqual(['status']);
    expect(await listed(a, 'bills', 'order_uuid', o.uuid)).toHaveLength(1);
    // the bill cancelled, the order may be billed anew
    ok(await act(a, billUuid, 'cancel'));
    expect(await available(a, budget.uuid)).toBe('141.66');
    const unbilled = await record(a, `/orders/${o.uuid}`);
    expect(unbilled.billed).toBe(false);
    expect((unbilled.links as Record<string, string>).bill).toBeTruthy();
    expect((await billIt(a, o.uuid)).status).toBe(200);
    expect(await available(a, budget.uuid)).toBe('141.66');
  });

  it('a bill from an order on a budget overspent already goes through (it draws nothing more)', async () => {
    const budget = await createBudget(a, { amount: '10.00', exceeded_action: 'ignore' });
    const o = await createOrder(a, { budget_uuid: budget.uuid });
    ok(await postOrderLine(a, o.uuid, { unit_price: '50.00' }));
    ok(await patch(a, `/budgets/${budget.uuid}`, { exceeded_action: 'stop' }));
    await post(a.client, `/orders/${o.uuid}/done`);
    const res = await billIt(a, o.uuid);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await available(a, budget.uuid)).toBe('-40.00');
  });

  it('refuses a draft, cancelled or refused order, and another workspace', async () => {
    const draft = await createOrder(a);
    ok(await postOrderLine(a, draft.uuid, { unit_price: '5.00' }));
    const cancelled = await createOrder(a);
    ok(await post(a.client, `/orders/${cancelled.uuid}/cancel`));
    const contractor = ok(
      await post(a.client, '/contacts', {
        settings_group_uuid: a.settingsGroup,
        kind: 'organisation',
        organisation: 'Nein AG',
        email_address: `nein-${Math.random().toString(36).slice(2, 8)}@example.com`,
      }),
    );
    const refused = await createOrder(a, { kind: 'external', contact_uuid: contractor.uuid });
    ok(await post(a.client, `/orders/${refused.uuid}/send`));
    ok(await post(a.client, `/orders/${refused.uuid}/refuse`));
    for (const o of [draft, cancelled, refused]) {
      const res = await billIt(a, o.uuid);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['status']);
      expect(await listed(a, 'bills', 'order_uuid', o.uuid)).toEqual([]);
    }
    const mine = await createOrder(a);
    await post(a.client, `/orders/${mine.uuid}/done`);
    expect((await billIt(b, mine.uuid)).status).toBe(404);
    expect((await new Client(env.app).post(`/orders/${mine.uuid}/bill`)).statusCode).toBe(401);
    expect(await listed(a, 'bills', 'order_uuid', mine.uuid)).toEqual([]);
  });
});

describe('access', () => {
  it('answers 401 signed out, 404 for another workspace, 403 for a member deleting', async () => {
    const bill = ok(await postBill(a, { amount: '10.00' }));
    const line = ok(await postExpense(a, bill.uuid, { unit_price: '10.00' }));
    const anon = new Client(env.app);
    expect((await anon.get(`/bills/${bill.uuid}`)).statusCode).toBe(401);
    expect((await anon.post(`/bills/${bill.uuid}/pay`)).statusCode).toBe(401);
    expect((await anon.get(`/expenses/${line.uuid}`)).statusCode).toBe(401);
    expect((await b.client.get(`/bills/${bill.uuid}`)).statusCode).toBe(404);
    expect((await b.client.patch(`/bills/${bill.uuid}`, { title: 'Meins' })).statusCode).toBe(404);
    expect((await b.client.post(`/bills/${bill.uuid}/pay`)).statusCode).toBe(404);
    expect((await b.client.get(`/expenses/${line.uuid}`)).statusCode).toBe(404);
    expect((await b.client.patch(`/expenses/${line.uuid}`, { unit_price: '1' })).statusCode).toBe(404);
    const m = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: a.settingsGroup, user_id: m.user.id, role: 'user' });
    expect((await m.client.delete(`/bills/${bill.uuid}`)).statusCode).toBe(403);
    expect((await m.client.post(`/bills/${bill.uuid}/pay`)).statusCode).toBe(200);
    expect((await record(a, `/bills/${bill.uuid}`)).status).toBe('paid');
  });
});

// Imports apply the budget rule per row (docs/domain/calculations.md, "Budgets"; docs/domain/api.md, "Warnings":
// an import saves warned rows and counts them as written), earlier rows of the same file counting.
describe('import of bills', () => {
  async function run(model: string, file: Buffer, name: string, fields: string[]) {
    const up = await upload(a.client, file, name, model);
    expect(up.statusCode, up.body).toBe(201);
    const job = json<{ data: Job }>(up).data;
    const body = {
      settings_group_uuid: a.settingsGroup,
      mapping: Object.fromEntries(fields.map((f, i) => [String(i), f])),
    };
    const validated = await a.client.post(`/imports/${job.uuid}/validate`, body);
    expect(validated.statusCode, validated.body).toBe(200);
    expect((await a.client.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
    return finished(a.client, job.uuid);
  }
  const BILL_FIELDS = ['property_uuid', 'title', 'budget_uuid', 'amount'];
  const rows = (budget: string): Cell[][] => [
    ['Immobilie', 'Titel', 'Budget', 'Betrag'],
    ['Seestrasse 1', 'Import eins', budget, 60],
    ['Seestrasse 1', 'Import zwei', budget, 50],
    ['Seestrasse 1', 'Import drei', budget, 40],
  ];

  it('xlsx, stop: the overspending row is an error of the report, the rows before it counting', async () => {
    const budget = await createBudget(a, { amount: '100.00', exceeded_action: 'stop' });
    const job = await run('bill', await xlsx({ Rechnungen: rows(budget.uuid) }), 'rechnungen.xlsx', BILL_FIELDS);
    expect(job).toMatchObject({ status: 'done', counts: { created: 2, failed: 1 } });
    expect((await listed(a, 'bills', 'budget_uuid', budget.uuid)).map((r) => r.title).sort()).toEqual([
      'Import drei',
      'Import eins',
    ]);
    expect(await available(a, budget.uuid)).toBe('0.00');
    const report = new ExcelJS.Workbook();
    await report.xlsx.load((await a.client.get(`/imports/${job.uuid}/error-report`)).rawPayload as never);
    const sheet = report.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const cells = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
    expect(cells[1]).toBe('Import zwei');
    expect(cells.at(-1)).toMatch(/(?<![\d.-])40\.00 CHF/);
  });

  it('updates, stop: each row draws what it adds, the rows before it counting', async () => {
    const budget = await createBudget(a, { amount: '100.00', exceeded_action: 'stop' });
    const made = [];
    for (const title of ['Alt eins', 'Alt zwei', 'Alt drei'])
      made.push(ok(await postBill(a, { budget_uuid: budget.uuid, title, amount: '10.00' })));
    const file = await xlsx({
      Rechnungen: [
        ['uuid', 'Betrag'],
        [made[0]!.uuid, 50],
        [made[1]!.uuid, 60],
        [made[2]!.uuid, 40],
      ],
    });
    const up = await upload(a.client, file, 'rechnungen.xlsx', 'bill');
    const job = json<{ data: Job }>(up).data;
    const body = {
      settings_group_uuid: a.settingsGroup,
      mapping: { '0': 'uuid', '1': 'amount' },
      mode: 'update',
      match_key: 'uuid',
    };
    expect((await a.client.post(`/imports/${job.uuid}/validate`, body)).statusCode).toBe(200);
    expect((await a.client.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
    expect(await finished(a.client, job.uuid)).toMatchObject({ status: 'done', counts: { updated: 2, failed: 1 } });
    expect(await Promise.all(made.map(async (m) => (await record(a, `/bills/${m.uuid}`)).amount))).toEqual([
      '50.00',
      '10.00',
      '40.00',
    ]);
    expect(await available(a, budget.uuid)).toBe('0.00');
  });

  it('csv, warn: every row saved and counted as written', async () => {
    const budget = await createBudget(a, { amount: '100.00', exceeded_action: 'warn' });
    const csv = rows(budget.uuid)
      .map((r) => r.join(';'))
      .join('\r\n');
    const job = await run('bill', Buffer.from(csv), 'rechnungen.csv', BILL_FIELDS);
    expect(job).toMatchObject({ status: 'done', counts: { created: 3, failed: 0 } });
    expect(await available(a, budget.uuid)).toBe('-50.00');
  });

  it('expense lines: the first lines of a bill with a typed amount, earlier rows of the file counting', async () => {
    const budget = await createBudget(a, { amount: '100.00', exceeded_action: 'stop' });
    const bill = ok(await postBill(a, { budget_uuid: budget.uuid, amount: '100.00' }));
    expect(await available(a, budget.uuid)).toBe('0.00');
    const file = await xlsx({
      Zeilen: [
        ['Immobilie', 'Rechnung', 'Titel', 'Menge', 'Preis'],
        ['Seestrasse 1', bill.uuid, 'Zeile eins', 1, 30],
        ['Seestrasse 1', bill.uuid, 'Zeile zwei', 1, 40],
        ['Seestrasse 1', bill.uuid, 'Zeile drei', 1, 50],
      ],
    });
    const job = await run('expense', file, 'zeilen.xlsx', [
      'property_uuid',
      'bill_uuid',
      'title',
      'quantity',
      'unit_price',
    ]);
    expect(job).toMatchObject({ status: 'done', counts: { created: 2, failed: 1 } });
    expect((await listed(a, 'expenses', 'bill_uuid', bill.uuid)).map((l) => l.title).sort()).toEqual([
      'Zeile eins',
      'Zeile zwei',
    ]);
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('70.00');
    expect(await available(a, budget.uuid)).toBe('30.00');
  });

  it('order lines: earlier rows of the file count against the order budget', async () => {
    const budget = await createBudget(a, { amount: '100.00', exceeded_action: 'stop' });
    const o = await createOrder(a, { budget_uuid: budget.uuid });
    const file = await xlsx({
      Zeilen: [
        ['Immobilie', 'Auftrag', 'Titel', 'Menge', 'Preis'],
        ['Seestrasse 1', o.uuid, 'Zeile eins', 1, 60],
        ['Seestrasse 1', o.uuid, 'Zeile zwei', 1, 50],
        ['Seestrasse 1', o.uuid, 'Zeile drei', 1, 40],
      ],
    });
    const job = await run('order_line', file, 'zeilen.xlsx', [
      'property_uuid',
      'order_uuid',
      'title',
      'quantity',
      'unit_price',
    ]);
    expect(job).toMatchObject({ status: 'done', counts: { created: 2, failed: 1 } });
    expect((await record(a, `/orders/${o.uuid}`)).total).toBe('100.00');
    expect(await available(a, budget.uuid)).toBe('0.00');
  });
});
