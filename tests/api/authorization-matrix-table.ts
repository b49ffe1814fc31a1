// The expectation table of the authorization matrix (tests/api/authorization-matrix.test.ts): who gets which answer
// on which route, for the actors and records of docs/domain/permissions.md. Each operation of the OpenAPI document
// is sorted into a route class here (the records engine's routes from the registry, the rest by name in OTHER);
// an operation that no class takes fails the test with its method and path.
import type { AnyEntity } from '../../src/entities/define';
import type { Operation } from '../fuzz/run';
import { entityByName } from '../../src/entities/registry';
import { PUBLIC_PAGE_MODELS } from '../../src/domain/public-pages';

/** Who asks (docs/domain/permissions.md): no session; a superuser (no membership); settings group A's admin; users
 * of A with every right (`full` is in the access rules' user group, `outsider` is not), with view only, with no
 * right (in no user group while A has permission groups); a user of settings group B (default rights); bearer tokens
 * of `viewOnly` and `outsider` (POST /sanctum/token). */
export const ACTORS = [
  'anonymous',
  'superuser',
  'adminA',
  'full',
  'outsider',
  'viewOnly',
  'noRights',
  'memberB',
  'tokenViewOnly',
  'tokenOutsider',
] as const;
export type Actor = (typeof ACTORS)[number];

/** Which record of a model a request names: visible in A, in A but hidden by an access rule (every member outside
 * the rule's user group), of settings group B. */
export const RECORDS = ['own', 'hidden', 'foreign'] as const;
export type RecordKind = (typeof RECORDS)[number];

/**
 * An answer: a status the gate gives (401 no user, 403 no right, 404 not in scope, 422 a reference outside the
 * caller's scope), 'ok' (the gate let it through: 2xx, or a 409/422 of the record's state or body, never 401, 403,
 * 404 or 5xx), 'skip' (a bulk row reported as skipped for a missing right, nothing written), 'any' (a public route:
 * anything but 401 and 5xx; its token or body decides).
 */
export type Answer = 401 | 403 | 404 | 422 | 'ok' | 'skip' | 'any';
type Row = readonly [own: Answer, hidden: Answer, foreign: Answer];

// ---- records engine: routes naming one record ----------------------------------------------------------------

const OK3 = ['ok', 'ok', 404] as const;
const recordTable = (viewOnly: Answer, memberB: Answer, skipped = false): Record<Actor, Row> => ({
  anonymous: [401, 401, 401],
  superuser: [404, 404, 404],
  adminA: OK3,
  full: OK3,
  outsider: ['ok', 404, 404],
  viewOnly: [skipped && viewOnly === 403 ? 'skip' : viewOnly, 404, 404],
  noRights: [404, 404, 404],
  memberB: [404, 404, memberB],
  tokenViewOnly: [skipped && viewOnly === 403 ? 'skip' : viewOnly, 404, 404],
  tokenOutsider: ['ok', 404, 404],
});

/** Record routes by the right they need: view (read, descendants, sub-resources, actions a viewer may take),
 * update (PATCH, actions), archive (archive, restore), delete. memberB has B's default rights (all but delete). */
export const RECORD_ROUTES = {
  view: recordTable('ok', 'ok'),
  update: recordTable(403, 'ok'),
  archive: recordTable(403, 'ok'),
  delete: recordTable(403, 403),
  /** Bulk rows ({ uuid } alone, dry run): a hidden or foreign uuid is a 404 for the whole request, a visible one
   * without the right a skipped row. */
  'bulk-update': recordTable(403, 'ok', true),
  'bulk-archive': recordTable(403, 'ok', true),
  'bulk-delete': { ...recordTable(403, 'skip', true) },
} satisfies Record<string, Record<Actor, Row>>;
export type RecordClass = keyof typeof RECORD_ROUTES;

/**
 * The same routes of an admins' table (`access: 'admins'`, docs/domain/permissions.md, "Scopes and access of a
 * model"): a member reaches none of its records in their settings group (403, hidden by a rule or not: the level
 * comes first), anyone outside it finds none (404); its admins as on any table.
 */
const ADMIN_RECORDS: Record<Actor, Row> = {
  anonymous: [401, 401, 401],
  superuser: [404, 404, 404],
  adminA: OK3,
  full: [403, 403, 404],
  outsider: [403, 403, 404],
  viewOnly: [403, 403, 404],
  noRights: [403, 403, 404],
  memberB: [404, 404, 403],
  tokenViewOnly: [403, 403, 404],
  tokenOutsider: [403, 403, 404],
};
/** A bulk request of an admins' table: refused whole to a caller who reaches the table in none of their settings
 * groups (403), before any row is read. */
const ADMIN_BULK: Record<Actor, Row> = {
  ...ADMIN_RECORDS,
  full: [403, 403, 403],
  outsider: [403, 403, 403],
  viewOnly: [403, 403, 403],
  noRights: [403, 403, 403],
  memberB: [403, 403, 403],
  tokenViewOnly: [403, 403, 403],
  tokenOutsider: [403, 403, 403],
};
/**
 * The same routes of a user's own rows (`scope: 'user'`, docs/domain/permissions.md, "A user's own rows"), the
 * fixture's made by A's admin (own, hidden) and B's admin (foreign), shared with nobody: their owner reaches them
 * whatever the permission groups grant, anyone else finds none (404, also in bulk).
 */
