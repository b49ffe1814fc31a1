// Scheduled jobs: each runs at most once per interval across all server processes (a Postgres advisory lock
// plus the job_runs table), so several processes on one PostgreSQL are safe.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { jobRuns } from '../db/schema';
import { jobs, type Job } from './jobs';
import type { JobOutcome } from '../crud/model-behaviour';

const LOCK_BASE = 0x4857_0000; // "HW"

export async function runJobIfDue(ctx: AppContext, job: Job, index: number, now = new Date()): Promise<boolean> {
  const lockId = LOCK_BASE + index;
  let afterCommit: JobOutcome['afterCommit'];
  const ran = await ctx.db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${lockId}) as ok`));
    if (!lock?.ok) return false;
    const [last] = await tx.select().from(jobRuns).where(eq(jobRuns.name, job.name));
    if (last && now.getTime() - last.last_run_at.getTime() < job.intervalMinutes * 60_000) return false;
    const outcome = await job.run({ ...ctx, db: tx }, now);
    const result = isOutcome(outcome) ? outcome.counts : outcome;
    if (isOutcome(outcome)) afterCommit = outcome.afterCommit;
    await tx
      .insert(jobRuns)
      .values({ name: job.name, last_run_at: now, last_result: result })
      .onConflictDoUpdate({ target: jobRuns.name, set: { last_run_at: now, last_result: result } });
    return true;
  });
  // after the commit: mail the job prepared (outside the transaction, which PGlite would otherwise wait on)
  if (ran && afterCommit) await afterCommit(ctx);
  return ran;
}

const isOutcome = (r: Record<string, number> | JobOutcome): r is JobOutcome =>
  typeof (r as JobOutcome).counts === 'object' && (r as JobOutcome).counts !== null;

// node-postgres returns { rows }, PGlite returns { rows } as well; drizzle's execute differs in typing only.
const rowsOf = <T>(r: unknown) => (r as { rows?: T[] }).rows ?? (r as T[]);

export function startScheduler(ctx: AppContext, log: FastifyBaseLogger) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    for (const [i, job] of jobs.entries()) {
      try {
        if (await runJobIfDue(ctx, job, i)) log.info({ event: 'job_done', job: job.name }, 'scheduled job ran');
      } catch (err) {
        log.error({ err, job: job.name }, 'scheduled job failed');
      }
    }
    running = false;
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, 5 * 60_000);
  first.unref();
  timer.unref();
  return { stop: () => (clearTimeout(first), clearInterval(timer)), tick };
}
