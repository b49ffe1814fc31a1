// Contracts (docs/domain/calculations.md, "Contract deadlines"): every create, update, bulk write and import stores the derived
// dates (end date from start and duration, duration from a given end date, the latest cancellation date), so lists
// can sort and filter by them; cancel and extend (extending needs an end date to extend from); links to the linked
// facilities and to the tasks offered before archiving (contracts.routes.ts, archive-cascade.routes.ts, which takes
// its archive over).
import { and, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { valueSchemas } from '../../src/entities/schemas';
import { derivedContractDates } from '../../src/domain/contract-deadlines';
import { CONTRACT_TRANSITIONS } from '../../src/domain/transitions';
import { transitionRefusal } from '../crud/actions';
import { action, type ModelBehaviour } from '../crud/model-behaviour';
import { contract as contracts } from '../db/entity-tables';
import { fieldError } from '../http-error';
import { cancelContract, extendContract } from '../services/contract-actions.service';

const canExtend = transitionRefusal(CONTRACT_TRANSITIONS, 'extend');

/** The named filter `running` (docs/analytics-api.md, "Named filters"): the contracts running at some day of a
 * period, both ends included (started by its end, not ended before its start; a missing date does not limit), as the
 * contract-volume chart counts them. */
const running = z.strictObject({ from: valueSchemas.date().optional(), to: valueSchemas.date().optional() });
const runningCondition = (value: unknown) => {
  const { from, to } = value as z.infer<typeof running>;
  return (
    and(
      to !== undefined
        ? or(isNull(contracts.contract_start_date), sql`${contracts.contract_start_date} <= ${to}::date`)
        : undefined,
      from !== undefined
        ? or(isNull(contracts.contract_end_date), sql`${contracts.contract_end_date} >= ${from}::date`)
        : undefined,
    ) ?? sql`true`
  );
};

export const contract: ModelBehaviour = {
  listFilters: { running: { schema: running, condition: runningCondition } },
  // a derived date past the year 9999 (or before 1800) is a 422 on the input the write sets, the likeliest first
  // (docs/hostile-input.md, "Values the server derives")
  derivedFrom: {
    contract_end_date: ['contract_duration', 'contract_start_date'],
    contract_duration: ['contract_end_date', 'contract_start_date'],
    latest_cancellation_date: ['notice_period', 'contract_end_date', 'contract_duration', 'contract_start_date'],
  },
  hooks: {
    beforeWrite: async (_h, merged, changes, current) => ({ ...derivedContractDates(merged, changes, !current) }),
  },
  actions: [
    action({
      name: 'cancel',
      refusal: transitionRefusal(CONTRACT_TRANSITIONS, 'cancel'),
      body: z
        .strictObject({
          cancellation_date: valueSchemas.date().nullable().optional(),
          confirmed: z.boolean().optional(),
        })
        .nullish(),
      run: (a) => cancelContract({ ...a, body: (a.body ?? {}) as Parameters<typeof cancelContract>[0]['body'] }),
    }),
    action({
      name: 'extend',
      refusal: (row) =>
        canExtend(row) ??
        (row.contract_end_date ? null : fieldError('contract_end_date', 'validation.contract_end_required')),
      body: z.strictObject({ extension_period: z.number().int().min(1).max(120).nullable().optional() }).nullish(),
      run: (a) => extendContract({ ...a, body: a.body ?? {} }),
    }),
  ],
  links: [{ name: 'facilities' }, { name: 'related-tasks' }],
  overrides: ['archive'],
};
