// The authorization matrix (docs/domain/permissions.md; tests/api/README.md, "The authorization matrix"): every
// operation of the OpenAPI document, sorted into a route class of authorization-matrix-table.ts, is asked by the
// table's actors about the records of one seeded fixture (a record of A, one of A hidden by an access rule, one of
// B), and each answer is compared with the table. An operation no class takes fails the first test with its method
// and path. Refusals are asked first and must leave every record as it was; then the requests the gate lets through
// (reads, writes, actions, archive and restore), deletes last.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { settingsGroupMembers } from '../../server/db/schema';
import { behaviourOf } from '../../server/crud/model-behaviour';
import { RIGHTS } from '../../src/entities/permissions';
import type { AnyEntity } from '../../src/entities/define';
import { isWritable } from '../../src/entities/fields';
import { entityList } from '../../src/entities/registry';
import { operations, type Operation } from '../fuzz/run';
import type { Schema } from '../fuzz/arbitraries';
import { bodyFor, make, otherValues, type Context } from './factories';
import { Client, createTestEnv, json, PASSWORD, signedIn, signedInWithTwoFactor, type TestEnv } from './harness';
import { addDays, today } from './planning-support';
import { pdf, uploadDocument } from './uploads';
import {
  ACTORS,
  CREATE,
  engineClass,
  EXPORT,
  LIST,
  OTHER,
  OTHER_ANSWERS,
  OTHER_PATTERNS,
  recordRoutesOf,
  ADMIN_LIST,
  ADMIN_EXPORT,
  ADMIN_CREATE,
  ADMIN_BULK_CREATE,
  USER_LIST,
  USER_EXPORT,
  OWNER_LIST,
  OWNER_CREATE,
  userCreate,
  SUPER_LIST,
  GLOBAL_LIST,
  SUPER_EXPORT,
  SUPER_CREATE,
  RECORDS,
  TEMPLATE,
  UPLOAD,
  type Actor,
  type Answer,
  type Fixture,
  type RecordKind,
  type RouteClass,
} from './authorization-matrix-table';

/** The actors every model's routes are asked by; the others take turns over the models (all with AUTH_MATRIX_ALL=1). */
const KEY_ACTORS: Actor[] = ['anonymous', 'adminA', 'outsider', 'viewOnly', 'memberB'];
const SAMPLED: Actor[] = ACTORS.filter((a) => !KEY_ACTORS.includes(a));
const ALL = process.env.AUTH_MATRIX_ALL === '1';
const actorsFor = (modelIndex: number): Actor[] =>
  ALL ? [...ACTORS] : [...KEY_ACTORS, SAMPLED[modelIndex % SAMPLED.length]!];
const LONG = 300_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-authz-'));
let env: TestEnv;
let ops: Operation[];
let as: Record<Actor, Client>;
let fixture: Fixture;
let adminB: Client;
/** The superuser who writes the superusers' tables (licenses, system notifications). */
let superuserClient: Client;
/** model name → the uuid of each record kind */
const records = new Map<string, Record<RecordKind, string>>();
/** model name → the uuid of the access rule hiding its `hidden` record */
const rules = new Map<string, string>();
const checked = { requests: 0, routes: new Set<string>(), cells: 0 };
const failures: string[] = [];

type Ent = AnyEntity;
const entityIndex = (e: Ent) => entityList.indexOf(e);

// ---- the fixture -------------------------------------------------------------------------------------------------

async function member(sg: string, role: 'user' | 'admin' = 'user') {
  const m = await signedIn(env);
  await env.database.db.insert(settingsGroupMembers).values({ settings_group_uuid: sg, user_id: m.user.id, role });
  return m;
}

async function created(res: LightMyRequestResponse, what: string) {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return json<{ data: Record<string, unknown> }>(res).data;
}

async function bearer(email: string) {
  const c = new Client(env.app);
  const res = await c.post('/sanctum/token', { email, password: PASSWORD, device_name: 'matrix' });
  c.bearer = String((await created(res, 'token')).token);
  c.cookies.clear();
  return c;
}

