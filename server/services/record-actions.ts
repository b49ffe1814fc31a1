// Shared steps of record actions (POST /{plural}/{uuid}/{action}): load the record in the caller's scope inside
// one transaction, check the right to update and the state machine, write the new values.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { AnyEntity } from '../../src/entities/define';
import { may, type Access } from '../crud/access';
import { col, getRow, tableOf } from '../crud/read';
import type { Row } from '../crud/present';
import { HttpError, fieldError, forbidden } from '../http-error';
import { nextState } from '../../src/domain/transitions';

export type Tx = Db;

/** Runs `fn` in one transaction with the record (404 outside the caller's scope, 403 without the right, 409 when
 * archived). */
export async function onRecord<T>(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  uuid: string,
  fn: (tx: Tx, row: Row, txCtx: AppContext) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const txCtx = { ...ctx, db: tx };
    const row = await getRow(txCtx, access, entity, uuid);
    if (!may(access, String(row.settings_group_uuid), 'update')) throw forbidden();
    if (row.archived_at) throw new HttpError(409, 'errors.archived');
    return fn(tx, row, txCtx);
  });
}

/** The state `action` leads to from the record's status, or a 422 on `status`. */
export function transitionOf(table: Record<string, Record<string, string>>, row: Row, action: string): string {
  const next = nextState(table, String(row.status), action);
  if (!next) throw fieldError('status', 'validation.transition', { state: String(row.status) });
  return next;
}

/** Writes values (and the update stamp) to a record. */
export async function setValues(tx: Tx, entity: AnyEntity, uuid: string, access: Access, values: Row) {
  await tx
    .update(tableOf(entity))
    .set({ ...values, updated_at: new Date(), updated_by: access.user.id } as never)
    .where(eq(col(entity, 'uuid'), uuid));
}

export const userName = (access: Access) => `${access.user.first_name} ${access.user.last_name}`.trim();
