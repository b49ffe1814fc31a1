// What a model adds to the records engine, declared in its own module (server/models/<model>.ts) and handed to the
// engine once through one registry (server/models/index.ts, installed by app.ts): write hooks, values computed on
// read and stored on write, the model's actions (docs/domain/api.md, "Records, links and actions": one route and one
// link per action, both from the same declaration), links to its sub-resources, and the generic routes a bespoke
// route file takes over. The engine itself names no model.
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnyEntity } from '../../src/entities/define';
import type { AttributeDef } from '../../src/domain/attributes';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { MessageKey, MessageParams } from '../i18n/messages';
import type { Access } from './access';
import type { Tx } from './actions';
import type { Row } from './present';
import { assertStorable, type DerivedInputs } from './stored-values';

/** A write that went through but should be told (a budget overspent under `warn`): the reply carries it. */
export interface Warning {
  field: string;
  key: MessageKey;
  params?: MessageParams;
}

/** What a hook is given; the model's settings for `settingsGroup` are `settingsFor(h, model)` (typed by the model's
 * definition, read once per write: server/crud/model-settings.ts). */
export interface HookContext {
  db: Db;
  access: Access;
  settingsGroup: string;
  now: Date;
  /** Where a hook puts its warnings for the reply (absent: nobody listens, e.g. a job). */
  warnings?: Warning[];
  /** What the request says about the write beside the record's values (a model's own route passes it: a network's
   * `confirm_lockout` and `replace`); absent for bulk writes and imports. */
  input?: Readonly<Record<string, unknown>>;
}

/** Per-model steps of the generic writes, run inside the write's transaction (one request, one transaction). */
export interface ModelHooks {
  /** Before insert (current null) or update: throw a ValidationFailed to refuse; return values to store too. */
  beforeWrite?: (h: HookContext, merged: Row, changes: Row, current: Row | null) => Promise<Row | void>;
  afterWrite?: (h: HookContext, uuid: string, created: boolean) => Promise<void>;
  /** Instead of `afterWrite` once a record, once for the records an import chunk created (or updated): a model
   * whose step after the write reads the others (a counter's readings) does it in one pass. */
  afterWriteAll?: (h: HookContext, uuids: string[], created: boolean) => Promise<void>;
  /** An import chunk's new records, once each passed `beforeWrite`, before they are inserted: values derived from
   * them all at once go on their `values` (a reading's consumption from the others of its counter). */
  beforeInsertAll?: (h: HookContext, rows: { uuid: string; values: Row }[]) => Promise<void>;
  /** After archive (true) or restore (false) of these records; delete counts as taking them out too. */
  afterArchive?: (h: HookContext, uuids: string[], archived: boolean) => Promise<void>;
}

/** What an action's effect is given: the record as loaded in the action's transaction, and that transaction. */
export interface ActionCall<B = unknown> {
  /** The app context whose `db` is the action's transaction. */
  ctx: AppContext;
  tx: Tx;
  access: Access;
  uuid: string;
  row: Row;
  body: B;
}

/** `meta` goes into the reply; `reply` names another record to reply with (an action that removes its own);
 * `afterCommit` runs once the transaction is committed (mail). */
export type ActionResult = {
  meta?: Record<string, unknown>;
  /** Warnings for the reply's `meta.warnings` (translated by the route). */
  warnings?: Warning[];
  reply?: string;
  afterCommit?: () => Promise<void>;
} | void;

/**
 * A record action, `POST /{plural}/{uuid}/{name}` (docs/domain/states.md, "States and transitions"). `refusal` is its
 * precondition on the record: null when the action is allowed now, else the error the route answers with (the link
 * `links[name]` is offered exactly when it is null). The engine loads the record in one transaction (404 outside the
 * caller's scope, 403 without the right to update, 409 when archived; see `right`), checks `refusal`, then runs the
 * effect.
 */
