// The route fuzzer: every operation of the OpenAPI document gets property-based requests (tests/fuzz/arbitraries.ts)
// against the real app on a seeded workspace. A request fails when the server answers 5xx, answers a 4xx outside
// the error shapes, takes longer than REQUEST_TIMEOUT_MS, or leaves a key on a built-in prototype. After each
// route the server must still answer health, sign a fresh user in and list records.
import { openApiDocument } from '../../server/openapi';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { buildApp } from '../../server/app';
import { settingsGroupMembers, users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/password';
import { entityList } from '../../src/entities/registry';
import { Client, createTestEnv, createUser, json, PASSWORD, type TestEnv } from '../api/harness';
import { make, superuserContext, writerOf, type Context } from '../api/factories';
import {
  encode,
  extremeCursorQuery,
  extremeObjectFor,
  hostileString,
  hostileValue,
  objectFor,
  pathParam,
  queryFor,
  toJson,
  type Pool,
  type QueryParam,
  type Schema,
} from './arbitraries';
import type { FastifyInstance } from 'fastify';

export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Routes after whose requests the fuzzed user is signed in again (the fuzzer may have ended or replaced the
 * session). Nothing is left out of the run.
 */
export const SIGN_IN_AGAIN: Record<string, string> = {
  'POST /api/v1/logout': 'ends the session',
  'POST /api/v1/login': 'a sign-in replaces the session, a failed one may leave it half signed in',
  'POST /api/v1/two-factor-challenge': 'answers a pending sign-in',
  'POST /api/v1/register': 'signs the new account in',
  'PUT /api/v1/user/password': 'renews the session',
  'PUT /api/v1/user/profile-information': 'may change the e-mail address',
  'POST /api/v1/user/two-factor-authentication': 'starts two-factor sign-in for the user',
  'POST /api/v1/user/confirmed-two-factor-authentication': 'may turn two-factor sign-in on',
  'DELETE /api/v1/user/two-factor-authentication': 'turns two-factor sign-in off',
  'GET /api/v1/user/delete-request/{token}': 'confirms an account deletion',
  'POST /api/v1/sanctum/token': 'signs in with a token',
};

export interface Operation {
  key: string;
  method: string;
  path: string;
  /** The model plural a path names (`/api/v1/facilities/{uuid}` → facilities). */
  model?: string;
  body?: Schema;
  query: QueryParam[];
  params: QueryParam[];
  /** A keyset list's sort fields and each one's schema (from the model's create body; system and read-only dates
   * by their names), for cursors that are impossible for the field. */
  sortFields?: Record<string, Schema>;
}

/** The schema of a sort field the create body does not have: created_at and the like are instants, *_date days. */
const sortFieldSchema = (name: string): Schema =>
  name.endsWith('_at')
    ? { type: 'string', format: 'date-time' }
    : name.endsWith('_date')
      ? { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }
      : {};

interface OpenApiParam {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface OpenApiOperation {
  parameters?: OpenApiParam[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export async function operations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await openApiDocument(app.ctx)) as { paths: Record<string, Record<string, OpenApiOperation>> };
  const out: Operation[] = [];
  const bodyOf = (op?: OpenApiOperation) => op?.requestBody?.content?.['application/json']?.schema;
  for (const [p, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((x) => x.in === where)
          .map((x) => ({ name: x.name, schema: x.schema ?? {}, required: x.required }));
      const query = params('query');
      // a model with attributes sorts by its fields' names or by `attributes.<key>` (a pattern): its fields here
      const sortSchema = query.find((q) => q.name === 'sort_by')?.schema as
        { enum?: string[]; anyOf?: { enum?: string[] }[] } | undefined;
      const sortBy = sortSchema?.enum ?? sortSchema?.anyOf?.find((x) => x.enum)?.enum;
      const created = bodyOf(methods.post)?.properties ?? {};
      out.push({
        key: `${method.toUpperCase()} ${p}`,
        method: method.toUpperCase(),
        path: p,
        model: p.split('/')[3],
        body: bodyOf(op),
        query,
        params: params('path'),
        ...(sortBy && query.some((q) => q.name === 'cursor')
          ? { sortFields: Object.fromEntries(sortBy.map((n) => [n, created[n] ?? sortFieldSchema(n)])) }
          : {}),
      });
    }
  return out;
}

export interface FuzzRequest {
  signedIn: boolean;
  method: string;
  url: string;
  body?: string;
  contentType?: string;
}

const BROKEN_JSON = ['', '{"a":', 'nul', '{"a":1}x', '\uFEFF{}', '\u0000', '{"a":1,}', "{'a':1}", '[', '"'];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
];

const FILE_NAMES = [
  'a.pdf',
  'a.csv',
  'a.xlsx',
  '../../etc/passwd',
  'a\u0000.pdf',
  'x'.repeat(300),
  '',
  '.',
  'a\uD800.csv',
];
const FILE_BYTES = ['%PDF-1.4\n%%EOF', 'a;b\n1;2\n', 'PK\u0003\u0004garbage', '', '\u0000\u0000', 'x'.repeat(70_000)];

/** A multipart/form-data body (what the upload routes take): fields of the schema or usual names, and a file. */
function multipartArb(op: Operation, pool: Pool): fc.Arbitrary<Pick<FuzzRequest, 'body' | 'contentType'>> {
  const names = [...Object.keys(op.body?.properties ?? {}), 'model', 'model_name', 'model_uuid', 'title', 'file'];
  const value = fc.oneof(
    fc.constantFrom(...pool.uuids.keys(), 'property', 'facility', 'documents'),
    fc.constantFrom(...[...pool.uuids.values()].flat()),
    hostileString.map((x) => x.slice(0, 5000)),
  );
  return fc
    .record({
      fields: fc.array(fc.tuple(fc.constantFrom(...names, '__proto__'), value), { maxLength: 5 }),
      file: fc.option(
        fc.tuple(fc.constantFrom('file', 'upload', ''), fc.constantFrom(...FILE_NAMES), fc.constantFrom(...FILE_BYTES)),
      ),
      close: fc.boolean(),
    })
    .map(({ fields, file, close }) => {
      const b = 'fuzzboundary';
      const part = (name: string, extra = '') => `--${b}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
      const body =
        fields.map(([n, v]) => `${part(n)}\r\n${v}\r\n`).join('') +
        (file
          ? `${part(file[0], `; filename="${file[1]}"`)}Content-Type: application/octet-stream\r\n\r\n${file[2]}\r\n`
          : '') +
        (close ? `--${b}--\r\n` : '');
      return { body, contentType: `multipart/form-data; boundary=${b}` };
    });
}

function bodyArb(op: Operation, pool: Pool): fc.Arbitrary<Pick<FuzzRequest, 'body' | 'contentType'>> {
  if (op.method === 'GET') return fc.constant({});
  const json = (text: string) => ({ body: text, contentType: 'application/json' });
  const shaped = op.body ? objectFor(op.body, { pool, depth: 3 }).map((v) => json(toJson(v))) : fc.constant({});
  return fc.oneof(
    { arbitrary: shaped, weight: 12 },
    { arbitrary: hostileValue.map((v) => json(toJson(v))), weight: 2 },
    { arbitrary: fc.constantFrom(...BROKEN_JSON).map(json), weight: 1 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...OTHER_TYPES), fc.constantFrom('a=1', '{}', '<a/>', '--x--'))
        .map(([contentType, body]) => ({ contentType, body })),
      weight: 1,
    },
    { arbitrary: fc.constant(json(`{"a":"${'x'.repeat(1_100_000)}"}`)), weight: 1 },
    // the upload routes have no JSON body: there multipart bodies are the main case
    { arbitrary: multipartArb(op, pool), weight: op.body || op.method !== 'POST' ? 1 : 8 },
  );
}

/** Whether the route takes values at bounds: a cursor, or a JSON body with a day, an instant or a number it stores
 * or computes with. */
export function hasExtremes(op: Operation): boolean {
  const bounded = (s: Schema | undefined, depth = 0): boolean =>
    !!s &&
    depth < 6 &&
    (s.format === 'date-time' ||
      s.format === 'date' ||
      s.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ||
      s.type === 'integer' ||
      s.type === 'number' ||
      // a record's version (`updated_at` of bulk rows) is compared, never stored or computed with
      Object.entries(s.properties ?? {}).some(([k, x]) => k !== 'updated_at' && bounded(x, depth + 1)) ||
      bounded(s.items, depth + 1) ||
      (s.anyOf ?? []).some((x) => bounded(x, depth + 1)));
  // an export reads a list query (its filters are the lists' own): the lists' cursors stand for it
  return !!op.sortFields || (op.method !== 'GET' && !op.path.endsWith('/export') && bounded(op.body));
}

/**
 * A request with values at their bounds together (arbitraries.ts, "combined extremes"), signed in, to records of
 * the seeded workspace: a list's cursor impossible for its sort field, or a body whose every number, one day and the
 * required members sit at their bounds.
 */
export function extremeRequestArb(op: Operation, pool: Pool): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(
    ...op.params.map((p) =>
      p.schema.format === 'uuid' || p.name === 'uuid'
        ? fc.constantFrom(...(pool.uuids.get(op.model ?? '') ?? ['00000000-0000-4000-8000-000000000000']))
        : pathParam(p.name, p.schema, pool, op.model),
    ),
  );
  const query = op.sortFields ? extremeCursorQuery(op.sortFields) : fc.constant('');
  const body =
    op.method !== 'GET' && op.body
      ? extremeObjectFor(op.body, { pool, depth: 3 }).map((v) => ({ body: toJson(v), contentType: 'application/json' }))
      : fc.constant({});
  return fc.record({ params, query, body }).map(({ params: values, query: q, body: b }) => {
    let i = 0;
    const p = op.path.replace(/\{\w+\}/g, () => encode(values[i++] ?? ''));
    return { signedIn: true, method: op.method, url: q ? `${p}?${q}` : p, ...b };
  });
}

/** A request for one operation: its path, query and body from the schemas, signed in or not. */
export function requestArb(op: Operation, pool: Pool): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...op.params.map((p) => pathParam(p.name, p.schema, pool, op.model)));
  return fc
    .record({
      signedIn: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
      params,
      query: queryFor(op.query, { pool, depth: 3 }),
      body: bodyArb(op, pool),
    })
    .map(({ signedIn, params: values, query, body }) => {
      let i = 0;
      const p = op.path.replace(/\{\w+\}/g, () => encode(values[i++] ?? ''));
      return { signedIn, method: op.method, url: query ? `${p}?${query}` : p, ...body };
    });
}

export interface Outcome {
  status: number;
  problem?: string;
  /** The server's error log lines written while answering. */
  log: string[];
}

const ERROR_SHAPES: Record<number, 'message' | 'errors'> = { 422: 'errors' };

/** What is wrong with an answer, or null: a 5xx, or a 4xx whose body is not `{message}` (422: `{message, errors}`). */
export function problemOf(status: number, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `answered ${status} without a JSON body`;
  }
  const b = parsed as { message?: unknown; errors?: unknown };
  if (!b || typeof b !== 'object' || typeof b.message !== 'string') return `answered ${status} without a message`;
  if ((ERROR_SHAPES[status] ?? 'message') === 'errors') {
    const errors = b.errors as Record<string, unknown> | undefined;
    const ok =
      errors &&
      typeof errors === 'object' &&
      !Array.isArray(errors) &&
      Object.values(errors).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'));
    if (!ok) return `answered ${status} without errors as field → messages`;
  }
  return null;
}

const PROTOTYPES: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];
const pristine = new Map(PROTOTYPES.map(([n, p]) => [n, new Set(Object.getOwnPropertyNames(p))]));

/** Keys a request left on a built-in prototype (they are removed again, so that the next routes run clean). */
export function pollution(): string[] {
  const found: string[] = [];
  for (const [name, proto] of PROTOTYPES)
    for (const key of Object.getOwnPropertyNames(proto))
      if (!pristine.get(name)!.has(key)) {
        found.push(`${name}.${key}`);
        delete (proto as Record<string, unknown>)[key];
      }
  const probe = {} as Record<string, unknown>;
  if (probe.polluted !== undefined || probe.isAdmin !== undefined || probe.x !== undefined)
    found.push('({}).polluted/isAdmin/x');
  return found;
}

export interface Stats {
  requests: number;
  byClass: Record<string, number>;
}

/** One 5xx (or other failure) class: route, status and the server's error, with the smallest request seen. */
export interface Finding {
  route: string;
  problem: string;
  error: string;
  request: FuzzRequest;
  count: number;
}

const errorOf = (log: string[]) => {
  for (const line of log) {
    try {
      const l = JSON.parse(line) as {
        level: number;
        msg?: string;
        err?: { type?: string; message?: string; stack?: string };
      };
      if (l.level < 50) continue;
      const frame = l.err?.stack
        ?.split('\n')
        .find((s) => /\/(server|src)\//.test(s))
        ?.trim()
        .replace(/^at /, '')
        .replace(/\(?\/.*?\/((server|src)\/[^:)]+:\d+)(:\d+)?\)?/, '($1)');
      return `${l.err?.type ?? ''}: ${(l.err?.message ?? l.msg ?? '').split('\n')[0]!.slice(0, 300)}${frame ? ` at ${frame}` : ''}`;
    } catch {
      /* not a log line of ours */
    }
  }
  return '';
};

/** The real app (with error logging) on a fresh database and a seeded workspace. */
export class FuzzTarget {
  stats: Stats = { requests: 0, byClass: {} };
  findings = new Map<string, Finding>();
  signIns = 0;
  /** Errors thrown outside any request's handling (an unhandled stream error): each would stop the server. */
  uncaught: string[] = [];
  private lines: string[] = [];
  private client!: Client;
  private anonymous: Client | null = null;
  private userId = 0;

  private constructor(
    readonly env: TestEnv,
    readonly app: FastifyInstance,
    readonly pool: Pool,
    private readonly dataDir: string,
  ) {}

  static async start(): Promise<FuzzTarget> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-fuzz-'));
    const env = await createTestEnv({ dataDir });
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp({
      database: env.database,
      logStream,
      config: { scryptCost: 1024, appUrl: 'http://hauswerk.test', smtpUrl: undefined, dataDir, logLevel: 'error' },
    });
    await app.ready();
    const target = new FuzzTarget(env, app, { uuids: new Map(), ids: [], tokens: [] }, dataDir);
    target.lines = lines;
    process.on('uncaughtException', target.onUncaught);
    await target.seed();
    return target;
  }

  operations = () => operations(this.app);

  /** A workspace (settings group) with one record of every model, and the ids and tokens the user can see. */
  private async seed() {
    const user = await createUser(this.env);
    this.userId = user.id;
    await this.signIn();
    const res = await this.client.post('/settings-groups', { name: 'Fuzz workspace' });
    const ctx: Context = {
      client: this.client,
      settingsGroup: json<{ data: { uuid: string } }>(res).data.uuid,
      made: new Map(),
    };
    this.pool.uuids.set('settings-groups', [ctx.settingsGroup]);
    this.pool.uuids.set('settings_group_uuid', [ctx.settingsGroup]);
    // a colleague to delegate to or assign (the fuzzed user delegates from themselves)
    const colleague = await createUser(this.env);
    await this.env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: ctx.settingsGroup, user_id: colleague.id, role: 'user' });
    for (const key of ['to_user_uuid', 'user_uuid']) this.pool.uuids.set(key, [colleague.uuid]);
    this.pool.uuids.set('from_user_uuid', [user.uuid]);
    // a superusers' table's record is a superuser's to make (the fuzzed user is the workspace's admin)
    const superuser = await superuserContext(this.env, ctx.settingsGroup);
    for (const entity of entityList) this.remember(entity, await make(writerOf(entity, ctx, superuser), entity));
    const token = await this.client.post('/user/api-tokens', { name: 'fuzz' });
    if (token.statusCode < 300) this.pool.ids.push(String(json<{ data?: { id?: unknown } }>(token).data?.id ?? '1'));
    const feed = json<{ data?: { url?: string } }>(await this.client.get('/user/calendar-feed')).data?.url;
    if (feed) this.pool.tokens.push(feed.split('/').pop()!);
  }

  /** A record the fuzzer names: by its model's plural (in paths) and as `<model>_uuid` (in bodies and queries). */
  private remember(entity: (typeof entityList)[number], record: Record<string, unknown>) {
    this.pool.uuids.set(entity.plural, [String(record.uuid)]);
    this.pool.uuids.set(`${entity.name}_uuid`, [String(record.uuid)]);
  }

  private async signIn() {
    // the fuzzer may have changed the address or the password: put them back first
    const email = `fuzz-${this.userId}@example.com`;
    await this.env.database.db
      .update(users)
      .set({ email, password_hash: await hashPassword(PASSWORD, 1024), two_factor_confirmed_at: null })
      .where(eq(users.id, this.userId));
    this.client = new Client(this.app);
    const res = await this.client.login(email);
    if (res.statusCode !== 200) throw new Error(`the fuzzed user cannot sign in again: ${res.statusCode} ${res.body}`);
    this.signIns += 1;
  }

  /** Signs the fuzzed user in again when the session is gone. */
  async ensureSignedIn() {
    if ((await this.client.get('/user')).statusCode !== 200) await this.signIn();
  }

  /** Records whose delete a route may have run are made again, so that later routes still find them. */
  async refreshPool() {
    const ctx: Context = {
      client: this.client,
      settingsGroup: this.pool.uuids.get('settings-groups')![0]!,
      made: new Map(),
    };
    for (const entity of entityList) {
      const res = await this.client.get(`/${entity.plural}/${this.pool.uuids.get(entity.plural)![0]}`);
      if (res.statusCode === 404) this.remember(entity, await make(ctx, entity));
    }
  }

  /** A caller with a session but no user (the XSRF check passes, so the route itself answers). */
  private async signedOut() {
    if (!this.anonymous) {
      this.anonymous = new Client(this.app);
      await this.anonymous.csrf();
    }
    return this.anonymous;
  }

  async send(op: Operation, req: FuzzRequest): Promise<Outcome> {
    const client = req.signedIn ? this.client : await this.signedOut();
    const from = this.lines.length;
    const thrown = this.uncaught.length;
    let timer: NodeJS.Timeout | undefined;
    const answer = client.request(
      req.method as 'GET',
      req.url,
      req.body === undefined ? undefined : Buffer.from(req.body),
      req.contentType ? { 'content-type': req.contentType } : {},
    );
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), REQUEST_TIMEOUT_MS)));
    const res = await Promise.race([answer, late]).finally(() => clearTimeout(timer));
    this.stats.requests += 1;
    const status = res?.statusCode ?? 0;
    const cls = res ? `${String(status)[0]}xx` : 'timeout';
    this.stats.byClass[cls] = (this.stats.byClass[cls] ?? 0) + 1;
    const log = this.lines.slice(from);
    const polluted = pollution();
    const problem =
      this.uncaught.length > thrown
        ? `threw outside the request, which stops the server: ${this.uncaught.slice(thrown).join('; ')}`
        : !res
          ? `no answer within ${REQUEST_TIMEOUT_MS} ms`
          : polluted.length
            ? `left ${polluted.join(', ')} on a prototype`
            : problemOf(status, res.body);
    if (SIGN_IN_AGAIN[op.key]) {
      if (req.signedIn) await this.ensureSignedIn();
      else this.anonymous = null; // it may have signed someone in
    }
    if (problem) this.note(op, req, problem, log);
    return { status, problem: problem ?? undefined, log };
  }

  private note(op: Operation, req: FuzzRequest, problem: string, log: string[]) {
    const error = errorOf(log);
    // one class per route, problem and error: values quoted in the message (`uuid: "…"`) and numbers differ
    const shape = error.replace(/: ".*?"/g, ': "…"').replace(/[0-9a-f-]{36}|\d+/g, '#');
    const id = `${op.key} | ${problem} | ${shape.slice(0, 200)}`;
    const known = this.findings.get(id);
    const size = (r: FuzzRequest) => r.url.length + (r.body?.length ?? 0);
    if (!known) this.findings.set(id, { route: op.key, problem, error, request: req, count: 1 });
    else {
      known.count += 1;
      if (size(req) < size(known.request)) known.request = req;
    }
  }

  /** What is wrong with the server after a run: health, a fresh sign-in, a list, the fuzzed user's list. */
  async healthProblems(): Promise<string[]> {
    const problems: string[] = [];
    const health = await this.app.inject({ method: 'GET', url: '/api/v1/health' });
    if (health.statusCode !== 200) problems.push(`GET /health answered ${health.statusCode}`);
    const fresh = await createUser(this.env);
    const client = new Client(this.app);
    const login = await client.login(fresh.email);
    if (login.statusCode !== 200) problems.push(`a fresh user's sign-in answered ${login.statusCode}`);
    const list = await client.get('/facilities');
    if (list.statusCode !== 200) problems.push(`a fresh user's GET /facilities answered ${list.statusCode}`);
    await this.ensureSignedIn();
    const own = await this.client.get('/facilities?per_page=5');
    if (own.statusCode !== 200) problems.push(`the workspace's GET /facilities answered ${own.statusCode}`);
    const polluted = pollution();
    if (polluted.length) problems.push(`${polluted.join(', ')} on a prototype`);
    return problems;
  }

  private onUncaught = (e: unknown) => this.uncaught.push(String((e as Error)?.stack ?? e).split('\n')[0]!);

  async close() {
    process.off('uncaughtException', this.onUncaught);
    await this.app.close();
    await this.env.close();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Shortens a request for a report: long runs of one character are written as `x×100000`. */
export function describeRequest(r: FuzzRequest): string {
  const short = (s: string) =>
    s.replace(/(.)\1{39,}/gsu, (m, c: string) => `${JSON.stringify(c).slice(1, -1)}×${m.length / c.length}`);
  const body = r.body === undefined ? '' : `\n  body (${r.contentType}): ${short(r.body).slice(0, 1500)}`;
  const url = short(r.url);
  const cut = url.length > 600 ? `${url.slice(0, 600)}… (${url.length} characters)` : url;
  return `${r.signedIn ? 'signed in' : 'signed out'}: ${r.method} ${cut}${body}`;
}

export interface RouteResult {
  op: Operation;
  runs: number;
  failure?: { request: FuzzRequest; problem: string; error: string; path?: string };
  health: string[];
}

const MAX_SHRINK_REQUESTS = 150;

/** Each route gets its own seed from the run's seed, so that routes do not all draw the same choices. */
export const routeSeed = (seed: number, key: string) =>
  [...key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, seed) >>> 0;

/** fast-check over one route; the failure it reports is the shrunk request. */
export async function fuzzRoute(
  target: FuzzTarget,
  op: Operation,
  opts: { seed: number; numRuns: number; extremes?: boolean; health?: boolean },
): Promise<RouteResult> {
  let failures = 0;
  let runs = 0;
  let last: { problem: string; error: string } | undefined;
  const requests = opts.extremes ? extremeRequestArb(op, target.pool) : requestArb(op, target.pool);
  const property = fc.asyncProperty(requests, async (req) => {
    // once a failure is found, shrinking gets a bounded number of requests
    if (failures > MAX_SHRINK_REQUESTS) return true;
    runs += 1;
    const out = await target.send(op, req);
    if (!out.problem) return true;
    failures += 1;
    last = { problem: out.problem, error: errorOf(out.log) };
    // a request that gets no answer is not shrunk: every try would wait the whole timeout
    if (out.status === 0) failures = MAX_SHRINK_REQUESTS + 1;
    return false;
  });
  const seed = routeSeed(opts.extremes ? opts.seed + 1 : opts.seed, op.key);
  const details = await fc.check(property, { seed, numRuns: opts.numRuns });
  await target.ensureSignedIn();
  if (op.method === 'DELETE' || op.path.endsWith('bulk-delete')) await target.refreshPool();
  const health = opts.health === false ? [] : await target.healthProblems();
  const result: RouteResult = { op, runs, health };
  if (details.failed && details.counterexample)
    result.failure = {
      request: details.counterexample[0],
      problem: last?.problem ?? String(details.errorInstance),
      error: last?.error ?? '',
      path: details.counterexamplePath ?? undefined,
    };
  return result;
}

/** The report of one failed route: the shrunk request, the server's error and how to replay it. */
export function describeFailure(r: RouteResult, seed: number, numRuns: number, extremes = false): string {
  const f = r.failure!;
  return [
    `${r.op.key}: ${f.problem}${f.error ? ` (${f.error})` : ''}${extremes ? ' [combined extremes]' : ''}`,
    `  ${describeRequest(f.request)}`,
    `  replay: FUZZ_SEED=${seed} FUZZ_RUNS=${numRuns} FUZZ_ROUTE='${r.op.key}' npm run fuzz`,
  ].join('\n');
}
