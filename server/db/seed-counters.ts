// Counter demo data for the demo workspace: per property an electricity, a water and a gas meter (gas read in m³
// and billed in kWh: factor 10.5), each with monthly readings for the last two years (deterministic apart from
// today's date). Consumption follows the season with some noise; a few meters have a spike (more than twice the
// usual; some in the latest month) or a reading below the one before (a meter replaced), which the rule marks anomalous. Consumption and status
// are those of the rule itself (src/domain/consumption.ts), computed here rather than per write; inserted with
// insertRows (docs/decisions.md, "Start-up").
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import * as t from './entity-tables';
import { insertRows } from './insert-rows';
import { computeSeries } from '../../src/domain/consumption';

const MONTHS = 24;
/** medium, name, unit symbol, factor, monthly consumption (in the meter's own unit), seasonal swing (0..1) */
const METERS = [
  ['electricity', 'Stromzähler Allgemein', 'kWh', '1', 1800, 0.15],
  ['water', 'Wasserzähler Hauptleitung', 'm³', '1', 55, 0.1],
  ['gas', 'Gaszähler Heizung', 'kWh', '10.5', 300, 0.3],
] as const;
const UNITS = [
  ['Kilowattstunde', 'kWh'],
  ['Kubikmeter', 'm³'],
] as const;

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function seedCounters(db: Db, sg: string, userId: number) {
  const now = new Date(); // explicit: database defaults carry microseconds, which If-Match versions cannot match
  const stamp = { settings_group_uuid: sg, created_by: userId, updated_by: userId, created_at: now, updated_at: now };
  const properties = await db
    .select({ uuid: t.property.uuid })
    .from(t.property)
    .where(and(eq(t.property.settings_group_uuid, sg), isNull(t.property.deleted_at)))
    .orderBy(asc(t.property.name));
  if (!properties.length) return { counters: 0, measurements: 0 };
  const units = new Map(
    (
      await db
        .select({ uuid: t.unit.uuid, symbol: t.unit.symbol })
        .from(t.unit)
        .where(eq(t.unit.settings_group_uuid, sg))
    ).map((u) => [u.symbol, u.uuid]),
  );
  const newUnits = UNITS.filter(([, symbol]) => !units.has(symbol)).map(([name, symbol]) => {
    const uuid = crypto.randomUUID();
    units.set(symbol, uuid);
    return { uuid, name, symbol, ...stamp };
  });
  if (newUnits.length) await insertRows(db, t.unit, newUnits);

  const r = random(20_240_101);
  const counters: Record<string, unknown>[] = [];
  const readings: Record<string, unknown>[] = [];
  // the first of the month, 06:00 UTC, from 24 months before this month's to this month's
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - MONTHS, 1, 6));
  let n = 0;
  for (const [i, property] of properties.entries()) {
    for (const [k, [medium, name, symbol, factor, monthly, swing]] of METERS.entries()) {
      n += 1;
      const uuid = crypto.randomUUID();
      const size = 0.6 + r() * 0.9;
      counters.push({
        uuid,
        property_uuid: property.uuid,
        counter_id: `Z-${String(i + 1).padStart(3, '0')}-${k + 1}`,
        name,
        medium,
        unit_uuid: units.get(symbol) ?? null,
        factor,
        is_cumulative: true,
        reading_interval: 30,
        next_verification_date: new Date(Date.UTC(now.getUTCFullYear() + 1 + (n % 5), (n * 5) % 12, 1))
          .toISOString()
          .slice(0, 10),
        status: 'active',
        ...stamp,
      });
      // a spike in one month of some meters, a replaced meter (starting again near zero) in a few others
      const spikeAt = n % 9 === 4 ? (n % 2 === 0 ? MONTHS : 8 + (n % 13)) : -1;
      const replacedAt = n % 23 === 7 ? 12 + (n % 9) : -1;
      let position = Math.round(10_000 + r() * 40_000);
      const series: { value: string; measured_at: Date }[] = [];
      for (let m = 0; m <= MONTHS; m++) {
        const at = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m, 1, 6));
        if (m > 0) {
          const season = 1 + swing * Math.cos(((at.getUTCMonth() + 0.5) / 12) * 2 * Math.PI);
          let used = monthly * size * season * (0.92 + r() * 0.16);
          if (m === spikeAt) used *= 3.2;
          position = m === replacedAt ? Math.round(r() * 50) : position + used;
        }
        series.push({ value: position.toFixed(medium === 'water' ? 3 : 1), measured_at: at });
      }
      const computed = computeSeries({ factor, is_cumulative: true }, series);
      series.forEach((s, m) =>
        readings.push({
          uuid: crypto.randomUUID(),
          property_uuid: property.uuid,
          counter_uuid: uuid,
          measured_at: s.measured_at,
          value: s.value,
          source: m % 6 === 5 ? 'import' : 'manual',
          consumption: computed[m]!.consumption,
          status: computed[m]!.status,
          comment: m === replacedAt ? 'Zähler ersetzt' : null,
          ...stamp,
        }),
      );
    }
  }
  await insertRows(db, t.counter, counters);
  await insertRows(db, t.measurement, readings);
  return { counters: counters.length, measurements: readings.length };
}
