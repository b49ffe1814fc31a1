// Backup and restore (README "Backup and restore"; docs/decisions.md "Backup and restore"): a workspace with a row
// in every table of the schema (the list comes from the catalog, so a new table without a row here fails the first
// test) is backed up and restored into an empty database of the same kind, and of the other kind when PostgreSQL is
// at hand; every row of every table, all columns, must come back equal. The restored database keeps its security:
// an access rule still hides a property from a member it applies to, a network's deny range still refuses. A
// truncated or edited backup, one of a newer schema or naming what this schema lacks, and a restore into a database
// with data unless forced are refused with a clear message, and change nothing.
// @both-databases: the catalog and every column type of each database.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import {
  backup,
  BackupError,
  fileIndex,
  MANIFEST,
  readManifest,
  restore,
  sealManifest,
  storedFile,
  tableFile,
} from '../../server/db/backup';
import { jobRuns, users } from '../../server/db/schema';
import { jobs } from '../../server/jobs/jobs';
import { formatStamp } from '../../src/entities/dates';
import { runJobIfDue } from '../../server/jobs/scheduler';
import { AREAS, fileStore, type StorageContext } from '../../server/storage/stores';
import { digest } from '../../server/storage/file-store';
import { CHUNK } from '../../server/storage/postgres-store';
import { entityList } from '../../src/entities/registry';
import {
  Client,
  createTestEnv,
  createUser,
  freshPostgresDatabase,
  json,
  PASSWORD,
  signedIn,
  signedInWithTwoFactor,
  type TestEnv,
} from './harness';
import { make, superuserContext, writerOf, type Context } from './factories';
import { addDays, today, workspace, type Ws } from './planning-support';
import { finished, upload, xlsx } from './workbooks';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-backup-'));
const dataDir = path.join(root, 'data');
const kind: Database['kind'] = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
let source: TestEnv;
let fixture: Awaited<ReturnType<typeof fill>>;
const opened: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  source = await createTestEnv({ dataDir, storage: 'folder' });
  fixture = await fill(source);
}, 120_000);
afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
  await source.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const rowsOf = <T>(r: unknown) => (r as { rows?: T[] }).rows ?? (r as T[]);

function must(res: { statusCode: number; body: string }, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return json<{ data: Record<string, unknown> & { uuid: string } }>(res as never).data;
}

/** A member of the workspace (an invitation accepted through the API). */
async function member(env: TestEnv, ws: Ws) {
  const m = await signedIn(env);
  const sent = await ws.client.post(`/settings-groups/${ws.settingsGroup}/invitations`, {
    emails: [m.user.email],
    role: 'user',
  });
  const [invitation] = json<{ data: { uuid: string }[] }>(sent).data;
  must(await m.client.post(`/user/invitations/${invitation!.uuid}/accept`), 200, 'accept');
  return m;
}