const USER_RECORDS: Record<Actor, Row> = {
  anonymous: [401, 401, 401],
  superuser: [404, 404, 404],
  adminA: OK3,
  full: [404, 404, 404],
  outsider: [404, 404, 404],
  viewOnly: [404, 404, 404],
  noRights: [404, 404, 404],
  memberB: [404, 404, 404],
  tokenViewOnly: [404, 404, 404],
  tokenOutsider: [404, 404, 404],
};

/**
 * A superusers' table (`access: 'superusers'`): its superusers (with confirmed 2FA) write it in every settings
 * group, member or not; anyone else's write is a 403 before the record is looked for. Of a table of a settings group
 * (licenses) its admins read the records, its members get 403, anyone outside it 404; a global model's record (no
 * settings group: system notifications) is a 403 to anyone but a superuser.
 */
const ALL3 = ['ok', 'ok', 'ok'] as const;
const SUPER_WRITES = Object.fromEntries(
  ACTORS.map((a) => [a, a === 'anonymous' ? [401, 401, 401] : a === 'superuser' ? ALL3 : [403, 403, 403]]),
) as Record<Actor, Row>;
const SUPER_READS: Record<Actor, Row> = { ...ADMIN_RECORDS, superuser: ALL3 };

/**
 * The same routes of an owners' table (`access: 'owners'`, docs/domain/permissions.md, "Scopes and access of a
 * model": support requests), the fixture's made by A's admin (own, hidden) and B's admin (foreign): their owner
 * reaches their own, a superuser with confirmed 2FA every row, anyone else finds none (404, also in bulk). A
 * superuser's change of another's row (a PATCH) is a 403; an action a superuser's alone (`answer`) is a 403 to the
 * owner.
 */
const OWNER_RECORDS: Record<Actor, Row> = {
  ...USER_RECORDS,
  superuser: ALL3,
  adminA: OK3,
};
export const ownerRoutesOf = (c: RecordClass, action?: string): Record<Actor, Row> => {
  if (c === 'update' && action === undefined) return { ...OWNER_RECORDS, superuser: [403, 403, 403] };
  if (c === 'update' && action === 'answer') return { ...OWNER_RECORDS, adminA: [403, 403, 404] };
  if (c.startsWith('bulk-')) return { ...OWNER_RECORDS, superuser: c === 'bulk-update' ? [403, 403, 403] : ALL3 };
  return OWNER_RECORDS;
};
/** A list or an export of an owners' table: one's own rows; a superuser's every row. */
export const OWNER_LIST: Record<Actor, 401 | RecordKind[]> = {
  ...Object.fromEntries(ACTORS.map((a) => [a, []])),
  anonymous: 401,
  superuser: ['own', 'hidden', 'foreign'],
  adminA: ['own', 'hidden'],
} as Record<Actor, 401 | RecordKind[]>;
/** Creating a row of an owners' table: anyone signed in. */
export const OWNER_CREATE = Object.fromEntries(ACTORS.map((a) => [a, a === 'anonymous' ? 401 : 'ok'])) as Record<
  Actor,
  Answer
>;

export const recordRoutesOf = (
  entity: Pick<AnyEntity, 'access' | 'scope'>,
  c: RecordClass,
  action?: string,
): Record<Actor, Row> => {
  if (entity.access === 'owners') return ownerRoutesOf(c, action);
  if (entity.scope === 'user') return USER_RECORDS;
  if (entity.access === 'superusers') return c === 'view' && entity.scope !== 'global' ? SUPER_READS : SUPER_WRITES;
  return entity.access !== 'admins' ? RECORD_ROUTES[c] : c.startsWith('bulk-') ? ADMIN_BULK : ADMIN_RECORDS;
};

// ---- records engine: routes on the model's collection ----------------------------------------------------------

/** What a list (and its count) holds of the three records, or its refusal: a model one may not view lists nothing. */
export const LIST: Record<Actor, 401 | RecordKind[]> = {
  anonymous: 401,
  superuser: [],
  adminA: ['own', 'hidden'],
  full: ['own', 'hidden'],
  outsider: ['own'],
  viewOnly: ['own'],
  noRights: [],
  memberB: ['foreign'],
  tokenViewOnly: ['own'],
  tokenOutsider: ['own'],
};

/** What an export holds of the three records (only the settings groups where one may export the model), or 403. */
export const EXPORT: Record<Actor, 401 | 403 | RecordKind[]> = {
  anonymous: 401,
  superuser: 403,
  adminA: ['own', 'hidden'],
  full: ['own', 'hidden'],
  outsider: ['own'],
  viewOnly: 403,
  noRights: 403,
  memberB: ['foreign'],
  tokenViewOnly: 403,
  tokenOutsider: ['own'],
};

/** A list of an admins' table holds what the caller administers: nothing for a member. */
export const ADMIN_LIST: Record<Actor, 401 | RecordKind[]> = {
  ...LIST,
  outsider: [],
  viewOnly: [],
  memberB: [],
  tokenViewOnly: [],
  tokenOutsider: [],
};

/** An export of an admins' table: its admins only. */
export const ADMIN_EXPORT: Record<Actor, 401 | 403 | RecordKind[]> = {
  anonymous: 401,
  superuser: 403,
  adminA: ['own', 'hidden'],
  full: 403,
  outsider: 403,
  viewOnly: 403,
  noRights: 403,
  memberB: 403,
  tokenViewOnly: 403,
  tokenOutsider: 403,
};