export interface ActionDef<B = unknown> {
  name: string;
  refusal?: (row: Row) => Error | null;
  /** The request body's schema; without one the action takes no body. */
  body?: z.ZodType<B>;
  /** 'read': any member who sees the record may take the action, also on an archived record (following it);
   * the link is still offered only with the right to update. */
  right?: 'update' | 'read';
  /** false: a route without a link (reached from elsewhere, e.g. a document attached from a record's panel). */
  link?: false;
  /** Who beyond the right to update may take it (a support request's answer: superusers only): anyone else gets 403
   * and no link. */
  allowed?: (access: Access, row: Row) => boolean;
  run: (call: ActionCall<B>) => Promise<ActionResult>;
}

/** An action with its body type checked where it is declared, kept in a model's list of actions. */
export const action = <B = undefined>(def: ActionDef<B>): ActionDef => def as ActionDef;

/** A link to a sub-resource of the record (its comments, linked facilities, …), offered when `when` holds. */
export interface SubLink {
  name: string;
  when?: (row: Row) => boolean;
}

/** The generic routes of a model (crud-routes.ts) a bespoke route file may take over. */
export type GenericRoute =
  'list' | 'get' | 'create' | 'update' | 'delete' | 'archive' | 'restore' | 'descendants' | 'history';

/** A scheduled job of the model (server/jobs/jobs.ts runs it like the others: idempotent, once across processes). */
export interface ModelJob {
  name: string;
  intervalMinutes: number;
  /** `ctx.db` is the job's transaction; returns counts for job_runs, and what to do once it is committed (mail). */
  run: (ctx: AppContext, now: Date) => Promise<JobOutcome>;
}

/** A job's counts (kept in job_runs) and, optionally, a step run after its transaction committed (sending mail:
 * nothing slow or outside the database inside the transaction). */
export interface JobOutcome {
  counts: Record<string, number>;
  /** Given the app's own context (its `db` outside any transaction). */
  afterCommit?: (ctx: AppContext) => Promise<void>;
}

/** A named filter of a model's list (docs/analytics-api.md, "Named filters"): a key its list query's `filter` takes
 * beside the fields, for what no field holds (a budget's share used); `condition` gets the parsed value. */
export interface ListFilter {
  schema: z.ZodType;
  /** `today`: the caller's day, for a filter of figures that move with it (a facility's renewals in a year). */
  condition: (value: unknown, today: string) => SQL;
}

/** A parameter of a model's list query beside the engine's own (a saved view's `table`: how its clients asked
 * before the model moved onto the engine); `condition` gets the parsed value. */
export interface ListParam {
  schema: z.ZodType;
  condition: (value: unknown) => SQL;
}

