// Contract demo data for the demo workspace: one or two contracts per property (maintenance, service, supply,
// insurance, lease), dated around the day the demo is created so that deadlines are near, some contracts were
// extended (with their history), cancelled or have ended; maintenance contracts cover facilities of their
// property, and the planning seed's tasks belong to the contract their work falls under (a heating service to
// the heating maintenance contract), which is added to the task's property where it has none. Deterministic
// apart from today's date.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import * as t from './entity-tables';
import { seedScope } from './seed-scope';
import { entities } from '../../src/entities/registry';
import { nextNumber } from '../crud/numbering';
import { contractExtensions, contractFacilities } from './contract-schema';
import {
  addMonths,
  contractEndDate,
  dueAutoExtensions,
  exactMonths,
  latestCancellationDate,
} from '../../src/domain/contract-deadlines';

type Template = [
  title: string,
  type: string,
  months: number,
  notice: number,
  extension: number | null,
  amount: string,
  interval: string,
  costGroup: string | null,
];

const MAINTENANCE: Template[] = [
  ['Wartungsvertrag Heizung', 'maintenance', 36, 3, 12, '2400.00', 'yearly', 'D05'],
  ['Wartungsvertrag Lift', 'maintenance', 60, 6, 12, '5800.00', 'quarterly', 'D09'],
  ['Servicevertrag Lüftung', 'maintenance', 36, 3, null, '1250.00', 'yearly', 'D07'],
  ['Wartung Sanitäranlagen', 'maintenance', 24, 3, 12, '960.00', 'yearly', 'D08'],
  ['Hauswartung', 'service', 24, 3, 12, '1850.00', 'monthly', null],
];
const OTHER: Template[] = [
  ['Reinigung Treppenhaus', 'service', 12, 1, 12, '690.00', 'monthly', null],
  ['Gebäudeversicherung', 'insurance', 12, 3, 12, '8400.00', 'yearly', null],
  ['Stromliefervertrag', 'supply', 24, 3, null, '12600.00', 'monthly', 'D01'],
  ['Gartenpflege', 'service', 12, 2, null, '3200.00', 'quarterly', null],
  ['Leasing Reinigungsmaschine', 'lease', 48, 3, null, '180.00', 'monthly', null],
  ['Dachrinnenreinigung', 'service', 24, 1, null, '450.00', 'once', 'F'],
];

/** The contract (by title) a planning seed task's work falls under. */
const TASK_CONTRACTS: Record<string, string> = {
  'Filterwechsel Lüftung': 'Servicevertrag Lüftung',
  Heizungswartung: 'Wartungsvertrag Heizung',
  Liftkontrolle: 'Wartungsvertrag Lift',
  Legionellenspülung: 'Wartung Sanitäranlagen',
  Treppenhausreinigung: 'Reinigung Treppenhaus',
  'Dachrinnen reinigen': 'Dachrinnenreinigung',
  'Rauchmelder testen': 'Hauswartung',
};

interface Context {
  db: Db;
  today: string;
  monthStart: string;
  userId: number;
  stamp: { settings_group_uuid: string; created_by: number; updated_by: number; created_at: Date; updated_at: Date };
  firms: { uuid: string }[];
  costGroups: { uuid: string; code: string | null }[];
  roots: { uuid: string; property_uuid: string; cost: string | null }[];
}

