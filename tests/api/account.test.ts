// Profile, password, terms, API tokens, invitations and the account deletion request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client, createTestEnv, createUser, json, PASSWORD, signedIn, type TestEnv } from './harness';
import { invitations, settingsGroups, users } from '../../server/db/schema';
import { runJobIfDue } from '../../server/jobs/scheduler';
import { jobs } from '../../server/jobs/jobs';
import { TERMS_VERSION } from '../../src/entities/account';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const profile = {
  first_name: 'Anna',
  last_name: 'Keller',
  email: '',
  organisation: 'Keller AG',
  gender: 'female',
  locale: 'de-ch',
  date_format: 'DD.MM.YYYY',
};

describe('profile', () => {
  it('saves names, language and date format', async () => {
    const { user, client } = await signedIn(env);
    const res = await client.put('/user/profile-information', { ...profile, email: user.email });
    expect(res.statusCode).toBe(200);
    const me = json<{ data: Record<string, unknown> }>(await client.get('/user')).data;
    expect(me).toMatchObject({
      first_name: 'Anna',
      locale: 'de-ch',
      settings: { locale: 'de-ch', date_format: 'DD.MM.YYYY' },
      gender: 'female',
    });
    expect(me.email_verified_at).not.toBeNull();
  });

  it('asks for verification again when the e-mail changes', async () => {
    const { client } = await signedIn(env);
    await client.put('/user/profile-information', { ...profile, email: 'anna.new@example.com' });
    const me = json<{ data: Record<string, unknown> }>(await client.get('/user')).data;
    expect(me.email).toBe('anna.new@example.com');
    expect(me.email_verified_at).toBeNull();
  });

  it('rejects bad values and fields a user may not set, naming them', async () => {
    const { user, client } = await signedIn(env);
    const res = await client.put('/user/profile-information', {
      ...profile,
      email: user.email,
      locale: 'fr',
      is_superuser: true,
      date_format: 'x',
    });
    expect(res.statusCode).toBe(422);
    const errors = json<{ errors: Record<string, string[]> }>(res).errors;
    expect(Object.keys(errors).sort()).toEqual(['date_format', 'is_superuser', 'locale']);
    const fresh = (await env.database.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    expect(fresh.is_superuser).toBe(false);
    expect(fresh.locale).toBe('en-us');
  });
});

describe('password', () => {
  it('changes the password with the current one and ends other sessions', async () => {
    const { user, client } = await signedIn(env);
    const other = new Client(env.app);
    await other.login(user.email);
    const wrong = await client.put('/user/password', {
      current_password: 'nope',
      password: 'another secret',
      password_confirmation: 'another secret',
    });
    expect(json(wrong).errors).toHaveProperty('current_password');
    const res = await client.put('/user/password', {
      current_password: PASSWORD,
      password: 'another secret',
      password_confirmation: 'another secret',
    });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/user')).statusCode).toBe(200);
    expect((await other.get('/user')).statusCode).toBe(401);
  });
});

describe('terms', () => {
  it('is accepted once per version', async () => {
    const { user, client } = await signedIn(env, { terms_version: '2020-01' });
    expect(json<{ data: { terms_accepted: boolean } }>(await client.get('/user')).data.terms_accepted).toBe(false);
    expect((await client.put('/user/terms', { version: 'old' })).statusCode).toBe(422);
    expect((await client.put('/user/terms', { version: TERMS_VERSION })).statusCode).toBe(200);
    const me = json<{ data: { terms_accepted: boolean; terms_accepted_at: string } }>(await client.get('/user')).data;
    expect(me.terms_accepted).toBe(true);
    expect(user.id).toBeGreaterThan(0);
  });
});

describe('API tokens in the profile', () => {
  it('creates (shown once), lists and revokes', async () => {
    const { client } = await signedIn(env);
    const res = await client.post('/user/api-tokens', { name: 'Power BI' });
    expect(res.statusCode).toBe(201);
    const { token, id } = json<{ data: { token: string; id: number } }>(res).data;
    const list = json<{ data: Record<string, unknown>[] }>(await client.get('/user/api-tokens')).data;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(token);
    expect((await client.delete(`/user/api-tokens/${id}`)).statusCode).toBe(200);
    expect((await client.delete(`/user/api-tokens/${id}`)).statusCode).toBe(404);
    expect((await client.post('/user/api-tokens', { name: '' })).statusCode).toBe(422);
  });

  it('cannot revoke the token of another user', async () => {
    const a = await signedIn(env);
    const b = await signedIn(env);
    const { id } = json<{ data: { id: number } }>(await a.client.post('/user/api-tokens', { name: 'mine' })).data;
    expect((await b.client.delete(`/user/api-tokens/${id}`)).statusCode).toBe(404);
  });
});

describe('invitations', () => {
  it('lists open invitations, marks the profile as needing attention, and joins on accept', async () => {
    const { user, client } = await signedIn(env);
    const [group] = await env.database.db.insert(settingsGroups).values({ name: 'Invite AG' }).returning();
    const [inv] = await env.database.db
      .insert(invitations)
      .values({
        settings_group_uuid: group!.uuid,
        email: user.email.toUpperCase(),
        role: 'user',
        token_hash: 'x',
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const me = json<{ data: { needs_attention: boolean; invitations: unknown[] } }>(await client.get('/user')).data;
    expect(me.needs_attention).toBe(true);
    expect(me.invitations).toHaveLength(1);
    expect(json<{ data: unknown[] }>(await client.get('/user/invitations')).data).toHaveLength(1);
    const res = await client.post(`/user/invitations/${inv!.uuid}/accept`);
    expect(json(res).message).toBe('You have joined Invite AG.');
    const after = json<{ data: { needs_attention: boolean; settings_group_count: number } }>(
      await client.get('/user'),
    ).data;
    expect(after).toMatchObject({ needs_attention: false, settings_group_count: 1 });
    expect((await client.post(`/user/invitations/${inv!.uuid}/accept`)).statusCode).toBe(404);
  });
});

describe('account deletion', () => {
  it('is confirmed by an e-mailed link, ends sessions, and signing in again restores the account', async () => {
    const { user, client } = await signedIn(env);
    expect((await client.post('/user/delete-request')).statusCode).toBe(200);
    const mails = json<{ data: { text: string }[] }>(
      await new Client(env.app).get(`/outbox?to=${encodeURIComponent(user.email)}`),
    ).data;
    const link = new URL(mails[0]!.text.match(/http\S+/)![0]);
    const confirm = await new Client(env.app).get(link.pathname);
    expect(confirm.headers.location).toBe('/login?account_deletion=scheduled');
    expect((await client.get('/user')).statusCode).toBe(401);
    const row = (await env.database.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    const days = (row.date_to_delete!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // the link works once
    expect((await new Client(env.app).get(link.pathname)).headers.location).toBe('/login?account_deletion=invalid');
    // signing in again restores
    const again = new Client(env.app);
    await again.login(user.email);
    expect(json<{ data: { date_to_delete: string | null } }>(await again.get('/user')).data.date_to_delete).toBeNull();
  });

  it('deletes accounts whose date has passed, once, in the scheduled job', async () => {
    const doomed = await createUser(env, { date_to_delete: new Date(Date.now() - 1000) });
    const kept = await createUser(env, { date_to_delete: new Date(Date.now() + 86_400_000) });
    const job = jobs.find((j) => j.name === 'account-deletion')!;
    const ctx = env.app.ctx;
    expect(await runJobIfDue(ctx, job, jobs.indexOf(job))).toBe(true);
    expect(await runJobIfDue(ctx, job, jobs.indexOf(job))).toBe(false); // not due again yet
    const left = await env.database.db.select({ id: users.id }).from(users);
    expect(left.map((u) => u.id)).not.toContain(doomed.id);
    expect(left.map((u) => u.id)).toContain(kept.id);
  });
});