export interface ModelBehaviour {
  hooks?: ModelHooks;
  /** The inputs of the values it derives on write (what its `beforeWrite` returns, and the derived fields its
   * definition's `validate` checks), the likeliest cause first: a derived value out of its column's range is a 422
   * on the input the write sets (docs/hostile-input.md, "Values the server derives"). */
  derivedFrom?: DerivedInputs;
  /** Named filters of its lists (and of everything that takes a list query: counts, exports, dashboard tiles). */
  listFilters?: Readonly<Record<string, ListFilter>>;
  /** Parameters of its list query beside the engine's (list, count and export take them as the list does). */
  listParams?: Readonly<Record<string, ListParam>>;
  /** `'no-content'`: its `DELETE /{plural}/{uuid}` answers 204 without a body, as it did before the model moved onto
   * the engine (a delegation); otherwise 200 with a message. */
  deleteReply?: 'no-content';
  /** `DELETE /{plural}/{uuid}` (and bulk-delete) archive the record instead, so that a restore brings it back: a
   * settings group's attribute, whose values stay restorable until a job purges them (docs/domain/attributes.md). */
  deleteArchives?: true;
  /** Values derived on read (`today` is the caller's day). */
  computed?: (row: Row, today: string) => Row;
  /** The SQL of its `listable` computed fields, for the caller's day: what a list sorts and filters by, the same
   * value `computed` gives (a facility's remaining lifetime; docs/architecture.md, "Computed fields in lists"). */
  computedSql?: (today: string) => Readonly<Record<string, SQL>>;
  /** The SQL of its `virtual` fields (computed on every read, in the same query; no column, never stale), for the
   * caller when known (a saved view's `mine`, a delegation in force on the caller's day); and of its read context:
   * keys starting with `_` are read with every row for `computed` (a facility's renewal group defaults) and never
   * replied. */
  selected?: (access?: Access) => Record<string, SQL>;
  /** Values stored on every write, derived from the merged record. */
  stored?: (merged: Row) => Row;
  actions?: readonly ActionDef[];
  links?: readonly SubLink[];
  /**
   * What the model's generic writes take beside the record's values, never stored: keys of the create and update
   * body (`body`) and of the create and delete query (`query`), handed to its hooks as `HookContext.input` (a
   * network's `confirm_lockout` and `replace`). Bulk writes and imports take none.
   */
  input?: { body?: Readonly<Record<string, z.ZodType>>; query?: Readonly<Record<string, z.ZodType>> };
  /** Generic routes the model's own route file registers instead. */
  overrides?: readonly GenericRoute[];
  /** Its scheduled jobs (reminders, state changes by date). */
  jobs?: readonly ModelJob[];
  /** Details an audited model adds to the entry of an update beside the engine's `changes` (the details its readers
   * knew before the model moved onto the engine: a renamed group's former name). */
  auditDetails?: (before: Row, after: Row) => Record<string, unknown>;
  /**
   * A model whose records are fields of other models' records (a settings group's attributes,
   * docs/domain/attributes.md): the live ones of settings groups `groups` on models `models`. The engine checks a
   * record's `attributes` and lists by them through it (`recordFieldsIn`); one model at most declares it.
   */
  recordFields?: (db: Db, groups: readonly string[], models: readonly string[]) => Promise<AttributeDef[]>;
  /**
   * A model whose records are named sets of values new records of other models start from (a settings group's
   * record templates, docs/domain/record-templates.md): the live ones of `model` in settings groups `groups`, by
   * uuid or by name ignoring case. A create, a bulk row and an import row take them through `recordTemplatesIn`;
   * one model at most declares it.
   */
  recordTemplates?: (
    db: Db,
    groups: readonly string[],
    model: string,
    by: { uuids?: readonly string[]; names?: readonly string[] },
  ) => Promise<RecordTemplate[]>;
}

/** A record template as the engine uses it: its settings group, name and the values a new record starts from. */
export interface RecordTemplate {
  uuid: string;
  settings_group_uuid: string;
  name: string;
  values: Row;
}

export type ModelRegistry = Readonly<Partial<Record<string, ModelBehaviour>>>;

let registry: ModelRegistry | null = null;
const checked = new Map<string, ModelBehaviour>();

/** The live fields settings groups `groups` add to models `models` (`recordFields`): none without a model that
 * declares them, or for no settings group. */
export function recordFieldsIn(db: Db, groups: readonly string[], models: readonly string[]): Promise<AttributeDef[]> {
  const source = registry && Object.values(registry).find((b) => b?.recordFields)?.recordFields;
  return source && groups.length && models.length ? source(db, groups, models) : Promise.resolve([]);
}

/** The live record templates of `model` in settings groups `groups` (`recordTemplates`): none without a model that
 * declares them. */
export function recordTemplatesIn(
  db: Db,
  groups: readonly string[],
  model: string,
  by: { uuids?: readonly string[]; names?: readonly string[] },
): Promise<RecordTemplate[]> {
  const source = registry && Object.values(registry).find((b) => b?.recordTemplates)?.recordTemplates;
  return source && groups.length && (by.uuids?.length || by.names?.length)
    ? source(db, groups, model, by)
    : Promise.resolve([]);
}

/** Hands the models' behaviour to the engine (app.ts, once per process; the same registry again is a no-op). */
export function installModels(models: ModelRegistry) {
  if (registry && registry !== models) throw new Error('another model registry is installed already');
  registry = models;
}

