// One registry-driven suite over every model: create / get / update / list / filter / sort / search / archive /
// restore / delete / 409 / 422 / 401 / cross-workspace 404, and the 403 of a superusers' table to anyone else. A
// superusers' table is written by a superuser (with confirmed 2FA) in workspace a's settings group.
// @both-databases: the registry-driven suite: every field kind through each driver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/entities/registry';
import { isWritable } from '../../src/entities/fields';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { make, otherValues, superuserContext, writerOf, type Context } from './factories';
import type { AnyEntity } from '../../src/entities/define';
import { behaviourOf, deleteArchives } from '../../server/crud/model-behaviour';

let env: TestEnv;
let a: Context;
let b: Context;
let s: Context; // a superuser writing into a's settings group

async function workspace(): Promise<Context> {
  const { client } = await signedIn(env);
  const res = await client.post('/settings-groups', { name: `WS ${Math.random().toString(36).slice(2, 7)}` });
  return { client, settingsGroup: json<{ data: { uuid: string } }>(res).data.uuid, made: new Map() };
}

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace();
  b = await workspace();
  s = await superuserContext(env, a.settingsGroup);
});
afterAll(() => env.close());

type Rec = Record<string, unknown> & { uuid: string; links: Record<string, string>; updated_at: string };

/**
 * A writable field the tests change, and four values it takes in turn (none the one a made record has): the first
 * free text, else the first choice of a model without one (a system notification's type).
 */
function editableOf(entity: AnyEntity): { field: string; value: (i: 0 | 1 | 2 | 3) => unknown } | undefined {
  const text = Object.entries(entity.fields).find(
    // a text of a named format (a webhook's address) takes only its format's values
    ([n, f]) => isWritable(f) && f.kind === 'text' && !f.unique && !f.format && n !== 'country',
  );
  if (text) return { field: text[0], value: (i) => [otherValues.text(text[1], 1), 'First', 'Second', 'Third'][i] };
  const choice = Object.entries(entity.fields).find(([, f]) => isWritable(f) && f.kind === 'enum');
  if (!choice || choice[1].kind !== 'enum' || choice[1].values.length < 3) return undefined;
  const values = choice[1].values;
  return { field: choice[0], value: (i) => values[(i % (values.length - 1)) + 1] };
}

