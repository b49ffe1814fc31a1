// One regression test per class of hostile input (docs/hostile-input.md): each request once broke the server
// (a 500, or state shared by every user), and must now be a clear 4xx while the server goes on serving.
// @both-databases: values the database itself refuses differ by driver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, signedInWithTwoFactor, type TestEnv } from './harness';
import { workspace, type Ws } from './planning-support';

let env: TestEnv;
let ws: Ws;
beforeAll(async () => {
  env = await createTestEnv();
  ws = await workspace(env);
});
afterAll(() => env.close());

type Errors = { message: string; errors: Record<string, string[]> };

/** The server still answers, signs a new user in and lists: nothing was poisoned. */
async function stillServes() {
  expect((await new Client(env.app).get('/health')).statusCode).toBe(200);
  const { client } = await signedIn(env);
  const res = await client.get('/properties');
  expect(res.statusCode).toBe(200);
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).x).toBeUndefined();
}

const expect422 = (res: { statusCode: number; body: string }, field: string) => {
  expect(res.statusCode, res.body).toBe(422);
  const body = JSON.parse(res.body) as Errors;
  expect(typeof body.message).toBe('string');
  expect(Object.keys(body.errors)).toContain(field);
  return body;
};

const deep = (levels: number) => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};
/** Deep JSON as raw text (JSON.stringify of a 20,000-level object would overflow the test's own stack). */
const deepText = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('prototype keys', () => {
  it('a query string with __proto__ changes nothing, signed in or not', async () => {
    const anon = new Client(env.app);
    const res = await anon.get('/health?__proto__[x]=y&constructor[prototype][y]=1');
    expect(res.statusCode).toBe(422);
    expect(json<Errors>(res).errors['__proto__']).toEqual(['The name __proto__ is not allowed here.']);
    const list = await ws.client.get('/facilities?filter[__proto__][x]=1');
    expect(list.statusCode).toBe(422);
    await stillServes();
  });

  it('model and table names are checked against the models', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect((await ws.client.get(`/user/import-mappings/${name}`)).statusCode).toBe(404);
      expect(
        (await ws.client.get(`/documents?model_name=${name}&model_uuid=00000000-0000-4000-8000-000000000000`))
          .statusCode,
      ).toBe(422);
      const view = await ws.client.post('/grid-views', {
        table_name: name,
        settings_group_uuid: ws.settingsGroup,
        name: 'Mine',
        query: {},
      });
      expect422(view, 'table_name');
      expect422(await ws.client.put(`/user/table-settings/${name}?device=Test:desktop`, {}), 'table');
    }
    await stillServes();
  });

  it('a JSON body with __proto__ as its own key is refused', async () => {
    const res = await ws.client.request(
      'POST',
      '/properties',
      `{"settings_group_uuid":"${ws.settingsGroup}","name":"P","attributes":{"__proto__":{"x":1}}}`,
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    await stillServes();
  });
});

describe('deep and large JSON', () => {
  it('free-form fields take at most 20 levels and 64 KB', async () => {
    const base = { settings_group_uuid: ws.settingsGroup, name: 'Deep' };
    const body = expect422(await ws.client.post('/properties', { ...base, attributes: deep(21) }), 'attributes');
    expect(body.errors.attributes).toEqual(['Additional data is nested too deeply (at most 20 levels).']);
    // a model without attributes of a settings group keeps free-form ones (a property's are checked against its
    // settings group's attributes: tests/api/attributes.test.ts)
    const unit = { settings_group_uuid: ws.settingsGroup, name: 'Deep', symbol: 'dp' };
    expect((await ws.client.post('/units', { ...unit, attributes: deep(19) })).statusCode).toBe(201);
    expect422(await ws.client.post('/properties', { ...base, attributes: { a: 'x'.repeat(70_000) } }), 'attributes');
    const view = await ws.client.post('/grid-views', {
      table_name: 'facility',
      settings_group_uuid: ws.settingsGroup,
      name: 'Deep',
      query: { filters: deep(25) },
    });
    expect422(view, 'query.filters');
    expect422(
      await ws.client.put('/user/table-settings/facility?device=Test:desktop', { filters: deep(25) }),
      'filters',
    );
  });

  it('1,100 and 20,000 levels are refused at the edge and the database stays up', async () => {
    for (const levels of [1_100, 20_000]) {
      const res = await ws.client.request(
        'POST',
        '/properties',
        `{"settings_group_uuid":"${ws.settingsGroup}","name":"P","attributes":${deepText(levels)}}`,
      );
      expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
      expect(json<Errors>(res).message).toMatch(/nested too deeply/);
    }
    await stillServes();
  });
});