/** Puts at least one row into every table through the API (a job run as the scheduler would run it). */
async function fill(env: TestEnv) {
  const ws = await workspace(env);
  const ctx: Context = {
    client: ws.client,
    settingsGroup: ws.settingsGroup,
    made: new Map([['property', ws.property]]),
  };
  const sg = ws.settingsGroup;
  // every model, its required references made first (documents uploaded, linked to a property); a superusers'
  // table's record by a superuser
  const records = new Map<string, Record<string, unknown>>();
  const superusers = await superuserContext(env, sg);
  for (const entity of entityList) records.set(entity.name, await make(writerOf(entity, ctx, superusers), entity));
  const rec = (model: string) => String(records.get(model)!.uuid);

  // members, user groups, permission groups, restricted access, stored filters and access rules
  const insider = await member(env, ws);
  const outsider = await member(env, ws);
  await ws.client.post(`/settings-groups/${sg}/invitations`, { emails: ['pending@example.com'], role: 'user' });
  const group = must(
    await ws.client.post('/user-groups', {
      settings_group_uuid: sg,
      name: 'Insiders',
      member_uuids: [insider.user.uuid],
    }),
    201,
    'user group',
  );
  const everyone = must(
    await ws.client.post('/user-groups', {
      settings_group_uuid: sg,
      name: 'Everyone',
      member_uuids: [insider.user.uuid, outsider.user.uuid],
    }),
    201,
    'user group',
  );
  must(
    await ws.client.post('/permission-groups', {
      settings_group_uuid: sg,
      name: 'Readers',
      rights: { property: ['view'], facility: ['view'] },
      user_group_uuids: [everyone.uuid],
    }),
    201,
    'permission group',
  );
  const restricted = must(
    await ws.client.post('/properties', { settings_group_uuid: sg, name: 'Restricted house' }),
    201,
    'property',
  );
  must(
    await ws.client.put(`/properties/${restricted.uuid}/user-groups`, { user_group_uuids: [group.uuid] }),
    200,
    'restricted access',
  );
  // a public page of a record (docs/domain/public-pages.md)
  must(
    await ws.client.post(`/properties/${restricted.uuid}/public-page`, { fields: ['name'], attachments: [] }),
    201,
    'public page',
  );
  const hidden = must(
    await ws.client.post('/properties', { settings_group_uuid: sg, name: 'Hidden house' }),
    201,
    'property',
  );
  const filter = must(
    await ws.client.post('/filters', {
      settings_group_uuid: sg,
      name: 'The hidden house',
      model: 'property',
      filter: { uuid: [hidden.uuid] },
    }),
    201,
    'filter',
  );
  must(
    await ws.client.post('/access-rules', {
      settings_group_uuid: sg,
      name: 'Hidden house for insiders',
      model: 'property',
      filter_uuids: [filter.uuid],
      user_group_uuids: [group.uuid],
    }),
    201,
    'access rule',
  );
  // networks (their changes are audited) and delegations
  must(
    await ws.client.post('/networks', { settings_group_uuid: sg, cidr: '10.9.0.0/16', action: 'deny' }),
    201,
    'network',
  );
  must(
    await insider.client.post('/delegations', {
      settings_group_uuid: sg,
      to_user_uuid: outsider.user.uuid,
      valid_from: today(),
      valid_to: addDays(today(), 7),
    }),
    201,
    'delegation',
  );
  // a license (a superuser's), a property delete request
  const superuser = await signedInWithTwoFactor(env, { is_superuser: true });
  must(
    await superuser.client.post('/licenses', {
      settings_group_uuid: sg,
      name: 'Standard',
      valid_from: addDays(today(), -10),
      valid_to: addDays(today(), 30),
      property_uuids: [ws.property],
    }),
    201,
    'license',
  );
  const doomed = must(
    await ws.client.post('/properties', { settings_group_uuid: sg, name: 'Old barn' }),
    201,
    'property',
  );
  must(await ws.client.post(`/properties/${doomed.uuid}/delete-request`), 201, 'delete request');
  // system notifications and their confirmation
  const notice = must(
    await superuser.client.post('/system-notifications', {
      type: 'info',
      publish_at: formatStamp(new Date(Date.now() - 60_000)),
      publish_until: null,
      translations: { 'en-us': { title: 'Maintenance', body: 'Tonight' }, de: { title: 'Wartung', body: 'Heute' } },
    }),
    201,
    'system notification',
  ) as unknown as { id: number };
  must(await ws.client.post(`/system-notifications/${notice.id}/confirmations`), 200, 'confirmation');
  // preferences, grid views, api tokens, calendar feed, password reset (a token and a mail), a failed login
  must(
    await ws.client.put('/user/table-settings/facilities?device=Linux:desktop', {
      visible_columns: 'name',
      column_widths: { name: 240 },
    }),
    200,
    'table settings',
  );
  must(await ws.client.put('/user-model-views/tasks?device=Linux:desktop', { view: 'calendar' }), 200, 'model view');
  must(
    await ws.client.post('/grid-views', {
      table_name: 'facility',
      settings_group_uuid: sg,
      name: 'Boilers',
      query: { sort_by: 'name' },
    }),
    201,
    'grid view',
  );
  must(await ws.client.post('/user/api-tokens', { name: 'Reports' }), 201, 'api token');
  must(await ws.client.get('/user/calendar-feed'), 200, 'calendar feed');
  const anonymous = new Client(env.app);
  await anonymous.csrf();
  must(await anonymous.post('/forgot-password', { email: ws.user.email }), 200, 'forgot password');
  await new Client(env.app).login(ws.user.email, 'not the password');
  // planning: a followed ticket, a sent order with a message, a contract's facilities and extension, a budget drawn
  must(await ws.client.post(`/tickets/${rec('ticket')}/follow`), 200, 'follow');
  const contractor = must(
    await ws.client.post('/contacts', {
      settings_group_uuid: sg,
      kind: 'organisation',
      organisation: 'Rohr AG',
      email_address: 'rohr@example.com',
    }),
    201,
    'contact',
  );
  const budget = rec('budget');
  const order = must(
    await ws.client.post('/orders', {
      property_uuid: ws.property,
      title: 'Fix the pipe',
      kind: 'external',
      contact_uuid: contractor.uuid,
      budget_uuid: budget,
      due_date: addDays(today(), 7),
    }),
    201,
    'order',
  );
  must(
    await ws.client.post('/order-lines', {
      property_uuid: ws.property,
      order_uuid: order.uuid,
      title: 'Hours',
      quantity: '2',
      unit_price: '95.00',
    }),
    201,
    'order line',
  );
  must(await ws.client.post(`/orders/${order.uuid}/send`), 200, 'send');
  must(await ws.client.post(`/orders/${order.uuid}/messages`, { body: 'Thank you' }), 201, 'message');
  const contract = must(
    await ws.client.post('/contracts', {
      property_uuid: ws.property,
      title: 'Lift service',
      contract_start_date: '2024-01-01',
      contract_duration: 36,
      notice_period: 3,
      extension_period: 12,
    }),
    201,
    'contract',
  );
  must(
    await ws.client.put(`/contracts/${contract.uuid}/facilities`, { facility_uuids: [rec('facility')] }),
    200,
    'contract facilities',
  );
  must(await ws.client.post(`/contracts/${contract.uuid}/extend`, {}), 200, 'extend');
  // a guarantee ending in 30 days: the daily job mails its reminder (and records its run)
  const guarantor = rec('contact');
  const guarantee = must(
    await ws.client.post('/guarantees', {
      property_uuid: ws.property,
      title: 'Roof guarantee',
      guarantor_uuid: guarantor,
      start_date: addDays(today(), -335),
      guarantee_duration: 12,
    }),
    201,
    'guarantee',
  );
  const job = jobs.find((j) => j.name === 'guarantee-deadlines')!;
  await env.database.db.delete(jobRuns).where(eq(jobRuns.name, job.name));
  await runJobIfDue(env.app.ctx, job, jobs.indexOf(job), new Date(`${String(guarantee.end_date)}T06:00:00Z`));
  // an attribute's change of type: its undo log (attribute_changes)
  must(await ws.client.patch(`/attributes/${rec('attribute')}`, { type: 'long_text' }), 200, 'attribute type change');
  // an import with a row written and a row refused, and a saved column mapping
  const file = await xlsx({
    Facilities: [
      ['uuid', 'name', 'property_uuid'],
      [rec('facility'), 'Renamed boiler', ws.property],
      [null, 'Imported boiler', ws.property],
      [null, '', ws.property],
    ],
  });
  const up = must(await upload(ws.client, file, 'facilities.xlsx', 'facility'), 201, 'import upload');
  const mapping = { '0': 'uuid', '1': 'name', '2': 'property_uuid' };
  const body = { settings_group_uuid: sg, mapping, mode: 'upsert' };
  must(await ws.client.post(`/imports/${up.uuid}/run`, body), 202, 'import run');
  expect((await finished(ws.client, up.uuid)).counts).toMatchObject({ created: 1, updated: 1, failed: 1 });
  must(await ws.client.put('/user/import-mappings/facility', { mapping: { Name: 'name' } }), 200, 'mapping');
  // a scheduled export run now: its run log line and its file in the exports store
  must(await ws.client.post(`/scheduled-exports/${rec('scheduled_export')}/run`, {}), 200, 'scheduled export run');
  // a file kept in the database store (stored_files, and its bytes in file_chunks of 1 MB: bytea)
  await fileStore(env.app.ctx, 'imports', 'postgres').put(
    crypto.randomUUID(),
    Readable.from([crypto.randomBytes(CHUNK + 1000)]),
  );
  // a user whose last sign-in is an instant that is not named `…_at`
  const late = await createUser(env);
  await env.database.db
    .update(users)
    .set({ last_login: new Date('2024-02-29T23:59:59.123Z') })
    .where(eq(users.id, late.id));
  return { ws, insider, outsider, hidden: hidden.uuid, visible: ws.property, document: rec('document') };
}

