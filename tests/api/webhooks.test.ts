// Outgoing webhooks (docs/domain/webhooks.md): the secret shown once; addresses that are not http(s) or point inside
// (also by a name resolving there) refused at save and at delivery; record changes queued in their own transaction
// (none for a rolled-back change), delivered signed to a real HTTP receiver, retried after a 500, failed after
// 24 hours, the webhook turned off after three days of failures with a mail to its admins; both secrets signing
// during a rotation; a test delivery, a re-send, the delivery log; 401/403/404 on every route of its own.
// @both-databases: the queue is filled by the tables' triggers.
import http from 'node:http';
import os from 'node:os';
import dns from 'node:dns';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { memberOf, post, workspace, type Rec, type Ws } from './planning-support';
import { startSmtp } from './smtp';
import { entities } from '../../src/entities/registry';
import { WEBHOOK_MODELS } from '../../src/entities/webhook';
import { webhooks } from '../../server/db/entity-tables';
import { webhookDeliveries, webhookSecrets } from '../../server/db/webhook-schema';
import { drainDeliveries } from '../../server/webhooks/sender';
import { isInternalAddress } from '../../server/webhooks/address';
import { verify } from '../../server/webhooks/signature';

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: Ws;
let b: Ws;
let receiver: http.Server;
let port = 0;
const hits: Hit[] = [];
/** The statuses the receiver answers with, in turn (200 once they are used up). */
const answers: number[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url, webhookAllowedHosts: ['localhost'] });
  a = await workspace(env);
  b = await workspace(env);
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'thanks' : 'receiver broke');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await env.close();
  await smtp.close();
});
beforeEach(() => {
  hits.length = 0;
  answers.length = 0;
});

const ctx = () => env.app.ctx;
const url = () => `http://localhost:${port}/hook`;
const drain = (now?: Date) => drainDeliveries(ctx(), now);
const queued = async (hook: string) =>
  env.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhook_uuid, hook))
    .orderBy(webhookDeliveries.id);

