// Scheduled exports (docs/domain/scheduled-exports.md): a run exports the schedule's saved view as xlsx exactly as
// its owner's export of the view's list would (server/spreadsheet: the view's filters, search, status limiter and
// sort, the owner's visible columns of that table, in the owner's scope and export right, narrowed to the schedule's
// settings group), keeps the file 30 days in the `exports` store, mails it to the recipients, and logs the run
// (server/db/scheduled-export-schema.ts). A failed run is logged with its reason and mailed to the owner; the job
// tries again at the next slot only.
import { attributePath, type AttributeDef } from '../../src/domain/attributes';
import { recordFieldsIn } from '../crud/model-behaviour';
import { PassThrough } from 'node:stream';
import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { EXPORT_FILE_DAYS, type ExportError, type ExportSchedule } from '../../src/entities/scheduled-export';
import { entities, entityByName, entityByPlural } from '../../src/entities/registry';
import type { AnyEntity } from '../../src/entities/define';
import type { GridViewQuery } from '../../src/entities/account';
import { tableSettingsSchema } from '../../src/entities/account';
import { isListField } from '../../src/entities/list-rules';
import { MEMBER_MODEL } from '../../src/entities/fields';
import type { DateFormatToken } from '../../src/domain/parse';
import { nextSlot } from '../../src/domain/export-schedule';
import type { AppContext, UserRow } from '../context';
import { accessOfUser, groupsWhere } from '../crud/access';
import { listQuerySchema, type ListQuery } from '../crud/list-query';
import { col, scopeCondition, switchedOn, tableOf } from '../crud/table';
import { lookUpRefs } from '../crud/refs';
import type { JobOutcome } from '../crud/model-behaviour';
import type { Db } from '../db/client';
import { gridViews } from '../db/entity-tables';
import { userTableSettings, users } from '../db/schema';
import { scheduledExportRuns } from '../db/scheduled-export-schema';
import { fileStore } from '../storage/stores';
import { exportColumns } from '../spreadsheet/export-columns';
import { pages, refTitles, writeXlsx } from '../spreadsheet/export.service';
import { mailLocale } from '../mail/order-mail';
import { exportFailedMail, exportMail } from '../mail/scheduled-export-mail';
import { senderOf } from '../mail/sender';

const DAY = 86_400_000;
/** Files up to this size go out as attachments; a larger one is only kept for download (the mail says so). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** How many due schedules one job run starts (the rest wait for the next minute). */
const BATCH = 20;
/** A run still `running` this long after it started was cut off (its process stopped): logged as failed. */
const STALE_MS = 2 * 60 * 60_000;

type RunRow = typeof scheduledExportRuns.$inferSelect;
const schedules = () => entities.scheduled_export;
const scheduleCol = (name: string) => col(schedules(), name);

export const exportStore = (ctx: AppContext) => fileStore(ctx, 'exports');

/** Starts a run of the schedule (its log line, `running`); `db` may be the transaction that claimed it. */
export async function startRun(db: Db, schedule: { uuid: string; sg: string }, trigger: 'schedule' | 'manual') {
  const [row] = await db
    .insert(scheduledExportRuns)
    .values({ scheduled_export_uuid: schedule.uuid, settings_group_uuid: schedule.sg, trigger })
    .returning({ id: scheduledExportRuns.id });
  return row!.id;
}

class RunFailure extends Error {
  constructor(readonly code: ExportError) {
    super(code);
  }
}

