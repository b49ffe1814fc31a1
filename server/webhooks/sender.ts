// The webhook sender (docs/domain/webhooks.md, "Deliveries"): takes the due deliveries the record tables' triggers
// queued (a short transaction marks them taken for a while, so several processes share the queue and a process that
// stops midway leaves them to the next), posts each signed to its webhook outside any transaction, and records the
// outcome: delivered, retried with growing delays for 24 hours, or failed. A webhook whose deliveries failed for
// three days is turned off and its admins told by mail.
import type dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { webhooks } from '../db/entity-tables';
import { webhookDeliveries, webhookSecrets } from '../db/webhook-schema';
import { audit } from '../audit/writer';
import { checkedLookup, literalAllowed, RefusedAddress } from './address';
import { signedHeaders } from './signature';
import { giveWay } from '../imports/give-way';
import { webhookOffMails } from './webhook-mail';

/** The delays before the next attempts, in seconds; the last repeats until 24 hours after the change. */
export const RETRY_DELAYS = [30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800] as const;
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** How long every delivery of a webhook may fail before it is turned off. */
export const FAILING_LIMIT_MS = 3 * 24 * 3_600_000;
/** Deliveries taken at once, and posted at the same time. */
export const BATCH = 100;
const PARALLEL = 10;
/** How long a sender keeps the deliveries it took (longer than an attempt may last). */
const TAKEN_MS = 60_000;
const TIMEOUT_MS = 10_000;
const EXCERPT = 500;

export interface Outcome {
  status: number | null;
  duration: number;
  excerpt: string | null;
  error: string | null;
}

/** Posts a body: the answer's status and start, or the reason none came. Redirects are not followed. */
export function postBody(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  if (!literalAllowed(url))
    return Promise.resolve({ status: null, duration: 0, excerpt: null, error: 'internal address' });
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Omit<Outcome, 'duration'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...o, duration: took() });
    };
    const client = url.startsWith('https:') ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Hauswerk-Webhooks/1',
          ...headers,
        },
        lookup: checkedLookup as unknown as typeof dns.lookup,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < EXCERPT * 4) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          done({
            status: res.statusCode ?? null,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT) || null,
            error: null,
          }),
        );
        res.on('error', (err) => done({ status: res.statusCode ?? null, excerpt: null, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) =>
      done({ status: null, excerpt: null, error: err instanceof RefusedAddress ? 'internal address' : err.message }),
    );
    req.end(body);
  });
}

const rowsOf = <T>(r: unknown) => (r as { rows?: T[] }).rows ?? (r as T[]);

interface Taken {
  id: number;
  webhook_uuid: string;
  settings_group_uuid: string;
  message_id: string;
  payload: unknown;
  created_at: Date | string;
  attempts: number;
}

/** Marks deliveries taken: the due ones (`ids` absent), or those named (a test, a re-send), and returns them. */
async function take(db: Db, now: Date, ids?: number[]): Promise<Taken[]> {
  const until = new Date(now.getTime() + TAKEN_MS);
  const which = ids
    ? sql`select id from webhook_deliveries where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) for update`
    : sql`select id from webhook_deliveries where status = 'pending' and next_attempt_at <= ${now}
          and (locked_until is null or locked_until < ${now}) order by next_attempt_at, id limit ${BATCH}
          for update skip locked`;
  const result = await db.execute(sql`update webhook_deliveries d
      set locked_until = ${until}, attempts = d.attempts + 1, status = 'pending'
      where d.id in (${which})
      returning d.id, d.webhook_uuid, d.settings_group_uuid, d.message_id, d.payload, d.created_at, d.attempts`);
  return rowsOf<Taken>(result).map((r) => ({ ...r, id: Number(r.id) }));
}

interface Target {
  uuid: string;
  url: string;
  on: boolean;
  secrets: string[];
}

