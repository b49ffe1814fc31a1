// The audit writer (docs/domain/permissions.md, "Audit log"): one entry per change, written with the change's own
// transaction (a change rolled back leaves no entry, an entry never lacks its change), with who made it and from
// which address. A leaf module: it imports the table and nothing of the services or the engine, so every writer
// (the records engine, the member and settings group services) may use it without an import cycle.
import type { Db } from '../db/client';
import { auditLog } from '../db/permission-schema';

/** What happened: the bespoke workflows' own actions, and `<model>.<write>` for every audited model of the engine. */
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
  | 'settings_group.update'
  | 'archive.purge'
  | 'webhook.rotate_secret'
  | 'webhook.disable'
  | `${string}.${RecordWrite}`;

/** The writes of the records engine an audited model logs. */
export type RecordWrite = 'create' | 'update' | 'archive' | 'restore' | 'delete';

export interface AuditEntry {
  /** The settings group the change belongs to; null for a global model's record (no settings group). */
  settings_group_uuid: string | null;
  user_id: number | null;
  action: AuditAction;
  target_type?: string | null;
  target_uuid?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes one entry with `db`: the change's transaction (or the database, for a change of one statement). */
export async function audit(db: Db | { db: Db; config: unknown }, entry: AuditEntry) {
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

/** A stored value as the audit keeps it: instants as ISO text, absent as null. */
export const auditValue = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : (v ?? null));

const same = (a: unknown, b: unknown) => {
  const x = auditValue(a);
  const y = auditValue(b);
  if (x === y) return true;
  // decimals come back from the database as text ("12.50"), a client may send "12.5"
  if (typeof x === 'string' && typeof y === 'string' && x !== '' && y !== '' && !isNaN(+x) && !isNaN(+y))
    return +x === +y;
  return JSON.stringify(x) === JSON.stringify(y);
};

/** The fields a write changed, `{ <field>: { old, new } }` (docs/domain/api.md, "Audit log"), of `fields` only. */
export function changesOf(
  fields: readonly string[],
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, { old: unknown; new: unknown }> {
  const out: Record<string, { old: unknown; new: unknown }> = {};
  for (const name of fields) {
    if (!(name in after) || same(before[name], after[name])) continue;
    out[name] = { old: auditValue(before[name]), new: auditValue(after[name]) };
  }
  return out;
}

/** The values of `fields` a record holds (a created or deleted record's entry). */
export const valuesOf = (fields: readonly string[], row: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(fields.filter((n) => n in row).map((n) => [n, auditValue(row[n])]));