/** A saved view's query as its table's list query (what the grid would ask: grids/list-query.ts), in `sg`. */
export function viewListQuery(entity: AnyEntity, query: GridViewQuery, sg: string) {
  const filter: Record<string, unknown> = {};
  for (const [name, model] of Object.entries((query.filters ?? {}) as Record<string, unknown>)) {
    if (!isListField(entity, name) || entity.fields[name]?.kind === 'datetime') continue;
    if (!model || typeof model !== 'object') continue;
    const value = filterValue(model as Record<string, unknown>);
    if (value !== undefined) filter[name] = value;
  }
  const raw: Record<string, unknown> = { settings_group_uuid: sg, archived: '0' };
  if (query.sort_by) {
    raw.sort_by = query.sort_by;
    raw.sort_descending = query.sort_descending ? '1' : '0';
  }
  if (query.search?.trim()) raw.search = query.search.trim();
  if (entity.status && query.status_limiter) raw.status_limiter = query.status_limiter;
  if (Object.keys(filter).length) raw.filter = filter;
  return listQuerySchema(entity).safeParse(raw);
}

/** One column filter of the grid (text, values, number, date) as the list query's filter value. */
function filterValue(model: Record<string, unknown>): unknown {
  const v = (x: unknown) => (x === null || x === undefined || x === '' ? undefined : String(x));
  switch (model.filterType) {
    case 'text':
      return typeof model.filter === 'string' && model.filter ? model.filter : undefined;
    case 'values':
      return Array.isArray(model.values) && model.values.length ? model.values.map(String) : undefined;
    case 'number':
    case 'date': {
      const day = (x: unknown) => (typeof x === 'string' ? x.slice(0, 10) : undefined);
      const a = v(model.filterType === 'date' ? day(model.dateFrom) : model.filter);
      const b = v(model.filterType === 'date' ? day(model.dateTo) : model.filterTo);
      if (model.type === 'equals') return a;
      if (model.type === 'greaterThanOrEqual') return a === undefined ? undefined : { from: a };
      if (model.type === 'lessThanOrEqual') return a === undefined ? undefined : { to: a };
      if (model.type === 'inRange') return { ...(a ? { from: a } : {}), ...(b ? { to: b } : {}) };
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The owner's visible columns of the table, in order (the last saved layout on any device); none: every column. */
async function visibleColumns(
  db: Db,
  userId: number,
  entity: AnyEntity,
  attributes: readonly AttributeDef[],
): Promise<string[] | undefined> {
  const [row] = await db
    .select({ settings: userTableSettings.settings })
    .from(userTableSettings)
    .where(and(eq(userTableSettings.user_id, userId), eq(userTableSettings.table_name, entity.name)))
    .orderBy(desc(userTableSettings.updated_at))
    .limit(1);
  const parsed = tableSettingsSchema.safeParse(row?.settings);
  const names = parsed.success ? (parsed.data.visible_columns ?? '').split(',').filter(Boolean) : [];
  const known = names.filter(
    (n) =>
      (Object.hasOwn(entity.fields, n) && !entity.fields[n]!.hidden) ||
      n === 'created_at' ||
      n === 'updated_at' ||
      attributes.some((d) => attributePath(d.key) === n),
  );
  return known.length ? known : undefined;
}

const safeName = (name: string) => name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'export';

interface Loaded {
  schedule: Record<string, unknown>;
  owner: UserRow | undefined;
}

async function loadSchedule(db: Db, uuid: string): Promise<Loaded | null> {
  const entity = schedules();
  const [schedule] = (await db
    .select()
    .from(tableOf(entity))
    .where(eq(col(entity, 'uuid'), uuid))
    .limit(1)) as Record<string, unknown>[];
  if (!schedule) return null;
  const [owner] = await db
    .select()
    .from(users)
    .where(eq(users.id, Number(schedule.user_id)));
  return { schedule, owner };
}

/** The export of one run into the store: the file's key, size and rows. */
async function produce(ctx: AppContext, schedule: Record<string, unknown>, owner: UserRow, now: Date) {
  const sg = String(schedule.settings_group_uuid);
  const member = await accessOfUser(ctx.db, owner, now.toISOString().slice(0, 10));
  // the view as its owner sees it now (their own or a shared one of the settings group)
  const viewEntity = entities.grid_view;
  const [view] = await ctx.db
    .select({
      name: gridViews.name,
      table: gridViews.table_name,
      query: gridViews.query,
      sg: gridViews.settings_group_uuid,
    })
    .from(gridViews)
    .where(and(eq(gridViews.uuid, String(schedule.grid_view_uuid)), scopeCondition(viewEntity, member)))
    .limit(1);
  const entity = view && (entityByName(view.table) ?? entityByPlural(view.table));
  if (!view || view.sg !== sg || !entity) throw new RunFailure('view_missing');
  // the owner's right to export the model in the schedule's settings group (as GET /{plural}/export)
  const groups = groupsWhere(member, 'export', entity.name).filter((g) => g === sg);
  if (!groups.length) throw new RunFailure('no_right');
  const access = { ...member, groups };
  const query = viewListQuery(entity, view.query as GridViewQuery, sg);
  if (!query.success) throw new RunFailure('query');
  const fmt = { locale: mailLocale(owner.locale), dateFormat: owner.date_format as DateFormatToken };
  const attributes = await recordFieldsIn(ctx.db, groups, [entity.name]);
  const columns = exportColumns(
    entity,
    fmt,
    await visibleColumns(ctx.db, owner.id, entity, attributes),
    undefined,
    attributes,
  );
  let rows = 0;
  async function* counted() {
    for await (const page of pages(ctx, access, entity!, query.data as ListQuery, columns)) {
      rows += page.length;
      yield page;
    }
  }
  const store = exportStore(ctx);
  const out = new PassThrough();
  const staging = store.stage(out, () => false, { local: false });
  const writing = writeXlsx(
    { entity, columns, fmt, rows: counted(), titles: (page) => refTitles(ctx, access, columns, page) },
    out,
  ).catch((err: unknown) => {
    out.destroy(err as Error);
    throw err;
  });
  const [staged] = await Promise.all([staging, writing]);
  let key: string;
  try {
    key = await store.commit(staged);
  } catch {
    await store.discard(staged);
    throw new RunFailure('storage');
  }
  const name = `${safeName(String(schedule.name || view.name))}-${now.toISOString().slice(0, 10)}.xlsx`;
  return { key, size: staged.size, rows, name, viewName: view.name };
}

/**
 * Runs a started run to its end: the file, its log line, and the mails (after the file is kept; mail never runs
 * inside a transaction). Never throws: a failure is logged on the run and mailed to the owner.
 */
export async function executeRun(ctx: AppContext, runId: number, now = new Date()): Promise<RunRow> {
  const [run] = await ctx.db.select().from(scheduledExportRuns).where(eq(scheduledExportRuns.id, runId));
  if (!run) throw new Error(`no scheduled export run ${runId}`);
  const loaded = await loadSchedule(ctx.db, run.scheduled_export_uuid);
  const schedule = loaded?.schedule;
  const owner = loaded?.owner;
  const finish = async (values: Partial<RunRow>) => {
    const [row] = await ctx.db
      .update(scheduledExportRuns)
      .set({ finished_at: new Date(), ...values })
      .where(eq(scheduledExportRuns.id, runId))
      .returning();
    return row!;
  };
  let made: Awaited<ReturnType<typeof produce>>;
  try {
    if (!schedule || schedule.deleted_at) throw new RunFailure('view_missing');
    if (!owner) throw new RunFailure('owner_missing');
    made = await produce(ctx, schedule, owner, now);
  } catch (err) {
    const code = err instanceof RunFailure ? err.code : 'failed';
    const failed = await finish({ status: 'failed', error: code });
    if (owner && schedule) await mailFailure(ctx, schedule, owner, code);
    return failed;
  }
  const done = await finish({
    status: 'done',
    row_count: made.rows,
    file_size: made.size,
    file_key: made.key,
    file_name: made.name,
    expires_at: new Date(now.getTime() + EXPORT_FILE_DAYS * DAY),
  });
  const { mailed, failed } = await mailRecipients(ctx, schedule!, made);
  if (!mailed && !failed) return done;
  return finish({ mailed, ...(failed ? { error: 'mail' } : {}) });
}

/** The recipients who are still members of the schedule's settings group (with their mail language). */
async function recipientsOf(db: Db, schedule: Record<string, unknown>) {
  const uuids = Array.isArray(schedule.recipients) ? (schedule.recipients as string[]) : [];
  if (!uuids.length) return [];
  const sg = String(schedule.settings_group_uuid);
  const members = await lookUpRefs(db, null, MEMBER_MODEL, { uuids: uuids.map((u) => u.toLowerCase()), sg });
  const still = [...new Set(members.map((m) => m.uuid))];
  if (!still.length) return [];
  return db
    .select({ email: users.email, first_name: users.first_name, locale: users.locale })
    .from(users)
    .where(inArray(users.uuid, still));
}

async function mailRecipients(
  ctx: AppContext,
  schedule: Record<string, unknown>,
  made: { key: string; size: number; rows: number; name: string; viewName: string },
) {
  const to = await recipientsOf(ctx.db, schedule);
  let mailed = 0;
  let failed = 0;
  const sender = await senderOf(ctx.db, String(schedule.settings_group_uuid));
  const attach = made.size <= MAX_ATTACHMENT_BYTES;
  for (const r of to) {
    try {
      const file = attach ? await exportStore(ctx).open(made.key) : null;
      await ctx.mailer.send({
        ...exportMail(
          { email: r.email, name: r.first_name, locale: r.locale },
          { title: String(schedule.name || made.viewName), rows: made.rows, attached: Boolean(file) },
        ),
        ...sender,
        ...(file
          ? {
              attachments: [
                {
                  filename: made.name,
                  content: file.stream,
                  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                },
              ],
            }
          : {}),
      });
      mailed += 1;
    } catch {
      failed += 1;
    }
  }
  return { mailed, failed };
}

async function mailFailure(ctx: AppContext, schedule: Record<string, unknown>, owner: UserRow, code: ExportError) {
  try {
    const [view] = await ctx.db
      .select({ name: gridViews.name })
      .from(gridViews)
      .where(eq(gridViews.uuid, String(schedule.grid_view_uuid)));
    await ctx.mailer.send({
      ...exportFailedMail(
        { email: owner.email, name: owner.first_name, locale: owner.locale },
        { title: String(schedule.name || view?.name || ''), code },
        `${ctx.config.appUrl}/settings/exports`,
      ),
      ...(await senderOf(ctx.db, String(schedule.settings_group_uuid))),
    });
  } catch {
    // the failure stays on the run's log line, which the page shows
  }
}

/**
 * The job's step (docs/domain/mail-and-jobs.md, "Scheduled exports"): in its transaction, the due schedules take
 * their next slot and a started run each; after the commit, the runs are made one by one. A schedule whose run
 * fails waits for its next slot: it is never tried again before.
 */
export async function claimDueExports(ctx: AppContext, now: Date): Promise<JobOutcome> {
  const entity = schedules();
  const due = (await ctx.db
    .select({ uuid: scheduleCol('uuid'), sg: scheduleCol('settings_group_uuid'), schedule: scheduleCol('schedule') })
    .from(tableOf(entity))
    .where(
      and(
        isNotNull(scheduleCol('next_run_at')),
        lte(scheduleCol('next_run_at'), now),
        isNull(scheduleCol('archived_at')),
        isNull(scheduleCol('deleted_at')),
        // none of a settings group that switched the module off (docs/domain/fields.md, "Model settings")
        switchedOn(entity),
      ),
    )
    .orderBy(scheduleCol('next_run_at'))
    .limit(BATCH)) as { uuid: string; sg: string; schedule: ExportSchedule }[];
  const runs: number[] = [];
  for (const s of due) {
    await ctx.db
      .update(tableOf(entity))
      .set({ next_run_at: nextSlot(s.schedule, now) })
      .where(eq(scheduleCol('uuid'), s.uuid));
    runs.push(await startRun(ctx.db, s, 'schedule'));
  }
  return {
    counts: { started: runs.length },
    afterCommit: async (app) => {
      for (const id of runs) await executeRun(app, id, now);
    },
  };
}

/** The purge job's step: runs whose file's 30 days are over lose the file (the log line stays); runs cut off
 * mid-way are logged as failed. The files are removed after the job's transaction. */
export async function purgeExportFiles(ctx: AppContext, now: Date): Promise<JobOutcome> {
  const stale = await ctx.db
    .update(scheduledExportRuns)
    .set({ status: 'failed', error: 'failed', finished_at: now })
    .where(
      and(
        eq(scheduledExportRuns.status, 'running'),
        lt(scheduledExportRuns.started_at, new Date(now.getTime() - STALE_MS)),
      ),
    )
    .returning({ id: scheduledExportRuns.id });
  const expired = await ctx.db
    .select({ id: scheduledExportRuns.id, key: scheduledExportRuns.file_key })
    .from(scheduledExportRuns)
    .where(and(isNotNull(scheduledExportRuns.file_key), lte(scheduledExportRuns.expires_at, now)));
  return {
    counts: { expired: expired.length, stale: stale.length },
    afterCommit: async (app) => {
      const store = exportStore(app);
      for (const { id, key } of expired) {
        await store.remove(key!);
        await app.db.update(scheduledExportRuns).set({ file_key: null }).where(eq(scheduledExportRuns.id, id));
      }
    },
  };
}

/** A schedule's runs, newest first (at most `limit`). */
export function runsOf(db: Db, uuid: string, limit = 100) {
  return db
    .select()
    .from(scheduledExportRuns)
    .where(eq(scheduledExportRuns.scheduled_export_uuid, uuid))
    .orderBy(desc(scheduledExportRuns.started_at), desc(scheduledExportRuns.id))
    .limit(limit);
}

/** A run as the runs list gives it, with its download link while its file is kept. */
export function presentRun(run: RunRow, base: string, now = new Date()) {
  const kept = run.file_key !== null && run.expires_at !== null && run.expires_at.getTime() > now.getTime();
  return {
    id: run.id,
    trigger: run.trigger as 'schedule' | 'manual',
    status: run.status as 'running' | 'done' | 'failed',
    started_at: run.started_at.toISOString(),
    finished_at: run.finished_at?.toISOString() ?? null,
    row_count: run.row_count,
    file_size: run.file_size,
    file_name: run.file_name,
    expires_at: kept ? run.expires_at!.toISOString() : null,
    error: run.error,
    mailed: run.mailed,
    links: kept ? { file: `${base}/runs/${run.id}/file` } : ({} as Record<string, string>),
  };
}

/** The run's file while it is kept (null: none, or its 30 days are over). */
export async function runFile(ctx: AppContext, uuid: string, id: number, now = new Date()) {
  const [run] = await ctx.db
    .select()
    .from(scheduledExportRuns)
    .where(and(eq(scheduledExportRuns.id, id), eq(scheduledExportRuns.scheduled_export_uuid, uuid)));
  if (!run?.file_key || !run.expires_at || run.expires_at.getTime() <= now.getTime()) return null;
  const file = await exportStore(ctx).open(run.file_key);
  return file ? { ...file, name: run.file_name ?? 'export.xlsx' } : null;
}

/** The SQL of a schedule's last run (`last_run_at`, `last_status`), for the model's virtual fields. */
export const lastRun = (field: 'started_at' | 'status') =>
  sql`(select ${sql.raw(`r.${field}`)} from scheduled_export_runs r where r.scheduled_export_uuid = ${scheduleCol('uuid')} order by r.started_at desc, r.id desc limit 1)`;