describe.each(entityList.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  const path = `/${entity.plural}`;
  const edit = editableOf(entity);
  const title = entity.titleField;
  const superusers = entity.access === 'superusers';
  // the workspace's writer: its admin, or for a superusers' table a superuser
  const w = () => writerOf(entity, a, s);

  it('creates (201), reads, updates and lists with links', async () => {
    const created = (await make(w(), entity)) as Rec;
    // a global model's records belong to no settings group
    expect(created.settings_group_uuid).toBe(entity.scope === 'global' ? null : a.settingsGroup);
    expect(created.links.self).toBe(`/api/v1${path}/${created.uuid}`);
    expect(created.links.update).toBeDefined();
    expect(created.created_by).toMatch(/Test User/);
    const got = json<{ data: Rec }>(await w().client.get(`${path}/${created.uuid}`)).data;
    expect(got).toEqual(created);

    if (edit) {
      const res = await w().client.patch(`${path}/${created.uuid}`, { [edit.field]: edit.value(0) });
      expect(res.statusCode).toBe(200);
      expect(json<{ data: Rec }>(res).data[edit.field]).toBe(edit.value(0));
    }
    const listed = json<{ data: Rec[]; meta: { total: number }; links: Record<string, string> }>(
      await w().client.get(path),
    );
    expect(listed.data.map((r) => r.uuid)).toContain(created.uuid);
    expect(listed.meta.total).toBeGreaterThanOrEqual(1);
    expect(listed.links.create).toBe(`/api/v1${path}`);
  });

  it('filters, sorts and searches', async () => {
    const one = (await make(w(), entity)) as Rec;
    const two = (await make(w(), entity)) as Rec;
    const byUuid = json<{ data: Rec[] }>(
      await w().client.get(
        `${path}?filter[uuid][]=${one.uuid}&filter[uuid][]=${two.uuid}&sort_by=created_at&sort_descending=1`,
      ),
    ).data;
    expect(byUuid.map((r) => r.uuid)).toEqual([two.uuid, one.uuid]);
    if (typeof one[title] === 'string' && entity.fields[title]?.searchable !== false) {
      const term = String(one[title]).slice(0, 12);
      const found = json<{ data: Rec[] }>(
        await w().client.get(`${path}?per_page=500&search=${encodeURIComponent(term)}`),
      ).data;
      if (entity.fields[title]?.searchable && !entity.fields[title]?.computed)
        expect(found.map((r) => r.uuid)).toContain(one.uuid);
    }
    expect((await w().client.get(`${path}?sort_by=not_a_field`)).statusCode).toBe(422);
    expect((await w().client.get(`${path}?filter[not_a_field]=1`)).statusCode).toBe(422);
    expect((await w().client.get(`${path}?per_page=100000`)).statusCode).toBe(422);
  });

  it('pages with a keyset cursor', async () => {
    for (let i = 0; i < 3; i++) await make(w(), entity);
    const first = json<{ data: Rec[]; meta: { next_cursor?: string } }>(
      await w().client.get(`${path}?per_page=2&sort_by=created_at`),
    );
    expect(first.data).toHaveLength(2);
    expect(first.meta.next_cursor).toBeDefined();
    const second = json<{ data: Rec[] }>(
      await w().client.get(`${path}?per_page=2&sort_by=created_at&cursor=${first.meta.next_cursor}`),
    );
    expect(second.data.map((r) => r.uuid)).not.toContain(first.data[0]!.uuid);
    const all = json<{ data: Rec[] }>(await w().client.get(`${path}?per_page=500&sort_by=created_at`)).data.map(
      (r) => r.uuid,
    );
    expect(second.data.map((r) => r.uuid)).toEqual(all.slice(2, 4));
  });

  it('archives and restores, then soft-deletes', async () => {
    const rec = (await make(w(), entity)) as Rec;
    const archived = json<{ data: Rec }>(await w().client.post(`${path}/${rec.uuid}/archive`)).data;
    expect(archived.archived_at).not.toBeNull();
    expect(archived.links.restore).toBeDefined();
    expect(archived.links.update).toBeUndefined();
    expect(json<{ data: Rec[] }>(await w().client.get(`${path}?per_page=500`)).data.map((r) => r.uuid)).not.toContain(
      rec.uuid,
    );
    expect(
      json<{ data: Rec[] }>(await w().client.get(`${path}?archived=1&per_page=500`)).data.map((r) => r.uuid),
    ).toContain(rec.uuid);
    if (edit)
      expect((await w().client.patch(`${path}/${rec.uuid}`, { [edit.field]: edit.value(0) })).statusCode).toBe(409);
    const restored = json<{ data: Rec }>(await w().client.post(`${path}/${rec.uuid}/restore`)).data;
    expect(restored.archived_at).toBeNull();
    // 200 with a message, or 204 for a model that kept the answer of its route before the engine (`deleteReply`)
    expect((await w().client.delete(`${path}/${rec.uuid}`)).statusCode).toBe(
      behaviourOf(entity).deleteReply === 'no-content' ? 204 : 200,
    );
    // a model whose delete archives (an attribute: `deleteArchives`) keeps the record, archived and restorable
    if (deleteArchives(entity)) {
      expect(json<{ data: Rec }>(await w().client.get(`${path}/${rec.uuid}`)).data.archived_at).not.toBeNull();
      expect((await w().client.post(`${path}/${rec.uuid}/restore`)).statusCode).toBe(200);
    } else expect((await w().client.get(`${path}/${rec.uuid}`)).statusCode).toBe(404);
  });

  it('answers 409 to a stale write and keeps the newer value', async () => {
    if (!edit) return;
    const { field, value } = edit;
    const rec = (await make(w(), entity)) as Rec;
    const first = await w().client.request(
      'PATCH',
      `${path}/${rec.uuid}`,
      { [field]: value(1) },
      { 'if-match': `"${rec.updated_at}"` },
    );
    expect(first.statusCode).toBe(200);
    const stale = await w().client.request(
      'PATCH',
      `${path}/${rec.uuid}`,
      { [field]: value(2) },
      { 'if-match': `"${rec.updated_at}"` },
    );
    expect(stale.statusCode).toBe(409);
    const staleBody = await w().client.patch(`${path}/${rec.uuid}`, { [field]: value(3), updated_at: rec.updated_at });
    expect(staleBody.statusCode).toBe(409);
    expect(json<{ data: Rec }>(await w().client.get(`${path}/${rec.uuid}`)).data[field]).toBe(value(1));
  });

  it('answers 422 with field paths and writes nothing', async () => {
    const before = json<{ meta: { total: number } }>(await w().client.get(`${path}?archived=all`)).meta.total;
    const res = await w().client.post(path, {
      settings_group_uuid: a.settingsGroup,
      [title]: 12,
      created_by: 1,
      is_superuser: true,
    });
    expect(res.statusCode).toBe(422);
    const errors = json<{ errors: Record<string, string[]> }>(res).errors;
    expect(errors).toHaveProperty('created_by');
    expect(errors).toHaveProperty('is_superuser');
    expect(json<{ meta: { total: number } }>(await w().client.get(`${path}?archived=all`)).meta.total).toBe(before);
    expect((await w().client.get(`${path}/not-a-uuid`)).statusCode).toBe(422);
  });

  // A global superusers' record belongs to no workspace: another's user is refused it as anyone but a superuser is
  // (403, told apart from a missing one by nothing), and reads of its list what the model lets everyone read. An owned
  // global model's record (a support request) is another user's: a 404, as a missing one.
  it('keeps other workspaces out: 404 by uuid, absent from lists, refused as a reference', async () => {
    const rec = (await make(w(), entity)) as Rec;
    const global = entity.scope === 'global' && superusers;
    const foreign = await b.client.get(`${path}/${rec.uuid}`);
    expect(foreign.statusCode).toBe(global ? 403 : 404);
    expect(foreign.body).toBe((await b.client.get(`${path}/00000000-0000-4000-8000-000000000000`)).body);
    // writes of a superusers' table are refused to anyone else before the record is looked for
    const refused = superusers ? 403 : 404;
    expect((await b.client.patch(`${path}/${rec.uuid}`, {})).statusCode).toBe(refused);
    expect((await b.client.delete(`${path}/${rec.uuid}`)).statusCode).toBe(refused);
    expect((await b.client.post(`${path}/${rec.uuid}/archive`)).statusCode).toBe(refused);
    // a global superusers' list: a 403 to anyone else, unless the model lets everyone read some of it (published
    // system notifications), never with a link to write
    const list = await b.client.get(`${path}?per_page=500&archived=all`);
    const listed = list.statusCode === 403 && global ? [] : json<{ data: Rec[] }>(list).data;
    if (global) expect(listed.filter((r) => r.links.update)).toEqual([]);
    else expect(listed.map((r) => r.uuid)).not.toContain(rec.uuid);
    const filtered = json<{ data: Rec[] }>(await b.client.get(`${path}?filter[uuid]=${rec.uuid}`)).data;
    if (!global) expect(filtered).toHaveLength(0);
  });

  it.runIf(superusers)('refuses every write of a superusers’ table to anyone but a superuser (403)', async () => {
    const rec = (await make(w(), entity)) as Rec;
    // a's admin: reads a superusers' table of a settings group (a global one not), writes nothing
    expect((await a.client.get(`${path}/${rec.uuid}`)).statusCode).toBe(entity.scope === 'global' ? 403 : 200);
    expect((await a.client.post(path, {})).statusCode).toBe(403);
    expect((await a.client.patch(`${path}/${rec.uuid}`, {})).statusCode).toBe(403);
    expect((await a.client.post(`${path}/${rec.uuid}/archive`)).statusCode).toBe(403);
    expect((await a.client.delete(`${path}/${rec.uuid}`)).statusCode).toBe(403);
    // a superuser without confirmed 2FA is told to confirm it
    const bare = (await signedIn(env, { is_superuser: true })).client;
    const res = await bare.patch(`${path}/${rec.uuid}`, {});
    expect(res.statusCode).toBe(403);
    expect(json<{ message: string }>(res).message).toBe('Superusers must enable two-factor sign-in first.');
    expect(json<{ data: Rec }>(await w().client.get(`${path}/${rec.uuid}`)).data.updated_at).toBe(rec.updated_at);
  });

  it('answers 401 without a session', async () => {
    const anon = new Client(env.app);
    await anon.csrf();
    expect((await anon.get(path)).statusCode).toBe(401);
    expect((await anon.post(path, {})).statusCode).toBe(401);
    expect((await anon.get(`${path}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(401);
  });
});

describe('references and rules', () => {
  it('needs a settings group for a property, and one the caller belongs to', async () => {
    let res = await a.client.post('/properties', { name: 'No group' });
    expect(json(res).errors).toEqual({ settings_group_uuid: ['A settings group is required for this action.'] });
    res = await a.client.post('/properties', { name: 'Foreign', settings_group_uuid: b.settingsGroup });
    expect(res.statusCode).toBe(422);
  });

  it('refuses a reference into another workspace or another property', async () => {
    const { entities } = await import('../../src/entities/registry');
    const foreignProperty = await make(b, entities.property);
    let res = await a.client.post('/partitions', { property_uuid: foreignProperty.uuid, name: 'x' });
    expect(json(res).errors).toHaveProperty('property_uuid');
    const p1 = await make(a, entities.property);
    const p2 = await make(a, entities.property);
    const parent = await make(a, entities.facility, { property_uuid: p1.uuid });
    res = await a.client.post('/facilities', {
      property_uuid: p2.uuid,
      name: 'Child',
      parent_facility_uuid: parent.uuid,
    });
    expect(json(res).errors).toEqual({
      parent_facility_uuid: ['Parent facility: the selected record belongs to another property.'],
    });
  });

  it('refuses a cycle in the facility tree, and archives a subtree together', async () => {
    const { entities } = await import('../../src/entities/registry');
    const p = await make(a, entities.property);
    const root = (await make(a, entities.facility, { property_uuid: p.uuid, name: 'Heating' })) as Rec;
    const child = (await make(a, entities.facility, {
      property_uuid: p.uuid,
      name: 'Boiler',
      parent_facility_uuid: root.uuid,
    })) as Rec;
    const leaf = (await make(a, entities.facility, {
      property_uuid: p.uuid,
      name: 'Burner',
      parent_facility_uuid: child.uuid,
    })) as Rec;
    let res = await a.client.patch(`/facilities/${root.uuid}`, { parent_facility_uuid: leaf.uuid });
    expect(json(res).errors).toHaveProperty('parent_facility_uuid');
    res = await a.client.patch(`/facilities/${root.uuid}`, { parent_facility_uuid: root.uuid });
    expect(res.statusCode).toBe(422);
    const below = json<{ data: Rec[] }>(await a.client.get(`/facilities/${root.uuid}/descendants`)).data;
    expect(below.map((r) => r.name).sort()).toEqual(['Boiler', 'Burner']);
    const archived = json<{ meta: { affected: number } }>(await a.client.post(`/facilities/${root.uuid}/archive`));
    expect(archived.meta.affected).toBe(3);
    expect(json<{ data: Rec }>(await a.client.get(`/facilities/${leaf.uuid}`)).data.archived_at).not.toBeNull();
    expect(
      json<{ meta: { affected: number } }>(await a.client.post(`/facilities/${root.uuid}/restore`)).meta.affected,
    ).toBe(3);
  });

  it('computes facility figures and the contact display name', async () => {
    const { entities } = await import('../../src/entities/registry');
    const p = await make(a, entities.property, { usage_factor: null });
    const fac = await make(a, entities.facility, {
      property_uuid: p.uuid,
      renewal_group_uuid: null,
      renewal_date: null,
      condition: null,
      excluded_from_renewal: false,
      unit_price: '1000.00',
      quantity: '2',
      dismantling_cost_share: '10',
      lifetime: 20,
      commissioning_year: new Date().getUTCFullYear() - 5,
    });
    expect(fac.renewal_costs).toBe('2200.00');
    expect(fac.remaining_lifetime).toBe(15);
    const org = await make(a, entities.contact, {
      kind: 'organisation',
      organisation: 'Muster Haustechnik AG',
      first_name: null,
      last_name: null,
    });
    expect(org.display_name).toBe('Muster Haustechnik AG');
    const res = await a.client.post('/contacts', { settings_group_uuid: a.settingsGroup, kind: 'person' });
    expect(json(res).errors).toHaveProperty('last_name');
  });

  it('rejects decimals with too many places and impossible dates', async () => {
    const { entities } = await import('../../src/entities/registry');
    const p = await make(a, entities.property);
    const res = await a.client.post('/facilities', {
      property_uuid: p.uuid,
      name: 'x',
      unit_price: '12.345',
      purchase_date: '2024-02-31',
    });
    const errors = json<{ errors: Record<string, string[]> }>(res).errors;
    expect(errors.unit_price).toEqual(['Unit price has too many decimal places.']);
    expect(errors.purchase_date).toEqual(['Purchase date must be a valid date (yyyy-MM-dd).']);
  });
});

describe('queries per list call', () => {
  it('is the same for 25 and 100 rows (no N+1)', async () => {
    const { entities } = await import('../../src/entities/registry');
    const p = await make(a, entities.property);
    for (let i = 0; i < 100; i++) await make(a, entities.facility, { property_uuid: p.uuid });
    const count = async (n: number) => {
      const before = env.database.stats.queries;
      const res = await a.client.get(`/facilities?per_page=${n}&property_uuids[]=${p.uuid}`);
      expect(json<{ data: unknown[] }>(res).data).toHaveLength(n);
      return env.database.stats.queries - before;
    };
    const small = await count(25);
    const large = await count(100);
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(4); // session, access, rows, count
  });
});

describe('selected context', () => {
  it('narrows models under a property and leaves workspace-wide models alone', async () => {
    const { entities } = await import('../../src/entities/registry');
    const p = await make(a, entities.property);
    const other = await make(a, entities.property);
    const mine = await make(a, entities.partition, { property_uuid: p.uuid });
    await make(a, entities.partition, { property_uuid: other.uuid });
    const parts = json<{ data: Rec[] }>(await a.client.get(`/partitions?per_page=500&property_uuids[]=${p.uuid}`)).data;
    expect(parts.map((r) => r.uuid)).toEqual([mine.uuid]);
    const props = json<{ data: Rec[] }>(await a.client.get(`/properties?property_uuids[]=${p.uuid}`)).data;
    expect(props.map((r) => r.uuid)).toEqual([p.uuid]);
    const contacts = await a.client.get(`/contacts?property_uuids[]=${p.uuid}`);
    expect(contacts.statusCode).toBe(200);
  });
});
