// Delegation between colleagues (docs/domain/permissions.md, "Delegation"): a member hands what is assigned to them to
// another member of the same settings group for a period. The records stay assigned to the delegating member;
// while the delegation is in force they show to the delegate too wherever "assigned to me" is asked, and all those
// places ask one function, `assigneesFor`: tickets, tasks and the events of those tasks.
import { and, aliasedTable, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context';
import type { Access } from '../crud/access';
import { col, tableOf } from '../crud/table';
import type { Db } from '../db/client';
import { delegations } from '../db/permission-schema';
import { settingsGroupMembers, users } from '../db/schema';
import type { AnyEntity } from '../../src/entities/define';
import { entities } from '../../src/entities/registry';
import { fieldError, forbidden, notFound } from '../http-error';
import { loadGroup } from './settings-groups.service';
import { isoDay } from './task-schedule.service';

/**
 * The users whose assignments are the caller's on `day` in one settings group: the caller and every member who
 * delegates to them there with `valid_from ≤ day ≤ valid_to` (one step: a delegate's own delegation does not pass
 * on what was delegated to them). Answers user uuids, as records name their assignee by uuid.
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
    .innerJoin(users, eq(users.id, delegations.from_user_id))
    .where(
      and(
        eq(delegations.settings_group_uuid, settingsGroup),
        eq(delegations.to_user_id, user.id),
        lte(delegations.valid_from, day),
        gte(delegations.valid_to, day),
      ),
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

export interface DelegationBody {
  settings_group_uuid: string;
  to_user_uuid: string;
  valid_from: string;
  valid_to: string;
  from_user_uuid?: string | undefined;
}

const fromUser = aliasedTable(users, 'from_user');
const toUser = aliasedTable(users, 'to_user');
const name = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

async function rows(ctx: AppContext, where: SQL | undefined) {
  return ctx.db
    .select({ d: delegations, from: fromUser, to: toUser })
    .from(delegations)
    .innerJoin(fromUser, eq(fromUser.id, delegations.from_user_id))
    .innerJoin(toUser, eq(toUser.id, delegations.to_user_id))
    .where(where)
    .orderBy(asc(delegations.valid_from), asc(delegations.uuid));
}

type Joined = Awaited<ReturnType<typeof rows>>[number];

function present(r: Joined, user: UserRow, role: string | undefined, day: string) {
  const removable = r.d.from_user_id === user.id || role === 'admin';
  return {
    uuid: r.d.uuid,
    settings_group_uuid: r.d.settings_group_uuid,
    from_user_uuid: r.from.uuid,
    from_name: name(r.from),
    to_user_uuid: r.to.uuid,
    to_name: name(r.to),
    valid_from: r.d.valid_from,
    valid_to: r.d.valid_to,
    in_force: r.d.valid_from <= day && day <= r.d.valid_to,
    links: removable ? { delete: `/api/v1/delegations/${r.d.uuid}` } : {},
  };
}

export type Delegation = ReturnType<typeof present>;

/** Delegations from or to the caller; an admin sees all of their settings group. */
export async function listDelegations(ctx: AppContext, access: Access, settingsGroup?: string) {
  if (settingsGroup) await loadGroup(ctx, access.user, settingsGroup);
  const groups = settingsGroup ? [settingsGroup] : access.groups;
  if (!groups.length) return [];
  const admin = groups.filter((g) => access.roles.get(g) === 'admin');
  const mine = or(eq(delegations.from_user_id, access.user.id), eq(delegations.to_user_id, access.user.id));
  const found = await rows(
    ctx,
    and(
      inArray(delegations.settings_group_uuid, groups),
      admin.length ? or(inArray(delegations.settings_group_uuid, admin), mine) : mine,
    ),
  );
  const day = dayOf(access);
  return found.map((r) => present(r, access.user, access.roles.get(r.d.settings_group_uuid), day));
}

async function memberId(ctx: AppContext, settingsGroup: string, userUuid: string, field: string) {
  const [m] = await ctx.db
    .select({ id: users.id })
    .from(settingsGroupMembers)
    .innerJoin(users, eq(users.id, settingsGroupMembers.user_id))
    .where(and(eq(settingsGroupMembers.settings_group_uuid, settingsGroup), eq(users.uuid, userUuid)))
    .limit(1);
  if (!m) throw fieldError(field, 'validation.not_member');
  return m.id;
}

/** 422 to oneself, to a non-member, an end before the start, or a period overlapping another delegation of the same
 * member in the settings group; only an admin delegates for someone else (403). */
export async function createDelegation(ctx: AppContext, access: Access, body: DelegationBody) {
  const { role } = await loadGroup(ctx, access.user, body.settings_group_uuid);
  const sg = body.settings_group_uuid;
  let from = access.user.id;
  if (body.from_user_uuid && body.from_user_uuid !== access.user.uuid) {
    if (role !== 'admin') throw forbidden();
    from = await memberId(ctx, sg, body.from_user_uuid, 'from_user_uuid');
  }
  const to = await memberId(ctx, sg, body.to_user_uuid, 'to_user_uuid');
  if (to === from) throw fieldError('to_user_uuid', 'validation.delegation_self');
  if (body.valid_to < body.valid_from) throw fieldError('valid_to', 'validation.delegation_period');
  const uuid = await ctx.db.transaction(async (tx) => {
    // One member's delegations are written one at a time, so two overlapping ones cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`delegation:${sg}:${from}`}))`);
    const [overlap] = await tx
      .select({ uuid: delegations.uuid })
      .from(delegations)
      .where(
        and(
          eq(delegations.settings_group_uuid, sg),
          eq(delegations.from_user_id, from),
          lte(delegations.valid_from, body.valid_to),
          gte(delegations.valid_to, body.valid_from),
        ),
      )
      .limit(1);
    if (overlap) throw fieldError('valid_from', 'validation.delegation_overlap');
    const [made] = await tx
      .insert(delegations)
      .values({ settings_group_uuid: sg, from_user_id: from, to_user_id: to, ...period(body) })
      .returning({ uuid: delegations.uuid });
    return made!.uuid;
  });
  const [row] = await rows(ctx, eq(delegations.uuid, uuid));
  return present(row!, access.user, role, dayOf(access));
}

const period = (b: DelegationBody) => ({ valid_from: b.valid_from, valid_to: b.valid_to });

/** The delegating member or an admin of the settings group removes it; the delegate gets 403, anyone else 404. */
export async function deleteDelegation(ctx: AppContext, access: Access, uuid: string) {
  const [row] = await ctx.db.select().from(delegations).where(eq(delegations.uuid, uuid)).limit(1);
  if (!row || !access.groups.includes(row.settings_group_uuid)) throw notFound();
  const admin = access.roles.get(row.settings_group_uuid) === 'admin';
  const mine = row.from_user_id === access.user.id || row.to_user_id === access.user.id;
  if (!admin && !mine) throw notFound();
  if (!admin && row.from_user_id !== access.user.id) throw forbidden();
  await ctx.db.delete(delegations).where(eq(delegations.uuid, uuid));
}
