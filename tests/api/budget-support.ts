// Helpers of the budget and bill API tests (docs/domain/calculations.md, "Budgets"): budgets, bills, expense lines,
// orders and their lines in a planning workspace (planning-support.ts), and what a budget has left.
import { expect } from 'vitest';
import { json } from './harness';
import { post, type Rec, type Ws } from './planning-support';

export type Reply = Awaited<ReturnType<typeof post>>;

/** A write that must go through: its record (201 or 200), else the test fails with the reply. */
export function ok(res: Reply) {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data;
}

export async function patch(ws: Ws, url: string, body: unknown): Promise<Reply> {
  const res = await ws.client.patch(url, body);
  return { status: res.statusCode, body: json(res) };
}

export const createBudget = async (ws: Ws, body: Record<string, unknown> = {}) =>
  ok(
    await post(ws.client, '/budgets', {
      property_uuid: ws.property,
      name: `Unterhalt ${Math.random().toString(36).slice(2, 7)}`,
      year: 2026,
      amount: '100.00',
      exceeded_action: 'stop',
      ...body,
    }),
  );

export const postBill = (ws: Ws, body: Record<string, unknown> = {}) =>
  post(ws.client, '/bills', { property_uuid: ws.property, title: 'Rechnung Sanitär', amount: '0', ...body });

export const postExpense = (ws: Ws, bill: string, body: Record<string, unknown> = {}) =>
  post(ws.client, '/expenses', {
    property_uuid: ws.property,
    bill_uuid: bill,
    title: 'Material',
    quantity: '1',
    unit_price: '0',
    ...body,
  });

export const createOrder = async (ws: Ws, body: Record<string, unknown> = {}) =>
  ok(await post(ws.client, '/orders', { property_uuid: ws.property, title: 'Pumpe ersetzen', ...body }));

export const postOrderLine = (ws: Ws, order: string, body: Record<string, unknown> = {}) =>
  post(ws.client, '/order-lines', {
    property_uuid: ws.property,
    order_uuid: order,
    title: 'Pumpe',
    quantity: '1',
    unit_price: '0',
    ...body,
  });

export async function record(ws: Ws, url: string): Promise<Rec> {
  const res = await ws.client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Rec }>(res).data;
}

/** What the budget has left, as the API says it (decimal text). */
export const available = async (ws: Ws, budget: string) =>
  (await record(ws, `/budgets/${budget}`)).available_amount as string;

/** The live records of a list, filtered by one field. */
export async function listed(ws: Ws, plural: string, field: string, value: string) {
  return json<{ data: Rec[] }>(await ws.client.get(`/${plural}?per_page=500&filter[${field}]=${value}`)).data;
}