/** One contract from a template; `n` spreads states and contractors. Returns its uuid. */
async function insertContract(c: Context, property: string, template: Template, n: number, startOffset: number) {
  const [title, type, months, notice, extension, amount, interval, code] = template;
  const start = addMonths(c.monthStart, -startOffset);
  let end = contractEndDate(start, months);
  let status = 'active';
  let cancellation: string | null = null;
  const autoExtend = extension !== null && n % 3 !== 2;
  const ends = autoExtend
    ? dueAutoExtensions({ contract_end_date: end, notice_period: notice, extension_period: extension }, c.today)
    : [];
  if (ends.length) status = 'extended';
  else if (end < c.today) status = 'ended';
  else if (n % 7 === 3 && latestCancellationDate(end, notice)! >= c.today) {
    status = 'cancelled';
    cancellation = addMonths(c.today, -1) > start ? addMonths(c.today, -1) : start;
  }
  const previous = end;
  if (ends.length) end = ends.at(-1)!;
  const group = code ? (c.costGroups.find((g) => g.code === code)?.uuid ?? null) : null;
  const [row] = (await c.db
    .insert(t.contract)
    .values({
      property_uuid: property,
      title,
      number_internal: await nextNumber(c.db, entities.contract, c.stamp.settings_group_uuid),
      number_external: type === 'insurance' ? `POL-${700100 + n}` : null,
      contract_type: type,
      contract_giver_uuid: c.firms[0]!.uuid,
      contract_acceptor_uuid: c.firms[1 + (n % (c.firms.length - 1))]!.uuid,
      contract_start_date: start,
      contract_end_date: end,
      contract_duration: exactMonths(start, end),
      notice_period: notice,
      latest_cancellation_date: latestCancellationDate(end, notice),
      cancellation_date: cancellation,
      auto_extend: autoExtend,
      extension_period: extension,
      amount,
      currency: 'CHF',
      payment_interval: interval,
      cost_group_uuid: group,
      status,
      ...c.stamp,
    })
    .returning({ uuid: t.contract.uuid })) as { uuid: string }[];
  const uuid = row!.uuid;
  if (ends.length)
    await c.db.insert(contractExtensions).values(
      ends.map((to, k) => ({
        contract_uuid: uuid,
        previous_end_date: k === 0 ? previous : ends[k - 1]!,
        new_end_date: to,
        months: extension!,
        automatic: true,
      })),
    );
  if (type === 'maintenance') {
    const covered = c.roots.filter((f) => f.property_uuid === property && (!group || f.cost === group)).slice(0, 3);
    if (covered.length)
      await c.db
        .insert(contractFacilities)
        .values(covered.map((f) => ({ contract_uuid: uuid, facility_uuid: String(f.uuid), created_by: c.userId })));
  }
  return uuid;
}

export async function seedContracts(db: Db, sg: string, userId: number) {
  const { today, stamp, properties, firms } = await seedScope(db, sg, userId);
  const costGroups = await db
    .select({ uuid: t.costGroup.uuid, code: t.costGroup.code })
    .from(t.costGroup)
    .where(eq(t.costGroup.settings_group_uuid, sg));
  const roots = await db
    .select({ uuid: t.facility.uuid, property_uuid: t.facility.property_uuid, cost: t.facility.cost_group_uuid })
    .from(t.facility)
    .where(and(eq(t.facility.settings_group_uuid, sg), isNull(t.facility.parent_facility_uuid)))
    .orderBy(asc(t.facility.name));
  if (!properties.length || firms.length < 2) return;
  const c: Context = { db, today, monthStart: `${today.slice(0, 7)}-01`, userId, stamp, firms, costGroups, roots };

  const byTitle = new Map<string, string>(); // `${property} ${title}` → contract
  let n = 0;
  for (const [i, property] of properties.entries()) {
    const templates = i % 2 === 0 ? [MAINTENANCE[i % 5]!] : [MAINTENANCE[i % 5]!, OTHER[i % 6]!];
    for (const [j, template] of templates.entries()) {
      // starts spread from (months + 8) months ago to this month: some end soon, some have ended or were extended
      const offset = (i * 5 + j * 13) % (template[2] + 8);
      byTitle.set(
        `${property.uuid} ${template[0]}`,
        await insertContract(c, String(property.uuid), template, n++, offset),
      );
    }
  }

  // the planning tasks under the contract their work falls under (added to the task's property when missing)
  const tasks = await db
    .select({ uuid: t.task.uuid, title: t.task.title, property_uuid: t.task.property_uuid })
    .from(t.task)
    .where(eq(t.task.settings_group_uuid, sg))
    .orderBy(asc(t.task.title));
  for (const task of tasks) {
    const title = TASK_CONTRACTS[String(task.title)];
    const template = [...MAINTENANCE, ...OTHER].find((x) => x[0] === title);
    if (!template) continue;
    const key = `${task.property_uuid} ${title}`;
    if (!byTitle.has(key)) byTitle.set(key, await insertContract(c, String(task.property_uuid), template, n++, 4));
    await db
      .update(t.task)
      .set({ contract_uuid: byTitle.get(key) })
      .where(eq(t.task.uuid, task.uuid));
  }
}
