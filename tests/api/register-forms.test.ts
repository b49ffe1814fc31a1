// POST /register takes the app's form (first_name, last_name) and Laravel Fortify's (one name field): the name is
// split into first and last name, and every 422 names the field of the form that was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

let n = 0;
const fortify = (name: unknown, extra: Record<string, unknown> = {}) => ({
  name,
  email: `fortify${++n}@example.com`,
  password: 'a good password',
  password_confirmation: 'a good password',
  terms: true,
  ...extra,
});

async function register(body: unknown, headers: Record<string, string> = {}) {
  const client = new Client(env.app);
  await client.csrf();
  const res = await client.request('POST', '/register', body, headers);
  return { client, res };
}

type Errors = Record<string, string[]>;

describe("Fortify's registration form (one name field)", () => {
  it.each([
    ['Anna Muster', 'Anna', 'Muster'],
    ['  Anna   Maria\tMuster ', 'Anna Maria', 'Muster'],
    ['Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['Anna de la Cruz', 'Anna', 'de la Cruz'],
    ['Muster, Anna Maria', 'Anna Maria', 'Muster'],
  ])('registers "%s" as first name "%s" and last name "%s", and signs in', async (name, first, last) => {
    const { client, res } = await register(fortify(name));
    expect(res.statusCode).toBe(201);
    const { user } = json<{ data: { user: Record<string, unknown> } }>(res).data;
    expect(user).toMatchObject({ first_name: first, last_name: last, name: `${first} ${last}` });
    const me = json<{ data: Record<string, unknown> }>(await client.get('/user')).data;
    expect(me).toMatchObject({ first_name: first, last_name: last });
  });

  it('takes the optional fields of the app form with it', async () => {
    const { res } = await register(fortify('Beat Keller', { organisation: 'Keller AG', locale: 'de-ch' }));
    expect(res.statusCode).toBe(201);
    const { user } = json<{ data: { user: Record<string, unknown> } }>(res).data;
    expect(user).toMatchObject({ organisation: 'Keller AG', locale: 'de-ch', date_format: 'DD.MM.YYYY' });
  });

  it('asks for a first and a last name when the name is one word, and names the field "name"', async () => {
    const { res } = await register(fortify('Madonna'));
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Errors }>(res).errors).toEqual({
      name: ['Name must hold a first and a last name (e.g. Anna Muster).'],
    });
  });

  it.each([
    ['an empty name', '   ', 'Name is required.'],
    ['a name that is not text', 42, 'Name must be a text.'],
    ['a name longer than both fields', `${'A'.repeat(120)} Muster`, 'Name must not be greater than 100 characters.'],
    ['a name over the length limit', `Anna ${'b'.repeat(200)}`, 'Name must not be greater than 201 characters.'],
    ['more than one comma', 'Muster, Anna, Dr.', 'Name must hold a first and a last name (e.g. Anna Muster).'],
  ])('answers 422 on name for %s', async (_case, name, message) => {
    const { res } = await register(fortify(name));
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Errors }>(res).errors).toEqual({ name: [message] });
  });

  it('refuses the name together with first or last name, naming the name field', async () => {
    const { res } = await register(fortify('Anna Muster', { first_name: 'Anna' }));
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Errors }>(res).errors).toEqual({
      name: ['Send either the name or the first and last name, not both.'],
    });
  });

  it('reports every wrong field at once, never first_name or last_name', async () => {
    const { res } = await register(
      fortify('Madonna', { email: 'not-an-address', password_confirmation: 'other', terms: false, role: 'admin' }),
    );
    expect(res.statusCode).toBe(422);
    const errors = json<{ errors: Errors }>(res).errors;
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'role', 'terms']);
  });

  it('checks the password confirmation and a taken address like the app form', async () => {
    let { res } = await register(fortify('Anna Muster', { password_confirmation: 'something else' }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Errors }>(res).errors)).toEqual(['password']);
    const first = fortify('Anna Muster');
    expect((await register(first)).res.statusCode).toBe(201);
    ({ res } = await register({ ...first, name: 'Other Person' }));
    expect(json<{ errors: Errors }>(res).errors).toEqual({ email: ['This e-mail address is already registered.'] });
  });

  it('answers in German', async () => {
    const { res } = await register(fortify('Madonna'), { 'accept-language': 'de' });
    expect(json<{ errors: Errors }>(res).errors).toEqual({
      name: ['Name muss Vor- und Nachnamen enthalten (z. B. Anna Muster).'],
    });
  });

  it('needs the XSRF token like every sign-in call (419, no account)', async () => {
    const client = new Client(env.app, { xsrf: false });
    await client.csrf();
    const body = fortify('Anna Muster');
    expect((await client.post('/register', body)).statusCode).toBe(419);
    const login = new Client(env.app);
    expect((await login.login(body.email, body.password)).statusCode).toBe(422);
  });
});

describe('the app form still', () => {
  const form = (extra: Record<string, unknown> = {}) => ({
    first_name: 'Rita',
    last_name: 'Muster',
    email: `app${++n}@example.com`,
    password: 'a good password',
    password_confirmation: 'a good password',
    terms: true,
    ...extra,
  });

  it('registers first and last name as given', async () => {
    const { res } = await register(form({ first_name: 'Rita Anna', last_name: 'von Muster' }));
    expect(res.statusCode).toBe(201);
    expect(json<{ data: { user: Record<string, unknown> } }>(res).data.user).toMatchObject({
      first_name: 'Rita Anna',
      last_name: 'von Muster',
    });
  });

  it('names first_name and last_name when they are missing or empty, never name', async () => {
    let { res } = await register(form({ first_name: undefined, last_name: undefined }));
    expect(json<{ errors: Errors }>(res).errors).toEqual({
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
    });
    ({ res } = await register(form({ last_name: '  ' })));
    expect(json<{ errors: Errors }>(res).errors).toEqual({ last_name: ['Last name is required.'] });
    ({ res } = await register(form({ first_name: undefined, email: 'nope' })));
    expect(Object.keys(json<{ errors: Errors }>(res).errors).sort()).toEqual(['email', 'first_name']);
  });

  it('answers a body that is not an object with 422', async () => {
    const { res } = await register([1, 2]);
    expect(res.statusCode).toBe(422);
  });
});