/** A list of a user's own rows holds the caller's: A's admin's two, nobody else's. */
export const USER_LIST: Record<Actor, 401 | RecordKind[]> = {
  ...ADMIN_LIST,
  full: [],
  memberB: [],
};

/** An export of a user's own rows: anyone in a settings group exports their own (the rights do not apply). */
export const USER_EXPORT: Record<Actor, 401 | 403 | RecordKind[]> = {
  anonymous: 401,
  superuser: 403,
  adminA: ['own', 'hidden'],
  full: [],
  outsider: [],
  viewOnly: [],
  noRights: [],
  memberB: [],
  tokenViewOnly: [],
  tokenOutsider: [],
};

/** Creating a user's own row in A: every member of A, whatever their rights; a caller outside A names a settings
 * group it is not in: 422, or 404 where the settings group's admins see every row (a delegation). */
export const userCreate = (entity: Pick<AnyEntity, 'sharing'>): Record<Actor, Answer> => ({
  anonymous: 401,
  superuser: entity.sharing?.admins ? 404 : 422,
  adminA: 'ok',
  full: 'ok',
  outsider: 'ok',
  viewOnly: 'ok',
  noRights: 'ok',
  memberB: entity.sharing?.admins ? 404 : 422,
  tokenViewOnly: 'ok',
  tokenOutsider: 'ok',
});

/** Creating a record of an admins' table in A: a member gets 403, a caller outside A (a member of another settings
 * group, a superuser in none) finds none (404, as every route of the table there: crud/write.ts, `create`); a bulk
 * create by a caller who administers no settings group is refused whole (403, or 404 for a caller in none). */
export const ADMIN_CREATE: Record<Actor, Answer> = {
  anonymous: 401,
  superuser: 404,
  adminA: 'ok',
  full: 403,
  outsider: 403,
  viewOnly: 403,
  noRights: 403,
  memberB: 404,
  tokenViewOnly: 403,
  tokenOutsider: 403,
};
export const ADMIN_BULK_CREATE: Record<Actor, Answer> = { ...ADMIN_CREATE, superuser: 404, memberB: 403 };

/** A superusers' table's list holds every settings group's records for a superuser, its own settings group's for
 * an admin, none for anyone else; its export and its creates are the superusers' alone. */
export const SUPER_LIST = Object.fromEntries(
  ACTORS.map((a) => [
    a,
    a === 'anonymous'
      ? 401
      : a === 'superuser'
        ? ['own', 'hidden', 'foreign']
        : a === 'adminA'
          ? ['own', 'hidden']
          : [],
  ]),
) as Record<Actor, 401 | RecordKind[]>;
/** A global superusers' table that nobody else reads (the account mails' templates): its list is a 403 to anyone
 * but a superuser. */
export const GLOBAL_LIST = Object.fromEntries(
  ACTORS.map((a) => [a, a === 'anonymous' ? 401 : a === 'superuser' ? ['own', 'hidden', 'foreign'] : 403]),
) as Record<Actor, 401 | 403 | RecordKind[]>;
export const SUPER_EXPORT = Object.fromEntries(
  ACTORS.map((a) => [a, a === 'anonymous' ? 401 : a === 'superuser' ? ['own', 'hidden', 'foreign'] : 403]),
) as Record<Actor, 401 | 403 | RecordKind[]>;
export const SUPER_CREATE = Object.fromEntries(
  ACTORS.map((a) => [a, a === 'anonymous' ? 401 : a === 'superuser' ? 'ok' : 403]),
) as Record<Actor, Answer>;

/** Creating a record in A (single and bulk, dry run): a caller outside A names a settings group or property it
 * cannot see (422, as for one that does not exist); a member without the right gets 403. */
export const CREATE: Record<Actor, Answer> = {
  anonymous: 401,
  superuser: 422,
  adminA: 'ok',
  full: 'ok',
  outsider: 'ok',
  viewOnly: 403,
  noRights: 403,
  memberB: 422,
  tokenViewOnly: 403,
  tokenOutsider: 'ok',
};

/** Creating a record by upload (documents): the upload names the record it is attached to (A's property), so a
 * caller who cannot view that record gets it as missing (404), one who can but may not create 403. */
export const UPLOAD: Record<Actor, Answer> = { ...CREATE, superuser: 404, memberB: 404, noRights: 404 };

/** The import template holds no records: anyone signed in. */
export const TEMPLATE = Object.fromEntries(ACTORS.map((a) => [a, a === 'anonymous' ? 401 : 'ok'])) as Record<
  Actor,
  Answer
>;

export type CollectionClass = 'list' | 'create' | 'bulk-create' | 'export' | 'import-template';

export type RouteClass =
  | { kind: 'record'; entity: AnyEntity; class: RecordClass; action?: string }
  | { kind: 'collection'; entity: AnyEntity; class: CollectionClass }
  | { kind: 'bulk'; entity: AnyEntity; class: 'bulk-update' | 'bulk-archive' | 'bulk-delete'; action: string }
  | { kind: 'other'; spec: OtherSpec };

