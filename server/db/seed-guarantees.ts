// Guarantee demo data for the demo workspace: about ten guarantees per property, mostly on its main facilities
// ("Garantie Wärmepumpe"), some on an order's work, given by the contractor firms among the contacts for 24, 60 or
// 120 months. Dated around the day the demo is created: some have expired, some were claimed, some end within 30,
// 90 or 180 days (their reminder stages already reached count as sent, so the first job run mails nothing old).
// Deterministic apart from today's date; inserted with insertRows (docs/decisions.md, "Start-up").
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import * as t from './entity-tables';
import { insertRows } from './insert-rows';
import { seedScope } from './seed-scope';
import { remindersSent } from './schema';
import { addMonths } from '../../src/domain/contract-deadlines';
import { DEFAULT_REMINDER_DAYS, dueReminder, guaranteeEndDate } from '../../src/domain/guarantee-dates';

const PER_PROPERTY = 10;
const DURATIONS = [24, 60, 120, 60, 24];
const DAY = 86_400_000;
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** Where a guarantee's end falls, by its number: days from today (negative: expired). */
const END_OFFSETS = [-400, -35, 12, 27, 55, 84, 120, 170, 400, 900];

export async function seedGuarantees(db: Db, sg: string, userId: number) {
  const { now, today, stamp, properties, firms } = await seedScope(db, sg, userId);
  const facilities = await db
    .select({
      uuid: t.facility.uuid,
      property: t.facility.property_uuid,
      name: t.facility.name,
      price: t.facility.purchase_price,
    })
    .from(t.facility)
    .where(and(eq(t.facility.settings_group_uuid, sg), isNull(t.facility.parent_facility_uuid)))
    .orderBy(asc(t.facility.number_internal));
  const orders = await db
    .select({ uuid: t.order.uuid, property: t.order.property_uuid, title: t.order.title })
    .from(t.order)
    .where(eq(t.order.settings_group_uuid, sg))
    .orderBy(asc(t.order.title));
  if (!properties.length || !firms.length) return { guarantees: 0 };

  const rows: Record<string, unknown>[] = [];
  const sent: { record_uuid: string; stage: string; recipients: number; sent_at: Date }[] = [];
  let n = 0;
  for (const [i, property] of properties.entries()) {
    const own = facilities.filter((f) => f.property === property.uuid);
    const order = orders.find((o) => o.property === property.uuid);
    for (let k = 0; k < PER_PROPERTY; k++, n++) {
      const months = DURATIONS[(i + k) % DURATIONS.length]!;
      // an end this many days from today, moved into the guarantee's span so that it started in the past
      const offset = Math.min(END_OFFSETS[(k + i) % END_OFFSETS.length]!, months * 30 - 31);
      const start = addMonths(addDays(today, offset), -months);
      const end = guaranteeEndDate(start, months);
      const onOrder = k === PER_PROPERTY - 1 && order;
      const facility = onOrder ? undefined : own[k % Math.max(1, own.length)];
      const subject = facility ? facility.name.replace(/ \d+$/, '') : onOrder ? onOrder.title : 'Bauarbeiten';
      const claimed = n % 13 === 5;
      const status = claimed ? 'claimed' : end < today ? 'expired' : 'active';
      const uuid = crypto.randomUUID();
      const price = Number(facility?.price ?? 20000);
      rows.push({
        uuid,
        property_uuid: property.uuid,
        facility_uuid: facility?.uuid ?? null,
        order_uuid: onOrder ? onOrder.uuid : null,
        title: `Garantie ${subject}`,
        guarantor_uuid: firms[(n * 7) % firms.length]!.uuid,
        start_date: start,
        guarantee_duration: months,
        end_date: end,
        amount: (Math.round((price * (5 + (n % 6))) / 100 / 50) * 50).toFixed(2),
        status,
        description: claimed ? 'Mangel gemeldet, Garantieanspruch geltend gemacht.' : null,
        ...stamp,
      });
      const reached = status === 'active' ? dueReminder(end, today, DEFAULT_REMINDER_DAYS, new Set()) : null;
      for (const d of reached?.covers ?? [])
        sent.push({ record_uuid: uuid, stage: `${end}:${d}`, recipients: 1, sent_at: now });
    }
  }
  await insertRows(db, t.guarantee, rows);
  if (sent.length) await insertRows(db, remindersSent, sent);
  return { guarantees: rows.length };
}
