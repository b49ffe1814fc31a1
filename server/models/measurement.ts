// Measurements, a counter's readings (docs/domain/calculations.md, "Consumption and anomalies"): every create,
// update, bulk write and import stores the reading's consumption and status, and those of the counter's later
// readings that depend on it (the next one's consumption, the anomaly averages of the ones after); so do archive,
// restore and delete. A reading's property is its counter's; two live readings of one counter at the same moment
// are refused (422 on measured_at). An import chunk computes its new readings before they are inserted
// (`beforeInsertAll`) and recomputes each counter once (`afterWriteAll` for its updates); the readings that change
// are written in one statement.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { computeSeries, ANOMALY_WINDOW } from '../../src/domain/consumption';
import { decEquals, toDec } from '../../src/domain/decimal';
import { entities } from '../../src/entities/registry';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import { assertStorable, type Blame } from '../crud/stored-values';
import type { Db } from '../db/client';
import { counter as counters, measurement as measurements } from '../db/entity-tables';
import { fieldError } from '../http-error';
import { rowsOf } from '../crud/table';

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
export const recomputeReadings = (db: Db, counterUuid: string, from: Date | null, blame?: Blame): Promise<number> =>
  recomputeCounters(db, new Map([[counterUuid, from]]), [], blame);

/** A consumption too large for its column is a 422 on the reading's value (docs/hostile-input.md, "Values the
 * server derives"); a counter's write names its own input instead (server/models/counter.ts). */
const BY_VALUE: Blame = { inputs: { consumption: ['value'] } };

interface Stored {
  counter: string;
  uuid: string;
  value: string | null;
  consumption: string | null;
  status: string;
  /** `measured_at` in milliseconds (the order of the series). */
  ms: number;
}

/** A reading about to be inserted (an import chunk's), whose consumption and status are set on `values`. */
export interface Pending {
  uuid: string;
  counter: string;
  at: Date;
  values: Record<string, unknown>;
}

const inOrder = (a: { ms: number; uuid: string }, b: { ms: number; uuid: string }) =>
  a.ms - b.ms || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);

/**
 * `recomputeReadings` for several counters at once, each from its own moment (null: all its readings), in a fixed
 * number of statements whatever their number: the counters' rules, the (up to) six readings before each start, the
 * readings from each start on, and one update of every reading that changed. `pending` are readings not inserted
 * yet (an import chunk's, each counter's start at or before its earliest one): they join their counter's series and
 * get their consumption and status on their values, so they are inserted with them and never updated. A
 * consumption too large for its column is a 422 on the input `blame` names (the reading's value by default).
 */
export async function recomputeCounters(
  db: Db,
  starts: ReadonlyMap<string, Date | null>,
  pending: readonly Pending[] = [],
  blame: Blame = BY_VALUE,
): Promise<number> {
  if (!starts.size) return 0;
  const rules = new Map(
    (
      await db
        .select({ uuid: counters.uuid, factor: counters.factor, is_cumulative: counters.is_cumulative })
        .from(counters)
        .where(inArray(counters.uuid, [...starts.keys()]))
    ).map((c) => [c.uuid, c]),
  );
  if (!rules.size) return 0;
  const list = JSON.stringify([...starts].map(([counter, at]) => ({ counter, at: at?.toISOString() ?? null })));
  const from = sql`json_to_recordset(${list}::json) as s(counter uuid, at timestamptz)`;
  const columns = sql`m.uuid, m.value::text as value, m.consumption::text as consumption, m.status,
    (extract(epoch from m.measured_at) * 1000)::float8 as ms`;
  const ofCounter = sql`m.counter_uuid = s.counter and m.deleted_at is null and m.archived_at is null`;
  const before = rowsOf<Stored>(
    await db.execute(sql`select s.counter, b.* from ${from}
      cross join lateral (select ${columns} from ${measurements} m where ${ofCounter} and m.measured_at < s.at
        order by m.measured_at desc, m.uuid desc limit ${ANOMALY_WINDOW}) b`),
  );
  const after = rowsOf<Stored>(
    await db.execute(sql`select s.counter, a.* from ${from}
      cross join lateral (select ${columns} from ${measurements} m
        where ${ofCounter} and (s.at is null or m.measured_at >= s.at)) a`),
  );
  const byCounter = <T extends { counter: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) (map.get(r.counter) ?? map.set(r.counter, []).get(r.counter)!).push(r);
    return map;
  };
  const earlier = byCounter(before);
  const later = byCounter(after);
  const waiting = byCounter(pending);
  const changed: { uuid: string; consumption: string | null; status: string }[] = [];
  for (const counter of starts.keys()) {
    const rule = rules.get(counter);
    if (!rule) continue;
    const head = (earlier.get(counter) ?? []).sort(inOrder);
    const fresh = (waiting.get(counter) ?? []).map((p) => ({
      ...p,
      ms: p.at.getTime(),
      value: p.values.value,
      consumption: undefined,
      status: undefined,
    }));
    const tail = [...(later.get(counter) ?? []), ...fresh].sort(inOrder);
    const computed = computeSeries(rule, [...head, ...tail], head.length);
    for (const [i, next] of computed.entries()) {
      const row = tail[i]!;
      if ('values' in row) {
        assertStorable(entities.measurement, { ...next }, blame);
        Object.assign(row.values, next);
        continue;
      }
      if (sameDecimal(row.consumption, next.consumption) && row.status === next.status) continue;
      assertStorable(entities.measurement, { ...next }, blame);
      changed.push({ uuid: row.uuid, ...next });
    }
  }
  if (changed.length)
    // every changed reading in one statement (an import chunk appends hundreds)
    await db.execute(sql`update ${measurements} set consumption = x.consumption, status = x.status
      from json_to_recordset(${JSON.stringify(changed)}::json) as x(uuid uuid, consumption numeric, status text)
      where ${measurements}.uuid = x.uuid`);
  return changed.length;
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

/** Each counter's earliest moment of the given ones (null: from its first reading). */
function earliestOf(places: readonly { counter: string; at: Date | null }[]) {
  const earliest = new Map<string, Date | null>();
  for (const { counter, at } of places) {
    const known = earliest.get(counter);
    if (!earliest.has(counter) || (known && (!at || at < known))) earliest.set(counter, at);
  }
  return earliest;
}

/** Recomputes each counter from the earliest of the given moments. */
const recomputeFrom = (db: Db, places: readonly { counter: string; at: Date | null }[]) =>
  recomputeCounters(db, earliestOf(places));

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
    // an import chunk's new readings: computed with their counters' series before they are inserted, each counter
    // once from the earliest of them (the readings after it that change are updated)
    beforeInsertAll: async (h, rows) => {
      const pending: Pending[] = [];
      for (const { uuid, values } of rows) {
        const at = asDate(values.measured_at);
        if (at) pending.push({ uuid, counter: String(values.counter_uuid), at, values });
      }
      const places = pending.map((p) => ({ counter: p.counter, at: p.at }));
      await recomputeCounters(h.db, earliestOf(places), pending);
    },
    // an import chunk's updated readings: each counter recomputed once, from the earliest place of them (the new
    // ones were computed before the insert)
    afterWriteAll: async (h, uuids, created) => {
      if (created) return;
      const places: { counter: string; at: Date | null }[] = await readingPlaces(h.db, uuids);
      const moves = movedFrom.get(h);
      for (const uuid of uuids) {
        const old = moves?.get(uuid);
        if (old) places.push(old);
      }
      await recomputeFrom(h.db, places);
    },
    afterArchive: async (h, uuids) => {
      await recomputeFrom(h.db, await readingPlaces(h.db, uuids));
    },
  },
};
