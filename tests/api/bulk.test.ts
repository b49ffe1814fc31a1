// The bulk contract over every model (docs/spreadsheet-api.md): update with unchanged, conflict,
// skipped and 422 rows.N.field; create; archive / restore / delete for the undo stack; dry runs write nothing;
// a foreign uuid rejects the whole request; 401 everywhere; a superusers' table (written by a superuser) refuses
// every bulk write to anyone else (403).
// @both-databases: the bulk contract over every model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '../../src/entities/registry';
import { isWritable } from '../../src/entities/fields';
import type { AnyEntity } from '../../src/entities/define';
import { eq } from 'drizzle-orm';
import { settingsGroupMembers } from '../../server/db/schema';
import { permissionGroups } from '../../server/db/entity-tables';
import { deleteArchives } from '../../server/crud/model-behaviour';
import { Client, createTestEnv, createUser, json, signedIn, type TestEnv } from './harness';
import { bodyFor, make, superuserContext, writerOf, type Context } from './factories';

let env: TestEnv;
let a: Context;
let b: Context;
let s: Context; // a superuser writing into a's settings group
let member: Client; // a plain member ("user" role) of a's workspace

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
  const user = await createUser(env);
  await env.database.db
    .insert(settingsGroupMembers)
    .values({ settings_group_uuid: a.settingsGroup, user_id: user.id, role: 'user' });
  member = new Client(env.app);
  await member.login(user.email);
});
afterAll(() => env.close());

/** Fields a model keeps unique by a rule of its own (not `unique`, which is per settings group). */
const OWN_UNIQUE: Record<string, string[]> = { record_template: ['name'] };

/** A writable field of the model to change in the tests, with valid values and one invalid value: a text, else a
 * number, else a choice (none of its values the one a made record has). */
function probe(entity: AnyEntity) {
  const text = Object.entries(entity.fields).find(
    // a text of a named format (a webhook's address) takes only its format's values; a name a model keeps once
    // among its live records by a rule of its own (a record template's, server/models/record-template.ts) is left
    // to its own tests, since the probes here give several records the same value
    ([n, f]) =>
      isWritable(f) &&
      (f.kind === 'text' || f.kind === 'long_text') &&
      !f.unique &&
      !f.format &&
      n !== 'country' &&
      !(OWN_UNIQUE[entity.name] ?? []).includes(n),
  );
  if (text) {
    const max = 'max' in text[1] && text[1].max ? text[1].max : 200;
    return { field: text[0], value: (n: number) => `Bulk ${n}`, invalid: 'x'.repeat(max + 1) };
  }
  const choice = Object.entries(entity.fields).find(([, f]) => isWritable(f) && f.kind === 'enum');
  const number = Object.entries(entity.fields).find(([, f]) => isWritable(f) && f.kind === 'int');
  if (!number && choice?.[1].kind === 'enum') {
    const values = choice[1].values;
    return { field: choice[0], value: (n: number) => values[(n % (values.length - 1)) + 1], invalid: 'no such value' };
  }
  const [field, def] = number!;
  const min = 'min' in def && def.min !== undefined ? def.min : 0;
  const max = 'max' in def && def.max !== undefined ? def.max : 2_147_483_647;
  return { field, value: (n: number) => min + n, invalid: max + 1 };
}

type Rec = Record<string, unknown> & { uuid: string; updated_at: string; archived_at: string | null };
interface Bulk {
  data: { uuid: string; status: string; record?: Rec; errors?: Record<string, string[]> }[];
  meta: Record<string, number | string>;
  errors?: Record<string, string[]>;
}

