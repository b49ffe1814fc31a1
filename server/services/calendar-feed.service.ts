// A user's ICS feed (docs/planning-api.md, "ICS feed"): a secret, resettable URL that mail clients subscribe to. The
// token is 32 random bytes (base64url); the database keeps its SHA-256 for the lookup and a sealed copy so its owner
// can see the URL again. Resetting replaces both: the old URL is a 404 at once.
import { eq } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context';
import { accessOfUser } from '../crud/access';
import { calendarFeeds } from '../db/planning-schema';
import { users } from '../db/schema';
import { notFound } from '../http-error';
import { calendarItems } from './calendar.service';
import { randomToken, sha256 } from './crypto';
import { toIcs } from './ics';

const urlOf = (ctx: AppContext, token: string) => `${ctx.config.appUrl}/api/v1/calendar-feed/${token}.ics`;

export async function feedUrl(ctx: AppContext, user: UserRow, reset = false): Promise<string> {
  const [row] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.user_id, user.id));
  if (row && !reset) return urlOf(ctx, ctx.keyring.open(row.token_sealed));
  const token = randomToken();
  const values = { token_hash: sha256(token), token_sealed: ctx.keyring.seal(token), created_at: new Date() };
  await ctx.db
    .insert(calendarFeeds)
    .values({ user_id: user.id, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.user_id, set: values });
  return urlOf(ctx, token);
}

/** The feed of a token: the owner's items from 30 days back to 12 months ahead, in their scope. */
export async function feed(ctx: AppContext, token: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound();
  const [owner] = await ctx.db
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.user_id))
    .where(eq(calendarFeeds.token_hash, sha256(token)));
  if (!owner) throw notFound();
  const user = owner.user as UserRow;
  const access = await accessOfUser(ctx.db, user);
  const day = (offset: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const { data } = await calendarItems(ctx, access, { from: day(-30), to: day(366) });
  return toIcs(data, ctx.config.appUrl, new Date());
}
