// The import job: claims an import with a lease (an atomic UPDATE, so one process runs it), streams its rows and
// commits them in chunks, each chunk one transaction together with the job's progress, so a crash leaves whole
// chunks and the job resumes after the last one. Cancel is checked between chunks; reading and planning give the
// event loop back every few milliseconds, so other requests get their turn.
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { imports, users } from '../db/schema';
import { entityByName } from '../../src/entities/registry';
import type { DateFormatToken } from '../../src/domain/parse';
import type { Locale } from '../../src/entities/account';
import { accessOfUser, type Access } from '../crud/access';
import { withImportFile } from './storage';
import { readBatches, type SheetRow } from './reader';
import { giveWay } from './give-way';
import { requestsInFlight } from '../plugins/traffic';
import { hooksOf, recordFieldsIn } from '../crud/model-behaviour';
import { isAttributeModel } from '../../src/domain/attributes';
import { planChunk, type PlanContext } from './plan';
import { writeChunk } from './write-chunk';
import type { ImportOptions } from './import-options';
import type { FileKind } from './file-check';

export const CHUNK_ROWS = 500;
/** Chunks written at the same time on PostgreSQL (each on its own connection). */
const WRITERS = 3;
/**
 * While requests are being answered, a chunk is written in transactions of this many rows with a pause between
 * them (see give-way), so a request shares the database with a short write at most.
 */
export const BUSY_WRITE_ROWS = 100;
const LEASE_SECONDS = 60;
export type ImportRow = typeof imports.$inferSelect;
export interface Counts {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

/** The caller's rights, rebuilt for a job that runs without a request. */
export async function accessForUser(ctx: AppContext, userId: number): Promise<Access> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return accessOfUser(ctx.db, user!);
}

async function claim(ctx: AppContext, uuid: string): Promise<ImportRow | undefined> {
  const [job] = await ctx.db
    .update(imports)
    .set({
      status: 'running',
      lease_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      updated_at: new Date(),
    })
    .where(
      and(
        eq(imports.uuid, uuid),
        inArray(imports.status, ['queued', 'running']),
        or(isNull(imports.lease_until), lt(imports.lease_until, sql`now()`)),
      ),
    )
    .returning();
  return job;
}

/** Reads the planning context of a job (the user's language and date format, the options, the rights). */
export async function planContext(
  ctx: AppContext,
  job: ImportRow,
  options: ImportOptions,
  access: Access,
): Promise<PlanContext> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, job.user_id));
  const entity = entityByName(job.model)!;
  const mapped = new Set(Object.values(options.mapping));
  const selfRef = Object.entries(entity.fields).some(
    ([n, f]) => f.kind === 'ref' && f.model === entity.name && mapped.has(n),
  );
  // the model's attributes in the import's settings group (docs/domain/attributes.md)
  const sg = options.settings_group_uuid;
  const attributes = sg && isAttributeModel(entity.name) ? await recordFieldsIn(ctx.db, [sg], [entity.name]) : [];
  return {
    entity,
    options,
    attributes,
    locale: user!.locale as Locale,
    dateFormat: user!.date_format as DateFormatToken,
    access,
    seen: new Map(),
    ...(selfRef ? { made: new Map() } : {}),
    ids: selfRef || !!hooksOf(entity).afterWrite || !!hooksOf(entity).afterWriteAll,
  };
}

/** Data rows of an import file in batches: below the header row (and after `from`, when resuming). */
export async function* dataRows(ctx: AppContext, job: ImportRow, options: ImportOptions, from = 0) {
  for await (const batch of withImportFile(ctx, job.storage_key, (file) =>
    readBatches(file, job.file_kind as FileKind, options.sheet),
  )) {
    // batches arrive through promises alone: give other requests' I/O a turn between them
    await new Promise((resolve) => setImmediate(resolve));
    const rows = batch.filter((row) => row.number > options.header_row && row.number > from);
    if (rows.length) yield rows;
  }
}

/** Consecutive slices of at most `size` (one empty slice for an empty list). */
const slices = <T>(list: T[], size: number): T[][] =>
  list.length <= size
    ? [list]
    : Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Cuts batches of rows into chunks of exactly `size` rows (the last one shorter). */
export async function* chunksOf(batches: AsyncIterable<SheetRow[]>, size: number) {
  let chunk: SheetRow[] = [];
  for await (const batch of batches) {
    for (let i = 0; i < batch.length;) {
      const take = batch.slice(i, i + size - chunk.length);
      chunk = chunk.length ? chunk.concat(take) : take;
      i += take.length;
      if (chunk.length === size) {
        yield chunk;
        chunk = [];
      }
    }
  }
  if (chunk.length) yield chunk;
}

/**
 * Runs (or resumes) a job to its end. `stopAfter` ends the run after that many chunks while keeping the job as a
 * dead process would leave it (running, leased): the resume path's tests use it.
 */
