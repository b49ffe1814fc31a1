// Shared steps of record actions' effects (server/models declare the actions; the engine loads the record and checks
// the right and the precondition, server/crud/actions.ts): write the new values, name the caller, assign to a member.
import { and, eq } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import type { Access } from '../crud/access';
import type { Tx } from '../crud/actions';
import type { ActionCall } from '../crud/model-behaviour';
import { col, tableOf } from '../crud/table';
import type { Row } from '../crud/present';
import { settingsGroupMembers, users } from '../db/schema';
import { fieldError } from '../http-error';

/** Writes values (and the update stamp) to a record. */
export async function setValues(tx: Tx, entity: AnyEntity, uuid: string, access: Access, values: Row) {
  await tx
    .update(tableOf(entity))
    .set({ ...values, updated_at: new Date(), updated_by: access.user.id })
    .where(eq(col(entity, 'uuid'), uuid));
}

export const userName = (access: Access) => `${access.user.first_name} ${access.user.last_name}`.trim();

/** The name of a member of the settings group (a 422 on `field` for anyone else). */
export async function memberName(tx: Tx, settingsGroup: string, userUuid: string, field: string) {
  const [m] = await tx
    .select({ first: users.first_name, last: users.last_name })
    .from(settingsGroupMembers)
    .innerJoin(users, eq(users.id, settingsGroupMembers.user_id))
    .where(and(eq(settingsGroupMembers.settings_group_uuid, settingsGroup), eq(users.uuid, userUuid)))
    .limit(1);
  if (!m) throw fieldError(field, 'validation.not_member');
  return `${m.first} ${m.last}`.trim();
}

/** The `assign` action of a record with an assignee (tickets, tasks): a member of its settings group, with their
 * name stored beside the uuid, or nobody (`user_uuid: null`). */
export const assignMember =
  (entity: AnyEntity) =>
  async ({ tx, access, uuid, row, body }: ActionCall<{ user_uuid: string | null }>) => {
    const userUuid = body.user_uuid;
    const name = userUuid ? await memberName(tx, String(row.settings_group_uuid), userUuid, 'user_uuid') : null;
    await setValues(tx, entity, uuid, access, { assignee_user_uuid: userUuid, assignee_name: name });
  };
