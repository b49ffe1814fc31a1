// Write hooks of contracts (server/crud/hooks.ts): every create, update, bulk write and import stores the dates
// derived by docs/rules.md, "Contract deadlines" (end date from start and duration, duration from a given end date, the
// latest cancellation date), so lists can sort and filter by them.
import type { ModelHooks } from '../crud/hooks';
import { derivedContractDates } from '../../src/domain/contract-deadlines';

export const contractHooks: Record<string, ModelHooks> = {
  contract: {
    beforeWrite: async (_h, merged, changes, current) => ({ ...derivedContractDates(merged, changes, !current) }),
  },
};
