// System notifications (docs/domain/notifications.md, "System notifications"): superusers (with 2FA) manage; users see the publish
// window and mark read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, signedInWithTwoFactor, type TestEnv } from './harness';
import { formatStamp } from '../../src/entities/dates';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const at = (minutes: number) => formatStamp(new Date(Date.now() + minutes * 60_000));
const body = (title: string, from: number, until: number | null) => ({
  type: 'info',
  publish_at: at(from),
  publish_until: until === null ? null : at(until),
  translations: { 'en-us': { title, body: `${title} body` }, de: { title: `${title} DE`, body: '…' } },
});
const superuser = () => signedInWithTwoFactor(env, { is_superuser: true });

describe('system notifications', () => {
  it('lets a superuser create, edit and delete, and shows users only the publish window, newest first', async () => {
    const admin = await superuser();
    const old = json<{ data: { id: number } }>(
      await admin.client.post('/system-notifications', body('Older', -120, null)),
    ).data;
    const newer = await admin.client.post('/system-notifications', body('Newer', -10, 60));
    expect(newer.statusCode).toBe(201);
    await admin.client.post('/system-notifications', body('Future', 60, null));
    await admin.client.post('/system-notifications', body('Expired', -300, -200));

    const { client } = await signedIn(env);
    let list = json<{
      data: {
        id: number;
        translations: Record<string, { title: string }>;
        viewed: boolean;
        publish_at: string;
        links: Record<string, string>;
      }[];
    }>(await client.get('/system-notifications')).data;
    expect(list.map((n) => n.translations['en-us']!.title)).toEqual(['Newer', 'Older']);
    expect(list[0]!.publish_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(list[0]!.links).not.toHaveProperty('update');
    expect(list.every((n) => !n.viewed)).toBe(true);

    expect((await client.post(`/system-notifications/${old.id}/confirmations`)).statusCode).toBe(200);
    expect((await client.post(`/system-notifications/${old.id}/confirmations`)).statusCode).toBe(200); // idempotent
    list = json<typeof list extends infer T ? { data: T } : never>(await client.get('/system-notifications'))
      .data as typeof list;
    expect(list.find((n) => n.id === old.id)!.viewed).toBe(true);

    // the superuser sees every notification with edit links
    const all = json<{ data: { links: Record<string, string> }[] }>(
      await admin.client.get('/system-notifications'),
    ).data;
    expect(all).toHaveLength(4);
    expect(all[0]!.links).toHaveProperty('update');

    const edited = await admin.client.put(`/system-notifications/${old.id}`, body('Older, edited', -120, null));
    expect(
      json<{ data: { translations: Record<string, { title: string }> } }>(edited).data.translations['en-us']!.title,
    ).toBe('Older, edited');
    expect((await admin.client.delete(`/system-notifications/${old.id}/`)).statusCode).toBe(200);
    expect((await admin.client.delete(`/system-notifications/${old.id}/`)).statusCode).toBe(404);
  });

  it('refuses managing to users (403) and to superusers without two-factor sign-in', async () => {
    const { client } = await signedIn(env);
    expect((await client.post('/system-notifications', body('x', 0, null))).statusCode).toBe(403);
    const bare = await signedIn(env, { is_superuser: true });
    const res = await bare.client.post('/system-notifications', body('x', 0, null));
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('Superusers must enable two-factor sign-in first.');
    expect(
      json<{ data: { acl: { system_notifications: string[] } } }>(await bare.client.get('/user')).data.acl
        .system_notifications,
    ).toEqual(['view']);
  });

  it('validates dates, windows and translations with 422', async () => {
    const admin = await superuser();
    let res = await admin.client.post('/system-notifications', {
      ...body('x', 0, null),
      publish_at: '2026-01-01T10:00:00Z',
    });
    expect(json(res).errors).toEqual({
      publish_at: ['Start of publication must have the format yyyy-MM-dd HH:mm:ss.'],
    });
    res = await admin.client.post('/system-notifications', body('x', 10, 5));
    expect(json(res).errors).toHaveProperty('publish_until');
    res = await admin.client.post('/system-notifications', { ...body('x', 0, null), translations: {} });
    expect(res.statusCode).toBe(422);
    res = await admin.client.post('/system-notifications', {
      ...body('x', 0, null),
      translations: { fr: { title: 'a', body: 'b' } },
    });
    expect(res.statusCode).toBe(422);
  });

  it('cannot confirm a notification outside the window or unknown', async () => {
    const admin = await superuser();
    const future = json<{ data: { id: number } }>(
      await admin.client.post('/system-notifications', body('Later', 60, null)),
    ).data;
    const { client } = await signedIn(env);
    expect((await client.post(`/system-notifications/${future.id}/confirmations`)).statusCode).toBe(404);
    expect((await client.post('/system-notifications/999999/confirmations')).statusCode).toBe(404);
    expect((await client.post('/system-notifications/abc/confirmations')).statusCode).toBe(422);
  });

  it('answers 401 without a session', async () => {
    const client = new Client(env.app);
    await client.csrf();
    expect((await client.get('/system-notifications')).statusCode).toBe(401);
    expect((await client.post('/system-notifications', body('x', 0, null))).statusCode).toBe(401);
    expect((await client.put('/system-notifications/1', body('x', 0, null))).statusCode).toBe(401);
    expect((await client.delete('/system-notifications/1/')).statusCode).toBe(401);
    expect((await client.post('/system-notifications/1/confirmations')).statusCode).toBe(401);
  });
});
