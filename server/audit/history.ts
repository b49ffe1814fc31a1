// A record's history (docs/domain/permissions.md, "Audit log"): the audit entries of one record of an audited
// model, newest first, with who made each change. Read by the engine's `GET /{plural}/{uuid}/history` once the
// record itself was read in the caller's scope; a leaf module like the writer.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/permission-schema';
import { users } from '../db/schema';

/** The most entries a history answers (the audit log's own list pages through all of them). */
export const HISTORY_LIMIT = 200;

export interface HistoryEntry {
  id: number;
  user: { uuid: string; name: string } | null;
  action: string;
  details: Record<string, unknown>;
  created_at: string;
}

export async function recordHistory(db: Db, model: string, uuid: string): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      details: auditLog.details,
      created_at: auditLog.created_at,
      user_uuid: users.uuid,
      first: users.first_name,
      last: users.last_name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.user_id))
    .where(and(eq(auditLog.target_uuid, uuid), eq(auditLog.target_type, model)))
    .orderBy(desc(auditLog.id))
    .limit(HISTORY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    user: r.user_uuid ? { uuid: r.user_uuid, name: `${r.first} ${r.last}`.trim() } : null,
    action: r.action,
    details: r.details,
    created_at: r.created_at.toISOString(),
  }));
}
