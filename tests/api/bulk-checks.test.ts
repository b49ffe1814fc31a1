// Bulk writes get the checks of a single write that read other records (decisions.md, "One set of write checks for
// one row or many"), run once for all rows of a request: a unique value taken by a stored record or by an earlier row
// of the same request, and a tree move that closes a loop by itself or together with earlier rows' moves, are errors
// of their row (422 rows.N.field, or an invalid row with skip_invalid) — and a value or a parent an earlier row of the
// request freed or changed counts as it was left.
// @both-databases: the checks bulk runs in SQL for N rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '../../src/entities/registry';
import { createTestEnv, json, signedIn, type TestEnv } from './harness';
import { make, type Context } from './factories';

let env: TestEnv;
let a: Context;
let b: Context;
const costGroup = entityByName('cost_group')!;
const unit = entityByName('unit')!;
type Rec = Record<string, unknown> & { uuid: string; updated_at: string };
interface Bulk {
  data: ({ uuid: string; status: string; errors?: Record<string, string[]> } | Rec | null)[];
  meta: Record<string, number | string>;
  errors?: Record<string, string[]>;
}

const taken = 'Code has already been taken.';
const loop = 'Parent cost group cannot be the record itself or one of its sub-records.';
let n = 0;
const code = () => `BC${++n}`;

async function workspace(): Promise<Context> {
  const { client } = await signedIn(env);
  const res = await client.post('/settings-groups', { name: `WS ${Math.random().toString(36).slice(2, 7)}` });
  return { client, settingsGroup: json<{ data: { uuid: string } }>(res).data.uuid, made: new Map() };
}

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace();
  b = await workspace();
});
afterAll(() => env.close());

const group = (ctx: Context, extra: Record<string, unknown> = {}) =>
  make(ctx, costGroup, { code: code(), name: 'Group', ...extra }) as Promise<Rec>;
const get = async (uuid: string) => json<{ data: Rec }>(await a.client.get(`/cost-groups/${uuid}`)).data;
const total = async () => json<{ meta: { total: number } }>(await a.client.get('/cost-groups?archived=all')).meta.total;