describe('text the database cannot store', () => {
  it('a NUL character or a lone surrogate is a 422 naming the field, everywhere', async () => {
    const nul = 'a\u0000b';
    expect422(await ws.client.post('/properties', { settings_group_uuid: ws.settingsGroup, name: nul }), 'name');
    expect422(await ws.client.post('/properties', { settings_group_uuid: ws.settingsGroup, name: 'x\uD800y' }), 'name');
    expect422(await ws.client.get(`/facilities?search=${encodeURIComponent(nul)}`), 'search');
    expect422(await ws.client.get(`/facilities?filter[name]=${encodeURIComponent(nul)}`), 'filter.name');
    const anon = new Client(env.app);
    await anon.csrf();
    expect422(await anon.post('/login', { email: `a${nul}@example.com`, password: nul }), 'email');
    expect422(await anon.post('/public/orders/abc/comment', { body: nul }), 'body');
    expect422(
      await ws.client.post('/properties', {
        settings_group_uuid: ws.settingsGroup,
        name: 'K',
        attributes: { [nul]: 1 },
      }),
      'attributes',
    );
    await stillServes();
  });

  it('a required title that is only spaces is no title', async () => {
    const body = expect422(await ws.client.post('/facilities', { property_uuid: ws.property, name: '   ' }), 'name');
    expect(body.errors.name).toEqual(['Name is required.']);
  });
});