/** A model's behaviour (none: `{}`); what its `beforeWrite` derives is checked like client input before it is
 * stored, an error named after the input it was derived from (`derivedFrom`). */
export function behaviourOf(entity: AnyEntity): ModelBehaviour {
  if (!registry) throw new Error('no model registry installed (buildApp installs server/models)');
  let behaviour = checked.get(entity.name);
  if (!behaviour) {
    const own = (Object.hasOwn(registry, entity.name) && registry[entity.name]) || {};
    const before = own.hooks?.beforeWrite;
    behaviour = before
      ? {
          ...own,
          hooks: {
            ...own.hooks,
            beforeWrite: async (...args) => {
              const derived = await before(...args);
              if (derived) assertStorable(entity, derived, { inputs: own.derivedFrom, changes: args[2] });
              return derived;
            },
          },
        }
      : own;
    checked.set(entity.name, behaviour);
  }
  return behaviour;
}

/** A model's named list filters; none before the registry is installed (a schema built outside the app). */
export const listFiltersOf = (entity: AnyEntity): Readonly<Record<string, ListFilter>> =>
  (registry && behaviourOf(entity).listFilters) || {};

/** A model's own list parameters (`listParams`; none before the registry is installed). */
export const listParamsOf = (entity: AnyEntity): Readonly<Record<string, ListParam>> =>
  (registry && behaviourOf(entity).listParams) || {};

export const hooksOf = (entity: AnyEntity): ModelHooks => behaviourOf(entity).hooks ?? {};

/** The inputs of a model's derived values (`derivedFrom`; none before the registry is installed). */
export const derivedInputsOf = (entity: AnyEntity): DerivedInputs | undefined =>
  (registry && behaviourOf(entity).derivedFrom) || undefined;

export const computedValues = (entity: AnyEntity, row: Row, today = new Date().toISOString().slice(0, 10)): Row =>
  behaviourOf(entity).computed?.(row, today) ?? {};

/** The SQL expressions of a model's virtual fields, by field name (none for a model without any). */
export function virtualColumns(entity: AnyEntity, access?: Access): Record<string, SQL> {
  if (!registry) return {};
  const selected = behaviourOf(entity).selected?.(access) ?? {};
  for (const [name, f] of Object.entries(entity.fields))
    if (f.virtual && !selected[name]) throw new Error(`${entity.name}.${name}: a virtual field needs its SQL`);
  return selected;
}

export const storedValues = (entity: AnyEntity, merged: Row): Row => behaviourOf(entity).stored?.(merged) ?? {};

const linkKey = (name: string) => name.replace(/-/g, '_');

/** The links of a record's actions allowed now (to the caller) and of its sub-resources (the caller may update it). */
export function modelLinks(entity: AnyEntity, row: Row, base: string, access?: Access): Record<string, string> {
  const { actions = [], links = [] } = behaviourOf(entity);
  const names = [
    ...actions
      .filter((a) => a.link !== false && !a.refusal?.(row) && (!a.allowed || (access && a.allowed(access, row))))
      .map((a) => a.name),
    ...links.filter((l) => !l.when || l.when(row)).map((l) => l.name),
  ];
  return Object.fromEntries(names.map((n) => [linkKey(n), `${base}/${n}`]));
}

/** The model's write inputs beside its values (`input`; none: empty shapes). */
export const writeInputOf = (entity: AnyEntity) => {
  const own = behaviourOf(entity).input ?? {};
  return { body: own.body ?? {}, query: own.query ?? {} };
};

export const deleteReplyOf = (entity: AnyEntity) => behaviourOf(entity).deleteReply;
export const deleteArchives = (entity: AnyEntity) => behaviourOf(entity).deleteArchives === true;

export const overrides = (entity: AnyEntity, route: GenericRoute): boolean =>
  behaviourOf(entity).overrides?.includes(route) ?? false;
