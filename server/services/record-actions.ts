// Shared steps of record actions' effects (server/models declare the actions; the engine loads the record and checks
// the right and the precondition, server/crud/actions.ts): write the new values, name the caller.
import { eq } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import type { Access } from '../crud/access';
import type { Tx } from '../crud/actions';
import { col, tableOf } from '../crud/table';
import type { Row } from '../crud/present';

/** Writes values (and the update stamp) to a record. */
export async function setValues(tx: Tx, entity: AnyEntity, uuid: string, access: Access, values: Row) {
  await tx
    .update(tableOf(entity))
    .set({ ...values, updated_at: new Date(), updated_by: access.user.id })
    .where(eq(col(entity, 'uuid'), uuid));
}

export const userName = (access: Access) => `${access.user.first_name} ${access.user.last_name}`.trim();
