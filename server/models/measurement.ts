// Measurements, a counter's readings (docs/domain/calculations.md, "Consumption and anomalies"): every create,
// update, bulk write and import stores the reading's consumption and status, and those of the counter's later
// readings that depend on it (the next one's consumption, the anomaly averages of the ones after); so do archive,
// restore and delete. A reading's property is its counter's; two live readings of one counter at the same moment
// are refused (422 on measured_at).
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, type SQL } from 'drizzle-orm';
import { computeSeries, ANOMALY_WINDOW } from '../../src/domain/consumption';
import { decEquals, toDec } from '../../src/domain/decimal';
import { entities } from '../../src/entities/registry';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import { assertStorable } from '../crud/stored-values';
import type { Db } from '../db/client';
import { counter as counters, measurement as measurements } from '../db/entity-tables';
import { fieldError } from '../http-error';

const live = () => and(isNull(measurements.deleted_at), isNull(measurements.archived_at));

const sameDecimal = (a: unknown, b: unknown) => {
  const x = toDec(a);
  const y = toDec(b);
  return x && y ? decEquals(x, y) : x === y;
};

const asDate = (v: unknown): Date | null => {
  if (v instanceof Date) return v;
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/**
 * Recomputes the consumption and status of a counter's live readings from `from` on (the readings before it keep
 * theirs: the six before give the average, the last one the previous value) and writes those that changed.
 */
export async function recomputeReadings(db: Db, counterUuid: string, from: Date | null): Promise<number> {
  const [c] = await db
    .select({ factor: counters.factor, is_cumulative: counters.is_cumulative })
    .from(counters)
    .where(eq(counters.uuid, counterUuid))
    .limit(1);
  if (!c) return 0;
  const columns = {
    uuid: measurements.uuid,
    value: measurements.value,
    consumption: measurements.consumption,
    status: measurements.status,
  };
  const ofCounter = (...more: (SQL | undefined)[]) => and(eq(measurements.counter_uuid, counterUuid), live(), ...more);
  const before = from
    ? await db
        .select(columns)
        .from(measurements)
        .where(ofCounter(lt(measurements.measured_at, from)))
        .orderBy(desc(measurements.measured_at), desc(measurements.uuid))
        .limit(ANOMALY_WINDOW)
    : [];
  const after = await db
    .select(columns)
    .from(measurements)
    .where(ofCounter(from ? gte(measurements.measured_at, from) : undefined))
    .orderBy(asc(measurements.measured_at), asc(measurements.uuid));
  const series = [...before.reverse(), ...after];
  const computed = computeSeries(c, series, before.length);
  let changed = 0;
  for (const [i, next] of computed.entries()) {
    const row = after[i]!;
    if (sameDecimal(row.consumption, next.consumption) && row.status === next.status) continue;
    assertStorable(entities.measurement, { ...next });
    await db.update(measurements).set(next).where(eq(measurements.uuid, row.uuid));
    changed += 1;
  }
  return changed;
}

/** The place a reading had before an update (its counter and moment), to recompute from there too. */
const movedFrom = new WeakMap<HookContext, Map<string, { counter: string; at: Date }>>();
/** Counter and moment of the readings written with one hook context (an import chunk checks its rows before any
 * is inserted, so two rows of it at the same moment are caught here). */
const claimed = new WeakMap<HookContext, Set<string>>();

async function readingPlaces(db: Db, uuids: string[]) {
  if (!uuids.length) return [];
  const rows = await db
    .select({ counter: measurements.counter_uuid, at: measurements.measured_at })
    .from(measurements)
    .where(inArray(measurements.uuid, uuids));
  return rows.map((r) => ({ counter: r.counter, at: asDate(r.at) }));
}

/** Recomputes each counter from the earliest of the given moments. */
async function recomputeFrom(db: Db, places: readonly { counter: string; at: Date | null }[]) {
  const earliest = new Map<string, Date | null>();
  for (const { counter, at } of places) {
    const known = earliest.get(counter);
    if (!earliest.has(counter) || (known && (!at || at < known))) earliest.set(counter, at);
  }
  for (const [counter, at] of earliest) await recomputeReadings(db, counter, at);
}

export const measurement: ModelBehaviour = {
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      const counterUuid = String(merged.counter_uuid);
      const at = asDate(merged.measured_at);
      const [c] = await h.db
        .select({ property: counters.property_uuid })
        .from(counters)
        .where(and(eq(counters.uuid, counterUuid), eq(counters.settings_group_uuid, h.settingsGroup)))
        .limit(1);
      if (!c) throw fieldError('counter_uuid', 'validation.ref_not_found');
      if (!at) throw fieldError('measured_at', 'validation.required');
      if (!current || 'measured_at' in changes || 'counter_uuid' in changes) {
        const key = `${counterUuid}|${at.toISOString()}`;
        const seen = claimed.get(h) ?? claimed.set(h, new Set()).get(h)!;
        const [taken] = await h.db
          .select({ uuid: measurements.uuid })
          .from(measurements)
          .where(
            and(
              eq(measurements.counter_uuid, counterUuid),
              eq(measurements.measured_at, at),
              live(),
              current ? ne(measurements.uuid, String(current.uuid)) : undefined,
            ),
          )
          .limit(1);
        if (taken || seen.has(key)) throw fieldError('measured_at', 'validation.reading_time_taken');
        seen.add(key);
      }
      if (current) {
        const old = asDate(current.measured_at);
        if (old) {
          const moves = movedFrom.get(h) ?? movedFrom.set(h, new Map()).get(h)!;
          moves.set(String(current.uuid), { counter: String(current.counter_uuid), at: old });
        }
      }
      return merged.property_uuid === c.property ? {} : { property_uuid: c.property };
    },
    afterWrite: async (h, uuid) => {
      const places: { counter: string; at: Date | null }[] = await readingPlaces(h.db, [uuid]);
      const old = movedFrom.get(h)?.get(uuid);
      if (old) places.push(old);
      await recomputeFrom(h.db, places);
    },
    afterArchive: async (h, uuids) => recomputeFrom(h.db, await readingPlaces(h.db, uuids)),
  },
};
