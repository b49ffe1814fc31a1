// The audit log of a settings group (docs/domain/permissions.md, "Audit log"): what its admins changed, who, when
// and from which address. Entries are written with the change, in its transaction where the service has one, so a
// change that is rolled back leaves no entry and an entry never lacks its change.
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { valueSchemas } from '../../src/entities/schemas';
import type { AppContext, UserRow } from '../context';
import { users } from '../db/schema';
import { auditLog } from '../db/permission-schema';
import { requireAdmin } from './permissions.service';

export { audit, type AuditAction, type AuditEntry } from '../audit/writer';

export const AUDIT_MAX_PER_PAGE = 200;

const day = valueSchemas.date();
/**
 * The audit log's query (docs/domain/permissions.md, "Audit log"): paging (`page` or `before`), and filters by
 * model (`filter[model]`, the entry's target type), record (`filter[record_uuid]`), user (`filter[user_uuid]`) and
 * day (`filter[created_at]`: a day or `{ from, to }`, UTC, both ends included).
 */
export const auditQuery = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().positive().max(1_000_000).optional(),
  per_page: z.coerce.number().int().positive().max(AUDIT_MAX_PER_PAGE).optional(),
  filter: z
    .strictObject({
      model: z.string().max(60).optional(),
      record_uuid: z.uuid().optional(),
      user_uuid: z.uuid().optional(),
      created_at: z.union([day, z.strictObject({ from: day.optional(), to: day.optional() })]).optional(),
    })
    .optional(),
});
export type AuditQuery = z.output<typeof auditQuery>;

function filtersOf(settingsGroup: string, q: AuditQuery): SQL {
  const f = q.filter ?? {};
  const days = typeof f.created_at === 'string' ? { from: f.created_at, to: f.created_at } : (f.created_at ?? {});
  return and(
    eq(auditLog.settings_group_uuid, settingsGroup),
    f.model !== undefined ? eq(auditLog.target_type, f.model) : undefined,
    f.record_uuid !== undefined ? eq(auditLog.target_uuid, f.record_uuid) : undefined,
    f.user_uuid !== undefined ? eq(users.uuid, f.user_uuid) : undefined,
    days.from !== undefined
      ? sql`${auditLog.created_at} >= (${days.from}::date)::timestamp at time zone 'UTC'`
      : undefined,
    days.to !== undefined
      ? sql`${auditLog.created_at} < (${days.to}::date + 1)::timestamp at time zone 'UTC'`
      : undefined,
    q.before !== undefined ? lt(auditLog.id, q.before) : undefined,
  )!;
}

/**
 * The details as replied: a change the engine stored as `{ old, new }` also reads as `{ from, to }`, the names the
 * log's readers knew before the engine wrote it (docs/decisions.md, "Audit log of the records engine").
 */
function detailsOut(details: Record<string, unknown>): Record<string, unknown> {
  const changes = details.changes;
  if (!changes || typeof changes !== 'object') return details;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(changes as Record<string, unknown>))
    out[k] = v && typeof v === 'object' && 'old' in v && 'new' in v ? { ...v, from: v.old, to: v.new } : v;
  return { ...details, changes: out };
}

/** A settings group's entries, newest first (admins only): after the id `before` or by page, filtered. */
export async function listAuditLog(ctx: AppContext, admin: UserRow, settingsGroup: string, q: AuditQuery) {
  await requireAdmin(ctx, admin, settingsGroup);
  const perPage = Math.min(Math.max(q.per_page ?? 50, 1), AUDIT_MAX_PER_PAGE);
  const page = Math.max(q.page ?? 1, 1);
  const rows = await entries(ctx, settingsGroup, q)
    .limit(perPage + 1)
    .offset(q.before !== undefined ? 0 : (page - 1) * perPage);
  const more = rows.length > perPage;
  const data = rows.slice(0, perPage).map(present);
  return {
    data,
    meta: { per_page: perPage, page, next_before: more ? data[data.length - 1]!.id : null },
  };
}

function entries(ctx: AppContext, settingsGroup: string, q: AuditQuery) {
  return ctx.db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      target_type: auditLog.target_type,
      target_uuid: auditLog.target_uuid,
      details: auditLog.details,
      ip: auditLog.ip,
      created_at: auditLog.created_at,
      user_uuid: users.uuid,
      first: users.first_name,
      last: users.last_name,
      email: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.user_id))
    .where(filtersOf(settingsGroup, q))
    .orderBy(desc(auditLog.id));
}

const present = (r: Awaited<ReturnType<typeof entries>>[number]) => ({
  id: r.id,
  user: r.user_uuid ? { uuid: r.user_uuid, name: `${r.first} ${r.last}`.trim(), email: r.email! } : null,
  action: r.action,
  target_type: r.target_type,
  target_uuid: r.target_uuid,
  details: detailsOut(r.details),
  ip: r.ip,
  created_at: r.created_at.toISOString(),
});

/** The most entries one export holds (newest first); narrower filters reach older ones. */
export const AUDIT_EXPORT_MAX = 50_000;

const csvCell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  // a leading =, +, - or @ would be a formula in a spreadsheet (docs/hostile-input.md)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The filtered log as CSV (admins only): one line per entry, newest first, the details as JSON. */
export async function exportAuditLog(ctx: AppContext, admin: UserRow, settingsGroup: string, q: AuditQuery) {
  await requireAdmin(ctx, admin, settingsGroup);
  const rows = (await entries(ctx, settingsGroup, { ...q, before: undefined }).limit(AUDIT_EXPORT_MAX)).map(present);
  const head = ['id', 'created_at', 'user', 'email', 'action', 'target_type', 'target_uuid', 'ip', 'details'];
  const lines = rows.map((e) =>
    [e.id, e.created_at, e.user?.name, e.user?.email, e.action, e.target_type, e.target_uuid, e.ip, e.details]
      .map(csvCell)
      .join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}
