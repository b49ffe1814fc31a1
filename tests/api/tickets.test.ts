// Tickets through the API (docs/domain/states.md, "States and transitions"): numbering per settings group, transitions as links
// and actions (anything else a 422 on status), derived overdue, assignee, delegation, followers, comments, an order
// from a ticket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Rec, type Ws } from './planning-support';

let env: TestEnv;
let a: Ws;
let b: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
});
afterAll(() => env.close());

const ticket = async (ws: Ws, body: Record<string, unknown> = {}) => {
  const res = await post(ws.client, '/tickets', { property_uuid: ws.property, subject: 'Boiler broken', ...body });
  expect(res.status).toBe(201);
  return res.body.data;
};

describe('tickets', () => {
  it('numbers per settings group, without gaps or duplicates under concurrent creates', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, () => ticket(a)));
    const numbers = made.map((t) => String(t.number)).sort();
    expect(new Set(numbers).size).toBe(12);
    expect(numbers[0]).toBe('T-00001');
    expect(numbers.at(-1)).toBe('T-00012');
    expect((await ticket(b)).number).toBe('T-00001');
    expect((await post(a.client, '/tickets', { property_uuid: a.property, subject: 'x', number: 'T-1' })).status).toBe(
      422,
    );
  });

  it('walks the ticket transitions through links; anything else is a 422 on status', async () => {
    let t = await ticket(a);
    expect(t.status).toBe('open');
    expect(
      Object.keys(t.links)
        .filter((k) => ['start', 'delegate', 'cancel', 'done', 'confirm'].includes(k))
        .sort(),
    ).toEqual(['cancel', 'delegate', 'start']);
    const wrong = await post(a.client, `/tickets/${t.uuid}/confirm`);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors!.status![0]).toMatch(/open/);
    for (const [action, status] of [
      ['start', 'in_progress'],
      ['done', 'done'],
      ['reopen', 'open'],
      ['start', 'in_progress'],
      ['done', 'done'],
      ['confirm', 'confirmed'],
    ] as const) {
      expect(t.links[action]).toBe(`/api/v1/tickets/${t.uuid}/${action}`);
      const res = await post(a.client, t.links[action]!);
      expect(res.status).toBe(200);
      t = res.body.data;
      expect(t.status).toBe(status);
    }
    expect(t.reopen_count).toBe(1);
    expect(t.confirmed_by).toMatch(/Test User/);
    expect(t.links.reopen).toBeUndefined();
    expect((await post(a.client, `/tickets/${t.uuid}/cancel`)).status).toBe(422);
    expect((await a.client.patch(`/tickets/${t.uuid}`, { status: 'open' })).statusCode).toBe(422);
  });

  it('derives overdue from the due date and the state', async () => {
    const late = await ticket(a, { due_date: addDays(today(), -1) });
    expect(late.overdue).toBe(true);
    expect((await ticket(a, { due_date: today() })).overdue).toBe(false);
    const cancelled = await post(a.client, `/tickets/${late.uuid}/cancel`);
    expect(cancelled.body.data.overdue).toBe(false);
  });

  it("computes overdue against the caller's today (X-Timezone-Offset)", async () => {
    const t = await ticket(a, { due_date: today() });
    const at = async (offset: string) =>
      json<{ data: Rec }>(
        await a.client.request('GET', `/tickets/${t.uuid}`, undefined, { 'x-timezone-offset': offset }),
      ).data.overdue;
    // +14 h is already tomorrow from 10:00 UTC on; -14 h is still today until 14:00 UTC
    expect(await at('14')).toBe(new Date().getUTCHours() >= 10);
    expect(await at('-14')).toBe(false);
    expect(await at('0')).toBe(false);
  });

  it('assigns and delegates to members or contacts only, with a comment', async () => {
    const t = await ticket(a);
    const me = await post(a.client, `/tickets/${t.uuid}/assign`, { user_uuid: a.user.uuid });
    expect(me.body.data).toMatchObject({
      assignee_user_uuid: a.user.uuid,
      assignee_name: expect.stringMatching(/Test User/),
    });
    const stranger = await post(a.client, `/tickets/${t.uuid}/assign`, { user_uuid: b.user.uuid });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors).toHaveProperty('user_uuid');
    expect((await post(a.client, `/tickets/${t.uuid}/delegate`, {})).status).toBe(422);
    const contact = json<{ data: Rec }>(
      await a.client.post('/contacts', {
        settings_group_uuid: a.settingsGroup,
        kind: 'organisation',
        organisation: 'Heizung AG',
      }),
    ).data;
    const foreign = json<{ data: Rec }>(
      await b.client.post('/contacts', {
        settings_group_uuid: b.settingsGroup,
        kind: 'organisation',
        organisation: 'Other AG',
      }),
    ).data;
    expect((await post(a.client, `/tickets/${t.uuid}/delegate`, { contact_uuid: foreign.uuid })).status).toBe(422);
    const res = await post(a.client, `/tickets/${t.uuid}/delegate`, {
      contact_uuid: contact.uuid,
      comment: 'Please check',
    });
    expect(res.body.data).toMatchObject({ status: 'delegated', delegated_contact_uuid: contact.uuid });
    const comments = json<{ data: Rec[] }>(await a.client.get(`/tickets/${t.uuid}/comments`)).data;
    expect(comments.map((c) => c.body)).toEqual(['Please check']);
    expect((await post(a.client, `/tickets/${t.uuid}/start`)).body.data.status).toBe('in_progress');
  });

  it('follows and unfollows, idempotently', async () => {
    const t = await ticket(a);
    expect((await post(a.client, `/tickets/${t.uuid}/follow`)).body.meta).toEqual({ following: true });
    await post(a.client, `/tickets/${t.uuid}/follow`);
    let list = json<{ data: { name: string }[]; meta: { following: boolean } }>(
      await a.client.get(`/tickets/${t.uuid}/followers`),
    );
    expect(list.data).toHaveLength(1);
    expect(list.meta.following).toBe(true);
    await post(a.client, `/tickets/${t.uuid}/unfollow`);
    list = json(await a.client.get(`/tickets/${t.uuid}/followers`));
    expect(list.data).toHaveLength(0);
  });

  it('comments: posted and listed in order; an empty one is a 422', async () => {
    const t = await ticket(a);
    expect((await a.client.post(`/tickets/${t.uuid}/comments`, { body: 'First' })).statusCode).toBe(201);
    await a.client.post(`/tickets/${t.uuid}/comments`, { body: 'Second' });
    expect((await a.client.post(`/tickets/${t.uuid}/comments`, { body: '' })).statusCode).toBe(422);
    const list = json<{ data: Rec[] }>(await a.client.get(`/tickets/${t.uuid}/comments`)).data;
    expect(list.map((c) => c.body)).toEqual(['First', 'Second']);
    expect(list[0]!.created_by).toMatch(/Test User/);
  });

  it('creates an order from a ticket, carrying subject, description and due date', async () => {
    const t = await ticket(a, { description: 'No hot water since Monday', due_date: addDays(today(), 3) });
    const res = await a.client.post(`/tickets/${t.uuid}/create-order`, { kind: 'external' });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: Rec }>(res).data).toMatchObject({
      title: 'Boiler broken',
      description: 'No hot water since Monday',
      due_date: addDays(today(), 3),
      kind: 'external',
      status: 'draft',
      ticket_uuid: t.uuid,
      property_uuid: a.property,
    });
    expect((await a.client.post(`/tickets/${t.uuid}/create-order`, { kind: 'other' })).statusCode).toBe(422);
  });

  it('edits a record written with database default stamps (microseconds) under If-Match', async () => {
    const { ticket: tickets } = await import('../../server/db/entity-tables');
    const [row] = await env.database.db
      .insert(tickets)
      .values({ settings_group_uuid: a.settingsGroup, property_uuid: a.property, subject: 'Seeded' } as never)
      .returning({ uuid: tickets.uuid! });
    const got = json<{ data: Rec & { updated_at: string } }>(await a.client.get(`/tickets/${row!.uuid}`)).data;
    const res = await a.client.request(
      'PATCH',
      `/tickets/${row!.uuid}`,
      { subject: 'Seeded, edited' },
      { 'if-match': `"${got.updated_at}"` },
    );
    expect(res.statusCode).toBe(200);
    const stale = await a.client.request(
      'PATCH',
      `/tickets/${row!.uuid}`,
      { subject: 'Stale' },
      { 'if-match': `"${got.updated_at}"` },
    );
    expect(stale.statusCode).toBe(409);
  });

  it('401 without a session, 404 across workspaces', async () => {
    const t = await ticket(a);
    const anon = new Client(env.app);
    await anon.csrf();
    for (const action of [
      'open',
      'start',
      'delegate',
      'done',
      'confirm',
      'reopen',
      'cancel',
      'assign',
      'follow',
      'unfollow',
      'comments',
      'create-order',
    ]) {
      expect((await anon.post(`/tickets/${t.uuid}/${action}`, {})).statusCode).toBe(401);
      const foreign = await b.client.post(
        `/tickets/${t.uuid}/${action}`,
        action === 'create-order'
          ? { kind: 'internal' }
          : action === 'comments'
            ? { body: 'x' }
            : action === 'assign'
              ? { user_uuid: null }
              : {},
      );
      expect(foreign.statusCode).toBe(404);
    }
    expect((await anon.get(`/tickets/${t.uuid}/comments`)).statusCode).toBe(401);
    expect((await anon.get(`/tickets/${t.uuid}/followers`)).statusCode).toBe(401);
    expect((await b.client.get(`/tickets/${t.uuid}/comments`)).statusCode).toBe(404);
    expect((await b.client.get(`/tickets/${t.uuid}/followers`)).statusCode).toBe(404);
  });
});
