// Property deletion (docs/domain/permissions.md, "Property deletion"): an admin asks, gets a mail over real SMTP with
// a personal link, and confirms it from the app's page (a POST with the token): without a valid license the property
// and every record under it are deleted at once; with one, the daily job deletes it on the day after the license's
// end. A request is withdrawn until done (409 after); a second confirmation changes nothing; the generic delete of a
// licensed property is a 409; members 403, strangers 404, signed out 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { facility, property } from '../../server/db/entity-tables';
import { settingsGroupMembers } from '../../server/db/schema';
import { jobs } from '../../server/jobs/jobs';
import { runJobIfDue } from '../../server/jobs/scheduler';
import { Client, createTestEnv, createUser, json, signedIn, signedInWithTwoFactor, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Ws } from './planning-support';
import { startSmtp } from './smtp';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let superuser: Client;
beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  superuser = (await signedInWithTwoFactor(env, { is_superuser: true })).client;
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

interface Req {
  uuid: string;
  status: string;
  delete_on: string | null;
  done_at: string | null;
  property_uuid: string;
  links: Record<string, string>;
}
const tokenIn = (mail: string) =>
  /property-delete-requests\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
const lastTokenTo = (email: string) => tokenIn(smtp.received.filter((m) => m.includes(`To: ${email}`)).at(-1)!)!;

async function request(ws: Ws, prop = ws.property) {
  const res = await ws.client.post(`/properties/${prop}/delete-request`);
  expect(res.statusCode).toBe(201);
  return { req: json<{ data: Req }>(res).data, token: lastTokenTo(ws.user.email) };
}
const confirm = (c: Client, token: string) => c.post('/property-delete-requests/confirm', { token });
const deletedAt = async (table: typeof property | typeof facility, uuid: string) =>
  (await env.database.db.select({ at: table.deleted_at }).from(table).where(eq(table.uuid, uuid)))[0]?.at ?? null;
const job = () => jobs.find((j) => j.name === 'property-deletions')!;
const runJobOn = (day: string) => runJobIfDue(env.app.ctx, job(), jobs.indexOf(job()), new Date(`${day}T06:00:00Z`));

