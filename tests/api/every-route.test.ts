// Every route in the OpenAPI document answers 401 without a signed-in user, except the few public ones
// (secure by default: a new route is protected unless it says otherwise).
// @both-databases: every route of the OpenAPI document.
import { openApiDocument } from '../../server/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const PUBLIC = new Set([
  'GET /api/v1/health',
  'GET /api/v1/outbox',
  'GET /api/v1/sanctum/csrf-cookie',
  'POST /api/v1/login',
  'POST /api/v1/two-factor-challenge',
  'POST /api/v1/two-factor-unlock', // the mailed single-use link's token is the credential
  'POST /api/v1/register',
  'POST /api/v1/logout',
  'POST /api/v1/forgot-password',
  'POST /api/v1/reset-password',
  'POST /api/v1/sanctum/token',
  'GET /api/v1/email/verify/{uuid}/{hash}',
  'GET /api/v1/user/delete-request/{token}',
  'GET /api/v1/public/orders/{token}',
  'POST /api/v1/public/orders/{token}/accept',
  'POST /api/v1/public/orders/{token}/refuse',
  'POST /api/v1/public/orders/{token}/done',
  'POST /api/v1/public/orders/{token}/propose-date',
  'POST /api/v1/public/orders/{token}/comment',
  'GET /api/v1/public/orders/{token}/documents/{uuid}',
  ...['properties', 'facilities', 'contracts', 'guarantees', 'documents', 'tickets'].flatMap((plural) => [
    `GET /api/v1/public/${plural}/{token}`,
    `GET /api/v1/public/${plural}/{token}/documents/{uuid}`,
  ]),
  'GET /api/v1/calendar-feed/{token}',
  'GET /api/v1/invitations/token/{token}',
]);

const sample = (param: string) =>
  param === 'id' ? '1' : param === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'x';

describe('every route', () => {
  it('answers 401 without a session unless it is public', async () => {
    const doc = (await openApiDocument(env.app.ctx)) as { paths: Record<string, Record<string, unknown>> };
    const client = new Client(env.app);
    await client.csrf(); // a session without a user: the XSRF check passes, authentication must not
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (PUBLIC.has(key)) continue;
        const url = path.replace(/\{(\w+)\}/g, (_, p: string) => sample(p));
        const res = await client.request(method.toUpperCase() as 'GET', url, method === 'get' ? undefined : {});
        expect(res.statusCode, key).toBe(401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(80);
  });
});
