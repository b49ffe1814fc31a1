// Planning demo data for the demo workspace, so the calendar is not empty: recurring maintenance tasks on real
// facilities (events materialised over 12 months), tickets in every state, internal and external orders with
// lines. Dates are relative to the day the demo is created.
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from './client';
import * as t from './entity-tables';
import { entities } from '../../src/entities/registry';
import { materialise } from '../services/task-schedule.service';
import { nextNumber } from '../crud/numbering';
import { documentTotals, lineTotal } from '../../src/domain/money';

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const TASKS: [string, Record<string, unknown>, string, string][] = [
  [
    'Filterwechsel Lüftung',
    { repeat_type: 'monthly', interval: 3, month_mode: 'by_weekday_ordinal', weekday_ordinal: 1, by_weekday: 'MO' },
    '1.5',
    '95.00',
  ],
  ['Heizungswartung', { repeat_type: 'yearly' }, '4', '120.00'],
  ['Legionellenspülung', { repeat_type: 'weekly', by_weekday: 'TU' }, '0.5', '80.00'],
  [
    'Liftkontrolle',
    { repeat_type: 'monthly', month_mode: 'by_weekday_ordinal', weekday_ordinal: -1, by_weekday: 'FR' },
    '1',
    '110.00',
  ],
  ['Dachrinnen reinigen', { repeat_type: 'every_x_unit', interval: 6, unit: 'month' }, '3', '85.00'],
  ['Rauchmelder testen', { repeat_type: 'custom', rrule: 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15' }, '2', '75.00'],
  ['Treppenhausreinigung', { repeat_type: 'weekly', by_weekday: 'MO,TH', skip_weekends: true }, '1', '45.00'],
  ['Zählerablesung', { repeat_type: 'monthly', anchor: 'completion' }, '0.5', '60.00'],
  ['Sprinkleranlage prüfen', { repeat_type: 'daily', interval: 30, lead_days: 7 }, '2', '130.00'],
  ['Fassadenbegehung', { repeat_type: 'singular', start_date: day(12) }, '6', '95.00'],
];

const TICKETS: [string, string, string, number | null][] = [
  ['Heizung fällt aus', 'in_progress', 'immediate', 1],
  ['Wasserhahn tropft', 'open', 'normal', 5],
  ['Lift bleibt stecken', 'delegated', 'high', 2],
  ['Briefkasten beschädigt', 'requested', 'low', null],
  ['Fenster klemmt', 'done', 'normal', -3],
  ['Licht im Treppenhaus defekt', 'confirmed', 'normal', -10],
  ['Schimmel im Bad', 'open', 'high', -2],
  ['Garagentor laut', 'cancelled', 'low', null],
  ['Storen blockiert', 'open', 'normal', null],
];

export async function seedPlanning(db: Db, sg: string, userId: number) {
  const now = new Date(); // explicit: database defaults carry microseconds, which If-Match versions cannot match
  const stamp = { settings_group_uuid: sg, created_by: userId, updated_by: userId, created_at: now, updated_at: now };
  const properties = await db
    .select({ uuid: t.property.uuid })
    .from(t.property)
    .where(and(eq(t.property.settings_group_uuid, sg), isNull(t.property.deleted_at)))
    .orderBy(asc(t.property.name))
    .limit(4);
  const facilities = await db
    .select({ uuid: t.facility.uuid, property_uuid: t.facility.property_uuid })
    .from(t.facility)
    .where(and(eq(t.facility.settings_group_uuid, sg), isNull(t.facility.parent_facility_uuid)))
    .orderBy(asc(t.facility.name))
    .limit(40);
  const contractors = await db
    .select({ uuid: t.contact.uuid })
    .from(t.contact)
    .where(and(eq(t.contact.settings_group_uuid, sg), eq(t.contact.kind, 'organisation')))
    .orderBy(asc(t.contact.display_name))
    .limit(5);
  if (!properties.length) return;

  for (const [i, [title, rule, workload, rate]] of TASKS.entries()) {
    const property = String(properties[i % properties.length]!.uuid);
    const facility = facilities.find((f) => f.property_uuid === property);
    const [task] = (await db
      .insert(t.task)
      .values({
        title,
        property_uuid: property,
        facility_uuid: facility?.uuid ?? null,
        start_date: day(-14 + i),
        workload,
        cost_per_hour: rate,
        execution_type: i % 3 === 0 ? 'external' : 'internal',
        contact_uuid: i % 3 === 0 ? (contractors[0]?.uuid ?? null) : null,
        ...rule,
        ...stamp,
      })
      .returning({ uuid: t.task.uuid })) as { uuid: string }[];
    await materialise(db, task!.uuid, day(-14), userId);
    // the past two weeks: done, apart from the last few days (overdue)
    await db
      .update(t.taskEvent)
      .set({ status: 'done', done_at: new Date(), done_by: 'Alex Demo' })
      .where(and(eq(t.taskEvent.task_uuid, task!.uuid), lt(t.taskEvent.due_date, day(-3))));
    await materialise(db, task!.uuid, day(0), userId);
  }

  for (const [i, [subject, status, priority, due]] of TICKETS.entries())
    await db.insert(t.ticket).values({
      subject,
      status,
      priority,
      number: await nextNumber(db, entities.ticket, sg),
      property_uuid: properties[i % properties.length]!.uuid,
      due_date: due === null ? null : day(due),
      source: status === 'requested' ? 'notifier' : 'web',
      reopen_count: 0,
      ...stamp,
    });

  const orders: [string, string, string, number | null, [string, string, string][]][] = [
    [
      'Umwälzpumpe ersetzen',
      'external',
      'accepted',
      4,
      [
        ['Pumpe Grundfos', '1', '780.00'],
        ['Arbeit (h)', '3', '115.00'],
      ],
    ],
    ['Liftrevision', 'external', 'sent', 9, [['Revision pauschal', '1', '1450.00']]],
    [
      'Malerarbeiten Treppenhaus',
      'internal',
      'draft',
      20,
      [
        ['Farbe (l)', '25', '18.50'],
        ['Arbeit (h)', '16', '68.00'],
      ],
    ],
    [
      'Dachfenster abdichten',
      'external',
      'done',
      -1,
      [
        ['Dichtband', '4', '22.40'],
        ['Arbeit (h)', '2', '105.00'],
      ],
    ],
    ['Schlösser tauschen', 'internal', 'draft', null, [['Zylinder', '6', '89.00']]],
  ];
  // the order's net, tax, gross and payable totals, as the server keeps them (src/domain/money.ts)
  const totalsOf = (rows: readonly Record<string, unknown>[]) => {
    const { rates: _rates, ...totals } = documentTotals(rows, 'CHF');
    return totals;
  };
  for (const [i, [title, kind, status, due, lines]] of orders.entries()) {
    const property = properties[i % properties.length]!.uuid;
    const rows = lines.map(([text, quantity, unit_price]) => {
      const line = { title: text, quantity, unit_price, tax: '8.1' };
      return { ...line, total: lineTotal(line) };
    });
    const [order] = (await db
      .insert(t.order)
      .values({
        title,
        number_internal: await nextNumber(db, entities.order, sg),
        kind,
        status,
        property_uuid: property,
        contact_uuid: kind === 'external' ? (contractors[i % Math.max(1, contractors.length)]?.uuid ?? null) : null,
        due_date: due === null ? null : day(due),
        payment_responsibility: 'owner',
        currency: 'CHF',
        ...totalsOf(rows),
        sent_at: kind === 'external' ? new Date() : null,
        ...stamp,
      })
      .returning({ uuid: t.order.uuid })) as { uuid: string }[];
    await db
      .insert(t.orderLine)
      .values(rows.map((r) => ({ ...r, order_uuid: order!.uuid, property_uuid: property, ...stamp })));
  }
}
