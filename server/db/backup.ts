// Backup and restore of every table as portable JSON, the same on PGlite and PostgreSQL (npm run backup/restore).
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import * as schema from './schema';
import { entityTables } from './entity-tables';
import * as planning from './planning-schema';
import * as contracts from './contract-schema';
import { documentLinks } from './document-schema';
import * as permissions from './permission-schema';
import { entityList } from '../../src/entities/registry';

// Parents before children, so foreign keys hold on restore.
export const ORDER: PgTable[] = [
  schema.users,
  schema.settingsGroups,
  schema.settingsGroupMembers,
  schema.invitations,
  schema.personalAccessTokens,
  schema.userTokens,
  schema.systemNotifications,
  schema.systemNotificationViews,
  schema.mailOutbox,
  schema.appSecrets,
  schema.jobRuns,
  schema.remindersSent,
  schema.userTableSettings,
  schema.userModelViews,
  permissions.userGroups,
  permissions.userGroupMembers,
  permissions.permissionGroups,
  permissions.permissionGroupUserGroups,
  ...modelOrder().map((name) => entityTables[name]!),
  planning.recordNumbers,
  planning.ticketFollowers,
  planning.orderTokens,
  planning.orderMessages,
  planning.calendarFeeds,
  contracts.contractExtensions,
  contracts.contractFacilities,
  documentLinks,
];

/** Models in an order where every reference points to a model restored before (self references aside). */
function modelOrder(): string[] {
  const done: string[] = [];
  const pending = entityList.map((e) => e.name);
  while (pending.length) {
    const i = pending.findIndex((name) =>
      Object.values(entityList.find((e) => e.name === name)!.fields).every(
        (f) => f.kind !== 'ref' || f.model === name || done.includes(f.model),
      ),
    );
    done.push(...pending.splice(i < 0 ? 0 : i, 1));
  }
  return done;
}

/** Rows of a tree table with every parent before its children. */
function parentsFirst(rows: Record<string, unknown>[], parentField: string): Record<string, unknown>[] {
  const byId = new Map(rows.map((r) => [r.uuid as string, r]));
  const out: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const visit = (r: Record<string, unknown>) => {
    if (seen.has(r.uuid as string)) return;
    seen.add(r.uuid as string);
    const parent = byId.get(r[parentField] as string);
    if (parent) visit(parent);
    out.push(r);
  };
  rows.forEach(visit);
  return out;
}

export async function dumpAll(db: Db) {
  const dump: Record<string, unknown[]> = {};
  for (const table of ORDER)
    dump[getTableConfig(table).name] = (await db.select().from(table)).map((row) => {
      const { search_text: _generated, ...rest } = row as Record<string, unknown>; // recomputed on restore
      return rest;
    });
  return { version: 1, created_at: new Date().toISOString(), tables: dump };
}

/** Replaces every table's content with the dump, in one transaction. */
export async function restoreAll(db: Db, dump: { tables: Record<string, Record<string, unknown>[]> }) {
  await db.transaction(async (tx) => {
    for (const table of [...ORDER].reverse()) await tx.delete(table);
    for (const table of ORDER) {
      const name = getTableConfig(table).name;
      const tree = entityList.find((e) => e.table === name)?.tree;
      const rows = tree ? parentsFirst(dump.tables[name] ?? [], tree.parentField) : (dump.tables[name] ?? []);
      const revived = rows.map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            k,
            (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && k.endsWith('_at')) ||
            k === 'date_to_delete' ||
            k === 'window_start'
              ? v === null
                ? null
                : new Date(v as string)
              : v,
          ]),
        ),
      );
      for (let i = 0; i < revived.length; i += 500) await tx.insert(table).values(revived.slice(i, i + 500));
    }
    // serial sequences continue after the restored ids
    for (const t of ['users', 'personal_access_tokens', 'user_tokens', 'system_notifications', 'mail_outbox'])
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`,
        ),
      );
  });
}
