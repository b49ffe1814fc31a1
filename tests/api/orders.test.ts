// Orders through the API (docs/domain/states.md, "States and transitions", "Order totals"): lines with totals as decimal
// strings, internal and external transitions, send (the contractor's e-mail in their language with the public link),
// reset-token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { post, workspace, type Rec, type Ws } from './planning-support';

let env: TestEnv;
let a: Ws;
let b: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
});
afterAll(() => env.close());

const outbox = async (e: TestEnv, to: string) =>
  json<{ data: { subject: string; text: string }[] }>(
    await new Client(e.app).get(`/outbox?to=${encodeURIComponent(to)}`),
  ).data;

async function contractor(ws: Ws, language = 'de') {
  return json<{ data: Rec }>(
    await ws.client.post('/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'organisation',
      organisation: 'Heizung Muster AG',
      email_address: `heizung-${Math.random().toString(36).slice(2, 8)}@example.com`,
      language,
    }),
  ).data;
}

const order = async (ws: Ws, body: Record<string, unknown> = {}) => {
  const res = await post(ws.client, '/orders', { property_uuid: ws.property, title: 'Replace boiler pump', ...body });
  expect(res.status).toBe(201);
  return res.body.data;
};
const line = (ws: Ws, o: Rec, body: Record<string, unknown>) =>
  post(ws.client, '/order-lines', { property_uuid: ws.property, order_uuid: o.uuid, title: 'Pump', ...body });

describe('lines and totals', () => {
  it('computes quantity × unit price less discount plus tax, exactly, and the order total', async () => {
    const o = await order(a);
    const l1 = await line(a, o, { quantity: '3', unit_price: '19.99', discount: '10', tax: '8.1' });
    expect(l1.body.data.total).toBe('58.34'); // 59.97 × 0.9 = 53.973 × 1.081 = 58.344813
    const l2 = await line(a, o, { quantity: '0.1', unit_price: '0.10' });
    expect(l2.body.data.total).toBe('0.01');
    let got = json<{ data: Rec }>(await a.client.get(`/orders/${o.uuid}`)).data;
    expect(got.total).toBe('58.35');
    await a.client.patch(`/order-lines/${l1.body.data.uuid}`, { quantity: '1' });
    got = json<{ data: Rec }>(await a.client.get(`/orders/${o.uuid}`)).data;
    expect(got.total).toBe('19.46'); // 19.99 × 0.9 × 1.081 = 19.448 → 19.45, plus 0.01
    await a.client.post(`/order-lines/${l2.body.data.uuid}/archive`);
    expect(json<{ data: Rec }>(await a.client.get(`/orders/${o.uuid}`)).data.total).toBe('19.45');
  });

  it('refuses a float-looking overflow, a negative price and a foreign order', async () => {
    const o = await order(a);
    expect((await line(a, o, { quantity: '1', unit_price: '-1' })).status).toBe(422);
    expect((await line(a, o, { quantity: '9999999999', unit_price: '999999999999' })).status).toBe(422);
    expect((await line(a, o, { quantity: '1', unit_price: '1.234' })).status).toBe(422);
    const foreign = await order(b);
    const res = await post(a.client, '/order-lines', {
      property_uuid: a.property,
      order_uuid: foreign.uuid,
      title: 'x',
      quantity: '1',
      unit_price: '1',
    });
    expect(res.body.errors).toHaveProperty('order_uuid');
    expect((await a.client.patch(`/orders/${o.uuid}`, { total: '5.00' })).statusCode).toBe(422);
  });
});

describe('transitions', () => {
  it('internal: draft → done → confirmed; send is refused', async () => {
    let o = await order(a, { kind: 'internal' });
    expect(o.links.send).toBeUndefined();
    expect((await post(a.client, `/orders/${o.uuid}/send`)).status).toBe(422);
    expect((await post(a.client, `/orders/${o.uuid}/accept`)).status).toBe(422);
    o = (await post(a.client, o.links.done!)).body.data;
    expect(o.status).toBe('done');
    o = (await post(a.client, o.links.confirm!)).body.data;
    expect(o.status).toBe('confirmed');
    expect((await post(a.client, `/orders/${o.uuid}/cancel`)).body.errors).toHaveProperty('status');
  });

  it('external: send e-mails the contractor in their language; accept, done, confirm', async () => {
    const c = await contractor(a, 'de');
    let o = await order(a, { kind: 'external', contact_uuid: c.uuid, payment_responsibility: 'tenant' });
    expect(o.links.done).toBeUndefined();
    const sent = await post(a.client, o.links.send!);
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe('sent');
    const url = String(sent.body.meta!.public_url);
    expect(url).toMatch(/^http:\/\/hauswerk\.test\/public\/order\/[A-Za-z0-9_-]{43}$/);
    const [mail] = await outbox(env, String(c.email_address));
    expect(mail!.subject).toBe('Neuer Auftrag: Replace boiler pump');
    expect(mail!.text).toContain(url);
    o = sent.body.data;
    expect(
      Object.keys(o.links)
        .filter((k) => ['accept', 'refuse', 'cancel', 'reset_token'].includes(k))
        .sort(),
    ).toEqual(['accept', 'cancel', 'refuse', 'reset_token']);
    for (const [action, status] of [
      ['accept', 'accepted'],
      ['done', 'done'],
      ['confirm', 'confirmed'],
    ] as const)
      expect((await post(a.client, `/orders/${o.uuid}/${action}`)).body.data.status).toBe(status);
  });

  it('send needs a contractor with an e-mail address and writes nothing without one', async () => {
    const o = await order(a, { kind: 'external' });
    const res = await post(a.client, `/orders/${o.uuid}/send`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('contact_uuid');
    expect(json<{ data: Rec }>(await a.client.get(`/orders/${o.uuid}`)).data.status).toBe('draft');
  });

  it('401 without a session, 404 across workspaces', async () => {
    const o = await order(a);
    const anon = new Client(env.app);
    await anon.csrf();
    for (const action of ['send', 'accept', 'refuse', 'done', 'confirm', 'cancel', 'reset-token']) {
      expect((await anon.post(`/orders/${o.uuid}/${action}`)).statusCode).toBe(401);
      expect((await b.client.post(`/orders/${o.uuid}/${action}`)).statusCode).toBe(404);
    }
  });
});