export async function runImport(ctx: AppContext, uuid: string, stopAfter = Infinity): Promise<void> {
  const job = await claim(ctx, uuid);
  if (!job) return;
  const options = job.options as ImportOptions;
  try {
    const access = await accessForUser(ctx, job.user_id);
    const p = await planContext(ctx, job, options, access);
    // The next chunk is read and planned while the previous one is written, so the database never waits for us,
    // where nothing the plan reads can change by the writes before it: inserts of a model without write hooks
    // (references to records created earlier in the file are found in the plan's memory). On PostgreSQL such
    // chunks are written up to three at a time on their own connections, committing in order (see writeChunk). Updates and
    // models with hooks plan each chunk after the one before it committed.
    const hooks = hooksOf(p.entity);
    // (a model with running numbers neither: each chunk takes the next numbers, its counter locked until it commits)
    const ahead =
      options.mode === 'insert' &&
      !hooks.beforeWrite &&
      !hooks.afterWrite &&
      !hooks.afterWriteAll &&
      !p.entity.numbering;
    const writers = ahead && ctx.database.kind === 'postgres' ? WRITERS : 1;
    const pause = giveWay();
    let chunks = 0;
    let cancel = job.cancel_requested;
    const writing: Promise<boolean>[] = [];
    let committed: Promise<boolean> = Promise.resolve(false);
    const settle = async (keep = 0) => {
      while (writing.length > keep) {
        if (await writing.shift()) cancel = true;
        chunks += 1;
      }
    };
    const next = async (rows: SheetRow[]): Promise<'go' | 'stop' | 'cancel'> => {
      if (chunks + writing.length >= stopAfter) return (await settle(), 'stop');
      if (!ahead) await settle();
      const planned = rows.length && !cancel ? await planChunk(ctx, p, rows) : [];
      // while requests are being answered: one write at a time, of fewer rows, each after a pause (see give-way)
      const busy = requestsInFlight() > 0;
      const pieces = busy ? slices(planned, BUSY_WRITE_ROWS) : [planned];
      for (const piece of pieces) {
        await settle(busy ? 0 : writers - 1);
        await pause();
        if (cancel) return (await settle(), 'cancel');
        if (!piece.length) continue;
        const write = writeChunk(ctx, access, job, piece, writers > 1 ? committed : undefined);
        write.catch(() => undefined); // awaited (and thrown) when settled
        writing.push(write);
        committed = write;
      }
      return 'go';
    };
    for await (const rows of chunksOf(dataRows(ctx, job, options, job.last_row), CHUNK_ROWS)) {
      const step = await next(rows);
      if (step === 'cancel') return finish(ctx, uuid, 'cancelled');
      if (step === 'stop') return;
    }
    const last = await next([]);
    if (last === 'stop') return;
    await settle();
    await finish(ctx, uuid, last === 'cancel' || cancel ? 'cancelled' : 'done');
  } catch (err) {
    await finish(ctx, uuid, 'failed', err instanceof Error ? err.message.slice(0, 500) : 'failed');
    throw err;
  }
}

async function finish(ctx: AppContext, uuid: string, status: string, error?: string) {
  await ctx.db
    .update(imports)
    .set({ status, lease_until: null, finished_at: new Date(), updated_at: new Date(), ...(error ? { error } : {}) })
    .where(eq(imports.uuid, uuid));
}

let worker: { ctx: AppContext; log: { error: (o: object, m: string) => void } } | null = null;
/** The app's context for the scheduled resume (scheduled jobs get a transaction, not the app's database). */
export function registerImportWorker(ctx: AppContext, log: { error: (o: object, m: string) => void }) {
  worker = { ctx, log };
}
/** Scheduled: resumes imports whose process died (their lease ran out). Returns at once; the work runs after. */
export function resumeImports(): number {
  if (!worker) return 0;
  const { ctx, log } = worker;
  setImmediate(() => void kickImports(ctx, log));
  return 1;
}

/** Imports waiting or interrupted (a lease that ran out: the process died): run them, one at a time. */
let running: Promise<void> | null = null;
export function kickImports(ctx: AppContext, log?: { error: (o: object, m: string) => void }): Promise<void> {
  if (running) return running.then(() => kickImports(ctx, log));
  running = (async () => {
    for (;;) {
      const [next] = await ctx.db
        .select({ uuid: imports.uuid })
        .from(imports)
        .where(
          and(
            inArray(imports.status, ['queued', 'running']),
            or(isNull(imports.lease_until), lt(imports.lease_until, sql`now()`)),
          ),
        )
        .orderBy(imports.created_at)
        .limit(1);
      if (!next) return;
      await runImport(ctx, next.uuid).catch((err: unknown) => log?.error({ err }, 'import failed'));
    }
  })().finally(() => (running = null));
  return running;
}
