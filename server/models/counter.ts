// Counters (docs/domain/calculations.md, "Consumption and anomalies"): a changed factor or a switch between
// cumulative and not recomputes all its readings; its readings follow it to another property.
import { and, eq, ne } from 'drizzle-orm';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import { counter as counters, measurement as measurements } from '../db/entity-tables';
import { recomputeReadings } from './measurement';

/** Counters whose readings are to be recomputed after this write. */
const changed = new WeakMap<HookContext, Set<string>>();

export const counter: ModelBehaviour = {
  // GET /counters/{uuid}/consumption (server/routes/counters.routes.ts)
  links: [{ name: 'consumption' }],
  hooks: {
    beforeWrite: async (h, _merged, changes, current) => {
      if (current && ('factor' in changes || 'is_cumulative' in changes || 'property_uuid' in changes))
        (changed.get(h) ?? changed.set(h, new Set()).get(h)!).add(String(current.uuid));
    },
    afterWrite: async (h, uuid) => {
      if (!changed.get(h)?.has(uuid)) return;
      changed.get(h)!.delete(uuid);
      const [c] = await h.db.select({ property: counters.property_uuid }).from(counters).where(eq(counters.uuid, uuid));
      if (c)
        await h.db
          .update(measurements)
          .set({ property_uuid: c.property })
          .where(and(eq(measurements.counter_uuid, uuid), ne(measurements.property_uuid, c.property)));
      await recomputeReadings(h.db, uuid, null);
    },
  },
};
