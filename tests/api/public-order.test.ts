// The contractor's public order page: no login, the token is the key; accept, refuse, propose a date, comment,
// done; answering twice is a clear 422; reset and unknown tokens are the same 404; guessing is rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Rec, type Ws } from './planning-support';

let env: TestEnv;
let a: Ws;
let ip = 0;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
});
afterAll(() => env.close());

/** A contractor's browser: no session, its own address (rate limits count per IP). */
const contractorBrowser = () => new Client(env.app, { remoteAddress: `10.0.0.${++ip}` });

async function sentOrder() {
  const c = json<{ data: Rec }>(
    await a.client.post('/contacts', {
      settings_group_uuid: a.settingsGroup,
      kind: 'organisation',
      organisation: 'Sanitär Beispiel GmbH',
      email_address: `sanitaer-${Math.random().toString(36).slice(2, 8)}@example.com`,
      language: 'en-us',
    }),
  ).data;
  const o = (
    await post(a.client, '/orders', {
      property_uuid: a.property,
      title: 'Fix the leaking pipe',
      kind: 'external',
      contact_uuid: c.uuid,
      due_date: addDays(today(), 7),
    })
  ).body.data;
  await post(a.client, '/order-lines', {
    property_uuid: a.property,
    order_uuid: o.uuid,
    title: 'Hours',
    quantity: '2',
    unit_price: '95.00',
  });
  const sent = await post(a.client, `/orders/${o.uuid}/send`);
  const token = String(sent.body.meta!.public_url).split('/').pop()!;
  return { order: o, token };
}

const page = async (c: Client, token: string) => c.get(`/public/orders/${token}`);

describe('public order page', () => {
  it('shows the order without a login, with public headers and the allowed answers', async () => {
    const { token } = await sentOrder();
    const res = await page(contractorBrowser(), token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['x-robots-tag'])).toContain('noindex');
    const data = json<{ data: { order: Rec; links: Record<string, string> } }>(res).data;
    expect(data.order).toMatchObject({
      title: 'Fix the leaking pipe',
      status: 'sent',
      total: '190.00',
      discount_total: '0.00',
    });
    expect(data.order.property).toMatchObject({ name: 'Seestrasse 1' });
    expect(Object.keys(data.links).sort()).toEqual(['accept', 'comment', 'propose_date', 'refuse']);
    expect(JSON.stringify(data)).not.toContain('settings_group');
  });

  it('accepts, proposes a date, comments and marks done; staff see it', async () => {
    const { order, token } = await sentOrder();
    const c = contractorBrowser();
    expect((await c.post(`/public/orders/${token}/accept`, { comment: 'We come on Tuesday' })).statusCode).toBe(200);
    const date = addDays(today(), 9);
    expect((await c.post(`/public/orders/${token}/propose-date`, { date })).statusCode).toBe(200);
    expect((await c.post(`/public/orders/${token}/comment`, { body: 'Parts ordered' })).statusCode).toBe(200);
    expect((await c.post(`/public/orders/${token}/done`)).statusCode).toBe(200);
    const staff = json<{ data: Rec }>(await a.client.get(`/orders/${order.uuid}`)).data;
    expect(staff).toMatchObject({ status: 'done', proposed_date: date });
    const view = json<{ data: { messages: { author: string; body: string }[]; links: Record<string, string> } }>(
      await page(c, token),
    ).data;
    expect(view.messages.map((m) => m.body)).toEqual(['We come on Tuesday', 'Parts ordered']);
    expect(view.messages[0]!.author).toBe('Sanitär Beispiel GmbH');
    expect(Object.keys(view.links)).toEqual(['comment']);
    // staff read the conversation and reply; the contractor sees the reply on the page
    const reply = await a.client.post(`/orders/${order.uuid}/messages`, { body: 'Thank you' });
    expect(reply.statusCode).toBe(201);
    const staffView = json<{ data: { author: string; body: string }[] }>(
      await a.client.get(`/orders/${order.uuid}/messages`),
    ).data;
    expect(staffView.map((m) => m.body)).toEqual(['We come on Tuesday', 'Parts ordered', 'Thank you']);
    expect(staffView[2]!.author).toMatch(/Test User/);
    const again = json<{ data: { messages: { body: string }[] } }>(await page(c, token)).data;
    expect(again.messages.at(-1)!.body).toBe('Thank you');
    expect((await a.client.post(`/orders/${order.uuid}/messages`, { body: '' })).statusCode).toBe(422);
    const stranger = await workspace(env);
    expect((await stranger.client.get(`/orders/${order.uuid}/messages`)).statusCode).toBe(404);
    expect((await stranger.client.post(`/orders/${order.uuid}/messages`, { body: 'x' })).statusCode).toBe(404);
    expect((await contractorBrowser().get(`/orders/${order.uuid}/messages`)).statusCode).toBe(401);
  });

  it('a contractor answering twice gets a clear answer and nothing changes', async () => {
    const { order, token } = await sentOrder();
    const c = contractorBrowser();
    expect((await c.post(`/public/orders/${token}/refuse`, { comment: 'No capacity' })).statusCode).toBe(200);
    const again = await c.post(`/public/orders/${token}/accept`);
    expect(again.statusCode).toBe(422);
    expect(json<{ errors: { status: string[] } }>(again).errors.status[0]).toBe(
      'This order has been answered already (refused); nothing was changed.',
    );
    expect(json<{ data: Rec }>(await a.client.get(`/orders/${order.uuid}`)).data.status).toBe('refused');
    expect((await c.post(`/public/orders/${token}/propose-date`, { date: '2026-02-30' })).statusCode).toBe(422);
  });

  it('reset-token kills the old link at once: the same 404 as an unknown token', async () => {
    const { order, token } = await sentOrder();
    const reset = await post(a.client, `/orders/${order.uuid}/reset-token`);
    expect(reset.status).toBe(200);
    const fresh = String(reset.body.meta!.public_url).split('/').pop()!;
    const c = contractorBrowser();
    const old = await page(c, token);
    expect(old.statusCode).toBe(404);
    const unknown = await page(c, 'A'.repeat(43));
    expect(old.body).toBe(unknown.body);
    expect((await c.post(`/public/orders/${token}/accept`)).statusCode).toBe(404);
    expect((await page(c, fresh)).statusCode).toBe(200);
    expect((await page(c, 'short')).statusCode).toBe(404);
  });

  it('rate-limits guessing per IP', async () => {
    const c = contractorBrowser();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await page(c, `${'B'.repeat(42)}${i % 10}`)).statusCode);
    expect(codes.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(codes[11]).toBe(429);
    const { token } = await sentOrder();
    const blocked = await page(c, token);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await page(contractorBrowser(), token)).statusCode).toBe(200);
  });
});