async function targets(db: Db, uuids: string[], now: Date): Promise<Map<string, Target>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({
      uuid: webhooks.uuid,
      url: webhooks.url,
      enabled: webhooks.enabled,
      archived_at: webhooks.archived_at,
      deleted_at: webhooks.deleted_at,
      secret: webhookSecrets.secret,
      previous: webhookSecrets.previous_secret,
      until: webhookSecrets.previous_until,
    })
    .from(webhooks)
    .leftJoin(webhookSecrets, eq(webhookSecrets.webhook_uuid, webhooks.uuid))
    .where(inArray(webhooks.uuid, uuids));
  return new Map(
    rows.map((r) => [
      r.uuid,
      {
        uuid: r.uuid,
        url: r.url,
        on: r.enabled === true && r.archived_at == null && r.deleted_at == null,
        secrets: [r.secret, r.until && r.until > now ? r.previous : null].filter((s): s is string => !!s),
      },
    ]),
  );
}

/** When a failed delivery is tried next; null when its 24 hours are over. */
export function nextAttempt(createdAt: Date, attempts: number, now: Date): Date | null {
  const end = createdAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= end) return null;
  const delay = RETRY_DELAYS[Math.min(Math.max(attempts - 1, 0), RETRY_DELAYS.length - 1)]! * 1000;
  return new Date(Math.min(now.getTime() + delay, end));
}

interface Result {
  id: number;
  status: 'delivered' | 'pending' | 'failed';
  next_attempt_at: string | null;
  delivered_at: string | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
}

const runLimited = async <T>(items: T[], limit: number, fn: (item: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
};

/**
 * Sends the deliveries taken and records their outcome. `forced`: a test or a re-send, sent once (not retried),
 * even to a webhook turned off; otherwise a delivery for a webhook turned off, archived or deleted fails without being sent.
 */
async function send(ctx: AppContext, taken: Taken[], now: Date, forced: boolean): Promise<Result[]> {
  const hooks = await targets(ctx.db, [...new Set(taken.map((t) => t.webhook_uuid))], now);
  const results: Result[] = [];
  await runLimited(taken, PARALLEL, async (t) => {
    const hook = hooks.get(t.webhook_uuid);
    const base = { id: t.id, next_attempt_at: null, delivered_at: null };
    if (!hook || (!forced && !hook.on) || hook.secrets.length === 0) {
      results.push({
        ...base,
        status: 'failed',
        response_status: null,
        duration_ms: null,
        response_excerpt: null,
        error: 'webhook off',
      });
      return;
    }
    const body = JSON.stringify(t.payload);
    const stamp = Math.floor(Date.now() / 1000);
    const outcome = await postBody(hook.url, signedHeaders(hook.secrets, t.message_id, stamp, body), body);
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const at = new Date();
    const next = ok || forced ? null : nextAttempt(new Date(t.created_at), Number(t.attempts), at);
    results.push({
      ...base,
      status: ok ? 'delivered' : next ? 'pending' : 'failed',
      next_attempt_at: next?.toISOString() ?? null,
      delivered_at: ok ? at.toISOString() : null,
      response_status: outcome.status,
      duration_ms: outcome.duration,
      response_excerpt: outcome.excerpt,
      error: ok ? null : (outcome.error ?? `HTTP ${outcome.status}`),
    });
  });
  return results;
}

/**
 * Writes the outcomes in one statement, then each webhook's state: a delivery that went through clears its
 * `failing_since`; failures set it, and a webhook failing for three days is turned off (its queued deliveries fail,
 * an audit entry `webhook.disable` is written) and its admins are told once the transaction committed.
 */
async function record(ctx: AppContext, taken: Taken[], results: Result[], now: Date) {
  const off: { uuid: string; settings_group_uuid: string; url: string }[] = [];
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`update webhook_deliveries d set
        status = v.status, next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at), locked_until = null,
        delivered_at = coalesce(v.delivered_at, d.delivered_at), response_status = v.response_status,
        duration_ms = v.duration_ms, response_excerpt = v.response_excerpt, error = v.error
      from jsonb_to_recordset(${JSON.stringify(results)}::jsonb) as v(id bigint, status text,
        next_attempt_at timestamptz, delivered_at timestamptz, response_status int, duration_ms int,
        response_excerpt text, error text)
      where d.id = v.id`);
    const byHook = new Map<string, { ok: boolean; failed: boolean }>();
    const hookOf = new Map(taken.map((t) => [t.id, t.webhook_uuid]));
    for (const r of results) {
      if (r.error === 'webhook off') continue;
      const uuid = hookOf.get(r.id)!;
      const seen = byHook.get(uuid) ?? { ok: false, failed: false };
      if (r.status === 'delivered') seen.ok = true;
      else seen.failed = true;
      byHook.set(uuid, seen);
    }
    const good = [...byHook].filter(([, s]) => s.ok).map(([u]) => u);
    const bad = [...byHook].filter(([, s]) => !s.ok && s.failed).map(([u]) => u);
    if (good.length) await tx.update(webhooks).set({ failing_since: null }).where(inArray(webhooks.uuid, good));
    if (bad.length === 0) return;
    await tx
      .update(webhooks)
      .set({ failing_since: now })
      .where(and(inArray(webhooks.uuid, bad), isNull(webhooks.failing_since)));
    const limit = new Date(now.getTime() - FAILING_LIMIT_MS);
    const stopped = await tx
      .update(webhooks)
      .set({ enabled: false, disabled_reason: 'failing', updated_at: now })
      .where(and(inArray(webhooks.uuid, bad), eq(webhooks.enabled, true), sql`${webhooks.failing_since} <= ${limit}`))
      .returning({ uuid: webhooks.uuid, settings_group_uuid: webhooks.settings_group_uuid, url: webhooks.url });
    for (const w of stopped) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', error: 'webhook off', locked_until: null })
        .where(and(eq(webhookDeliveries.webhook_uuid, w.uuid), eq(webhookDeliveries.status, 'pending')));
      await audit(tx, {
        settings_group_uuid: w.settings_group_uuid,
        user_id: null,
        action: 'webhook.disable',
        target_type: 'webhook',
        target_uuid: w.uuid,
        details: { reason: 'failing', url: w.url },
      });
      off.push(w);
    }
  });
  for (const w of off) await webhookOffMails(ctx, w);
}

