// The scheduled jobs (docs/domain/mail-and-jobs.md, "Scheduled jobs"). Each is idempotent: running it twice changes nothing more.
import { and, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users, userTokens } from '../db/schema';
import { pruneSessions } from '../services/session.service';
import { pruneRateLimits } from '../services/rate-limit';
import { isoDay, materialiseAll } from '../services/task-schedule.service';
import { resumeImports } from '../imports/import-runner';
import { autoExtendContracts, endContracts } from '../services/contract-actions.service';
import { models } from '../models';
import { purgeArchived } from '../services/archive-purge.service';
import type { JobOutcome } from '../crud/model-behaviour';

export interface Job {
  name: string;
  intervalMinutes: number;
  /** Counts for job_runs, or a model job's outcome (counts and a step after the commit). */
  run: (ctx: AppContext, now: Date) => Promise<Record<string, number> | JobOutcome>;
}

export const jobs: Job[] = [
  {
    // Accounts whose confirmed deletion date has passed (30 days after the link was clicked; docs/domain/sign-in.md,
    // "Account deletion").
    name: 'account-deletion',
    intervalMinutes: 60,
    run: async (ctx, now) => {
      const gone = await ctx.db
        .delete(users)
        .where(and(isNotNull(users.date_to_delete), lt(users.date_to_delete, now)))
        .returning({ id: users.id });
      return { deleted: gone.length };
    },
  },
  {
    name: 'housekeeping',
    intervalMinutes: 60,
    run: async (ctx, now) => {
      await pruneSessions(ctx.db, ctx.config);
      await pruneRateLimits(ctx.db);
      const tokens = await ctx.db
        .delete(userTokens)
        .where(lt(userTokens.expires_at, now))
        .returning({ id: userTokens.id });
      return { expired_tokens: tokens.length };
    },
  },
  {
    // Task events over the rolling 12-month horizon (docs/domain/calculations.md, "Task recurrence"); idempotent.
    name: 'task-events',
    intervalMinutes: 24 * 60,
    run: (ctx, now) => materialiseAll(ctx.db, isoDay(now)),
  },
  {
    // Imports whose server died mid-way: their lease runs out and the next process resumes them after the last
    // whole chunk (docs/spreadsheet-api.md). The claim itself is an atomic UPDATE, so one process runs each.
    name: 'import-resume',
    intervalMinutes: 1,
    run: async () => ({ kicked: resumeImports() }),
  },
  {
    // Contract deadlines (docs/domain/calculations.md, "Contract deadlines"): auto-extension once the latest cancellation date has
    // passed, then ended once the end date has passed without an extension. Both by the UTC date; idempotent. (Last in
    // the list: a job's advisory lock id is its index.)
    name: 'contract-deadlines',
    intervalMinutes: 24 * 60,
    run: async (ctx, now) => ({
      extended: await autoExtendContracts(ctx.db, isoDay(now)),
      ended: await endContracts(ctx.db, isoDay(now)),
    }),
  },
  {
    // Records archived longer ago than their settings group keeps them (docs/domain/fields.md, "Workspace
    // settings", archive); none while a group keeps them for good (the default). Idempotent.
    name: 'archive-purge',
    intervalMinutes: 24 * 60,
    run: (ctx, now) => purgeArchived(ctx.db, now),
  },
  // The models' own jobs (server/models/<model>.ts, `jobs`), after the fixed ones in the registry's order.
  ...Object.values(models).flatMap((m) => m?.jobs ?? []),
];
