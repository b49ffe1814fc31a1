// Sign-in: csrf-cookie, login with XSRF, register, logout, rate limits, bearer tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Client, createTestEnv, createUser, json, PASSWORD, signedIn, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

describe('csrf-cookie and login', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and a readable XSRF-TOKEN cookie', async () => {
    const res = await new Client(env.app).csrf();
    expect(res.statusCode).toBe(204);
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    const session = cookies.find((c) => c.name === 'hauswerk_session')!;
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(xsrf.httpOnly).toBeFalsy();
  });

  it('refuses a login without the X-XSRF-TOKEN header with 419 and signs nobody in', async () => {
    const user = await createUser(env);
    const client = new Client(env.app, { xsrf: false });
    await client.csrf();
    const res = await client.post('/login', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(419);
    expect(json(res).message).toMatch(/CSRF/);
    expect((await client.get('/user')).statusCode).toBe(401);
  });

  it('refuses a login with a token of another session', async () => {
    const user = await createUser(env);
    const a = new Client(env.app);
    const b = new Client(env.app);
    await a.csrf();
    await b.csrf();
    const res = await a.request(
      'POST',
      '/login',
      { email: user.email, password: PASSWORD },
      { 'x-xsrf-token': b.cookies.get('XSRF-TOKEN')! },
    );
    expect(res.statusCode).toBe(419);
  });

  it('signs in, rotates the session id and answers GET /user with every User field', async () => {
    const user = await createUser(env);
    const client = new Client(env.app);
    await client.csrf();
    const before = client.cookies.get('hauswerk_session');
    const res = await client.post('/login', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ two_factor: false });
    expect(client.cookies.get('hauswerk_session')).not.toBe(before);
    const me = json<{ data: Record<string, unknown> }>(await client.get('/user')).data;
    for (const field of [
      'email',
      'name',
      'first_name',
      'last_name',
      'organisation',
      'gender',
      'locale',
      'date_format',
      'settings',
      'terms_accepted',
      'terms_accepted_at',
      'is_superuser',
      'is_partner',
      'is_internal',
      'links',
      'image',
      'attributes',
      'created_at',
      'last_login',
      'has_settings_groups',
      'settings_group_count',
      'default_settings_group',
      'two_factor_enabled',
      'two_factor_confirmed',
      'date_to_delete',
      'invitations',
      'acl',
    ])
      expect(me, field).toHaveProperty(field);
    expect(me.settings).toEqual({ locale: 'en-us', date_format: 'MM/DD/YYYY' });
    expect(me.email).toBe(user.email);
  });

  it('gives a wrong password and an unknown e-mail the same answer', async () => {
    const user = await createUser(env);
    const a = await new Client(env.app).login(user.email, 'wrong password');
    const b = await new Client(env.app).login('nobody@example.com', 'wrong password');
    expect(a.statusCode).toBe(422);
    expect(b.statusCode).toBe(422);
    expect(a.body).toBe(b.body);
    expect(json(a).errors).toEqual({ email: ['These credentials do not match our records.'] });
  });

  it('limits logins to 5 failures per minute per e-mail and IP with 429 and Retry-After', async () => {
    const user = await createUser(env);
    const client = new Client(env.app);
    for (let i = 0; i < 5; i++) expect((await client.login(user.email, 'nope')).statusCode).toBe(422);
    const res = await client.login(user.email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // another address from the same IP is not affected
    const other = await createUser(env);
    expect((await new Client(env.app).login(other.email)).statusCode).toBe(200);
  });

  it('answers 422 with field paths for missing, wrong-typed, over-long and unknown fields', async () => {
    const client = new Client(env.app);
    await client.csrf();
    let res = await client.post('/login', { password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(json(res).errors).toHaveProperty('email');
    res = await client.post('/login', { email: 12, password: 'x' });
    expect(json(res).errors).toEqual({ email: ['E-mail address must be a text.'] });
    res = await client.post('/login', { email: `${'a'.repeat(200_000)}@x.ch`, password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(res).errors.email![0]).toMatch(/not be greater than 254/);
    res = await client.post('/login', { email: 'a@b.ch', password: 'x', is_superuser: true });
    expect(res.statusCode).toBe(422);
    expect(json(res).errors).toEqual({ is_superuser: ['Superuser is not allowed.'] });
  });

  it('answers malformed JSON with 400 and a message, never a 500', async () => {
    const client = new Client(env.app);
    await client.csrf();
    const res = await client.request('POST', '/login', '{"email": ');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: 'The request body is not valid JSON.' });
  });
});

