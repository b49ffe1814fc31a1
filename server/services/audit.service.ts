// The audit log of a settings group (docs/domain/permissions.md, "Audit log"): what its admins changed, who, when
// and from which address. Entries are written with the change, in its transaction where the service has one, so a
// change that is rolled back leaves no entry and an entry never lacks its change.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { auditLog } from '../db/permission-schema';
import { requireAdmin } from './permissions.service';

export type AuditAction =
  | 'member.role_change'
  | 'member.user_groups'
  | 'member.remove'
  | 'member.two_factor_unlock'
  | 'user_group.create'
  | 'user_group.update'
  | 'user_group.delete'
  | 'permission_group.create'
  | 'permission_group.update'
  | 'permission_group.delete'
  | 'invitation.send'
  | 'invitation.resend'
  | 'invitation.revoke'
  | 'network.create'
  | 'network.update'
  | 'network.delete'
  | 'settings_group.update';

export interface AuditEntry {
  settings_group_uuid: string;
  user_id: number | null;
  action: AuditAction;
  target_type?: string | null;
  target_uuid?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes one entry with `db` (the change's transaction, or the context's database). */
export async function audit(db: Db | AppContext, entry: AuditEntry) {
  const target = 'db' in db && 'config' in db ? db.db : (db as Db);
  await target.insert(auditLog).values({
    settings_group_uuid: entry.settings_group_uuid,
    user_id: entry.user_id,
    action: entry.action,
    target_type: entry.target_type ?? null,
    target_uuid: entry.target_uuid ?? null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}

export const AUDIT_MAX_PER_PAGE = 200;

/** A settings group's entries, newest first (admins only): after the id `before` or by page. */
export async function listAuditLog(
  ctx: AppContext,
  admin: UserRow,
  settingsGroup: string,
  q: { before?: number; page?: number; per_page?: number },
) {
  await requireAdmin(ctx, admin, settingsGroup);
  const perPage = Math.min(Math.max(q.per_page ?? 50, 1), AUDIT_MAX_PER_PAGE);
  const page = Math.max(q.page ?? 1, 1);
  const rows = await ctx.db
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
    .where(
      and(
        eq(auditLog.settings_group_uuid, settingsGroup),
        q.before !== undefined ? lt(auditLog.id, q.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(perPage + 1)
    .offset(q.before !== undefined ? 0 : (page - 1) * perPage);
  const more = rows.length > perPage;
  const data = rows.slice(0, perPage).map((r) => ({
    id: r.id,
    user: r.user_uuid ? { uuid: r.user_uuid, name: `${r.first} ${r.last}`.trim(), email: r.email! } : null,
    action: r.action,
    target_type: r.target_type,
    target_uuid: r.target_uuid,
    details: r.details,
    ip: r.ip,
    created_at: r.created_at.toISOString(),
  }));
  return {
    data,
    meta: { per_page: perPage, page, next_before: more ? data[data.length - 1]!.id : null },
  };
}