/** Record values that put it on the calendar (a contract ending in ten days) and keep writes simple. */
// The administration tables are models too, so the loop below makes user groups, permission groups and access rules
// of their own: an access rule matching nothing (a rule's empty filter would hide every record of its model from the
// members), and permission groups that grant nothing by themselves.
const overrides = (e: Ent): Record<string, unknown> =>
  e.name === 'contract'
    ? { contract_end_date: addDays(today(), 10), title: 'Matrix contract' }
    : e.name === 'access_rule'
      ? { filter: { uuid: [crypto.randomUUID()] } }
      : // a user's own rows are shared with nobody here (the tables' user scope)
        e.name === 'grid_view'
        ? { shared: false }
        : {};

async function seed() {
  const a = await signedIn(env);
  const b = await signedIn(env);
  const sgA = String((await created(await a.client.post('/settings-groups', { name: 'A' }), 'A')).uuid);
  const sgB = String((await created(await b.client.post('/settings-groups', { name: 'B' }), 'B')).uuid);
  adminB = b.client;
  const superuser = await signedInWithTwoFactor(env, { is_superuser: true });
  superuserClient = superuser.client;
  const ctxA: Context = { client: a.client, settingsGroup: sgA, made: new Map() };
  const ctxB: Context = { client: b.client, settingsGroup: sgB, made: new Map() };
  // a superusers' table's records are the superuser's to write, in A and in B (a global one's in none)
  const superA: Context = { client: superuser.client, settingsGroup: sgA, made: new Map() };
  const superB: Context = { client: superuser.client, settingsGroup: sgB, made: new Map() };
  for (const e of entityList) {
    const writers = e.access === 'superusers' ? [superA, superB] : [ctxA, ctxB];
    const own = await make(writers[0]!, e, overrides(e));
    const hidden = await make(writers[0]!, e, overrides(e));
    const foreign = await make(writers[1]!, e, overrides(e));
    records.set(e.name, { own: String(own.uuid), hidden: String(hidden.uuid), foreign: String(foreign.uuid) });
  }
  const full = await member(sgA);
  const outsider = await member(sgA);
  const viewOnly = await member(sgA);
  const noRights = await member(sgA);
  const memberB = await member(sgB);
  // settings group B has a permission group now (the loop's): memberB gets the default rights through it (all but
  // delete, docs/domain/permissions.md, "Permissions and roles"), as in a settings group without one
  const foreignOf = (model: string) => records.get(model)!.foreign;
  const setUp = async (res: LightMyRequestResponse) => {
    if (res.statusCode !== 200) throw new Error(`setting up group B: ${res.statusCode} ${res.body}`);
  };
  await setUp(await adminB.patch(`/user-groups/${foreignOf('user_group')}`, { member_uuids: [memberB.user.uuid] }));
  await setUp(
    await adminB.patch(`/permission-groups/${foreignOf('permission_group')}`, {
      rights: Object.fromEntries(entityList.map((e) => [e.name, RIGHTS.filter((r) => r !== 'delete')])),
      user_group_uuids: [foreignOf('user_group')],
    }),
  );
  const group = async (name: string, members: string[]) =>
    String(
      (
        await created(
          await a.client.post('/user-groups', { settings_group_uuid: sgA, name, member_uuids: members }),
          name,
        )
      ).uuid,
    );
  const everyone = await group('Full', [full.user.uuid, outsider.user.uuid]);
  const insiders = await group('Insiders', [full.user.uuid]);
  const viewers = await group('Viewers', [viewOnly.user.uuid]);
  const rights = (r: readonly string[]) => Object.fromEntries(entityList.map((e) => [e.name, [...r]]));
  const permissionGroup = async (name: string, r: readonly string[], ug: string) =>
    String(
      (
        await created(
          await a.client.post('/permission-groups', {
            settings_group_uuid: sgA,
            name,
            rights: rights(r),
            user_group_uuids: [ug],
          }),
          name,
        )
      ).uuid,
    );
  const allRights = await permissionGroup('All', RIGHTS, everyone);
  await permissionGroup('View', ['view'], viewers);
  let firstRule = '';
  for (const e of entityList) {
    const rule = await created(
      await a.client.post('/access-rules', {
        settings_group_uuid: sgA,
        name: `Hidden ${e.name}`,
        model: e.name,
        filter: { uuid: [records.get(e.name)!.hidden] },
        user_group_uuids: [insiders],
      }),
      `rule ${e.name}`,
    );
    firstRule ||= String(rule.uuid);
    rules.set(e.name, String(rule.uuid));
  }
  const filter = await created(
    await a.client.post('/filters', { settings_group_uuid: sgA, name: 'Leases', model: 'contract', filter: {} }),
    'filter',
  );
  const network = await created(
    await a.client.post('/networks', { settings_group_uuid: sgA, cidr: '10.9.0.0/16', action: 'deny' }),
    'network',
  );
  const invitation = json<{ data: { uuid: string }[] }>(
    await a.client.post(`/settings-groups/${sgA}/invitations`, { emails: ['invited@example.com'], role: 'user' }),
  ).data[0]!.uuid;
  const spare = await make(
    ctxA,
    entityList.find((e) => e.name === 'property')!,
  );
  await created(await a.client.post(`/properties/${String(spare.uuid)}/delete-request`), 'delete request');
  const deleteRequest = json<{ data: { uuid: string }[] }>(
    await a.client.get(`/property-delete-requests?settings_group_uuid=${sgA}`),
  ).data[0]!.uuid;
  const notification = await created(
    await superuser.client.post('/system-notifications', {
      type: 'info',
      publish_at: '2026-01-01 10:00:00',
      publish_until: null,
      translations: { 'en-us': { title: 'Matrix', body: '' } },
    }),
    'notification',
  );
  fixture = {
    sgA,
    sgB,
    propertyA: records.get('property')!.own,
    userGroupA: everyone,
    permissionGroupA: allRights,
    filterA: String(filter.uuid),
    accessRuleA: firstRule,
    networkA: String(network.uuid),
    invitationA: invitation,
    deleteRequestA: deleteRequest,
    memberOfA: noRights.user.uuid,
    notification: Number(notification.id),
    ownRecords: Object.fromEntries([...records].map(([model, r]) => [model, r.own])),
  };
  const anonymous = new Client(env.app);
  await anonymous.csrf(); // a session without a user: the XSRF check passes, authentication must not
  as = {
    anonymous,
    superuser: superuser.client,
    adminA: a.client,
    full: full.client,
    outsider: outsider.client,
    viewOnly: viewOnly.client,
    noRights: noRights.client,
    memberB: memberB.client,
    tokenViewOnly: await bearer(viewOnly.user.email),
    tokenOutsider: await bearer(outsider.user.email),
  };
  return { ctxA };
}