describe('register', () => {
  const form = (email: string) => ({
    first_name: 'Rita',
    last_name: 'Muster',
    email,
    password: 'a good password',
    password_confirmation: 'a good password',
    terms: true,
  });

  it('creates the account, signs in and replies data.user', async () => {
    const client = new Client(env.app);
    await client.csrf();
    const res = await client.post('/register', form('rita@example.com'));
    expect(res.statusCode).toBe(201);
    const { user } = json<{ data: { user: Record<string, unknown> } }>(res).data;
    expect(user.email).toBe('rita@example.com');
    expect(user.email_verified_at).toBeNull();
    expect(user.terms_accepted).toBe(true);
    expect((await client.get('/user')).statusCode).toBe(200);
  });

  it('rejects a taken e-mail, a mismatched confirmation and unaccepted terms with 422', async () => {
    const client = new Client(env.app);
    await client.csrf();
    let res = await client.post('/register', form('RITA@example.com'));
    expect(json(res).errors).toEqual({ email: ['This e-mail address is already registered.'] });
    res = await client.post('/register', { ...form('x1@example.com'), password_confirmation: 'other' });
    expect(json(res).errors).toHaveProperty('password');
    res = await client.post('/register', { ...form('x2@example.com'), terms: false });
    expect(json(res).errors).toEqual({ terms: ['Please accept the terms of use.'] });
    res = await client.post('/register', {
      ...form('x3@example.com'),
      password: 'short',
      password_confirmation: 'short',
    });
    expect(json(res).errors).toEqual({ password: ['Password must be at least 8 characters.'] });
  });

  it('answers in German when the browser asks for it', async () => {
    const client = new Client(env.app);
    await client.csrf();
    const res = await client.request(
      'POST',
      '/register',
      { ...form('y@example.com'), terms: false },
      { 'accept-language': 'de-CH,de;q=0.9' },
    );
    expect(json(res).errors).toEqual({ terms: ['Bitte Nutzungsbedingungen akzeptieren.'] });
  });
});

describe('logout and 401', () => {
  it('signs out with a message and the session no longer works', async () => {
    const { client } = await signedIn(env);
    const res = await client.post('/logout');
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('You have been signed out.');
    expect((await client.get('/user')).statusCode).toBe(401);
  });

  it('answers 401 with a message for every account call without a session', async () => {
    const client = new Client(env.app);
    await client.csrf();
    for (const [method, url] of [
      ['GET', '/user'],
      ['PUT', '/user/profile-information'],
      ['PUT', '/user/password'],
      ['PUT', '/user/terms'],
      ['GET', '/email/verified-status'],
      ['POST', '/email/verification-notification'],
      ['GET', '/user/invitations'],
      ['GET', '/user/api-tokens'],
      ['POST', '/user/delete-request'],
      ['POST', '/user/two-factor-authentication'],
      ['GET', '/settings-groups'],
      ['GET', '/system-notifications'],
    ] as const) {
      const body =
        method === 'GET'
          ? undefined
          : url === '/user/terms'
            ? { version: 'x' }
            : url === '/user/password'
              ? { current_password: 'a', password: 'abcdefgh', password_confirmation: 'abcdefgh' }
              : url === '/user/profile-information'
                ? { first_name: 'a', last_name: 'b', email: 'a@b.ch', locale: 'de', date_format: 'DD.MM.YYYY' }
                : undefined;
      const res = await client.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(json(res).message).toBe('Unauthenticated.');
    }
  });
});

describe('bearer tokens for scripts', () => {
  it('issues a token to loopback callers and refuses others', async () => {
    const user = await createUser(env);
    const body = { email: user.email, password: PASSWORD, device_name: 'import script' };
    const local = await new Client(env.app).post('/sanctum/token', body);
    expect(local.statusCode).toBe(200);
    const token = json<{ data: { token: string } }>(local).data.token;
    const remote = await new Client(env.app, { remoteAddress: '203.0.113.9' }).post('/sanctum/token', body);
    expect(remote.statusCode).toBe(403);

    const script = new Client(env.app);
    script.bearer = token;
    expect(json<{ data: { email: string } }>(await script.get('/user')).data.email).toBe(user.email);
    // bearer calls need no XSRF token; the token is listed and can be revoked
    const list = json<{ data: { id: number; name: string }[] }>(await script.get('/user/api-tokens')).data;
    expect(list.map((t) => t.name)).toEqual(['import script']);
    expect((await script.delete(`/user/api-tokens/${list[0]!.id}`)).statusCode).toBe(200);
    expect((await script.get('/user')).statusCode).toBe(401);
  });

  it('rejects wrong credentials and unknown tokens', async () => {
    const user = await createUser(env);
    const res = await new Client(env.app).post('/sanctum/token', {
      email: user.email,
      password: 'nope',
      device_name: 'x',
    });
    expect(res.statusCode).toBe(422);
    const script = new Client(env.app);
    script.bearer = 'hw_not-a-token';
    expect((await script.get('/user')).statusCode).toBe(401);
  });

  it('stores tokens hashed', async () => {
    const user = await createUser(env);
    const res = await new Client(env.app).post('/sanctum/token', {
      email: user.email,
      password: PASSWORD,
      device_name: 'x',
    });
    const token = json<{ data: { token: string } }>(res).data.token;
    const dump = JSON.stringify(await env.database.db.execute(sql`select * from personal_access_tokens`));
    expect(dump).not.toContain(token);
  });
});