async function addWebhook(ws: Ws, events: string[], body: Record<string, unknown> = {}) {
  const res = await post(ws.client, '/webhooks', {
    settings_group_uuid: ws.settingsGroup,
    url: url(),
    events,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { hook: res.body.data, secret: String(res.body.meta!.secret) };
}

const events = (model: string) => ['created', 'updated', 'archived', 'restored', 'deleted'].map((c) => `${model}.${c}`);
const bodyOf = (hit: Hit) => JSON.parse(hit.body) as { type: string; data: Record<string, unknown> };

describe('webhooks: saving', () => {
  it('shows the secret once: in the create reply, never in a read of the webhook', async () => {
    const { hook, secret } = await addWebhook(a, ['facility.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const read = await a.client.get(`/webhooks/${hook.uuid}`);
    const list = await a.client.get('/webhooks');
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(secret.slice(6));
    expect(list.body).not.toContain(secret.slice(6));
    expect(json<{ data: Rec }>(read).data.events).toEqual(['facility.created']);
  });

  it('refuses addresses that are not http(s) or point inside, and unknown events, writing nothing', async () => {
    const before = (await env.database.db.select().from(webhooks)).length;
    const refused = [
      'ftp://example.org/hook',
      'not a url',
      'http://127.0.0.1:8080/hook',
      'http://10.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0x7f000001/hook',
      'http://api.localhost/hook',
    ];
    for (const address of refused) {
      const res = await post(a.client, '/webhooks', {
        settings_group_uuid: a.settingsGroup,
        url: address,
        events: ['facility.created'],
      });
      expect(res.status, address).toBe(422);
      expect(Object.keys(res.body.errors!), address).toEqual(['url']);
    }
    const unknown = await post(a.client, '/webhooks', {
      settings_group_uuid: a.settingsGroup,
      url: url(),
      events: ['facility.created', 'facility.exploded'],
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors!).join()).toMatch(/^events/);
    const none = await post(a.client, '/webhooks', { settings_group_uuid: a.settingsGroup, url: url(), events: [] });
    expect(none.status).toBe(422);
    expect((await env.database.db.select().from(webhooks)).length).toBe(before);
  });

  it('refuses a name that resolves to an internal address (this machine’s own name)', async () => {
    const name = os.hostname().toLowerCase();
    const addresses = await dns.promises.lookup(name, { all: true }).catch(() => []);
    if (!addresses.some((x) => isInternalAddress(x.address))) return; // a machine whose name resolves outside
    const res = await post(a.client, '/webhooks', {
      settings_group_uuid: a.settingsGroup,
      url: `http://${name}:${port}/hook`,
      events: ['facility.created'],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!)).toEqual(['url']);
  });

  it('answers 401 signed out, 403 to a member, 404 outside the settings group on every route', async () => {
    const { hook } = await addWebhook(a, ['facility.created']);
    const test = await a.client.post(`/webhooks/${hook.uuid}/test`, {});
    const delivery = json<{ data: { id: number } }>(test).data.id;
    const routes: [string, string][] = [
      ['GET', `/webhooks/${hook.uuid}/deliveries`],
      ['POST', `/webhooks/${hook.uuid}/test`],
      ['POST', `/webhooks/${hook.uuid}/deliveries/${delivery}/resend`],
      ['POST', `/webhooks/${hook.uuid}/rotate-secret`],
    ];
    const anonymous = new Client(env.app);
    const member = (await memberOf(env, a)).client;
    for (const [method, path] of routes) {
      const call = (c: Client) => (method === 'GET' ? c.get(path) : c.post(path, {}));
      expect((await call(anonymous)).statusCode, path).toBe(401);
      expect((await call(member)).statusCode, path).toBe(403);
      expect((await call(b.client)).statusCode, path).toBe(404);
    }
    const create = { settings_group_uuid: a.settingsGroup, url: url(), events: ['facility.created'] };
    expect((await anonymous.post('/webhooks', create)).statusCode).toBe(401);
    expect((await member.post('/webhooks', create)).statusCode).toBe(403);
    expect((await b.client.post('/webhooks', create)).statusCode).toBe(404);
    expect((await a.client.post(`/webhooks/${hook.uuid}/deliveries/999999/resend`, {})).statusCode).toBe(404);
  });
});

describe('webhooks: deliveries', () => {
  it('delivers each change signed (Standard Webhooks), with the changed fields of an update', async () => {
    const ws = await workspace(env);
    const { hook, secret } = await addWebhook(ws, events('facility'));
    const made = await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Heizkessel' });
    const facility = made.body.data;
    await ws.client.patch(`/facilities/${facility.uuid}`, { name: 'Gaskessel', manufacturer: 'Hoval' });
    await ws.client.post(`/facilities/${facility.uuid}/archive`, {});
    await ws.client.post(`/facilities/${facility.uuid}/restore`, {});
    await ws.client.delete(`/facilities/${facility.uuid}`);
    // another model's change is not heard of
    await post(ws.client, '/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'organisation',
      organisation: 'Muster AG',
    });
    expect(await drain()).toBe(5);
    // sent side by side: in any order (docs/domain/webhooks.md, "Deliveries")
    expect(hits.map((h) => bodyOf(h).type).sort()).toEqual(events('facility').sort());
    for (const hit of hits) {
      expect(verify(secret, hit.headers, hit.body)).toBe(true);
      expect(hit.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Math.abs(Number(hit.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(bodyOf(hit).data.uuid).toBe(facility.uuid);
    }
    const hit = (type: string) => hits.find((h) => bodyOf(h).type === type)!;
    const created = hit('facility.created');
    expect(verify('whsec_' + Buffer.alloc(24, 1).toString('base64'), created.headers, created.body)).toBe(false);
    expect(verify(secret, created.headers, created.body.replace('Heizkessel', 'Heizkessle'))).toBe(false);
    const updated = bodyOf(hit('facility.updated')).data;
    expect(updated.changed).toEqual(['manufacturer', 'name']);
    expect((updated.record as Rec).name).toBe('Gaskessel');
    expect(bodyOf(created).data.changed).toBeUndefined();
    const log = json<{ data: { status: string; response_status: number; attempts: number }[] }>(
      await ws.client.get(`/webhooks/${hook.uuid}/deliveries`),
    ).data;
    expect(log.map((d) => [d.status, d.response_status, d.attempts])).toEqual(Array(5).fill(['delivered', 200, 1]));
  });

  it('queues nothing for a change rolled back, a turned-off webhook or another settings group', async () => {
    const ws = await workspace(env);
    const { hook } = await addWebhook(ws, events('facility'));
    const facility = (await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Lift' })).body.data;
    const dry = await ws.client.patch(`/facilities?dry_run=true`, { rows: [{ uuid: facility.uuid, name: 'Aufzug' }] });
    expect(dry.statusCode).toBe(200);
    // a bulk that fails on one row writes none of them
    const failed = await ws.client.patch(`/facilities`, {
      rows: [
        { uuid: facility.uuid, name: 'Aufzug' },
        { uuid: facility.uuid, name: 'x'.repeat(5000) },
      ],
    });
    expect(failed.statusCode).toBe(422);
    await post(b.client, '/facilities', { property_uuid: b.property, name: 'Anderswo' });
    expect((await queued(hook.uuid)).map((d) => d.event)).toEqual(['facility.created']);
    await ws.client.patch(`/webhooks/${hook.uuid}`, { enabled: false });
    await ws.client.patch(`/facilities/${facility.uuid}`, { name: 'Aufzug' });
    expect((await queued(hook.uuid)).length).toBe(1);
    await drain();
  });

  it('retries after a 500 with growing delays, and fails after 24 hours', async () => {
    const ws = await workspace(env);
    const { hook } = await addWebhook(ws, ['contact.created']);
    await post(ws.client, '/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'organisation',
      organisation: 'Retry AG',
    });
    answers.push(500);
    const start = new Date();
    await drain(start);
    let [d] = await queued(hook.uuid);
    expect([d!.status, d!.attempts, d!.response_status, d!.response_excerpt]).toEqual([
      'pending',
      1,
      500,
      'receiver broke',
    ]);
    expect(d!.next_attempt_at.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect((await ws.client.get(`/webhooks/${hook.uuid}`)).json().data.failing_since).not.toBeNull();
    await drain(new Date(Date.now() + 31_000));
    [d] = await queued(hook.uuid);
    expect([d!.status, d!.attempts]).toEqual(['delivered', 2]);
    expect(hits.length).toBe(2);
    expect(hits[0]!.headers['webhook-id']).toBe(hits[1]!.headers['webhook-id']);
    expect((await ws.client.get(`/webhooks/${hook.uuid}`)).json().data.failing_since).toBeNull();

    // a message older than 24 hours that fails once more is given up
    await post(ws.client, '/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'organisation',
      organisation: 'Late AG',
    });
    await env.database.db
      .update(webhookDeliveries)
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(webhookDeliveries.status, 'pending'));
    answers.push(503);
    await drain();
    const late = (await queued(hook.uuid)).at(-1)!;
    expect([late.status, late.response_status]).toEqual(['failed', 503]);
  });

  it('turns a webhook off after three days of failures and mails its admins', async () => {
    const ws = await workspace(env);
    const { hook } = await addWebhook(ws, ['contact.created']);
    await env.database.db
      .update(webhooks)
      .set({ failing_since: new Date(Date.now() - 3 * 86_400_000 - 60_000) })
      .where(eq(webhooks.uuid, hook.uuid));
    await post(ws.client, '/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'organisation',
      organisation: 'Down AG',
    });
    await post(ws.client, '/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'organisation',
      organisation: 'Down 2 AG',
    });
    const mails = smtp.received.length;
    answers.push(500, 500);
    await drain();
    const off = (await ws.client.get(`/webhooks/${hook.uuid}`)).json().data;
    expect([off.enabled, off.disabled_reason]).toEqual([false, 'failing']);
    expect((await queued(hook.uuid)).map((d) => d.status)).toEqual(['failed', 'failed']);
    await expect.poll(() => smtp.received.length).toBe(mails + 1);
    expect(smtp.received.at(-1)).toContain(ws.user.email);
    expect(smtp.received.at(-1)).toContain('/settings/connectors');
    // switched on again by hand: the failures are forgotten
    const on = (await ws.client.patch(`/webhooks/${hook.uuid}`, { enabled: true })).json().data;
    expect([on.enabled, on.disabled_reason, on.failing_since]).toEqual([true, null, null]);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const ws = await workspace(env);
    const { hook, secret } = await addWebhook(ws, ['contact.created']);
    const rotated = await post(ws.client, `/webhooks/${hook.uuid}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const fresh = String(rotated.body.meta!.secret);
    expect(fresh).not.toBe(secret);
    await post(ws.client, '/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'organisation',
      organisation: 'Rotation AG',
    });
    await drain();
    expect(String(hits[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(secret, hits[0]!.headers, hits[0]!.body)).toBe(true);
    expect(verify(fresh, hits[0]!.headers, hits[0]!.body)).toBe(true);
    await env.database.db
      .update(webhookSecrets)
      .set({ previous_until: new Date(Date.now() - 1000) })
      .where(eq(webhookSecrets.webhook_uuid, hook.uuid));
    await post(ws.client, '/contacts', {
      settings_group_uuid: ws.settingsGroup,
      kind: 'organisation',
      organisation: 'Rotation 2 AG',
    });
    await drain();
    expect(verify(secret, hits[1]!.headers, hits[1]!.body)).toBe(false);
    expect(verify(fresh, hits[1]!.headers, hits[1]!.body)).toBe(true);
  });

  it('sends a test at once, re-sends a delivery, and refuses an internal address at delivery time', async () => {
    const ws = await workspace(env);
    const { hook, secret } = await addWebhook(ws, ['contact.created']);
    const test = await post(ws.client, `/webhooks/${hook.uuid}/test`);
    expect(test.status).toBe(200);
    expect([test.body.data.status, test.body.data.response_status, test.body.data.event]).toEqual([
      'delivered',
      200,
      'webhook.test',
    ]);
    expect(verify(secret, hits[0]!.headers, hits[0]!.body)).toBe(true);
    answers.push(500);
    const broken = await post(ws.client, `/webhooks/${hook.uuid}/test`);
    // a test is sent once: a failure is final
    expect([broken.body.data.status, broken.body.data.response_status]).toEqual(['failed', 500]);
    const again = await post(ws.client, `/webhooks/${hook.uuid}/deliveries/${String(broken.body.data.id)}/resend`);
    expect([again.body.data.status, again.body.data.attempts]).toEqual(['delivered', 2]);
    expect(hits[2]!.headers['webhook-id']).toBe(hits[1]!.headers['webhook-id']);

    // an address that became internal after it was saved (a name re-pointed) is refused when sending
    await env.database.db
      .update(webhooks)
      .set({ url: `http://127.0.0.1:${port}/hook` })
      .where(eq(webhooks.uuid, hook.uuid));
    const refused = await post(ws.client, `/webhooks/${hook.uuid}/test`);
    expect([refused.body.data.status, refused.body.data.error]).toEqual(['failed', 'internal address']);
    expect(hits.length).toBe(3);
  });

  it('has the trigger on every table whose changes a webhook may hear of', async () => {
    const rows = await env.database.db.execute(
      sql`select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname = 'webhook_event' and not t.tgisinternal`,
    );
    const tables = ((rows as { rows?: { table: string }[] }).rows ?? (rows as unknown as { table: string }[])).map(
      (r) => r.table,
    );
    expect(tables.sort()).toEqual(WEBHOOK_MODELS.map((m) => entities[m].table).sort());
  });
});
