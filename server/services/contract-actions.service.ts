// Contract actions and deadlines (docs/domain/calculations.md, "Contract deadlines"): cancel (a date after the latest cancellation
// date needs the caller's confirmation), extend (end date + extension period, status extended, one history row), the
// extension history, and the daily job: auto-extension once the latest cancellation date has passed, then ended
// once the end date has passed without an extension.
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { entities } from '../../src/entities/registry';
import { CONTRACT_TRANSITIONS } from '../../src/domain/transitions';
import {
  dueAutoExtensions,
  exactMonths,
  extendedEndDate,
  isLateCancellation,
  latestCancellationDate,
} from '../../src/domain/contract-deadlines';
import type { Access } from '../crud/access';
import { getRow } from '../crud/read';
import type { Row } from '../crud/present';
import { contract as contracts } from '../db/entity-tables';
import { contractExtensions } from '../db/contract-schema';
import { users } from '../db/schema';
import { fieldError } from '../http-error';
import { transitionOf } from '../crud/actions';
import { assertStorable } from '../crud/stored-values';
import type { ActionCall } from '../crud/model-behaviour';
import { setValues } from './record-actions';
import { isoDay } from './task-schedule.service';

const RUNNING = ['active', 'extended'];

export interface CancelBody {
  cancellation_date?: string | null;
  /** The caller confirmed a cancellation after the latest cancellation date. */
  confirmed?: boolean;
}

export async function cancelContract({ tx, access, uuid, row, body }: ActionCall<CancelBody>) {
  const status = transitionOf(CONTRACT_TRANSITIONS, row, 'cancel');
  const date = body.cancellation_date ?? access.today ?? isoDay(new Date());
  const latest = (row.latest_cancellation_date as string | null) ?? null;
  if (isLateCancellation(date, latest) && !body.confirmed)
    throw fieldError('cancellation_date', 'validation.cancellation_late', { date, latest: latest! });
  await setValues(tx, entities.contract, uuid, access, { status, cancellation_date: date });
}

/** The values an extension to `end` writes (end date, duration kept whole months from the start, deadline). */
function extensionValues(row: Row, end: string) {
  const start = row.contract_start_date as string | null;
  return {
    contract_end_date: end,
    contract_duration:
      start && row.contract_duration != null ? exactMonths(start, end) : (row.contract_duration as number | null),
    latest_cancellation_date: latestCancellationDate(end, row.notice_period as number | null),
  };
}

/** What an extension derives, each from the extension period. */
const BY_EXTENSION = {
  contract_end_date: ['extension_period'],
  contract_duration: ['extension_period'],
  latest_cancellation_date: ['extension_period'],
} as const;

/** Extends a contract that has an end date to extend from (the action's precondition, server/models/contract.ts). */
export async function extendContract({
  tx,
  access,
  uuid,
  row,
  body,
}: ActionCall<{ extension_period?: number | null }>) {
  const status = transitionOf(CONTRACT_TRANSITIONS, row, 'extend');
  const months = body.extension_period ?? (row.extension_period as number | null);
  if (!months) throw fieldError('extension_period', 'validation.extension_period_required');
  const values = extensionValues(row, extendedEndDate(String(row.contract_end_date), months));
  // an end date past the year 9999 (or a duration past its limit) is refused on the period asked for, nothing
  // written (docs/hostile-input.md, "Values the server derives")
  assertStorable(entities.contract, values, { inputs: BY_EXTENSION });
  await tx.insert(contractExtensions).values({
    contract_uuid: uuid,
    previous_end_date: String(row.contract_end_date),
    new_end_date: values.contract_end_date,
    months,
    automatic: false,
    created_by: access.user.id,
  });
  await setValues(tx, entities.contract, uuid, access, { ...values, status });
}

/** The extension history of a contract, oldest first (404 outside the caller's scope). */
export async function extensionsOf(ctx: AppContext, access: Access, uuid: string) {
  await getRow(ctx, access, entities.contract, uuid);
  const rows = await ctx.db
    .select({
      uuid: contractExtensions.uuid,
      previous_end_date: contractExtensions.previous_end_date,
      new_end_date: contractExtensions.new_end_date,
      months: contractExtensions.months,
      automatic: contractExtensions.automatic,
      created_at: contractExtensions.created_at,
      created_by: sql<string | null>`(select ${users.first_name} || ' ' || ${users.last_name} from ${users}
        where ${users.id} = ${contractExtensions.created_by})`,
    })
    .from(contractExtensions)
    .where(eq(contractExtensions.contract_uuid, uuid))
    .orderBy(asc(contractExtensions.created_at), asc(contractExtensions.new_end_date));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

const live = and(isNull(contracts.deleted_at), isNull(contracts.archived_at), inArray(contracts.status, RUNNING));

/** Daily: auto-extending contracts whose latest cancellation date has passed are extended (as often as due). */
export async function autoExtendContracts(db: Db, today: string): Promise<number> {
  const due = (await db
    .select()
    .from(contracts)
    .where(
      and(
        live,
        eq(contracts.auto_extend, true),
        isNotNull(contracts.extension_period),
        isNotNull(contracts.contract_end_date),
        lt(contracts.latest_cancellation_date, today),
      ),
    )) as Row[];
  let extended = 0;
  for (const row of due) {
    const ends = dueAutoExtensions(
      {
        contract_end_date: row.contract_end_date as string,
        notice_period: row.notice_period as number | null,
        extension_period: row.extension_period as number,
      },
      today,
    );
    if (!ends.length) continue;
    const months = row.extension_period as number;
    await db.insert(contractExtensions).values(
      ends.map((end, i) => ({
        contract_uuid: String(row.uuid),
        previous_end_date: i === 0 ? String(row.contract_end_date) : ends[i - 1]!,
        new_end_date: end,
        months,
        automatic: true,
      })),
    );
    await db
      .update(contracts)
      .set({ ...extensionValues(row, ends.at(-1)!), status: 'extended', updated_at: new Date() })
      .where(eq(contracts.uuid, String(row.uuid)));
    extended++;
  }
  return extended;
}

/** Daily: running contracts whose end date has passed (and were not extended) are ended. */
export async function endContracts(db: Db, today: string): Promise<number> {
  const ended = await db
    .update(contracts)
    .set({ status: 'ended', updated_at: new Date() })
    .where(and(live, lt(contracts.contract_end_date, today)))
    .returning({ uuid: contracts.uuid });
  return ended.length;
}