describe.each(entityList.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  const path = `/${entity.plural}`;
  const { field, value, invalid } = probe(entity);
  const superusers = entity.access === 'superusers';
  // the workspace's writer: its admin, or for a superusers' table a superuser
  const w = () => writerOf(entity, a, s);
  const get = async (uuid: string) => json<{ data: Rec }>(await w().client.get(`${path}/${uuid}`)).data;

  // Records that are stored files (documents) come from uploads only: no bulk create.
  it.runIf(entity.createdByUpload)('has no bulk create', async () => {
    expect((await w().client.post(`${path}/bulk`, { rows: [await bodyFor(w(), entity)] })).statusCode).toBe(404);
  });

  it.skipIf(entity.createdByUpload)(
    'creates rows in one request; a dry run answers the same and writes nothing',
    async () => {
      const rows = [await bodyFor(w(), entity), await bodyFor(w(), entity)];
      const dry = await w().client.post(`${path}/bulk?dry_run=1`, { rows });
      expect(dry.statusCode).toBe(200);
      const preview = json<Bulk>(dry);
      expect(preview.meta).toMatchObject({ created: 2, invalid: 0 });
      expect((await w().client.get(`${path}/${(preview.data[0] as unknown as Rec).uuid}`)).statusCode).toBe(404);

      const res = await w().client.post(`${path}/bulk`, { rows });
      expect(res.statusCode).toBe(201);
      const made = json<{ data: Rec[] }>(res).data;
      expect(made).toHaveLength(2);
      expect((await get(made[1]!.uuid))[field]).toBe(rows[1]![field]);
    },
  );

  it.skipIf(entity.createdByUpload)(
    'refuses the whole create with rows.N.field errors, or skips the invalid rows when asked',
    async () => {
      const before = json<{ meta: { total: number } }>(await w().client.get(`${path}?archived=all`)).meta.total;
      const rows = [await bodyFor(w(), entity), await bodyFor(w(), entity, { [field]: invalid })];
      const res = await w().client.post(`${path}/bulk`, { rows });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(json<Bulk>(res).errors!)).toEqual([`rows.1.${field}`]);
      expect(json<{ meta: { total: number } }>(await w().client.get(`${path}?archived=all`)).meta.total).toBe(before);

      const skipped = json<Bulk>(await w().client.post(`${path}/bulk`, { rows, skip_invalid: true }));
      expect(skipped.meta).toMatchObject({ created: 1, invalid: 1 });
      expect(skipped.data[1]).toBeNull();
      expect(Object.keys(skipped.errors!)).toEqual([`rows.1.${field}`]);
    },
  );

  it('updates, reports unchanged and conflicting rows, and leaves conflicts alone', async () => {
    const [one, two, three] = [await make(w(), entity), await make(w(), entity), await make(w(), entity)] as Rec[];
    const res = await w().client.patch(path, {
      rows: [
        { uuid: one!.uuid, updated_at: one!.updated_at, [field]: value(1) },
        { uuid: two!.uuid, [field]: two![field] },
        { uuid: three!.uuid, updated_at: '2020-01-01T00:00:00.000Z', [field]: value(2) },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = json<Bulk>(res);
    expect(body.data.map((r) => r.status)).toEqual(['updated', 'unchanged', 'conflict']);
    expect(body.meta).toMatchObject({ updated: 1, unchanged: 1, conflicts: 1, skipped: 0 });
    expect(body.data[0]!.record![field]).toBe(value(1));
    expect((await get(two!.uuid)).updated_at).toBe(two!.updated_at);
    expect((await get(three!.uuid))[field]).toBe(three![field]);
    // the undo stack's precondition: the old version is now stale
    const again = json<Bulk>(
      await w().client.patch(path, { rows: [{ uuid: one!.uuid, updated_at: one!.updated_at, [field]: value(3) }] }),
    );
    expect(again.data[0]!.status).toBe('conflict');
  });

  it('is all or nothing: one invalid row is a 422 keyed rows.N.field; a dry run writes nothing', async () => {
    const [one, two] = [await make(w(), entity), await make(w(), entity)] as Rec[];
    const rows = [
      { uuid: one!.uuid, [field]: value(4) },
      { uuid: two!.uuid, [field]: invalid, not_a_field: 1 },
    ];
    const res = await w().client.patch(path, { rows });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<Bulk>(res).errors!).sort()).toEqual([`rows.1.${field}`, 'rows.1.not_a_field'].sort());
    expect((await get(one!.uuid))[field]).toBe(one![field]);

    const partial = json<Bulk>(await w().client.patch(`${path}?dry_run=1`, { rows, skip_invalid: true }));
    expect(partial.data.map((r) => r.status)).toEqual(['updated', 'invalid']);
    expect(partial.data[0]!.record![field]).toBe(value(4));
    expect(Object.keys(partial.data[1]!.errors!)).toContain(field);
    expect((await get(one!.uuid))[field]).toBe(one![field]);
  });

  // a superuser reaches every settings group's records of a superusers' table: for them only an unknown uuid is
  // foreign
  it('rejects the whole request for a foreign or unknown uuid, and a uuid twice', async () => {
    const mine = (await make(w(), entity)) as Rec;
    const theirs = superusers ? { uuid: crypto.randomUUID() } : ((await make(b, entity)) as Rec);
    const rows = [
      { uuid: mine.uuid, [field]: value(5) },
      { uuid: theirs.uuid, [field]: value(6) },
    ];
    expect((await w().client.patch(path, { rows })).statusCode).toBe(404);
    expect(
      (await w().client.post(`${path}/bulk-archive`, { rows: rows.map((r) => ({ uuid: r.uuid })) })).statusCode,
    ).toBe(404);
    expect((await get(mine.uuid))[field]).toBe(mine[field]);
    if (!superusers)
      expect(json<{ data: Rec }>(await b.client.get(`${path}/${theirs.uuid}`)).data.archived_at).toBeNull();
    const twice = await w().client.patch(path, { rows: [rows[0], rows[0]] });
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(json<Bulk>(twice).errors!)).toEqual(['rows.1.uuid']);
  });

  it('archives, restores and deletes in bulk; archived rows are skipped by updates with the message', async () => {
    const [one, two] = [await make(w(), entity), await make(w(), entity)] as Rec[];
    const archived = json<Bulk>(await w().client.post(`${path}/bulk-archive`, { rows: [{ uuid: one!.uuid }] }));
    expect(archived.data[0]).toMatchObject({ status: 'done' });
    expect(archived.data[0]!.record!.archived_at).not.toBeNull();
    const upd = json<Bulk>(
      await w().client.patch(path, {
        rows: [
          { uuid: one!.uuid, [field]: value(7) },
          { uuid: two!.uuid, [field]: value(8) },
        ],
      }),
    );
    expect(upd.data.map((r) => r.status)).toEqual(['skipped', 'updated']);
    expect(upd.meta.message).toMatch(/One record lacks the right permission/);
    const again = json<Bulk>(await w().client.post(`${path}/bulk-archive`, { rows: [{ uuid: one!.uuid }] }));
    expect(again.data[0]!.status).toBe('unchanged');
    const restored = json<Bulk>(await w().client.post(`${path}/bulk-restore`, { rows: [{ uuid: one!.uuid }] }));
    expect(restored.data[0]!.record!.archived_at).toBeNull();
    const deleted = json<Bulk>(await w().client.post(`${path}/bulk-delete`, { rows: [{ uuid: one!.uuid }] }));
    expect(deleted.meta).toMatchObject({ done: 1 });
    // a model whose delete archives (an attribute: `deleteArchives`) keeps the record, archived
    if (deleteArchives(entity))
      expect(json<{ data: Rec }>(await w().client.get(`${path}/${one!.uuid}`)).data.archived_at).not.toBeNull();
    else expect((await w().client.get(`${path}/${one!.uuid}`)).statusCode).toBe(404);
  });

  // a superusers' table (docs/domain/permissions.md, "Scopes and access of a model"): nobody else writes it, in bulk
  // neither, not even the settings group's admin
  it.runIf(superusers)('refuses every bulk write of anyone but a superuser (403), nothing written', async () => {
    const mine = (await make(w(), entity)) as Rec;
    const rows = [await bodyFor(w(), entity)];
    for (const client of [a.client, member]) {
      expect((await client.post(`${path}/bulk`, { rows })).statusCode).toBe(403);
      for (const p of ['bulk-archive', 'bulk-restore', 'bulk-delete'])
        expect((await client.post(`${path}/${p}`, { rows: [{ uuid: mine.uuid }] })).statusCode, p).toBe(403);
      expect((await client.patch(path, { rows: [{ uuid: mine.uuid, [field]: value(8) }] })).statusCode).toBe(403);
    }
    const still = await get(mine.uuid);
    expect(still.archived_at).toBeNull();
    expect(still.updated_at).toBe(mine.updated_at);
  });

  // an admins' table (docs/domain/permissions.md, "Scopes and access of a model"): a member writes nothing of it
  it.runIf(entity.access === 'admins')('refuses every bulk write of a member (403), nothing written', async () => {
    const ctx: Context = { client: member, settingsGroup: a.settingsGroup, made: a.made };
    const mine = (await make(a, entity)) as Rec;
    const rows = [await bodyFor(ctx, entity)];
    expect((await member.post(`${path}/bulk`, { rows })).statusCode).toBe(403);
    for (const p of ['bulk-archive', 'bulk-delete'])
      expect((await member.post(`${path}/${p}`, { rows: [{ uuid: mine.uuid }] })).statusCode, p).toBe(403);
    expect((await member.patch(path, { rows: [{ uuid: mine.uuid, [field]: value(8) }] })).statusCode).toBe(403);
    const still = json<{ data: Rec }>(await a.client.get(`${path}/${mine.uuid}`)).data;
    expect(still.archived_at).toBeNull();
    expect(still.updated_at).toBe(mine.updated_at);
  });

  it.runIf(!entity.access || entity.access === 'members')(
    'lets a member delete only what they created and nobody changed since',
    async () => {
      // the member's default rights: the permission groups an earlier model's tests made in the settings group (a
      // permission group's own records) are taken away again, else the member may do only what they grant
      await env.database.db.delete(permissionGroups).where(eq(permissionGroups.settings_group_uuid, a.settingsGroup));
      const ctx: Context = { client: member, settingsGroup: a.settingsGroup, made: a.made };
      const created = entity.createdByUpload
        ? ([await make(ctx, entity), await make(ctx, entity)] as Rec[])
        : json<{ data: Rec[] }>(
            await member.post(`${path}/bulk`, { rows: [await bodyFor(ctx, entity), await bodyFor(ctx, entity)] }),
          ).data;
      const byAdmin = (await make(a, entity)) as Rec;
      await a.client.patch(`${path}/${created[1]!.uuid}`, { [field]: value(9) });
      const raw = await member.post(`${path}/bulk-delete`, {
        rows: [{ uuid: created[0]!.uuid }, { uuid: created[1]!.uuid }, { uuid: byAdmin.uuid }],
      });
      const res = json<Bulk>(raw);
      if (entity.scope !== 'user') {
        expect(res.data.map((r) => r.status)).toEqual(['done', 'skipped', 'skipped']);
        expect(res.meta.message).toMatch(/2 records lack the right permission/);
        expect((await a.client.get(`${path}/${created[1]!.uuid}`)).statusCode).toBe(200);
        return;
      }
      // a user's own rows (src/entities/define.ts, `Scope`): the member deletes theirs, also one an admin changed;
      // another user's row shared with them is skipped, one they do not see refuses the request whole (404)
      if ((await member.get(`${path}/${byAdmin.uuid}`)).statusCode === 200) {
        expect(res.data.map((r) => r.status)).toEqual(['done', 'done', 'skipped']);
        expect(res.meta.message).toMatch(/One record lacks the right permission/);
      } else {
        expect(raw.statusCode).toBe(404);
        for (const rec of created) expect((await member.get(`${path}/${rec.uuid}`)).statusCode).toBe(200);
      }
      expect((await a.client.get(`${path}/${byAdmin.uuid}`)).statusCode).toBe(200);
    },
  );

  it('answers 401 without a session on every bulk endpoint', async () => {
    const anon = new Client(env.app);
    await anon.csrf();
    const rows = [{ uuid: crypto.randomUUID() }];
    expect((await anon.patch(path, { rows })).statusCode).toBe(401);
    for (const p of [...(entity.createdByUpload ? [] : ['bulk']), 'bulk-archive', 'bulk-restore', 'bulk-delete'])
      expect((await anon.post(`${path}/${p}`, { rows })).statusCode).toBe(401);
  });
});