/** The records engine's route class of an operation, from the registry and the model's declared actions. */
export function engineClass(
  op: Operation,
  entities: AnyEntity[],
  actionRight: (entity: AnyEntity, action: string) => 'update' | 'read' | undefined,
): RouteClass | undefined {
  const m = /^\/api\/v1\/([a-z-]+)(\/.*)?$/.exec(op.path);
  const entity = m && entities.find((e) => e.plural === m[1]);
  if (!entity) return undefined;
  const rest = m[2] ?? '';
  const key = `${op.method} ${rest}`;
  const collection = (c: CollectionClass): RouteClass => ({ kind: 'collection', entity, class: c });
  const record = (c: RecordClass, action?: string): RouteClass => ({ kind: 'record', entity, class: c, action });
  switch (key) {
    case 'GET ':
      return collection('list');
    case 'POST ':
      return collection('create');
    case 'POST /bulk':
      return collection('bulk-create');
    case 'GET /export':
    case 'POST /export':
      return collection('export');
    case 'GET /import-template':
      return collection('import-template');
    case 'PATCH ':
      return { kind: 'bulk', entity, class: 'bulk-update', action: 'update' };
    case 'POST /bulk-archive':
    case 'POST /bulk-restore':
      return { kind: 'bulk', entity, class: 'bulk-archive', action: rest.slice(6) };
    case 'POST /bulk-delete':
      return { kind: 'bulk', entity, class: 'bulk-delete', action: 'delete' };
    case 'GET /{uuid}':
      return record('view');
    case 'PATCH /{uuid}':
      return record('update');
    case 'DELETE /{uuid}':
      return record('delete');
    case 'POST /{uuid}/archive':
    case 'POST /{uuid}/restore':
      return record('archive', rest.slice(8));
  }
  const sub = /^\/\{uuid\}\/([a-z-]+)$/.exec(rest);
  if (!sub || OTHER[op.key]) return undefined;
  const name = sub[1]!;
  if (op.method === 'GET') return record('view', name);
  const right = actionRight(entity, name);
  // a bespoke write on a record (a comment, a message, linked facilities) needs the right to update it
  return record(right === 'read' ? 'view' : 'update', name);
}

// ---- every other route: by name -------------------------------------------------------------------------------

/**
 * The class of a route outside the records engine:
 * - public: answers without a session (the token or body decides), never 401;
 * - account: the caller's own account, preferences and jobs: 401 signed out, answered for any user;
 * - member: reads over the caller's settings groups (calendar, workload, "mine"): any user, scoped like lists;
 * - inA: what every member of A reads about A (the settings group, its members): anyone outside A 404;
 * - admin: settings group A's administration, naming A or one of its things: 401, admin ok, A's users 403, anyone
 *   outside A 404;
 * - superuser: 401, a superuser ok, anyone else 403.
 * `unsafe`: the route would end or change the caller's sign-in, account or the fixture when let through, so only
 * the callers it refuses are asked.
 */
export type OtherClass = 'public' | 'account' | 'member' | 'inA' | 'admin' | 'superuser';
export interface OtherSpec {
  class: OtherClass;
  /** Answers of this route that differ from its class's. */
  answers?: Partial<Record<Actor, Answer>>;
  /** The URL with its path parameters filled from the fixture (default: the path with {uuid} as A's settings group). */
  url?: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  unsafe?: boolean;
}

/** The names the fixture gives the table's URLs and bodies. */
export interface Fixture {
  sgA: string;
  sgB: string;
  propertyA: string;
  userGroupA: string;
  permissionGroupA: string;
  filterA: string;
  accessRuleA: string;
  networkA: string;
  invitationA: string;
  deleteRequestA: string;
  memberOfA: string;
  notification: number;
  /** A's own record of each model, by model name. */
  ownRecords: Record<string, string>;
}

export const OTHER_ANSWERS: Record<OtherClass, Record<Actor, Answer>> = {
  public: { ...TEMPLATE, anonymous: 'any' },
  account: { ...TEMPLATE },
  member: { ...TEMPLATE },
  inA: { ...TEMPLATE, superuser: 404, memberB: 404 },
  admin: {
    anonymous: 401,
    superuser: 404,
    adminA: 'ok',
    full: 403,
    outsider: 403,
    viewOnly: 403,
    noRights: 403,
    memberB: 404,
    tokenViewOnly: 403,
    tokenOutsider: 403,
  },
  superuser: {
    anonymous: 401,
    superuser: 'ok',
    adminA: 403,
    full: 403,
    outsider: 403,
    viewOnly: 403,
    noRights: 403,
    memberB: 403,
    tokenViewOnly: 403,
    tokenOutsider: 403,
  },
};

const U = '00000000-0000-4000-8000-000000000000';
const sg = (f: Fixture) => f.sgA;
const inA = (f: Fixture) => ({ settings_group_uuid: f.sgA });
const pub = (url?: OtherSpec['url'], unsafe = false): OtherSpec => ({ class: 'public', url, unsafe });
const account = (url?: OtherSpec['url'], body?: OtherSpec['body'], unsafe = false): OtherSpec => ({
  class: 'account',
  url,
  body,
  unsafe,
});
const admin = (url: OtherSpec['url'], body?: OtherSpec['body'], unsafe = false): OtherSpec => ({
  class: 'admin',
  url,
  body,
  unsafe,
});

/** Reads over the caller's settings groups, by the shape of their key (dashboard tiles, charts, the map, the renewal
 * forecast, what is assigned to the caller), so that the next tile or chart is covered without an entry. */