describe('bulk create, unique fields', () => {
  it('refuses two rows of one request with the same value, and skips the second when asked', async () => {
    const same = code();
    const rows = [
      { settings_group_uuid: a.settingsGroup, code: same, name: 'One' },
      { settings_group_uuid: a.settingsGroup, code: same, name: 'Two' },
    ];
    const before = await total();
    const res = await a.client.post('/cost-groups/bulk', { rows });
    expect(res.statusCode).toBe(422);
    expect(json<Bulk>(res).errors).toEqual({ 'rows.1.code': [taken] });
    expect(await total()).toBe(before);

    const skipped = json<Bulk>(await a.client.post('/cost-groups/bulk', { rows, skip_invalid: true }));
    expect(skipped.meta).toMatchObject({ created: 1, invalid: 1 });
    expect(skipped.data[1]).toBeNull();
    expect(skipped.errors).toEqual({ 'rows.1.code': [taken] });
  });

  it('refuses a value a stored record holds, but not one of another settings group', async () => {
    const stored = await group(a);
    const theirs = await group(b);
    const res = await a.client.post('/cost-groups/bulk', {
      rows: [
        { settings_group_uuid: a.settingsGroup, code: code(), name: 'Free' },
        { settings_group_uuid: a.settingsGroup, code: stored.code, name: 'Taken' },
        { settings_group_uuid: a.settingsGroup, code: theirs.code, name: 'Theirs' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(json<Bulk>(res).errors).toEqual({ 'rows.1.code': [taken] });
  });

  it('does not count the value of a row that failed otherwise', async () => {
    const same = code();
    const res = await a.client.post('/cost-groups/bulk', {
      rows: [
        { settings_group_uuid: a.settingsGroup, code: same, name: 'x'.repeat(201) },
        { settings_group_uuid: a.settingsGroup, code: same, name: 'Kept' },
      ],
      skip_invalid: true,
    });
    const body = json<Bulk>(res);
    expect(body.meta).toMatchObject({ created: 1, invalid: 1 });
    expect(Object.keys(body.errors!)).toEqual(['rows.0.name']);
    // failing in the write itself: a model's validation, a reference
    const number = code();
    const props = json<Bulk>(
      await a.client.post('/properties/bulk', {
        rows: [
          { settings_group_uuid: a.settingsGroup, name: 'Bad country', number_internal: number, country: 'ch' },
          { settings_group_uuid: a.settingsGroup, name: 'Kept', number_internal: number },
        ],
        skip_invalid: true,
      }),
    );
    expect(props.meta).toMatchObject({ created: 1, invalid: 1 });
    expect(Object.keys(props.errors!)).toEqual(['rows.0.country']);
    const other = code();
    const refs = json<Bulk>(
      await a.client.post('/cost-groups/bulk', {
        rows: [
          {
            settings_group_uuid: a.settingsGroup,
            code: other,
            name: 'Bad parent',
            parent_cost_group_uuid: crypto.randomUUID(),
          },
          { settings_group_uuid: a.settingsGroup, code: other, name: 'Kept' },
        ],
        skip_invalid: true,
      }),
    );
    expect(refs.meta).toMatchObject({ created: 1, invalid: 1 });
    expect(Object.keys(refs.errors!)).toEqual(['rows.0.parent_cost_group_uuid']);
  });

  it('checks each unique field of its model (units: symbol)', async () => {
    const rows = [
      { settings_group_uuid: a.settingsGroup, name: 'Metre', symbol: 'm-bulk' },
      { settings_group_uuid: a.settingsGroup, name: 'Metre again', symbol: 'm-bulk' },
    ];
    const res = await a.client.post(`/${unit.plural}/bulk`, { rows });
    expect(res.statusCode).toBe(422);
    expect(json<Bulk>(res).errors).toEqual({ 'rows.1.symbol': ['Symbol has already been taken.'] });
  });
});

describe('bulk update, unique fields', () => {
  it('refuses two rows setting the same value, and a value a stored record holds', async () => {
    const [one, two, three] = [await group(a), await group(a), await group(a)];
    const same = code();
    const res = await a.client.patch('/cost-groups', {
      rows: [
        { uuid: one.uuid, code: same },
        { uuid: two.uuid, code: same },
        { uuid: three.uuid, code: one.code },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(json<Bulk>(res).errors).toEqual({ 'rows.1.code': [taken] });
    expect((await get(one.uuid)).code).toBe(one.code);

    const partial = json<Bulk>(
      await a.client.patch('/cost-groups?dry_run=1', {
        rows: [
          { uuid: one.uuid, code: same },
          { uuid: two.uuid, code: same },
          { uuid: three.uuid, code: (await group(a)).code },
        ],
        skip_invalid: true,
      }),
    );
    expect(partial.data.map((r) => (r as { status: string }).status)).toEqual(['updated', 'invalid', 'invalid']);
    expect((partial.data[1] as { errors: unknown }).errors).toEqual({ code: [taken] });
    expect(partial.meta).toMatchObject({ updated: 1, invalid: 2 });
  });

  it('lets a row take a value an earlier row of the request freed, and swap nothing into a clash', async () => {
    const [one, two] = [await group(a), await group(a)];
    const res = await a.client.patch('/cost-groups', {
      rows: [
        { uuid: one.uuid, code: code() },
        { uuid: two.uuid, code: one.code },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await get(two.uuid)).code).toBe(one.code);
    // a record keeping its own value is no clash
    const own = await a.client.patch('/cost-groups', { rows: [{ uuid: two.uuid, code: one.code, name: 'Renamed' }] });
    expect(own.statusCode).toBe(200);
  });
});

describe('bulk update, tree moves', () => {
  it('refuses a record as its own parent or under its own descendant', async () => {
    const top = await group(a);
    const child = await group(a, { parent_cost_group_uuid: top.uuid });
    const res = await a.client.patch('/cost-groups', {
      rows: [
        { uuid: top.uuid, parent_cost_group_uuid: child.uuid },
        { uuid: child.uuid, parent_cost_group_uuid: child.uuid },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(json<Bulk>(res).errors).toEqual({
      'rows.0.parent_cost_group_uuid': [loop],
      'rows.1.parent_cost_group_uuid': [loop],
    });
  });

  it('refuses a move that closes a loop together with an earlier row of the request', async () => {
    const [x, y] = [await group(a), await group(a)];
    const rows = [
      { uuid: x.uuid, parent_cost_group_uuid: y.uuid },
      { uuid: y.uuid, parent_cost_group_uuid: x.uuid },
    ];
    const res = await a.client.patch('/cost-groups', { rows });
    expect(res.statusCode).toBe(422);
    expect(json<Bulk>(res).errors).toEqual({ 'rows.1.parent_cost_group_uuid': [loop] });
    expect((await get(x.uuid)).parent_cost_group_uuid).toBeNull();

    const partial = json<Bulk>(await a.client.patch('/cost-groups', { rows, skip_invalid: true }));
    expect(partial.data.map((r) => (r as { status: string }).status)).toEqual(['updated', 'invalid']);
    expect((await get(x.uuid)).parent_cost_group_uuid).toBe(y.uuid);
    expect((await get(y.uuid)).parent_cost_group_uuid).toBeNull();
  });

  it('refuses a loop through three rows and through a stored grandchild', async () => {
    const [x, y, z] = [await group(a), await group(a), await group(a)];
    const res = await a.client.patch('/cost-groups', {
      rows: [
        { uuid: x.uuid, parent_cost_group_uuid: y.uuid },
        { uuid: y.uuid, parent_cost_group_uuid: z.uuid },
        { uuid: z.uuid, parent_cost_group_uuid: x.uuid },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(json<Bulk>(res).errors).toEqual({ 'rows.2.parent_cost_group_uuid': [loop] });

    const top = await group(a);
    const mid = await group(a, { parent_cost_group_uuid: top.uuid });
    const low = await group(a, { parent_cost_group_uuid: mid.uuid });
    const other = await group(a);
    const deep = await a.client.patch('/cost-groups', {
      rows: [
        { uuid: other.uuid, parent_cost_group_uuid: low.uuid },
        { uuid: top.uuid, parent_cost_group_uuid: other.uuid },
      ],
    });
    expect(deep.statusCode).toBe(422);
    expect(json<Bulk>(deep).errors).toEqual({ 'rows.1.parent_cost_group_uuid': [loop] });
  });

  it('accepts a move that an earlier row of the request made safe, and one under a record created before', async () => {
    const top = await group(a);
    const child = await group(a, { parent_cost_group_uuid: top.uuid });
    // the child leaves first: the top may then go under it
    const res = await a.client.patch('/cost-groups', {
      rows: [
        { uuid: child.uuid, parent_cost_group_uuid: null },
        { uuid: top.uuid, parent_cost_group_uuid: child.uuid },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await get(top.uuid)).parent_cost_group_uuid).toBe(child.uuid);

    const created = json<{ data: Rec[] }>(
      await a.client.post('/cost-groups/bulk', {
        rows: [{ settings_group_uuid: a.settingsGroup, code: code(), name: 'New', parent_cost_group_uuid: top.uuid }],
      }),
    ).data[0]!;
    // the new record sits under top, which sits under child: child may not go under it
    const under = await a.client.patch('/cost-groups', {
      rows: [{ uuid: child.uuid, parent_cost_group_uuid: created.uuid }],
    });
    expect(under.statusCode).toBe(422);
    expect(json<Bulk>(under).errors).toEqual({ 'rows.0.parent_cost_group_uuid': [loop] });
  });
});
