// Counters (docs/domain/calculations.md, "Consumption and anomalies"): a changed factor or a switch between
// cumulative and not recomputes all its readings; its readings follow it to another property.
import { and, eq, ne } from 'drizzle-orm';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import { counter as counters, measurement as measurements } from '../db/entity-tables';
import { recomputeReadings } from './measurement';

/** Counters whose readings are to be recomputed after this write, with the input that made it (a consumption too
 * large for its column is a 422 on it: docs/hostile-input.md, "Values the server derives"). */
const changed = new WeakMap<HookContext, Map<string, string>>();
const RECOMPUTING = ['factor', 'is_cumulative', 'property_uuid'];

export const counter: ModelBehaviour = {
  // GET /counters/{uuid}/consumption (server/routes/counters.routes.ts)
  links: [{ name: 'consumption' }],
  hooks: {
    beforeWrite: async (h, _merged, changes, current) => {
      const input = RECOMPUTING.find((name) => name in changes);
      if (current && input) (changed.get(h) ?? changed.set(h, new Map()).get(h)!).set(String(current.uuid), input);
    },
    afterWrite: async (h, uuid) => {
      const input = changed.get(h)?.get(uuid);
      if (!input) return;
      changed.get(h)!.delete(uuid);
      const [c] = await h.db.select({ property: counters.property_uuid }).from(counters).where(eq(counters.uuid, uuid));
      if (c)
        await h.db
          .update(measurements)
          .set({ property_uuid: c.property })
          .where(and(eq(measurements.counter_uuid, uuid), ne(measurements.property_uuid, c.property)));
      await recomputeReadings(h.db, uuid, null, { inputs: { consumption: [input] }, owner: 'measurement' });
    },
  },
};
