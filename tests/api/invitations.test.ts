// Invitations (docs/domain/permissions.md, "Invitations"): an admin invites addresses with a role and user groups;
// each gets a mail over real SMTP with a personal link; the link's page reads the invitation without a login; the
// invitee accepts and joins the settings group and its user groups; resend renews the link (the old one is dead),
// revoke kills it; the allowed e-mail domains, malformed, doubled and member addresses and too many at once are
// 422s naming the address, with nothing written or sent; 401/403/404 as for every admin route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { post, workspace } from './planning-support';
import { startSmtp } from './smtp';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

interface Inv {
  uuid: string;
  email: string;
  status: string;
  role: string;
  links: Record<string, string>;
}
const tokenIn = (mail: string) => /invitations\/([A-Za-z0-9_-]{43})/.exec(mail.replace(/=\r?\n/g, ''))?.[1];
const mailsTo = (email: string) => smtp.received.filter((m) => m.includes(`To: ${email}`));

describe('invitations', () => {
  it('invites within the allowed domains, mails a link, and the invitee joins with the user groups', async () => {
    const ws = await workspace(env);
    const domains = await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, {
      allowed_email_domains: ['Firma.ch'],
    });
    expect(json<{ data: { allowed_email_domains: string[] } }>(domains).data.allowed_email_domains).toEqual([
      'firma.ch',
    ]);
    const group = (await post(ws.client, '/user-groups', { settings_group_uuid: ws.settingsGroup, name: 'Technik' }))
      .body.data;
    const url = `/settings-groups/${ws.settingsGroup}/invitations`;
    const outside = await ws.client.post(url, { emails: ['anna@firma.ch', 'max@other.ch'] });
    expect(outside.statusCode).toBe(422);
    const errors = json<{ errors: Record<string, string[]> }>(outside).errors;
    expect(Object.keys(errors)).toEqual(['emails.1']);
    expect(errors['emails.1']![0]).toContain('max@other.ch');
    expect(json<{ data: unknown[] }>(await ws.client.get(url)).data).toEqual([]);
    expect(mailsTo('anna@firma.ch')).toHaveLength(0);

    const sent = await ws.client.post(url, {
      emails: [' anna@firma.ch ', 'beat@FIRMA.ch'],
      role: 'user',
      user_group_uuids: [group.uuid],
    });
    expect(sent.statusCode).toBe(201);
    const made = json<{ data: Inv[] }>(sent).data;
    expect(made.map((i) => [i.email, i.status])).toEqual([
      ['anna@firma.ch', 'sent'],
      ['beat@FIRMA.ch', 'sent'],
    ]);
    const token = tokenIn(mailsTo('anna@firma.ch')[0]!)!;
    expect(token).toBeDefined();
    const page = await new Client(env.app).get(`/invitations/token/${token}`);
    expect(page.statusCode).toBe(200);
    expect(json<{ data: { email: string; status: string; settings_group_name: string } }>(page).data).toMatchObject({
      email: 'anna@firma.ch',
      status: 'sent',
    });
    expect((await new Client(env.app).get(`/invitations/token/${'x'.repeat(43)}`)).statusCode).toBe(404);

    // Anna registers with the invited address and accepts from her account
    const anna = await signedIn(env, { email: 'anna@firma.ch' });
    const open = json<{ data: { invitations: { uuid: string }[] } }>(await anna.client.get('/user')).data.invitations;
    expect(open.map((i) => i.uuid)).toEqual([made[0]!.uuid]);
    expect((await anna.client.post(`/user/invitations/${made[0]!.uuid}/accept`)).statusCode).toBe(200);
    const members = json<{ data: { email: string; user_group_uuids: string[] }[] }>(
      await ws.client.get(`/settings-groups/${ws.settingsGroup}/members/details`),
    ).data;
    expect(members.find((m) => m.email === 'anna@firma.ch')?.user_group_uuids).toEqual([group.uuid]);
    const list = json<{ data: Inv[] }>(await ws.client.get(url)).data;
    expect(list.find((i) => i.email === 'anna@firma.ch')?.status).toBe('accepted');
    // inviting her again: she is a member already
    const again = await ws.client.post(url, { emails: ['anna@firma.ch'] });
    expect(json<{ errors: Record<string, string[]> }>(again).errors['emails.0']![0]).toContain('anna@firma.ch');
  });

  it('resends with a new link and revokes, each link dead afterwards', async () => {
    const ws = await workspace(env);
    const url = `/settings-groups/${ws.settingsGroup}/invitations`;
    const [inv] = json<{ data: Inv[] }>(
      await ws.client.post(url, { emails: ['carla@example.ch'], role: 'admin' }),
    ).data;
    const first = tokenIn(mailsTo('carla@example.ch').at(-1)!)!;
    const resent = await ws.client.post(`/invitations/${inv!.uuid}/resend`);
    expect(resent.statusCode).toBe(200);
    const second = tokenIn(mailsTo('carla@example.ch').at(-1)!)!;
    expect(second).not.toBe(first);
    expect((await new Client(env.app).get(`/invitations/token/${first}`)).statusCode).toBe(404);
    expect((await new Client(env.app).get(`/invitations/token/${second}`)).statusCode).toBe(200);
    const revoked = await ws.client.delete(`/invitations/${inv!.uuid}`);
    expect(json<{ data: Inv }>(revoked).data.status).toBe('revoked');
    const page = json<{ data: { status: string } }>(await new Client(env.app).get(`/invitations/token/${second}`));
    expect(page.data.status).toBe('revoked');
    const carla = await signedIn(env, { email: 'carla@example.ch' });
    expect((await carla.client.post(`/user/invitations/${inv!.uuid}/accept`)).statusCode).toBe(404);
    expect((await ws.client.post(`/invitations/${inv!.uuid}/resend`)).statusCode).toBe(409);
    expect((await ws.client.delete(`/invitations/${inv!.uuid}`)).statusCode).toBe(409);
  });

  it('refuses bad addresses and too many at once, naming them, with nothing written', async () => {
    const ws = await workspace(env);
    const url = `/settings-groups/${ws.settingsGroup}/invitations`;
    const res = await ws.client.post(url, { emails: ['ok@example.ch', 'not-an-address', 'ok@example.ch', ''] });
    expect(res.statusCode).toBe(422);
    const errors = json<{ errors: Record<string, string[]> }>(res).errors;
    expect(Object.keys(errors).sort()).toEqual(['emails.1', 'emails.2']);
    expect(errors['emails.1']![0]).toContain('not-an-address');
    const many = Array.from({ length: 201 }, (_, i) => `p${i}@example.ch`);
    const tooMany = await ws.client.post(url, { emails: many });
    expect(tooMany.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(tooMany).errors.emails![0]).toContain('200');
    expect((await ws.client.post(url, { emails: [] })).statusCode).toBe(422);
    expect((await ws.client.post(url, { emails: ['a@example.ch'], role: 'owner' })).statusCode).toBe(422);
    const foreign = await workspace(env);
    const theirs = (
      await post(foreign.client, '/user-groups', { settings_group_uuid: foreign.settingsGroup, name: 'Theirs' })
    ).body.data;
    const badGroup = await ws.client.post(url, { emails: ['a@example.ch'], user_group_uuids: [theirs.uuid] });
    expect(badGroup.statusCode).toBe(422);
    expect(json<{ data: unknown[] }>(await ws.client.get(url)).data).toEqual([]);
    const domains = await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, {
      allowed_email_domains: ['not a domain'],
    });
    expect(domains.statusCode).toBe(422);
  });

  it('is for admins: 403 for a member, 404 outside, 401 signed out', async () => {
    const ws = await workspace(env);
    const url = `/settings-groups/${ws.settingsGroup}/invitations`;
    const [inv] = json<{ data: Inv[] }>(await ws.client.post(url, { emails: ['dora@example.ch'] })).data;
    const dora = await signedIn(env, { email: 'dora@example.ch' });
    await dora.client.post(`/user/invitations/${inv!.uuid}/accept`);
    const stranger = await signedIn(env);
    const anon = new Client(env.app);
    expect((await dora.client.get(url)).statusCode).toBe(403);
    expect((await dora.client.post(url, { emails: ['x@example.ch'] })).statusCode).toBe(403);
    expect((await stranger.client.get(url)).statusCode).toBe(404);
    expect((await stranger.client.post(`/invitations/${inv!.uuid}/resend`)).statusCode).toBe(404);
    expect((await stranger.client.delete(`/invitations/${inv!.uuid}`)).statusCode).toBe(404);
    expect((await anon.get(url)).statusCode).toBe(401);
    expect((await anon.post(`/invitations/${inv!.uuid}/resend`)).statusCode).toBe(401);
  });
});