export const OTHER_PATTERNS: [RegExp, OtherSpec][] = [
  [/^GET \/api\/v1\/(dashboard|charts|map|renewal)\//, { class: 'member' }],
  [/^GET \/api\/v1\/[a-z-]+\/assigned-to-me$/, { class: 'member' }],
];

/** The public pages of records (docs/domain/public-pages.md): the page and its documents are public, its settings
 * are the record's settings group's admins' (the writes would change the fixture: only their refusals are asked). */
function publicPageRoutes(): Record<string, OtherSpec> {
  const out: Record<string, OtherSpec> = {};
  for (const model of PUBLIC_PAGE_MODELS) {
    const { plural, titleField } = entityByName(model)!;
    const url = (f: Fixture) => `/${plural}/${f.ownRecords[model]}/public-page`;
    out[`GET /api/v1/${plural}/{uuid}/public-page`] = admin(url);
    out[`POST /api/v1/${plural}/{uuid}/public-page`] = admin(url, () => ({ fields: [titleField] }), true);
    out[`DELETE /api/v1/${plural}/{uuid}/public-page`] = admin(url, undefined, true);
    out[`POST /api/v1/${plural}/{uuid}/public-page/reset`] = admin(
      (f) => `${url(f)}/reset`,
      () => ({ confirm: true }),
      true,
    );
    out[`GET /api/v1/public/${plural}/{token}`] = pub(() => `/public/${plural}/x`);
    out[`GET /api/v1/public/${plural}/{token}/documents/{uuid}`] = pub(() => `/public/${plural}/x/documents/${U}`);
  }
  return out;
}

/** Every route outside the records engine, by its OpenAPI key. */
export const OTHER: Record<string, OtherSpec> = {
  // sign-in and public pages
  'GET /api/v1/health': pub(),
  'GET /api/v1/outbox': pub(),
  'GET /api/v1/sanctum/csrf-cookie': pub(),
  'POST /api/v1/login': pub(undefined, true),
  'POST /api/v1/two-factor-challenge': pub(undefined, true),
  'POST /api/v1/two-factor-unlock': pub(),
  'POST /api/v1/register': pub(undefined, true),
  'POST /api/v1/logout': pub(undefined, true),
  'POST /api/v1/forgot-password': pub(undefined, true),
  'POST /api/v1/reset-password': pub(undefined, true),
  'POST /api/v1/sanctum/token': pub(undefined, true),
  'GET /api/v1/email/verify/{uuid}/{hash}': pub(() => `/email/verify/${U}/x`),
  'GET /api/v1/user/delete-request/{token}': pub(() => '/user/delete-request/x', true),
  'GET /api/v1/public/orders/{token}': pub(() => '/public/orders/x'),
  'POST /api/v1/public/orders/{token}/accept': pub(() => '/public/orders/x/accept'),
  'POST /api/v1/public/orders/{token}/refuse': pub(() => '/public/orders/x/refuse'),
  'POST /api/v1/public/orders/{token}/done': pub(() => '/public/orders/x/done'),
  'POST /api/v1/public/orders/{token}/propose-date': pub(() => '/public/orders/x/propose-date'),
  'POST /api/v1/public/orders/{token}/comment': pub(() => '/public/orders/x/comment'),
  'GET /api/v1/public/orders/{token}/documents/{uuid}': pub(() => `/public/orders/x/documents/${U}`),
  'GET /api/v1/calendar-feed/{token}': pub(() => '/calendar-feed/x.ics', true),
  'GET /api/v1/invitations/token/{token}': pub(() => '/invitations/token/x'),
  ...publicPageRoutes(),

  // the caller's own account, preferences and jobs
  'GET /api/v1/user': account(),
  'GET /api/v1/user/rights': account(),
  'PUT /api/v1/user/terms': account(undefined, undefined, true),
  'PUT /api/v1/user/password': account(undefined, undefined, true),
  'PUT /api/v1/user/profile-information': account(undefined, undefined, true),
  'POST /api/v1/user/delete-request': account(undefined, undefined, true),
  'POST /api/v1/user/confirm-password': account(undefined, undefined, true),
  'GET /api/v1/user/confirmed-password-status': account(),
  'POST /api/v1/user/two-factor-authentication': account(undefined, undefined, true),
  'DELETE /api/v1/user/two-factor-authentication': account(undefined, undefined, true),
  'POST /api/v1/user/confirmed-two-factor-authentication': account(undefined, undefined, true),
  'GET /api/v1/user/two-factor-qr-code': account(undefined, undefined, true),
  'GET /api/v1/user/two-factor-recovery-codes': account(undefined, undefined, true),
  'POST /api/v1/user/two-factor-recovery-codes': account(undefined, undefined, true),
  'GET /api/v1/user/two-factor-secret-key': account(undefined, undefined, true),
  'POST /api/v1/email/verification-notification': account(undefined, undefined, true),
  'GET /api/v1/email/verified-status': account(),
  'GET /api/v1/user/api-tokens': account(),
  'POST /api/v1/user/api-tokens': account(undefined, undefined, true),
  'DELETE /api/v1/user/api-tokens/{id}': account(() => '/user/api-tokens/999999', undefined, true),
  'GET /api/v1/user/calendar-feed': account(),
  'POST /api/v1/user/calendar-feed/reset': account(undefined, undefined, true),
  'GET /api/v1/user/table-settings': account(),
  'PUT /api/v1/user/table-settings/{table}': account(() => '/user/table-settings/facilities', undefined, true),
  'DELETE /api/v1/user/table-settings/{table}': account(() => '/user/table-settings/facilities', undefined, true),
  'GET /api/v1/user-model-views': account(),
  'PUT /api/v1/user-model-views/{model}': account(() => '/user-model-views/facility', undefined, true),
  'GET /api/v1/user/import-mappings/{model}': account(() => '/user/import-mappings/facility'),
  'PUT /api/v1/user/import-mappings/{model}': account(() => '/user/import-mappings/facility', undefined, true),
  'GET /api/v1/user/import-mappings': account(),
  'DELETE /api/v1/user/import-mappings/{model}': account(() => '/user/import-mappings/facility', undefined, true),
  'GET /api/v1/user/invitations': account(),
  'GET /api/v1/favorites/menu': account(),
  'GET /api/v1/import-jobs': account(),
  // a scheduled export's run log answers as its record does (docs/domain/scheduled-exports.md): a schedule that is
  // not there (as for anyone who does not see one) is a 404 to everyone signed in; its run list is an engine
  // sub-resource (record view), tested beside it in tests/api/scheduled-exports.test.ts
  'GET /api/v1/scheduled-exports/{uuid}/runs/{id}/file': {
    class: 'account',
    url: () => `/scheduled-exports/${U}/runs/1/file`,
    answers: Object.fromEntries(ACTORS.filter((a) => a !== 'anonymous').map((a) => [a, 404])),
  },
  // a webhook's test and a delivery sent again answer as the webhook does (docs/domain/webhooks.md): one that is not there is
  // a 404 to everyone signed in; its 403 for a member and 404 outside are tested in tests/api/webhooks.test.ts
  'POST /api/v1/webhooks/{uuid}/test': {
    class: 'account',
    url: () => `/webhooks/${U}/test`,
    answers: Object.fromEntries(ACTORS.filter((a) => a !== 'anonymous').map((a) => [a, 404])),
  },
  'POST /api/v1/webhooks/{uuid}/deliveries/{id}/resend': {
    class: 'account',
    url: () => `/webhooks/${U}/deliveries/1/resend`,
    answers: Object.fromEntries(ACTORS.filter((a) => a !== 'anonymous').map((a) => [a, 404])),
  },
  // a template rendered with sample values (docs/domain/email-templates.md, "Preview"): an admins' table's route
  'POST /api/v1/email-templates/preview': admin(undefined, (f) => ({
    settings_group_uuid: f.sgA,
    mail: 'invitation',
    locale: 'de',
    subject: 'Einladung',
    body: '{{link}}',
  })),
  // an account mail's template rendered for the caller (docs/domain/email-templates.md, "Account mails"): the
  // superusers'
  'POST /api/v1/account-email-templates/preview': {
    class: 'superuser',
    body: () => ({ mail: 'reset', locale: 'de', subject: 'Passwort', body: '{{link}}' }),
  },
  'POST /api/v1/user/invitations/{uuid}/accept': account(() => `/user/invitations/${U}/accept`, undefined, true),
  'POST /api/v1/user/invitations/{uuid}/refuse': account(() => `/user/invitations/${U}/refuse`, undefined, true),
  'GET /api/v1/settings-groups': account(),
  'POST /api/v1/settings-groups': account(undefined, undefined, true),
  'POST /api/v1/imports': account(undefined, undefined, true),
  'GET /api/v1/imports/{uuid}': account(() => `/imports/${U}`, undefined, true),
  'POST /api/v1/imports/{uuid}/cancel': account(() => `/imports/${U}/cancel`, undefined, true),
  'GET /api/v1/imports/{uuid}/error-report': account(() => `/imports/${U}/error-report`, undefined, true),
  'GET /api/v1/imports/{uuid}/preview': account(() => `/imports/${U}/preview`, undefined, true),
  'POST /api/v1/imports/{uuid}/run': account(() => `/imports/${U}/run`, undefined, true),
  'POST /api/v1/imports/{uuid}/undo': account(() => `/imports/${U}/undo`, undefined, true),
  'POST /api/v1/imports/{uuid}/validate': account(() => `/imports/${U}/validate`, undefined, true),
  'POST /api/v1/property-delete-requests/confirm': account(undefined, undefined, true),

  // reads over the caller's settings groups
  'GET /api/v1/calendar/events': { class: 'member', url: () => '/calendar/events?from=2026-01-01&to=2026-01-31' },
  'GET /api/v1/calendar/undated': { class: 'member' },
  // the attributes every member's grids and forms show (docs/domain/attributes.md, "Definitions")
  'GET /api/v1/attribute-definitions': { class: 'member' },
  'GET /api/v1/tasks/workload': { class: 'member', url: () => '/tasks/workload?from=2026-01&months=1' },
  'GET /api/v1/tickets/assigned-to-me': { class: 'member' },

  // the administration of settings group A
  'GET /api/v1/settings-groups/{uuid}': { class: 'inA', url: (f) => `/settings-groups/${f.sgA}` },
  'PATCH /api/v1/settings-groups/{uuid}': admin(
    (f) => `/settings-groups/${sg(f)}`,
    () => ({ name: 'A' }),
    true,
  ),
  'GET /api/v1/settings-groups/{uuid}/members': { class: 'inA', url: (f) => `/settings-groups/${f.sgA}/members` },
  'GET /api/v1/settings-groups/{uuid}/members/details': admin((f) => `/settings-groups/${f.sgA}/members/details`),
  'PATCH /api/v1/settings-groups/{uuid}/members/{user_uuid}': admin(
    (f) => `/settings-groups/${f.sgA}/members/${f.memberOfA}`,
    () => ({ role: 'user' }),
    true,
  ),
  'DELETE /api/v1/settings-groups/{uuid}/members/{user_uuid}': admin(
    (f) => `/settings-groups/${f.sgA}/members/${f.memberOfA}`,
    undefined,
    true,
  ),
  'POST /api/v1/settings-groups/{uuid}/members/{user_uuid}/two-factor-unlock': admin(
    (f) => `/settings-groups/${f.sgA}/members/${f.memberOfA}/two-factor-unlock`,
  ),
  'GET /api/v1/settings-groups/{uuid}/audit-log': admin((f) => `/settings-groups/${f.sgA}/audit-log`),
  // a model's settings (docs/domain/fields.md, "Model settings"): read by its members (the new-record form's defaults,
  // the grid's default view); the PATCH sets the default again, changing nothing
  'GET /api/v1/settings-groups/{uuid}/model-settings/{model}': {
    class: 'inA',
    url: (f) => `/settings-groups/${f.sgA}/model-settings/guarantee`,
  },
  'PATCH /api/v1/settings-groups/{uuid}/model-settings/{model}': admin(
    (f) => `/settings-groups/${f.sgA}/model-settings/guarantee`,
    () => ({ reminder_days: [180, 90, 30] }),
  ),
  // the workspace's settings (docs/domain/fields.md, "Workspace settings"): read by its members; the PATCH sets a
  // default again, changing nothing
  'GET /api/v1/settings-groups/{uuid}/settings': { class: 'inA', url: (f) => `/settings-groups/${f.sgA}/settings` },
  'PATCH /api/v1/settings-groups/{uuid}/settings': admin(
    (f) => `/settings-groups/${f.sgA}/settings`,
    () => ({ archive: { purge_after_days: 0 } }),
  ),
  'GET /api/v1/settings-groups/{uuid}/audit-log/export': admin((f) => `/settings-groups/${f.sgA}/audit-log/export`),
  'GET /api/v1/settings-groups/{uuid}/invitations': admin((f) => `/settings-groups/${f.sgA}/invitations`),
  'POST /api/v1/settings-groups/{uuid}/invitations': admin(
    (f) => `/settings-groups/${f.sgA}/invitations`,
    () => ({ emails: ['new-member@example.com'], role: 'user' }),
    true,
  ),
  'DELETE /api/v1/invitations/{uuid}': admin((f) => `/invitations/${f.invitationA}`, undefined, true),
  'POST /api/v1/invitations/{uuid}/resend': admin((f) => `/invitations/${f.invitationA}/resend`, undefined, true),
  'GET /api/v1/user-groups': admin((f) => `/user-groups?settings_group_uuid=${f.sgA}`),
  'POST /api/v1/user-groups': admin(undefined, (f) => ({ ...inA(f), name: `Team ${Math.random()}` }), true),
  'GET /api/v1/user-groups/{uuid}': admin((f) => `/user-groups/${f.userGroupA}`),
  'PATCH /api/v1/user-groups/{uuid}': admin(
    (f) => `/user-groups/${f.userGroupA}`,
    () => ({ name: 'X' }),
    true,
  ),
  'DELETE /api/v1/user-groups/{uuid}': admin((f) => `/user-groups/${f.userGroupA}`, undefined, true),
  'GET /api/v1/permission-groups': admin((f) => `/permission-groups?settings_group_uuid=${f.sgA}`),
  'POST /api/v1/permission-groups': admin(undefined, (f) => ({ ...inA(f), name: 'X', rights: {} }), true),
  'GET /api/v1/permission-groups/{uuid}': admin((f) => `/permission-groups/${f.permissionGroupA}`),
  'PATCH /api/v1/permission-groups/{uuid}': admin(
    (f) => `/permission-groups/${f.permissionGroupA}`,
    () => ({ name: 'X' }),
    true,
  ),
  'DELETE /api/v1/permission-groups/{uuid}': admin((f) => `/permission-groups/${f.permissionGroupA}`, undefined, true),
  'GET /api/v1/filters': admin((f) => `/filters?settings_group_uuid=${f.sgA}`),
  'POST /api/v1/filters': admin(undefined, (f) => ({ ...inA(f), name: 'X', model: 'contract', filter: {} }), true),
  'GET /api/v1/filters/{uuid}': admin((f) => `/filters/${f.filterA}`),
  'PATCH /api/v1/filters/{uuid}': admin(
    (f) => `/filters/${f.filterA}`,
    () => ({ name: 'X' }),
    true,
  ),
  'DELETE /api/v1/filters/{uuid}': admin((f) => `/filters/${f.filterA}`, undefined, true),
  'GET /api/v1/access-rules': admin((f) => `/access-rules?settings_group_uuid=${f.sgA}`),
  'POST /api/v1/access-rules': admin(
    undefined,
    (f) => ({ ...inA(f), name: 'X', model: 'contract', filter: {}, user_group_uuids: [] }),
    true,
  ),
  'GET /api/v1/access-rules/{uuid}': admin((f) => `/access-rules/${f.accessRuleA}`),
  'PATCH /api/v1/access-rules/{uuid}': admin(
    (f) => `/access-rules/${f.accessRuleA}`,
    () => ({ name: 'X' }),
    true,
  ),
  'DELETE /api/v1/access-rules/{uuid}': admin((f) => `/access-rules/${f.accessRuleA}`, undefined, true),
  'GET /api/v1/networks': admin((f) => `/networks?settings_group_uuid=${f.sgA}`),
  'POST /api/v1/networks': admin(undefined, (f) => ({ ...inA(f), cidr: '10.9.0.0/16', action: 'deny' }), true),
  'GET /api/v1/networks/{uuid}': admin((f) => `/networks/${f.networkA}`),
  'PATCH /api/v1/networks/{uuid}': admin(
    (f) => `/networks/${f.networkA}`,
    () => ({ description: 'X' }),
    true,
  ),
  'DELETE /api/v1/networks/{uuid}': admin((f) => `/networks/${f.networkA}`, undefined, true),
  // the rest of an admins' table's engine routes (docs/domain/permissions.md, "Scopes and access of a model"): as
  // its other admin routes; a many-record write is refused whole (403) to a caller who reaches the model in none of
  // their settings groups, and an export holds nothing for a caller who may export it nowhere (403)
  'POST /api/v1/networks/{uuid}/archive': admin((f) => `/networks/${f.networkA}/archive`, undefined, true),
  'POST /api/v1/networks/{uuid}/restore': admin((f) => `/networks/${f.networkA}/restore`, undefined, true),
  'GET /api/v1/networks/{uuid}/history': admin((f) => `/networks/${f.networkA}/history`),
  'POST /api/v1/networks/bulk': {
    ...admin(
      () => '/networks/bulk?dry_run=1',
      (f) => ({ rows: [{ ...inA(f), cidr: '10.8.0.0/16', action: 'deny' }] }),
    ),
    answers: { memberB: 403 },
  },
  'PATCH /api/v1/networks': {
    ...admin(
      () => '/networks?dry_run=1',
      (f) => ({ rows: [{ uuid: f.networkA, description: 'X' }] }),
    ),
    answers: { memberB: 403 },
  },
  ...Object.fromEntries(
    ['archive', 'restore', 'delete'].map((a) => [
      `POST /api/v1/networks/bulk-${a}`,
      {
        ...admin(
          () => `/networks/bulk-${a}?dry_run=1`,
          (f) => ({ rows: [{ uuid: f.networkA }] }),
        ),
        answers: { memberB: 403 },
      },
    ]),
  ),
  'GET /api/v1/networks/export': { ...admin(() => '/networks/export'), answers: { memberB: 403, superuser: 403 } },
  'POST /api/v1/networks/export': {
    ...admin(
      () => '/networks/export',
      () => ({}),
    ),
    answers: { memberB: 403, superuser: 403 },
  },
  'GET /api/v1/networks/import-template': { class: 'account', url: () => '/networks/import-template' },
  'GET /api/v1/properties/{uuid}/user-groups': admin((f) => `/properties/${f.propertyA}/user-groups`),
  'PUT /api/v1/properties/{uuid}/user-groups': admin(
    (f) => `/properties/${f.propertyA}/user-groups`,
    () => ({ user_group_uuids: [] }),
    true,
  ),
  // a member who may not view the property gets it as missing
  'POST /api/v1/properties/{uuid}/delete-request': {
    ...admin((f) => `/properties/${f.propertyA}/delete-request`, undefined, true),
    answers: { noRights: 404 },
  },
  // a preview of re-indexing A's visible property: the right to update it, every uuid in the caller's scope (the
  // fixture names no index series: a 422 of the body once let through)
  'POST /api/v1/properties/reindex-insurance': {
    class: 'member',
    body: (f) => ({ uuids: [f.propertyA], dry_run: true }),
    answers: { superuser: 404, viewOnly: 403, tokenViewOnly: 403, noRights: 404, memberB: 404 },
  },
  'GET /api/v1/property-delete-requests': admin((f) => `/property-delete-requests?settings_group_uuid=${f.sgA}`),
  'DELETE /api/v1/property-delete-requests/{uuid}': admin(
    (f) => `/property-delete-requests/${f.deleteRequestA}`,
    undefined,
    true,
  ),
  // system notifications (a global superusers' table, its other routes the engine's): every user reads the
  // published ones and marks them read; the numbered calls of the older API are the superusers'
  'GET /api/v1/system-notifications': account(),
  'PUT /api/v1/system-notifications/{id}': {
    class: 'superuser',
    url: (f) => `/system-notifications/${f.notification}`,
    unsafe: true,
  },
  'DELETE /api/v1/system-notifications/{id}': {
    class: 'superuser',
    url: (f) => `/system-notifications/${f.notification}`,
    unsafe: true,
  },
  'DELETE /api/v1/system-notifications/{id}/': {
    class: 'superuser',
    url: (f) => `/system-notifications/${f.notification}/`,
    unsafe: true,
  },
  'POST /api/v1/system-notifications/{id}/confirmations': account(
    (f) => `/system-notifications/${f.notification}/confirmations`,
    undefined,
    true,
  ),
};