/** The tables of the schema, from the catalog (not from the backup code). */
async function schemaTables(db: Db): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((r) => r.name);
}

/** Every row of every table, all columns (generated ones too), as the database writes them, sorted. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const table of await schemaTables(tx))
      out[table] = rowsOf<{ row: string }>(
        await tx.execute(sql.raw(`select to_jsonb(t)::text as row from "${table}" t`)),
      )
        .map((r) => r.row)
        .sort();
    return out;
  });
}

/** The files in the data folder store of every area: `area/key` → SHA-256. */
async function folderFiles(ctx: StorageContext): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const area of AREAS) {
    const store = fileStore(ctx, area, 'folder');
    for await (const key of store.keys())
      out[`${area}/${key}`] = (await digest((await store.open(key))!.stream)).checksum;
  }
  return out;
}

/** A new, empty database (migrated, nothing in it) of the kind asked for. */
async function emptyDatabase(of: Database['kind'] = kind): Promise<Database> {
  if (of === 'postgres') {
    const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const database = await openDatabase({ databaseUrl: fresh.url, dataDir: '' });
    opened.push({ close: fresh.drop }, database);
    return database;
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  opened.push(database);
  return database;
}

/** An installation to restore into: an empty database and an empty data folder of its own. */
async function emptyInstallation(
  of: Database['kind'] = kind,
  storage: 'folder' | 'postgres' = 'folder',
): Promise<StorageContext & { database: Database }> {
  const database = await emptyDatabase(of);
  return { database, config: { dataDir: fs.mkdtempSync(path.join(root, 'installation-')), storage } };
}

async function appOn(at: StorageContext & { database: Database }): Promise<FastifyInstance> {
  const app = await buildApp({
    database: at.database,
    logger: false,
    config: { scryptCost: 1024, appUrl: 'http://hauswerk.test', smtpUrl: undefined, ...at.config },
  });
  await app.ready();
  opened.push(app);
  return app;
}

describe('the fixture', () => {
  it('has a row in every table of the schema, and stored files of every area in the data folder', async () => {
    const rows = await snapshot(source.database.db);
    const empty = Object.entries(rows)
      .filter(([, r]) => r.length === 0)
      .map(([t]) => t);
    expect(empty, 'tables without a row: give each one in fill()').toEqual([]);
    // 68 since the four link tables of user groups, permission groups and access rules became uuid arrays, 67 since
    // the licenses' properties became one too
    expect(Object.keys(rows).length).toBeGreaterThanOrEqual(67);
    const files = Object.keys(await folderFiles(source.app.ctx));
    for (const area of AREAS)
      expect(
        files.some((f) => f.startsWith(`${area}/`)),
        area,
      ).toBe(true);
  });
});

/** Signs a user of the restored database in (from `address`), with the password the fixture gave everyone. */
async function signIn(app: FastifyInstance, email: string, remoteAddress?: string) {
  const client = new Client(app, remoteAddress ? { remoteAddress } : {});
  must(await client.login(email, PASSWORD), 200, `sign-in of ${email}`);
  return client;
}

/** The rules that held before the backup hold in the restored database. */
async function securityHolds(app: FastifyInstance) {
  const { insider, outsider, hidden, visible } = fixture;
  // the access rule hides the property from the member outside its user group, not from the insider
  const out = await signIn(app, outsider.user.email);
  expect((await out.get(`/properties/${hidden}`)).statusCode).toBe(404);
  expect((await out.get(`/properties/${visible}`)).statusCode).toBe(200);
  const names = json<{ data: { uuid: string }[] }>(await out.get('/properties?per_page=100')).data.map((p) => p.uuid);
  expect(names).toContain(visible);
  expect(names).not.toContain(hidden);
  const inside = await signIn(app, insider.user.email);
  expect((await inside.get(`/properties/${hidden}`)).statusCode).toBe(200);
  // the deny range refuses a request from inside it, and only from there
  const denied = await signIn(app, insider.user.email, '10.9.1.1');
  expect((await denied.get(`/properties/${visible}`)).statusCode).toBe(404);
  const allowed = await signIn(app, insider.user.email, '10.1.1.1');
  expect((await allowed.get(`/properties/${visible}`)).statusCode).toBe(200);
}

/** The document's file as the app serves it. */
async function download(app: FastifyInstance) {
  const res = await (await signIn(app, fixture.ws.user.email)).get(`/documents/${fixture.document}/file`);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('backup and restore', () => {
  let folder: string;
  let before: Record<string, string[]>;
  let files: Record<string, string>;

  it('restores every row of every table, all columns, and every stored file into an empty installation', async () => {
    folder = path.join(root, 'backup-1');
    const made = await backup(source.app.ctx, folder);
    before = await snapshot(source.database.db);
    files = await folderFiles(source.app.ctx);
    await securityHolds(source.app); // what must hold after the restore holds here
    const tables = await schemaTables(source.database.db);
    expect(made).toMatchObject({ tables: tables.length, files: Object.keys(files).length, notes: [] });
    const manifest = await readManifest(folder);
    expect(manifest.database).toBe(kind);
    expect(manifest.schema.migrations).toBeGreaterThan(0);
    expect(manifest.tables.map((t) => t.name).sort()).toEqual(tables);
    // generated columns are left to the database
    expect(manifest.tables.find((t) => t.name === 'facilities')!.columns).not.toContain('search_text');

    const target = await emptyInstallation();
    expect(await restore(target, folder)).toEqual(made);
    expect(await snapshot(target.database.db)).toEqual(before);
    expect(await folderFiles(target)).toEqual(files);
    // serial ids continue after the restored ones
    const app = await appOn(target);
    const fresh = await signedIn({ app, database: target.database, close: async () => {} });
    const maxId = rowsOf<{ n: number }>(await target.database.db.execute(sql`select max(id)::int as n from users`))[0]!
      .n;
    expect(fresh.user.id).toBe(maxId);
    expect(fresh.user.id).toBeGreaterThan(Math.max(...before.users!.map((u) => (JSON.parse(u) as { id: number }).id)));
    await securityHolds(app);
    expect((await download(app)).equals(await download(source.app))).toBe(true);
  }, 120_000);

  it('puts the stored files into the store the restoring installation uses', async () => {
    const target = await emptyInstallation(kind, 'postgres');
    const done = await restore(target, folder);
    expect(done.files).toBe(Object.keys(files).length);
    const restored = await snapshot(target.database.db);
    const { stored_files: storedRows, file_chunks: _chunks, ...rest } = restored;
    const { stored_files: storedBefore, file_chunks: _before, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    // the database store holds what it held, and the data folder's files besides
    expect(storedRows!.length).toBe(storedBefore!.length + Object.keys(files).length);
    expect(await folderFiles(target)).toEqual({});
    const byKey = new Map(
      storedRows!
        .map((r) => JSON.parse(r) as { area: string; key: string; checksum: string })
        .map((r) => [`${r.area}/${r.key}`, r.checksum]),
    );
    for (const [file, checksum] of Object.entries(files)) expect(byKey.get(file), file).toBe(checksum);
    expect((await download(await appOn(target))).equals(await download(source.app))).toBe(true);
  }, 120_000);

  it('restores a backup of one database kind into the other', async () => {
    if (kind !== 'postgres') return; // PostgreSQL is at hand in the PostgreSQL tier only
    const embedded = await emptyInstallation('pglite');
    await restore(embedded, folder);
    expect(await snapshot(embedded.database.db)).toEqual(before);
    const again = path.join(root, 'backup-from-pglite');
    await backup(embedded, again);
    expect((await readManifest(again)).database).toBe('pglite');
    const server = await emptyInstallation('postgres');
    await restore(server, again);
    expect(await snapshot(server.database.db)).toEqual(before);
    expect(await folderFiles(server)).toEqual(files);
    await securityHolds(await appOn(server));
  }, 120_000);

  it('refuses to write into an existing folder', async () => {
    await expect(backup(source.app.ctx, folder)).rejects.toThrow(/exists already: name a new folder/);
  });
});

describe('a refused restore changes nothing', () => {
  let folder: string;
  let target: StorageContext & { database: Database };
  let held: Record<string, string[]>;
  let heldFiles: Record<string, string>;
  beforeAll(async () => {
    folder = path.join(root, 'backup-2');
    await backup(source.app.ctx, folder);
    target = await emptyInstallation();
    await restore(target, folder);
    held = await snapshot(target.database.db);
    heldFiles = await folderFiles(target);
  }, 120_000);

  let copies = 0;
  /** A copy of the backup, changed by `change`. */
  const copy = (change: (dir: string) => void) => {
    const dir = path.join(root, `changed-${++copies}`);
    fs.cpSync(folder, dir, { recursive: true });
    change(dir);
    return dir;
  };
  const manifestOf = (dir: string) =>
    JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Awaited<ReturnType<typeof readManifest>>;
  /** Writes the manifest with a checksum that matches it again (a backup consistent in itself). */
  const reseal = (dir: string, change: (m: ReturnType<typeof manifestOf>) => void) => {
    const manifest = manifestOf(dir);
    change(manifest);
    fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(sealManifest(manifest)));
  };
  const sha = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
  /** Replaces a table's file and gives the manifest its new row count and checksum. */
  const rewriteTable = (dir: string, table: string, change: (lines: string[]) => string[]) => {
    const file = tableFile(dir, table);
    const lines = change(fs.readFileSync(file, 'utf8').split('\n').slice(0, -1));
    const text = lines.map((l) => `${l}\n`).join('');
    fs.writeFileSync(file, text);
    reseal(dir, (m) => {
      const entry = m.tables.find((t) => t.name === table)!;
      entry.rows = lines.length;
      entry.sha256 = sha(text);
    });
  };
  /** The first stored document in a backup. */
  const firstDocument = (dir: string) =>
    (JSON.parse(fs.readFileSync(fileIndex(dir, 'documents'), 'utf8').split('\n')[0]!) as { key: string }).key;
  const refused = async (dir: string, message: RegExp, force = true) => {
    const error = await restore(target, dir, { force }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
    expect(await snapshot(target.database.db)).toEqual(held);
    expect(await folderFiles(target)).toEqual(heldFiles);
  };

  it('refuses a database with data unless forced, and replaces it when forced', async () => {
    await refused(
      folder,
      /^The database is not empty \(\d+ of its tables hold rows: .*\)\..*--force.*Nothing was changed\.$/,
      false,
    );
    // a file of the replaced data the backup does not have is removed with it
    const stray = crypto.randomUUID();
    await fileStore(target, 'documents').put(stray, Readable.from([Buffer.from('stray')]));
    expect(Object.keys(await folderFiles(target))).toContain(`documents/${stray}`);
    await restore(target, folder, { force: true });
    expect(await snapshot(target.database.db)).toEqual(held);
    expect(await folderFiles(target)).toEqual(heldFiles);
  }, 60_000);

  it('refuses a truncated or edited backup', async () => {
    const half = (file: string) => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    await refused(
      copy((dir) => half(tableFile(dir, 'facilities'))),
      /facilities\.jsonl does not match its checksum in the manifest .*Nothing was changed\./,
    );
    await refused(path.join(folder, MANIFEST), /manifest\.json is a file: a backup is a folder/);
    await refused(
      copy((dir) => half(path.join(dir, MANIFEST))),
      /manifest\.json is not valid JSON: the backup is truncated or damaged\./,
    );
    await refused(
      copy((dir) => {
        const file = tableFile(dir, 'users');
        const text = fs.readFileSync(file, 'utf8');
        fs.writeFileSync(file, text.replace(fixture.outsider.user.email, 'mallory@example.com'));
      }),
      /users\.jsonl does not match its checksum/,
    );
    await refused(
      copy((dir) => {
        const manifest = manifestOf(dir);
        manifest.tables.find((t) => t.name === 'users')!.rows += 1;
        fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest));
      }),
      /manifest\.json does not match its checksum: the backup was changed or is damaged\./,
    );
    await refused(
      copy((dir) => fs.rmSync(tableFile(dir, 'networks'))),
      /networks\.jsonl is missing: the backup is incomplete\./,
    );
    // stored files: one changed, one missing, the index edited
    await refused(
      copy((dir) => fs.appendFileSync(storedFile(dir, 'documents', firstDocument(dir)), 'x')),
      /does not match its checksum in the index: the backup was changed or is damaged\. Nothing was changed\./,
    );
    await refused(
      copy((dir) => fs.rmSync(storedFile(dir, 'documents', firstDocument(dir)))),
      /is missing: the backup is incomplete\./,
    );
    await refused(
      copy((dir) => fs.appendFileSync(fileIndex(dir, 'imports'), '{"key":"x"}\n')),
      /imports\.jsonl does not match its checksum in the manifest/,
    );
    // consistent in itself, but a row with a column of its own, a duplicate key, another file under a stored key
    await refused(
      copy((dir) =>
        rewriteTable(dir, 'networks', (lines) => lines.map((l) => l.replace(/^\{/, '{"is_admin": true, '))),
      ),
      /networks\.jsonl, line 1, is not a row of networks with the manifest's columns/,
    );
    await refused(
      copy((dir) => rewriteTable(dir, 'users', (lines) => [...lines, lines[0]!])),
      /^The rows of users do not fit this database \(.*\)\. Nothing was changed\.$/,
    );
    await refused(
      copy((dir) => {
        const key = firstDocument(dir);
        const other = Buffer.from('other bytes');
        fs.writeFileSync(storedFile(dir, 'documents', key), other);
        const index = fileIndex(dir, 'documents');
        const lines = fs.readFileSync(index, 'utf8').split('\n').slice(0, -1);
        const first = { ...(JSON.parse(lines[0]!) as object), size: other.length, sha256: sha(other) };
        const text = [JSON.stringify(first), ...lines.slice(1)].map((l) => `${l}\n`).join('');
        fs.writeFileSync(index, text);
        reseal(dir, (m) => {
          const entry = m.files.find((f) => f.area === 'documents')!;
          entry.sha256 = sha(text);
          entry.bytes = text
            .split('\n')
            .slice(0, -1)
            .reduce((n, l) => n + (JSON.parse(l) as { size: number }).size, 0);
        });
      }),
      /already hold another file under the key .* restore into an empty data folder\. Nothing was changed\./,
    );
  }, 120_000);

  it('refuses a backup of a newer or another schema, or naming what this schema lacks', async () => {
    await refused(
      copy((dir) => reseal(dir, (m) => (m.schema.migrations += 1))),
      /^The backup is of a newer schema \(\d+ migrations applied, this database has \d+\): update Hauswerk/,
    );
    await refused(
      copy((dir) => reseal(dir, (m) => (m.format_version += 1))),
      /written by a newer version of Hauswerk \(backup format 3/,
    );
    await refused(
      copy((dir) => reseal(dir, (m) => (m.schema.last_hash = 'f'.repeat(64)))),
      /schema differs from this database's/,
    );
    await refused(
      copy((dir) =>
        reseal(dir, (m) =>
          m.tables.push({ name: '../../etc/passwd', columns: ['x'], rows: 0, sha256: '0'.repeat(64) }),
        ),
      ),
      /does not fit this database's schema: table \.\.\/\.\.\/etc\/passwd does not exist\./,
    );
    await refused(
      copy((dir) => reseal(dir, (m) => m.tables.find((t) => t.name === 'users')!.columns.push('is_admin'))),
      /column users\.is_admin does not exist/,
    );
    await refused(
      copy((dir) => reseal(dir, (m) => m.tables.find((t) => t.name === 'facilities')!.columns.push('search_text'))),
      /facilities\.search_text is computed by the database/,
    );
    await refused(
      copy((dir) =>
        reseal(dir, (m) => m.sequences.push({ name: 'spaceships_id_seq', last_value: '1', is_called: true })),
      ),
      /sequences this database lacks: spaceships_id_seq/,
    );
    await refused(
      copy((dir) => reseal(dir, (m) => Object.assign(m, { extra: true }))),
      /is not a valid backup manifest \(root: /,
    );
    await refused(
      copy((dir) => reseal(dir, (m) => (m.files[0]!.area = '../..' as never))),
      /is not a valid backup manifest \(files\.0\.area: /,
    );
  }, 120_000);

  it('leaves an empty installation empty when a restore fails', async () => {
    const empty = await emptyInstallation();
    await expect(
      restore(
        empty,
        copy((d) => fs.truncateSync(tableFile(d, 'users'), 10)),
      ),
    ).rejects.toThrow(/users\.jsonl does not match its checksum/);
    // failing inside the transaction, after the stored files were placed: they are removed again
    await expect(
      restore(
        empty,
        copy((d) => rewriteTable(d, 'users', (lines) => [...lines, lines[0]!])),
      ),
    ).rejects.toThrow(/The rows of users do not fit this database/);
    expect(Object.values(await snapshot(empty.database.db)).flat()).toEqual([]);
    expect(await folderFiles(empty)).toEqual({});
  }, 60_000);
});

describe('npm run backup / npm run restore', () => {
  const cli = (args: string[], env: NodeJS.ProcessEnv) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/db/backup-cli.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );

  it('backs up and restores with clear messages and exit codes', async () => {
    const folder = path.join(root, 'backup-cli-source');
    await backup(source.app.ctx, folder);
    const expected = await snapshot(source.database.db);
    const expectedFiles = await folderFiles(source.app.ctx);
    // the installation the commands work on: a new PostgreSQL database or a new embedded one, a new data folder
    const cliData = path.join(root, 'cli-data');
    const env: NodeJS.ProcessEnv = { DATA_DIR: cliData, STORAGE: 'folder', DATABASE_URL: '' };
    let open = () => openDatabase({ dataDir: cliData });
    if (kind === 'postgres') {
      const fresh = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
      opened.push({ close: fresh.drop });
      env.DATABASE_URL = fresh.url;
      open = () => openDatabase({ databaseUrl: fresh.url, dataDir: '' });
    }
    expect(await cli(['restore'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage:') });
    const restored = await cli(['restore', folder], env);
    expect(restored, restored.stderr).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Restored .*: \d+ tables, \d+ rows, \d+ stored files \([\d.]+ MB\)\.\n$/),
    });
    expect(await cli(['restore', folder], env)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^The database is not empty .* --force .*Nothing was changed\.\n$/),
    });
    expect((await cli(['restore', folder, '--force'], env)).code).toBe(0);
    const out = path.join(root, 'backup-cli-out');
    const written = await cli(['backup', out], env);
    expect(written, written.stderr).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/written to .*backup-cli-out/),
    });
    const database = await open();
    try {
      expect(await snapshot(database.db)).toEqual(expected);
      expect(await folderFiles({ config: { dataDir: cliData, storage: 'folder' }, database })).toEqual(expectedFiles);
    } finally {
      await database.close();
    }
    expect(summaryOf(await readManifest(out))).toEqual(summaryOf(await readManifest(folder)));
  }, 180_000);
});

/** What a backup holds: rows per table and stored files per area. */
const summaryOf = (m: Awaited<ReturnType<typeof readManifest>>) => ({
  tables: Object.fromEntries(m.tables.map((t) => [t.name, [t.rows, t.sha256]])),
  files: m.files,
});
