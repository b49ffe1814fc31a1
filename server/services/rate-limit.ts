// Fixed-window rate limits kept in the database, so every server process counts together (docs/domain/sign-in.md,
// "Rate limits").
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from '../http-error';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Seconds until the window resets when the limit is reached, else null. Does not count. */
export async function tooManyAttempts(db: Db, limit: Limit): Promise<number | null> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, limit.key)).limit(1);
  if (!row) return null;
  const resetsIn = Math.ceil((row.window_start.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000);
  return resetsIn > 0 && row.hits >= limit.max ? resetsIn : null;
}

/** Counts one hit in the current window (atomically) and returns the hits so far. */
export async function hit(db: Db, limit: Limit): Promise<{ hits: number; resetsIn: number }> {
  const window = sql.raw(`interval '${Math.floor(limit.windowSeconds)} seconds'`);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.window_start} < now() - ${window} then 1 else ${rateLimits.hits} + 1 end`,
        window_start: sql`case when ${rateLimits.window_start} < now() - ${window} then now() else ${rateLimits.window_start} end`,
      },
    })
    .returning();
  const resetsIn = Math.max(
    1,
    Math.ceil((row!.window_start.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000),
  );
  return { hits: row!.hits, resetsIn };
}

export const clearHits = (db: Db, key: string) => db.delete(rateLimits).where(eq(rateLimits.key, key));

export const throttled = (seconds: number) =>
  new HttpError(429, 'auth.throttle', { seconds }, { 'Retry-After': String(seconds) });

/** Counts a hit and throws 429 once the limit is passed (for calls where every attempt counts). */
export async function limitOrThrow(db: Db, limit: Limit) {
  const { hits, resetsIn } = await hit(db, limit);
  if (hits > limit.max) throw throttled(resetsIn);
}

export const pruneRateLimits = (db: Db) =>
  db.delete(rateLimits).where(lt(rateLimits.window_start, sql`now() - interval '1 day'`));