let ctxA: Context;
beforeAll(async () => {
  env = await createTestEnv({ dataDir });
  ops = await operations(env.app);
  ({ ctxA } = await seed());
}, 180_000);
afterAll(async () => {
  // AUTH_MATRIX_REPORT=<file>: every cell that did not answer as the table says, one a line
  if (process.env.AUTH_MATRIX_REPORT) fs.writeFileSync(process.env.AUTH_MATRIX_REPORT, failures.join('\n'));
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---- asking and judging ------------------------------------------------------------------------------------------

/** The smallest body an operation's JSON schema accepts (so that a refusal is the gate's, not the body's 422). */
export function minimalBody(s: Schema | undefined): unknown {
  if (!s) return undefined;
  if (s.anyOf?.length) return minimalBody(s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0]);
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, minimalBody(s.properties?.[k])]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => minimalBody(s.items));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date' || s.pattern?.includes('\\d{4}')) return addDays(today(), 3);
      if (s.format === 'email') return 'someone@example.com';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return {};
  }
}

/** The answer as the table writes it: the gate's status, or 'ok' when the gate let it through. */
const gateOf = (status: number): Answer | 'fail' =>
  status >= 500 ? 'fail' : status === 401 || status === 403 || status === 404 ? status : 'ok';

function judge(label: string, expected: Answer, res: LightMyRequestResponse) {
  checked.requests += 1;
  checked.cells += 1;
  const got = gateOf(res.statusCode);
  const fits =
    expected === 'ok'
      ? got === 'ok'
      : expected === 'any'
        ? got !== 401 && got !== 'fail'
        : expected === 'skip'
          ? res.statusCode === 200
          : res.statusCode === expected;
  if (!fits) failures.push(`${label}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
  return fits;
}

const send = (c: Client, method: string, url: string, body?: unknown) =>
  c.request(method as 'GET', url, method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}));

const opUrl = (op: Operation, uuid: string) => op.path.replace('/api/v1', '').replace('{uuid}', uuid);
const cls = (op: Operation): RouteClass | undefined => {
  if (OTHER[op.key]) return { kind: 'other', spec: OTHER[op.key]! };
  const pattern = OTHER_PATTERNS.find(([re]) => re.test(op.key));
  if (pattern) return { kind: 'other', spec: pattern[1] };
  return engineClass(op, entityList, (e, name) => {
    const action = behaviourOf(e).actions?.find((x) => x.name === name);
    return action ? (action.right ?? 'update') : undefined;
  });
};

/** A record's state as its workspace's admin sees it (a superusers' table's as the superuser): changed or gone after a
 * refusal would be a leak. */
async function stateOf(e: Ent, uuid: string, kind: RecordKind) {
  const reader = e.access === 'superusers' ? superuserClient : kind === 'foreign' ? adminB : as.adminA;
  const res = await reader.get(`/${e.plural}/${uuid}`);
  if (res.statusCode !== 200) return `status ${res.statusCode}`;
  const d = json<{ data: Record<string, unknown> }>(res).data;
  return `${String(d.updated_at)} ${String(d.archived_at)}`;
}

async function snapshot() {
  const out = new Map<string, string>();
  for (const e of entityList)
    for (const kind of RECORDS) out.set(`${e.name} ${kind}`, await stateOf(e, records.get(e.name)![kind], kind));
  return out;
}

/** A field a bulk row can change on every model: the first writable text, else int or enum field. */
function changeOf(e: Ent): Record<string, unknown> {
  for (const kind of ['text', 'int', 'enum'] as const)
    for (const [name, f] of Object.entries(e.fields))
      if (f.kind === kind && isWritable(f) && !f.unique && !f.computed)
        return { [name]: otherValues[kind](f, 1) as unknown };
  return {};
}

// ---- the engine's record routes ------------------------------------------------------------------------------------

type Phase = 'refused' | 'through';
const refusal = (a: Answer) => a === 401 || a === 403 || a === 404 || a === 'skip' || a === 422;

/** Runs the record routes' cells of one phase; `only` picks route classes. */
async function recordCells(phase: Phase, only: (c: RouteClass & { kind: 'record' }) => boolean) {
  for (const op of ops) {
    const c = cls(op);
    if (c?.kind !== 'record' || !only(c)) continue;
    checked.routes.add(op.key);
    const table = recordRoutesOf(c.entity, c.class, c.action);
    for (const actor of actorsFor(entityIndex(c.entity)))
      for (const [i, kind] of RECORDS.entries()) {
        const expected = table[actor][i]!;
        if ((phase === 'refused') !== refusal(expected)) continue;
        if (actor === 'anonymous' && kind !== 'own') continue; // 401 before any record is looked up
        if (c.class === 'delete' && phase === 'through') continue; // deletes run last, one per record
        const uuid = records.get(c.entity.name)![kind];
        const body = op.method === 'PATCH' ? {} : (actionBody(c.entity, c.action, kind) ?? minimalBody(op.body));
        // an unlink needs a link: made by the same caller first
        if (c.action === 'unlink' && phase === 'through')
          await send(as[actor], 'POST', opUrl(op, uuid).replace(/unlink$/, 'link'), body);
        judge(`${op.key} ${actor} ${kind}`, expected, await send(as[actor], op.method, opUrl(op, uuid), body));
        // archive is undone by the same caller at once, so that later cells find the record as it was
        if (c.action === 'archive' && phase === 'through')
          await send(as[actor], 'POST', opUrl(op, uuid).replace(/archive$/, 'restore'));
      }
  }
}

/** Bodies of actions that name another record: a property of the record's own settings group. */
function actionBody(e: Ent, action: string | undefined, kind: RecordKind) {
  if (e.name === 'document' && (action === 'link' || action === 'unlink'))
    return { model_name: 'property', model_uuid: records.get('property')![kind === 'foreign' ? 'foreign' : 'own'] };
  return undefined;
}

// ---- the engine's collection and bulk routes ---------------------------------------------------------------------

const uuidQuery = (e: Ent) =>
  RECORDS.map((k) => `filter[uuid]=${records.get(e.name)![k]}`).join('&') + '&archived=all&per_page=500';
const kindsIn = (e: Ent, text: string) => RECORDS.filter((k) => text.includes(records.get(e.name)![k]));

/** The expectations of a model by who reaches it: a user's own rows, a superusers', an admins' or a members' table. */
function byKind<T>(e: AnyEntity, tables: { owners: T; user: T; superusers: T; admins: T; members: T }): T {
  if (e.access === 'owners') return tables.owners;
  if (e.scope === 'user') return tables.user;
  if (e.access === 'superusers') return tables.superusers;
  return e.access === 'admins' ? tables.admins : tables.members;
}

async function collectionCells(phase: Phase) {
  for (const op of ops) {
    const c = cls(op);
    if (c?.kind !== 'collection' && c?.kind !== 'bulk') continue;
    checked.routes.add(op.key);
    const e = c.entity;
    for (const actor of actorsFor(entityIndex(e))) {
      const client = as[actor];
      const label = `${op.key} ${actor}`;
      if (c.kind === 'bulk') {
        const table = recordRoutesOf(e, c.class);
        for (const [i, kind] of RECORDS.entries()) {
          const expected = table[actor][i]!;
          if ((phase === 'refused') !== (expected !== 'ok' && expected !== 'skip')) continue;
          if (actor === 'anonymous' && kind !== 'own') continue;
          const row = { uuid: records.get(e.name)![kind] };
          const res = await send(client, op.method, `${op.path.replace('/api/v1', '')}?dry_run=1`, { rows: [row] });
          if (judge(`${label} ${kind}`, expected, res) && res.statusCode === 200) {
            const status = json<{ data: { status: string }[] }>(res).data[0]?.status;
            if ((expected === 'skip') !== (status === 'skipped'))
              failures.push(`${label} ${kind}: expected ${expected}, the row was ${status}`);
          }
        }
        continue;
      }
      if (c.class === 'list') {
        // a global superusers' table without a list of its own for everyone (the published system notifications)
        const superusers =
          e.scope === 'global' && !behaviourOf(e).overrides?.includes('list') ? GLOBAL_LIST : SUPER_LIST;
        const expected = byKind(e, {
          owners: OWNER_LIST,
          user: USER_LIST,
          superusers,
          admins: ADMIN_LIST,
          members: LIST,
        })[actor];
        if ((phase === 'refused') !== (typeof expected === 'number')) continue;
        const res = await client.get(`/${e.plural}?${uuidQuery(e)}`);
        if (typeof expected === 'number') {
          judge(label, expected, res);
          continue;
        }
        checked.requests += 1;
        checked.cells += 3;
        const body = json<{ data: { uuid: string }[]; meta: { total: number } }>(res);
        const seen = kindsIn(e, JSON.stringify(body.data.map((r) => r.uuid)));
        if (res.statusCode !== 200 || seen.join() !== expected.join() || body.meta.total !== expected.length)
          failures.push(
            `${label}: expected [${expected.join()}], got ${res.statusCode} [${seen.join()}] total ${body.meta?.total}`,
          );
      } else if (c.class === 'export') {
        const expected = byKind(e, {
          owners: OWNER_LIST,
          user: USER_EXPORT,
          superusers: SUPER_EXPORT,
          admins: ADMIN_EXPORT,
          members: EXPORT,
        })[actor];
        if ((phase === 'refused') !== (typeof expected === 'number')) continue;
        const uuids = RECORDS.map((k) => records.get(e.name)![k]);
        const res =
          op.method === 'GET'
            ? await client.get(`/${e.plural}/export?format=csv&${uuidQuery(e).replace(/&per_page=500/, '')}`)
            : await client.post(`/${e.plural}/export`, { format: 'csv', uuids, archived: 'all' });
        if (typeof expected === 'number') {
          judge(label, expected, res);
          continue;
        }
        checked.requests += 1;
        checked.cells += 3;
        const seen = kindsIn(e, res.body);
        if (res.statusCode !== 200 || seen.join() !== expected.join())
          failures.push(`${label}: expected [${expected.join()}], got ${res.statusCode} [${seen.join()}]`);
      } else if (c.class === 'import-template') {
        if ((phase === 'refused') !== refusal(TEMPLATE[actor])) continue;
        judge(label, TEMPLATE[actor], await client.get(`/${e.plural}/import-template`));
      } else {
        const expected = byKind(e, {
          owners: OWNER_CREATE,
          user: userCreate(e),
          superusers: SUPER_CREATE,
          admins: c.class === 'create' ? ADMIN_CREATE : ADMIN_BULK_CREATE,
          members: e.createdByUpload ? UPLOAD : CREATE,
        })[actor];
        if ((phase === 'refused') !== refusal(expected)) continue;
        if (e.createdByUpload) {
          const res = await uploadDocument(
            client,
            { model_name: 'property', model_uuid: records.get('property')!.own, title: 'Matrix' },
            { name: `matrix-${Math.random().toString(36).slice(2, 8)}.pdf`, data: pdf('matrix') },
          );
          judge(label, UPLOAD[actor], res);
          continue;
        }
        const body = await bodyFor(ctxA, e, overrides(e));
        const res =
          c.class === 'create'
            ? await client.post(`/${e.plural}`, body)
            : await client.post(`/${e.plural}/bulk?dry_run=1`, { rows: [body] });
        judge(label, expected, res);
      }
    }
  }
}

// ---- other routes ----------------------------------------------------------------------------------------------

async function otherCells(phase: Phase) {
  for (const op of ops) {
    const c = cls(op);
    if (c?.kind !== 'other') continue;
    checked.routes.add(op.key);
    const spec = c.spec;
    const url = spec.url ? spec.url(fixture) : op.path.replace('/api/v1', '').replace('{uuid}', fixture.sgA);
    const actors: Actor[] = spec.class === 'public' ? ['anonymous'] : [...ACTORS];
    for (const actor of actors) {
      const expected = spec.answers?.[actor] ?? OTHER_ANSWERS[spec.class][actor];
      if ((phase === 'refused') !== refusal(expected)) continue;
      if (spec.unsafe && expected === 'ok' && spec.class !== 'public') continue; // only its refusals are asked
      const body = spec.body ? spec.body(fixture) : minimalBody(op.body);
      judge(`${op.key} ${actor}`, expected, await send(as[actor], op.method, url, body));
    }
  }
}

// ---- the tests -------------------------------------------------------------------------------------------------

describe('the authorization matrix', () => {
  it('sorts every operation of the OpenAPI document into a route class of the table', () => {
    const missing = ops.filter((op) => !cls(op)).map((op) => op.key);
    expect(missing, 'operations without an expectation: add them to authorization-matrix-table.ts').toEqual([]);
    const keys = new Set(ops.map((op) => op.key));
    expect(
      Object.keys(OTHER).filter((k) => !keys.has(k)),
      'table entries of routes that are gone',
    ).toEqual([]);
  });

  it(
    'refuses what the table refuses, and the refusals change no record',
    async () => {
      const before = await snapshot();
      await recordCells('refused', () => true);
      await collectionCells('refused');
      await otherCells('refused');
      const after = await snapshot();
      const changed = [...before]
        .filter(([k, v]) => after.get(k) !== v)
        .map(([k, v]) => `${k}: ${v} → ${after.get(k)}`);
      expect(changed).toEqual([]);
      expect(failures).toEqual([]);
    },
    LONG,
  );

  it(
    'refuses a bulk request naming a hidden or foreign uuid whole, writing none of its visible rows',
    async () => {
      for (const e of entityList) {
        // a member reaches an admins' table nowhere, and writes a superusers' table nowhere: its bulk routes refuse
        // them whole (403), in the table above
        if (e.access === 'admins' || e.access === 'superusers') continue;
        const r = records.get(e.name)!;
        const before = await stateOf(e, r.own, 'own');
        const change = changeOf(e);
        const asked: [string, string, unknown][] = [];
        for (const other of [r.hidden, r.foreign]) {
          const rows = [r.own, other];
          if (ops.some((o) => o.key === `PATCH /api/v1/${e.plural}`))
            asked.push(['PATCH', `/${e.plural}`, { rows: rows.map((uuid) => ({ uuid, ...change })) }]);
          for (const action of ['archive', 'delete'])
            if (ops.some((o) => o.key === `POST /api/v1/${e.plural}/bulk-${action}`))
              asked.push(['POST', `/${e.plural}/bulk-${action}`, { rows: rows.map((uuid) => ({ uuid })) }]);
        }
        for (const [method, url, body] of asked)
          for (const actor of ['outsider', 'tokenOutsider'] as const)
            judge(`${method} ${url} ${actor} own+hidden/foreign`, 404, await send(as[actor], method, url, body));
        const after = await stateOf(e, r.own, 'own');
        if (after !== before) failures.push(`${e.name}: a refused bulk request changed the visible record`);
      }
      expect(failures).toEqual([]);
    },
    LONG,
  );

  it('leaves the hidden record out of the calendar and the ICS feed of a member outside the rule', async () => {
    const contract = records.get('contract')!;
    const q = `from=${today()}&to=${addDays(today(), 30)}`;
    const feedOf = async (actor: Actor) => {
      const url = json<{ data: { url: string } }>(await as[actor].get('/user/calendar-feed')).data.url;
      const res = await new Client(env.app).request('GET', url.replace('http://hauswerk.test', ''));
      expect(res.statusCode, actor).toBe(200);
      return kindsIn(
        entityList.find((e) => e.name === 'contract')!,
        res.body,
      );
    };
    const eventsOf = async (actor: Actor) =>
      kindsIn(
        entityList.find((e) => e.name === 'contract')!,
        (await as[actor].get(`/calendar/events?${q}`)).body,
      );
    expect(contract.own).toBeTruthy();
    expect(await feedOf('outsider')).toEqual(['own']);
    expect(await feedOf('full')).toEqual(['own', 'hidden']);
    expect(await feedOf('adminA')).toEqual(['own', 'hidden']);
    expect(await feedOf('memberB')).toEqual(['foreign']);
    expect(await feedOf('noRights')).toEqual([]);
    expect(await eventsOf('outsider')).toEqual(['own']);
    expect(await eventsOf('tokenOutsider')).toEqual(['own']);
    expect(await eventsOf('full')).toEqual(['own', 'hidden']);
    expect(await eventsOf('memberB')).toEqual(['foreign']);
  });

  it('names no hidden record in a visible record’s linked facilities, contracts and document links', async () => {
    const f = records.get('facility')!;
    const c = records.get('contract')!;
    const p = records.get('property')!;
    const d = records.get('document')!;
    const link = async (contract: string, facilityUuids: string[]) =>
      (await as.adminA.put(`/contracts/${contract}/facilities`, { facility_uuids: facilityUuids })).statusCode;
    const uuidsOf = async (actor: Actor, url: string) => {
      const res = await as[actor].get(url);
      expect(res.statusCode, `${actor} ${url}`).toBe(200);
      return JSON.stringify(res.json());
    };
    // the facilities and the contracts must share a property: the fixture's references all name the same one
    expect(await link(c.own, [f.own, f.hidden])).toBe(200);
    expect(await link(c.hidden, [f.own])).toBe(200);
    for (const actor of ['outsider', 'tokenOutsider', 'viewOnly'] as const) {
      const listed = await uuidsOf(actor, `/contracts/${c.own}/facilities`);
      expect(listed, actor).toContain(f.own);
      expect(listed, actor).not.toContain(f.hidden);
      const contracts = await uuidsOf(actor, `/facilities/${f.own}/contracts`);
      expect(contracts, actor).toContain(c.own);
      expect(contracts, actor).not.toContain(c.hidden);
    }
    expect(await uuidsOf('full', `/contracts/${c.own}/facilities`)).toContain(f.hidden);
    expect(await uuidsOf('full', `/facilities/${f.own}/contracts`)).toContain(c.hidden);
    // a hidden facility cannot be linked, and replacing the set leaves its link alone
    const taken = await as.outsider.put(`/contracts/${c.own}/facilities`, { facility_uuids: [f.own, f.hidden] });
    expect(taken.statusCode).toBe(422);
    expect((await as.outsider.put(`/contracts/${c.own}/facilities`, { facility_uuids: [] })).statusCode).toBe(200);
    const kept = await uuidsOf('adminA', `/contracts/${c.own}/facilities`);
    expect(kept).toContain(f.hidden);
    expect(kept).not.toContain(f.own);
    // a document attached to a hidden property
    for (const property of [p.own, p.hidden]) {
      const res = await as.adminA.post(`/documents/${d.own}/link`, { model_name: 'property', model_uuid: property });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const actor of ['outsider', 'tokenOutsider', 'viewOnly'] as const) {
      const links = await uuidsOf(actor, `/documents/${d.own}/links`);
      expect(links, actor).toContain(p.own);
      expect(links, actor).not.toContain(p.hidden);
    }
    expect(await uuidsOf('full', `/documents/${d.own}/links`)).toContain(p.hidden);
    for (const property of [p.own, p.hidden])
      await as.adminA.post(`/documents/${d.own}/unlink`, { model_name: 'property', model_uuid: property });
    await link(c.own, []);
    await link(c.hidden, []);
  });

  it('leaves hidden comments out of a visible ticket and hidden readings out of a counter’s consumption', async () => {
    const comments = records.get('ticket_comment')!;
    const ticketOf = async (uuid: string) =>
      json<{ data: { ticket_uuid: string } }>(await as.adminA.get(`/ticket-comments/${uuid}`)).data.ticket_uuid;
    // the hidden comment's ticket is visible to everyone in A (the fixture's references are not hidden)
    const ticket = await ticketOf(comments.hidden);
    for (const actor of ['outsider', 'tokenOutsider', 'viewOnly', 'full'] as const) {
      const res = await as[actor].get(`/tickets/${ticket}/comments`);
      expect(res.statusCode, actor).toBe(200);
      const seen = kindsIn(
        entityList.find((e) => e.name === 'ticket_comment')!,
        res.body,
      );
      expect(seen, actor).toEqual(actor === 'full' ? ['hidden'] : []);
    }
    // a counter with three readings, the last hidden by the measurements' rule
    const property = records.get('property')!.own;
    const counter = await created(
      await as.adminA.post('/counters', { property_uuid: property, counter_id: 'MATRIX-1', name: 'Matrix' }),
      'counter',
    );
    const reading = async (measured_at: string, value: string) => {
      const body = { property_uuid: property, counter_uuid: counter.uuid, measured_at, value };
      return String((await created(await as.adminA.post('/measurements', body), 'reading')).uuid);
    };
    await reading('2026-01-15T10:00:00.000Z', '100');
    await reading('2026-02-15T10:00:00.000Z', '150');
    const last = await reading('2026-03-15T10:00:00.000Z', '400');
    const rule = rules.get('measurement')!;
    const hiding = async (uuids: string[]) =>
      expect((await as.adminA.patch(`/access-rules/${rule}`, { filter: { uuid: uuids } })).statusCode).toBe(200);
    await hiding([records.get('measurement')!.hidden, last]);
    const totals = async (actor: Actor) => {
      const res = await as[actor].get(`/counters/${String(counter.uuid)}/consumption?period=month`);
      expect(res.statusCode, actor).toBe(200);
      return res.body;
    };
    expect(await totals('full')).toMatch(/"250(\.0+)?"/);
    expect(await totals('outsider')).not.toMatch(/"250(\.0+)?"/);
    expect(await totals('outsider')).toMatch(/"50(\.0+)?"/);
    await hiding([records.get('measurement')!.hidden]);
  });

  it(
    'lets through what the table lets through: reads, lists, counts, exports, creates, bulk dry runs',
    async () => {
      await recordCells('through', (c) => c.class === 'view');
      await collectionCells('through');
      await otherCells('through');
      expect(failures).toEqual([]);
    },
    LONG,
  );

  it(
    'lets through updates, actions, archive and restore',
    async () => {
      await recordCells('through', (c) => c.class !== 'view' && c.class !== 'delete');
      expect(failures).toEqual([]);
    },
    LONG,
  );

  it(
    'deletes a record only for the callers the table lets (one caller per record)',
    async () => {
      // a superusers' table's records are deleted by the superuser
      const first = ['adminA', 'full', 'memberB', 'superuser'] as const;
      for (const e of [...entityList].reverse()) {
        const op = ops.find((o) => o.key === `DELETE /api/v1/${e.plural}/{uuid}`);
        if (!op || cls(op)?.kind !== 'record') continue;
        const table = recordRoutesOf(e, 'delete');
        for (const [i, kind] of RECORDS.entries()) {
          const allowed = first.filter((a) => table[a][i] === 'ok');
          const actor = allowed[entityIndex(e) % Math.max(1, allowed.length)];
          if (!actor) continue;
          judge(
            `${op.key} ${actor} ${kind}`,
            'ok',
            await as[actor].delete(`/${e.plural}/${records.get(e.name)![kind]}`),
          );
        }
      }
      expect(failures).toEqual([]);
    },
    LONG,
  );

  it('prints what it covered', () => {
    console.info(
      `authorization matrix: ${checked.routes.size} of ${ops.length} operations, ${ACTORS.length} actors, ` +
        `${RECORDS.length} records; ${checked.requests} requests, ${checked.cells} cells checked`,
    );
    expect(checked.routes.size).toBe(ops.length);
  });
});