describe('property deletion', () => {
  it('mails a link; confirming deletes an unlicensed property and everything under it at once', async () => {
    const ws = await workspace(env);
    const fac = (await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Heizung' })).body.data;
    const user = await createUser(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: ws.settingsGroup, user_id: user.id, role: 'user' });
    const member = new Client(env.app);
    await member.login(user.email);
    const stranger = (await signedIn(env)).client;
    const url = `/properties/${ws.property}/delete-request`;
    expect((await new Client(env.app).post(url)).statusCode).toBe(401);
    expect((await member.post(url)).statusCode).toBe(403);
    expect((await stranger.post(url)).statusCode).toBe(404);
    expect((await superuser.post(url)).statusCode).toBe(404); // superusers manage licenses, not others' properties

    const { req, token } = await request(ws);
    expect(req.status).toBe('pending');
    expect(token).toBeDefined();
    const list = `/property-delete-requests?settings_group_uuid=${ws.settingsGroup}`;
    expect(json<{ data: Req[] }>(await ws.client.get(list)).data.map((r) => [r.uuid, r.status])).toEqual([
      [req.uuid, 'pending'],
    ]);
    expect((await member.get(list)).statusCode).toBe(403);
    expect((await stranger.get(list)).statusCode).toBe(404);
    expect((await new Client(env.app).get(list)).statusCode).toBe(401);
    expect((await deletedAt(property, ws.property)) === null).toBe(true);

    // only the requesting admin confirms; a wrong token looks missing
    expect((await confirm(new Client(env.app), token)).statusCode).toBe(401);
    expect((await confirm(member, token)).statusCode).toBe(404);
    expect((await confirm(ws.client, 'x'.repeat(43))).statusCode).toBe(404);
    const done = await confirm(ws.client, token);
    expect(done.statusCode).toBe(200);
    const settled = json<{ data: Req }>(done).data;
    expect(settled).toMatchObject({ status: 'done', delete_on: today() });
    expect((await ws.client.get(`/properties/${ws.property}`)).statusCode).toBe(404);
    expect((await ws.client.get(`/facilities/${fac.uuid}`)).statusCode).toBe(404);
    const stamp = await deletedAt(property, ws.property);
    expect(stamp).not.toBeNull();
    expect(await deletedAt(facility, fac.uuid)).toEqual(stamp);

    // a second click changes nothing; a done request cannot be withdrawn
    const again = await confirm(ws.client, token);
    expect(again.statusCode).toBe(200);
    expect(json<{ data: Req }>(again).data).toEqual(settled);
    expect((await ws.client.delete(`/property-delete-requests/${req.uuid}`)).statusCode).toBe(409);
  });

  it('waits for the license: scheduled for the day after its end, done then by the daily job; withdrawn before', async () => {
    const ws = await workspace(env);
    const second = (await post(ws.client, '/properties', { settings_group_uuid: ws.settingsGroup, name: 'Bahnhof 2' }))
      .body.data.uuid;
    const fac = (await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Lift' })).body.data;
    const end = addDays(today(), 5);
    const lic = await superuser.post('/licenses', {
      settings_group_uuid: ws.settingsGroup,
      name: 'Pro',
      valid_from: addDays(today(), -30),
      valid_to: end,
      property_uuids: [ws.property, second],
    });
    expect(lic.statusCode).toBe(201);

    // the generic delete waits for the license
    const direct = await ws.client.delete(`/properties/${ws.property}`);
    expect(direct.statusCode).toBe(409);
    expect(json<{ message: string }>(direct).message).toMatch(/license/);
    const bulk = await ws.client.post('/properties/bulk-delete', { rows: [{ uuid: second }] });
    expect(bulk.statusCode).toBe(409);
    expect(await deletedAt(property, second)).toBeNull();

    const { req, token } = await request(ws);
    const confirmed = json<{ data: Req }>(await confirm(ws.client, token)).data;
    expect(confirmed).toMatchObject({ uuid: req.uuid, status: 'scheduled', delete_on: addDays(end, 1) });
    expect(await deletedAt(property, ws.property)).toBeNull();
    // a second request while one is scheduled is a 409
    expect((await ws.client.post(`/properties/${ws.property}/delete-request`)).statusCode).toBe(409);

    // the second property's request is withdrawn before its day; confirming afterwards does nothing
    const other = await request(ws, second);
    expect((await ws.client.delete(`/property-delete-requests/${other.req.uuid}`)).statusCode).toBe(200);
    expect(json<{ data: Req }>(await confirm(ws.client, other.token)).data.status).toBe('withdrawn');
    expect((await ws.client.delete(`/property-delete-requests/${other.req.uuid}`)).statusCode).toBe(409);

    // the last day of the license: nothing yet; the day after: deleted with everything under it
    expect(await runJobOn(end)).toBe(true);
    expect(await deletedAt(property, ws.property)).toBeNull();
    expect(await runJobOn(addDays(end, 1))).toBe(true);
    expect(await deletedAt(property, ws.property)).not.toBeNull();
    expect(await deletedAt(facility, fac.uuid)).not.toBeNull();
    expect(await deletedAt(property, second)).toBeNull();
    const list = json<{ data: Req[] }>(
      await ws.client.get(`/property-delete-requests?settings_group_uuid=${ws.settingsGroup}`),
    ).data;
    expect(list.find((r) => r.uuid === req.uuid)).toMatchObject({ status: 'done', delete_on: addDays(end, 1) });
    expect(list.find((r) => r.uuid === other.req.uuid)?.status).toBe('withdrawn');
    // idempotent: running again (the next day) touches nothing
    const doneAt = list.find((r) => r.uuid === req.uuid)!.done_at;
    expect(await runJobOn(addDays(end, 2))).toBe(true);
    const after = json<{ data: Req[] }>(
      await ws.client.get(`/property-delete-requests?settings_group_uuid=${ws.settingsGroup}`),
    ).data;
    expect(after.find((r) => r.uuid === req.uuid)?.done_at).toBe(doneAt);
  });

  it('deletes an unlicensed property with the generic and the bulk delete, with everything under it', async () => {
    const ws = await workspace(env);
    const fac = (await post(ws.client, '/facilities', { property_uuid: ws.property, name: 'Pumpe' })).body.data;
    expect((await ws.client.delete(`/properties/${ws.property}`)).statusCode).toBe(200);
    expect(await deletedAt(facility, fac.uuid)).not.toBeNull();
    expect((await ws.client.delete(`/properties/${ws.property}`)).statusCode).toBe(404);
    const more = await workspace(env);
    const pump = (await post(more.client, '/facilities', { property_uuid: more.property, name: 'Pumpe' })).body.data;
    const bulk = await more.client.post('/properties/bulk-delete', { rows: [{ uuid: more.property }] });
    expect(bulk.statusCode).toBe(200);
    expect(await deletedAt(facility, pump.uuid)).toEqual(await deletedAt(property, more.property));
  });
});