describe('dates and computed values', () => {
  it('dates outside the years 1800–9999 are refused before the database sees them', async () => {
    for (const date of ['0000-01-01', '1799-12-31', '10000-01-01']) {
      expect422(
        await ws.client.post('/contracts', { property_uuid: ws.property, title: 'C', contract_start_date: date }),
        'contract_start_date',
      );
    }
    expect422(
      await ws.client.get('/facilities?filter[commissioning_date][from]=0000-01-01'),
      'filter.commissioning_date.from',
    );
    expect(
      (
        await ws.client.post('/contracts', {
          property_uuid: ws.property,
          title: 'C',
          contract_start_date: '9999-12-31',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('the workload of a month outside the storable years is a 422', async () => {
    for (const from of ['0000-01', '1799-12', '9999-12'])
      expect422(await ws.client.get(`/tasks/workload?from=${from}&months=36`), 'from');
    expect((await ws.client.get('/tasks/workload?from=2026-01&months=3')).statusCode).toBe(200);
  });

  it('a contract whose computed end date passes 9999 is a 422 on the duration, not a 500', async () => {
    const res = await ws.client.post('/contracts', {
      property_uuid: ws.property,
      title: 'Long',
      contract_start_date: '9990-01-01',
      contract_duration: 1200,
    });
    expect422(res, 'contract_duration');
  });

  it('an order total that would overflow its column is a 422 naming the input', async () => {
    const order = json<{ data: { uuid: string } }>(
      await ws.client.post('/orders', { property_uuid: ws.property, title: 'Big' }),
    ).data.uuid;
    const line = { property_uuid: ws.property, order_uuid: order, title: 'L', unit_price: '99999.99' };
    expect422(await ws.client.post('/order-lines', { ...line, quantity: '9999999999' }), 'quantity');
    // Each line fits, their sum would not: the second line is refused and the order keeps the first total.
    const ok = { ...line, quantity: '9000000', unit_price: '99999.99' };
    expect((await ws.client.post('/order-lines', ok)).statusCode).toBe(201);
    expect422(await ws.client.post('/order-lines', ok), 'quantity');
    const saved = json<{ data: { total: string } }>(await ws.client.get(`/orders/${order}`)).data;
    expect(saved.total).toBe('899999910000.00');
  });
});

describe('cursors', () => {
  it('a crafted cursor is a 422 on cursor', async () => {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const cases = [
      'not-a-cursor',
      enc({ v: 'abc', u: '00000000-0000-4000-8000-000000000000' }), // a string for a date sort
      enc({ v: 1, u: 5 }),
      enc([1, 2]),
      enc({ v: { x: 1 }, u: '00000000-0000-4000-8000-000000000000' }),
    ];
    for (const cursor of cases)
      expect422(await ws.client.get(`/facilities?sort_by=commissioning_date&cursor=${cursor}`), 'cursor');
    expect422(
      await ws.client.get(
        `/facilities?sort_by=lifetime&cursor=${enc({ v: 'x', u: '00000000-0000-4000-8000-000000000000' })}`,
      ),
      'cursor',
    );
    const good = enc({ v: 10, u: '00000000-0000-4000-8000-000000000000' });
    expect((await ws.client.get(`/facilities?sort_by=lifetime&cursor=${good}`)).statusCode).toBe(200);
  });
});

describe('search on every model', () => {
  it('tenancies, task events and ticket comments are searched, not listed whole', async () => {
    const partition = json<{ data: { uuid: string } }>(
      await ws.client.post('/partitions', { property_uuid: ws.property, name: 'Wohnung Blau' }),
    ).data.uuid;
    const tenant = json<{ data: { uuid: string } }>(
      await ws.client.post('/contacts', { settings_group_uuid: ws.settingsGroup, last_name: 'Zwicky' }),
    ).data.uuid;
    const tenancy = { property_uuid: ws.property, partition_uuid: partition, start_date: '2026-01-01' };
    expect((await ws.client.post('/tenancies', { ...tenancy, contact_uuid: tenant })).statusCode).toBe(201);
    const other = json<{ data: { uuid: string } }>(
      await ws.client.post('/contacts', { settings_group_uuid: ws.settingsGroup, last_name: 'Meier' }),
    ).data.uuid;
    expect((await ws.client.post('/tenancies', { ...tenancy, contact_uuid: other })).statusCode).toBe(201);
    const found = json<{ data: { contact_uuid: string }[] }>(await ws.client.get('/tenancies?search=zwick')).data;
    expect(found.map((t) => t.contact_uuid)).toEqual([tenant]);
    expect(json<{ data: unknown[] }>(await ws.client.get('/tenancies?search=nobody')).data).toEqual([]);

    const ticket = json<{ data: { uuid: string } }>(
      await ws.client.post('/tickets', { property_uuid: ws.property, subject: 'Leak' }),
    ).data.uuid;
    for (const body of ['Water in the cellar', 'Plumber called'])
      expect(
        (await ws.client.post('/ticket-comments', { property_uuid: ws.property, ticket_uuid: ticket, body }))
          .statusCode,
      ).toBe(201);
    const comments = json<{ data: { body: string }[] }>(await ws.client.get('/ticket-comments?search=cellar')).data;
    expect(comments.map((c) => c.body)).toEqual(['Water in the cellar']);

    const task = json<{ data: { uuid: string } }>(
      await ws.client.post('/tasks', {
        property_uuid: ws.property,
        title: 'Heizung entlüften',
        start_date: '2026-12-01',
      }),
    ).data.uuid;
    expect(task).toBeTruthy();
    const events = json<{ data: { task_uuid: string }[] }>(await ws.client.get('/task-events?search=heizung')).data;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.task_uuid === task)).toBe(true);
    expect(json<{ data: unknown[] }>(await ws.client.get('/task-events?search=nothing-like-this')).data).toEqual([]);
  });
});

describe('authorization before validation', () => {
  it('a non-superuser sending an invalid system notification gets 403, not 422', async () => {
    expect((await ws.client.post('/system-notifications', { type: 'nonsense' })).statusCode).toBe(403);
    expect((await ws.client.put('/system-notifications/1', { type: 'nonsense' })).statusCode).toBe(403);
    expect((await ws.client.delete('/system-notifications/x')).statusCode).toBe(403);
  });

  it("a superuser's notification with an impossible publication time is a 422", async () => {
    const { client } = await signedInWithTwoFactor(env, { is_superuser: true });
    const body = { type: 'info', publish_until: null, translations: { 'en-us': { title: 'T', body: '' } } };
    for (const publish_at of ['0000-01-01 00:00:00', '2026-02-30 10:00:00', '2026-01-01 24:00:00'])
      expect422(await client.post('/system-notifications', { ...body, publish_at }), 'publish_at');
    expect(
      (await client.post('/system-notifications', { ...body, publish_at: '2026-01-01 10:00:00' })).statusCode,
    ).toBe(201);
  });

  it('a member who is not admin gets 403 for an invalid settings group update', async () => {
    const { client: other, user } = await signedIn(env);
    expect(user).toBeTruthy();
    // make `other` a plain member of the workspace
    const { settingsGroupMembers } = await import('../../server/db/schema');
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: ws.settingsGroup, user_id: user.id, role: 'user' });
    const res = await other.patch(`/settings-groups/${ws.settingsGroup}`, { name: 42 });
    expect(res.statusCode).toBe(403);
  });
});

describe('found by the route fuzzer', () => {
  it('an export column named like a member of every object is an unknown column', async () => {
    for (const name of ['valueOf', 'constructor', '__defineGetter__'])
      expect422(await ws.client.get(`/facilities/export?columns=${name}`), 'columns');
  });

  it('a bulk update row whose uuid is no text is reported invalid, also when invalid rows are skipped', async () => {
    const res = await ws.client.patch('/facilities', { rows: [{ uuid: true }], skip_invalid: true });
    expect(res.statusCode).toBe(200);
    expect(json<{ meta: { invalid: number } }>(res).meta.invalid).toBe(1);
  });

  it('null for a required field with a default is refused, not passed on to the database', async () => {
    const body = { property_uuid: ws.property, title: 'O', currency: null };
    expect422(await ws.client.post('/orders', body), 'currency');
    expect(
      (await ws.client.post('/partitions', { property_uuid: ws.property, name: 'P', status: null })).statusCode,
    ).toBe(422);
  });

  it('a number with no decimal form the column can hold is a 422', async () => {
    const area = { property_uuid: ws.property, name: 'A' };
    expect(json<Errors>(await ws.client.post('/areas', { ...area, net_room_area: 1e308 })).errors).toEqual({
      net_room_area: ['Net room area (m²) is too large.'],
    });
    expect422(await ws.client.post('/areas', { ...area, net_room_area: 1e-7 }), 'net_room_area');
    expect((await ws.client.post('/areas', { ...area, net_room_area: 12.5 })).statusCode).toBe(201);
  });

  it('a multipart upload that ends without its closing boundary is answered with a 400', async () => {
    const file = (name: string, type: string, bytes: string) =>
      `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${bytes}\r\n`;
    const cases = [
      [
        '/imports',
        `--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nfacility\r\n${file('a.csv', 'text/csv', 'a;b\n1;2\n')}`,
      ],
      ['/documents', file('a.pdf', 'application/pdf', '%PDF-1.4\n%%EOF')],
      // cut inside a larger file part: the parser fails the part while the upload is still being set up
      ['/imports', file('a.pdf', 'application/octet-stream', 'x'.repeat(70_000))],
      ['/documents', file('b.pdf', 'application/pdf', `%PDF-1.4\n${'x'.repeat(70_000)}`)],
    ] as const;
    for (const [url, body] of cases) {
      const res = await ws.client.request('POST', url, undefined, {
        'content-type': 'multipart/form-data; boundary=b',
      });
      expect(res.statusCode).toBeLessThan(500); // the same route without a body at all
      const cut = await env.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        payload: body,
        headers: {
          'content-type': 'multipart/form-data; boundary=b',
          cookie: [...ws.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': decodeURIComponent(ws.client.cookies.get('XSRF-TOKEN')!),
        },
      });
      expect(cut.statusCode, url).toBe(400);
      expect(json<{ message: string }>(cut).message).toMatch(/upload ended/);
    }
    await stillServes();
  });
});
