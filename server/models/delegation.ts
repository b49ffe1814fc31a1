// Delegation between colleagues (docs/domain/permissions.md, "Delegation"): what a delegation adds to the records
// engine, and what it does. A member hands what is assigned to them to another member of the same settings group for
// a period. The records stay assigned to the delegating member; while the delegation is in force they show to the
// delegate too wherever "assigned to me" is asked, and all those places ask one function, `assigneesFor`: tickets,
// tasks and the events of those tasks (server/routes/assigned-to-me.routes.ts).
//
// The row is the delegating member's own (scope `user`, owner `from_user_id`); the delegate and the settings group's
// admins see it too (its `sharing`). The write hooks keep the rules of every write path (single, bulk, import): to
// oneself is a 422, only an admin delegates for someone else (`from_user_uuid`, else 403), and one member's periods
// in a settings group never overlap (422 on `valid_from`).
import { and, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext, UserRow } from '../context';
import type { Access } from '../crud/access';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { col, rowsOf, tableOf } from '../crud/table';
import type { Db } from '../db/client';
import { delegations } from '../db/entity-tables';
import { settingsGroupMembers, users } from '../db/schema';
import type { AnyEntity } from '../../src/entities/define';
import { entities } from '../../src/entities/registry';
import { fieldError, forbidden } from '../http-error';
import { sectionStore } from '../../src/entities/workspace-settings';
import { settingsFor } from '../crud/model-settings';
import { isoDay } from '../services/task-schedule.service';

/** The delegating member's id: the row's owner column (the engine's, no field: src/entities/define.ts, `owner`). */
const fromUserId = col(entities.delegation, 'from_user_id');

/** A delegation in force on `day`: live (not archived, not deleted), `valid_from ≤ day ≤ valid_to`. */
const inForceOn = (day: string) =>
  and(
    isNull(delegations.deleted_at),
    isNull(delegations.archived_at),
    lte(delegations.valid_from, day),
    gte(delegations.valid_to, day),
  );

/**
 * The users whose assignments are the caller's on `day` in one settings group: the caller and every member who
 * delegates to them there that day (one step: a delegate's own delegation does not pass on what was delegated to
 * them). Answers user uuids, as records name their assignee by uuid.
 */
export async function assigneesFor(
  db: Db,
  user: Pick<UserRow, 'id' | 'uuid'>,
  settingsGroup: string,
  day: string,
): Promise<string[]> {
  const rows = await db
    .select({ uuid: users.uuid })
    .from(delegations)
    .innerJoin(users, eq(users.id, fromUserId))
    .where(
      and(eq(delegations.settings_group_uuid, settingsGroup), eq(delegations.to_user_uuid, user.uuid), inForceOn(day)),
    );
  return [user.uuid, ...rows.map((r) => r.uuid).filter((u) => u !== user.uuid)];
}

/** The caller's today (their time zone when the client sent it, else UTC). */
export const dayOf = (access: Access) => access.today ?? isoDay(new Date());

/**
 * Records of `entity` (tickets, tasks: those with `assignee_user_uuid`) assigned to the caller or to a member
 * delegating to them today, per settings group of the caller (those `settingsGroup` narrows to): the condition
 * `GET /tickets/assigned-to-me` and `GET /tasks/assigned-to-me` add to the list query.
 */
export async function assignedToMeCondition(
  ctx: AppContext,
  access: Access,
  settingsGroup?: string,
  entity: AnyEntity = entities.ticket,
): Promise<SQL> {
  const groups = settingsGroup ? access.groups.filter((g) => g === settingsGroup) : access.groups;
  const day = dayOf(access);
  const sg = col(entity, 'settings_group_uuid');
  const assignee = col(entity, 'assignee_user_uuid');
  const parts: SQL[] = [];
  for (const g of groups)
    parts.push(and(eq(sg, g), inArray(assignee, await assigneesFor(ctx.db, access.user, g, day)))!);
  return or(...parts) ?? sql`false`;
}

/** Task events whose task is assigned to the caller or to a member delegating to them today (`GET
 * /task-events/assigned-to-me`): the events follow their task's assignee. */
export async function taskEventsAssignedToMeCondition(
  ctx: AppContext,
  access: Access,
  settingsGroup?: string,
): Promise<SQL> {
  const tasks = tableOf(entities.task);
  const mine = await assignedToMeCondition(ctx, access, settingsGroup, entities.task);
  return inArray(col(entities.task_event, 'task_uuid'), ctx.db.select({ uuid: tasks.uuid }).from(tasks).where(mine));
}