/** Sends one batch of due deliveries; returns how many it took (a full batch: more may be due). */
export async function deliverDue(ctx: AppContext, now = new Date()): Promise<number> {
  const taken = await ctx.db.transaction((tx) => take(tx, now));
  if (taken.length === 0) return 0;
  await record(ctx, taken, await send(ctx, taken, now, false), now);
  return taken.length;
}

/** Sends named deliveries now (a test, a re-send), whatever their state and the webhook's. */
export async function deliverNow(ctx: AppContext, ids: number[], now = new Date()) {
  const taken = await ctx.db.transaction((tx) => take(tx, now, ids));
  if (taken.length) await record(ctx, taken, await send(ctx, taken, now, true), now);
}

/**
 * Sends until the queue holds nothing due (tests, and the sender's tick), giving way to the requests being answered
 * between two batches as an import does (imports/give-way.ts): the bulk edit that queued them is not slowed by
 * their sending. `now`: the time to send as of (tests); otherwise each batch takes what is due when it starts.
 */
export async function drainDeliveries(ctx: AppContext, now?: Date) {
  const pause = giveWay();
  let sent = 0;
  for (let n = await deliverDue(ctx, now ?? new Date()); n > 0; n = await deliverDue(ctx, now ?? new Date())) {
    sent += n;
    await pause();
  }
  return sent;
}

/** The sender of a server process: every second, the due deliveries until none is left. */
export function startWebhookSender(ctx: AppContext, log: FastifyBaseLogger) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await drainDeliveries(ctx);
    } catch (err) {
      log.error({ err }, 'webhook deliveries failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, 1_000);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}
