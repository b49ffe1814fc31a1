// Sessions live in the database so several server processes share them; the cookie holds a random id whose
// SHA-256 is the key. Ids rotate on login, 2FA completion and password confirmation (docs/domain/sign-in.md, "Sessions").
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, settingsGroupMembers, settingsGroups, users } from '../db/schema';
import { accessRules, permissionGroups, userGroups } from '../db/entity-tables';
import type { Rights } from '../../src/entities/permissions';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { randomToken, sha256 } from './crypto';
import type { Config } from '../config';
import type { SessionRow, UserRow } from '../context';

export const SESSION_COOKIE = 'hauswerk_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

export interface NewSession {
  userId?: number | null;
  pendingUserId?: number | null;
  pendingRemember?: boolean;
  remember?: boolean;
  passwordConfirmedAt?: Date | null;
}

export async function createSession(db: Db, req: FastifyRequest, s: NewSession) {
  const rawId = randomToken();
  const [row] = await db
    .insert(sessions)
    .values({
      id_hash: sha256(rawId),
      user_id: s.userId ?? null,
      pending_user_id: s.pendingUserId ?? null,
      pending_remember: s.pendingRemember ?? false,
      remember: s.remember ?? false,
      password_confirmed_at: s.passwordConfirmedAt ?? null,
      xsrf_token: randomToken(),
      ip_address: req.ip,
      user_agent: (req.headers['user-agent'] ?? '').slice(0, 300),
    })
    .returning();
  return { rawId, row: row! };
}

/** Replaces the caller's session with a new one (new id, new XSRF token) and sets both cookies. */
export async function rotateSession(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply, s: NewSession) {
  if (req.session) await db.delete(sessions).where(eq(sessions.id_hash, req.session.id_hash));
  const created = await createSession(db, req, s);
  setSessionCookies(config, req, reply, created.rawId, created.row.xsrf_token, created.row.remember);
  req.session = created.row;
  return created.row;
}

export function setSessionCookies(
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  rawId: string,
  xsrf: string,
  remember: boolean,
) {
  const secure = req.protocol === 'https';
  const maxAge = remember ? config.sessionAbsoluteMinutes * 60 : undefined;
  const base = { path: '/', sameSite: 'lax' as const, secure, ...(maxAge ? { maxAge } : {}) };
  reply.setCookie(SESSION_COOKIE, rawId, { ...base, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, xsrf, { ...base, httpOnly: false });
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply) {
  const secure = req.protocol === 'https';
  reply.clearCookie(SESSION_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
  reply.clearCookie(XSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
}

export interface Membership {
  uuid: string;
  role: 'admin' | 'user';
  enforce: boolean;
  /** The rights of the permission groups that apply to the member (docs/domain/permissions.md); null when they
   * are an admin or the settings group has no permission group yet (the default rights apply). */
  rights: Rights[] | null;
  /** The settings group's restricted access flag (docs/domain/permissions.md, "Restricted access"). */
  restricted?: boolean;
  /** The member's user groups there; null for an admin (nothing restricts them). */
  user_groups?: string[] | null;
  /** The access rules that hide records from the member (those whose user groups they are not in; none for an
   * admin), each with its model (docs/domain/permissions.md, "Access rules"). */
  rules?: { model: string; uuid: string }[] | null;
}

/**
 * The caller's settings groups with their role and rights, fetched in the same statement as the session or token
 * (one round trip): a user's rights are those of the permission groups of the user groups they are in.
 */
export const membershipsOf = (userId: AnyPgColumn | SQL) => {
  // live: neither archived nor deleted (an archived group, permission group or rule counts for nothing)
  const mine = sql`array(select ug.uuid from ${userGroups} ug where ug.settings_group_uuid = m.settings_group_uuid
    and ug.deleted_at is null and ug.archived_at is null and u.uuid = any(ug.member_uuids))`;
  return sql<Membership[] | null>`(
  select json_agg(json_build_object('uuid', m.settings_group_uuid, 'role', m.role, 'enforce', g.enforce_two_factor,
    'rights', case when m.role = 'admin' or not exists (select 1 from ${permissionGroups} p
        where p.settings_group_uuid = m.settings_group_uuid and p.deleted_at is null and p.archived_at is null) then null
      else coalesce((select json_agg(p.rights) from ${permissionGroups} p
        where p.settings_group_uuid = m.settings_group_uuid and p.deleted_at is null and p.archived_at is null
          and p.user_group_uuids && ${mine}), '[]'::json) end,
    'restricted', g.restricted_access,
    'user_groups', case when m.role = 'admin' then null else to_json(${mine}) end,
    'rules', case when m.role = 'admin' then null else (select json_agg(json_build_object('model', r.model,
        'uuid', r.uuid))
      from ${accessRules} r where r.settings_group_uuid = m.settings_group_uuid and r.deleted_at is null
        and r.archived_at is null and not (r.user_group_uuids && ${mine})) end))
  from ${settingsGroupMembers} m join ${settingsGroups} g on g.uuid = m.settings_group_uuid
    join ${users} u on u.id = m.user_id
  where m.user_id = ${userId})`;
};

/** Loads a live session, its user and the user's memberships in one query; expired sessions are removed. */
export async function loadSession(
  db: Db,
  config: Config,
  rawId: string,
): Promise<{ session: SessionRow; user: UserRow | null; memberships: Membership[] | null } | null> {
  const [found] = await db
    .select({ session: sessions, user: users, memberships: membershipsOf(sessions.user_id) })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.user_id))
    .where(eq(sessions.id_hash, sha256(rawId)))
    .limit(1);
  if (!found) return null;
  const now = Date.now();
  const idle = now - found.session.last_activity_at.getTime() > config.sessionIdleMinutes * 60_000;
  const absolute = now - found.session.created_at.getTime() > config.sessionAbsoluteMinutes * 60_000;
  if (idle || absolute) {
    await db.delete(sessions).where(eq(sessions.id_hash, found.session.id_hash));
    return null;
  }
  if (now - found.session.last_activity_at.getTime() > 60_000) {
    await db.update(sessions).set({ last_activity_at: new Date() }).where(eq(sessions.id_hash, found.session.id_hash));
  }
  return found;
}

export async function endUserSessions(db: Db, userId: number, exceptIdHash?: string) {
  await db
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.user_id, userId), sql`${sessions.id_hash} <> ${exceptIdHash}`)
        : or(eq(sessions.user_id, userId), eq(sessions.pending_user_id, userId)),
    );
}

export async function pruneSessions(db: Db, config: Config) {
  const idleBefore = new Date(Date.now() - config.sessionIdleMinutes * 60_000);
  const createdBefore = new Date(Date.now() - config.sessionAbsoluteMinutes * 60_000);
  await db
    .delete(sessions)
    .where(or(lt(sessions.last_activity_at, idleBefore), lt(sessions.created_at, createdBefore)));
}