/** A member of the settings group by user uuid: their id (422 on `field` for anyone else). */
async function memberId(h: HookContext, userUuid: string, field: string) {
  const [m] = await h.db
    .select({ id: users.id })
    .from(settingsGroupMembers)
    .innerJoin(users, eq(users.id, settingsGroupMembers.user_id))
    .where(and(eq(settingsGroupMembers.settings_group_uuid, h.settingsGroup), eq(users.uuid, userUuid)))
    .limit(1);
  if (!m) throw fieldError(field, 'validation.not_member');
  return m.id;
}

/**
 * The delegating member of a write: the row's (the caller, on create) unless the request names one
 * (`from_user_uuid`): an admin names any member of the settings group, a member only themselves (else 403).
 */
async function delegatorOf(h: HookContext, current: Row | null): Promise<number> {
  const held = current ? Number(current.from_user_id) : h.access.user.id;
  const named = h.input?.from_user_uuid;
  if (typeof named !== 'string') return held;
  if (named.toLowerCase() === h.access.user.uuid.toLowerCase() && held === h.access.user.id) return held;
  if (h.access.roles.get(h.settingsGroup) !== 'admin') throw forbidden();
  return memberId(h, named, 'from_user_uuid');
}

async function beforeWrite(h: HookContext, merged: Row, changes: Row, current: Row | null): Promise<Row | void> {
  const from = await delegatorOf(h, current);
  const moved = !current || from !== Number(current.from_user_id);
  if (!moved && !['to_user_uuid', 'valid_from', 'valid_to'].some((k) => k in changes)) return;
  const [to] = await h.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.uuid, String(merged.to_user_uuid)))
    .limit(1);
  if (to?.id === from) throw fieldError('to_user_uuid', 'validation.delegation_self');
  // the longest a delegation may last in the settings group (docs/domain/fields.md, "Workspace settings"; 0: any)
  const { max_days: max } = await settingsFor(h, sectionStore('delegation'));
  const days = (Date.parse(String(merged.valid_to)) - Date.parse(String(merged.valid_from))) / 86_400_000 + 1;
  if (max > 0 && days > max) throw fieldError('valid_to', 'validation.delegation_too_long', { max });
  // One member's delegations are written one at a time, so two overlapping ones cannot both pass the check.
  await h.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`delegation:${h.settingsGroup}:${from}`}))`);
  const [overlap] = await h.db
    .select({ uuid: delegations.uuid })
    .from(delegations)
    .where(
      and(
        eq(delegations.settings_group_uuid, h.settingsGroup),
        eq(fromUserId, from),
        isNull(delegations.deleted_at),
        isNull(delegations.archived_at),
        lte(delegations.valid_from, String(merged.valid_to)),
        gte(delegations.valid_to, String(merged.valid_from)),
        current ? ne(delegations.uuid, String(current.uuid)) : undefined,
      ),
    )
    .limit(1);
  if (overlap) throw fieldError('valid_from', 'validation.delegation_overlap');
  if (moved) return { from_user_id: from };
}

/** Restoring an archived delegation brings its period back: it must not overlap one in force written since (422). */
async function afterArchive(h: HookContext, uuids: string[], archived: boolean) {
  if (archived || !uuids.length) return;
  const clash = rowsOf(
    await h.db.execute(sql`select 1 from delegations d join delegations o
      on o.settings_group_uuid = d.settings_group_uuid and o.from_user_id = d.from_user_id and o.uuid <> d.uuid
        and o.deleted_at is null and o.archived_at is null and o.valid_from <= d.valid_to and o.valid_to >= d.valid_from
      where d.uuid in (${sql.join(
        uuids.map((u) => sql`${u}`),
        sql`, `,
      )}) limit 1`),
  ).length;
  if (clash) throw fieldError('valid_from', 'validation.delegation_overlap');
}

/** A user's name, as the members list gives it. */
const nameWhere = (where: SQL) =>
  sql<string>`(select trim(${users.first_name} || ' ' || ${users.last_name}) from ${users} where ${where})`;

export const delegation: ModelBehaviour = {
  hooks: { beforeWrite, afterArchive },
  // an admin delegates for a member of the settings group (docs/domain/permissions.md, "Delegation")
  input: { body: { from_user_uuid: z.uuid().optional() } },
  // the delegation's clients know a removal as 204 (docs/domain/permissions.md, "Delegation")
  deleteReply: 'no-content',
  selected: (access) => {
    const day = access ? dayOf(access) : isoDay(new Date());
    return {
      from_user_uuid: sql<string>`(select ${users.uuid} from ${users} where ${users.id} = ${fromUserId})`,
      from_name: nameWhere(eq(users.id, fromUserId)),
      to_name: nameWhere(eq(users.uuid, delegations.to_user_uuid)),
      in_force: sql<boolean>`(${delegations.valid_from} <= ${day}::date and ${delegations.valid_to} >= ${day}::date)`,
    };
  },
};
