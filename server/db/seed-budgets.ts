// Budget and bill demo data for the demo workspace (docs/domain/calculations.md, "Budgets"; docs/domain/states.md,
// "States and transitions"): per property a maintenance, an energy and a repairs budget for this year (the first ten
// properties also last year's maintenance budget), ten bills from the contractor firms among the contacts, dated over
// the last eleven months (most paid, some overdue, a few cancelled), the maintenance bills mostly with one to four
// expense lines whose totals add up to the bill's amount (src/domain/money.ts, as the server computes them). The demo orders
// draw on their property's maintenance budget. Deterministic apart from today's date; one statement per table
// (insertRows, docs/decisions.md, "Start-up").
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import * as t from './entity-tables';
import { insertRows } from './insert-rows';
import { seedScope } from './seed-scope';
import { entities } from '../../src/entities/registry';
import { NumberPool } from '../crud/numbering';
import { billOwnTotals, documentTotals, lineTotal, sum } from '../../src/domain/money';

const BILLS_PER_PROPERTY = 10;
const TAX = '8.1';
const DAY = 86_400_000;
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** How many days before today a property's bills are dated, by their number (due 30 days later). */
const BILL_AGES = [4, 12, 21, 33, 47, 62, 90, 131, 190, 260, 325, 38];

/** A budget of each property: name, cost group code (none: all), share of the property's scale, exceeded action. */
const BUDGETS = [
  ['Unterhalt', null, 1, 'warn'],
  ['Energie', 'D05', 0.45, 'warn'],
  ['Reparaturen', null, 0.3, 'stop'],
] as const;

/** Maintenance bills: a title and the lines it may carry (text, quantity, unit price). */
const WORK: [string, [string, string, string][]][] = [
  [
    'Heizungswartung',
    [
      ['Wartung Heizkessel pauschal', '1', '480.00'],
      ['Filter und Dichtungen', '2', '35.50'],
      ['Arbeit (h)', '2', '115.00'],
      ['Anfahrt', '1', '65.00'],
    ],
  ],
  [
    'Liftservice',
    [
      ['Serviceabonnement Quartal', '1', '1250.00'],
      ['Notrufsystem Prüfung', '1', '180.00'],
      ['Seilschmierung', '1', '95.00'],
    ],
  ],
  [
    'Reinigung Treppenhaus',
    [
      ['Unterhaltsreinigung (h)', '12', '48.00'],
      ['Fensterreinigung', '1', '390.00'],
      ['Reinigungsmittel', '1', '36.80'],
    ],
  ],
  [
    'Gartenpflege',
    [
      ['Rasen mähen und Hecken schneiden (h)', '9', '62.00'],
      ['Grüngutentsorgung', '1', '140.00'],
      ['Pflanzen', '6', '24.90'],
    ],
  ],
  [
    'Sanitärreparatur',
    [
      ['Mischbatterie Küche', '1', '289.00'],
      ['Arbeit (h)', '3', '110.00'],
      ['Kleinmaterial', '1', '42.60'],
      ['Anfahrt', '1', '65.00'],
    ],
  ],
  [
    'Malerarbeiten',
    [
      ['Wände streichen (m²)', '64', '18.50'],
      ['Abdeckmaterial', '1', '85.00'],
      ['Arbeit (h)', '6', '72.00'],
    ],
  ],
  [
    'Dachrinnenreinigung',
    [
      ['Dachrinnen reinigen pauschal', '1', '620.00'],
      ['Hebebühne', '1', '240.00'],
      ['Fallrohr spülen', '2', '45.00'],
    ],
  ],
  [
    'Schliessanlage',
    [
      ['Zylinder', '4', '89.00'],
      ['Schlüssel', '12', '28.00'],
      ['Arbeit (h)', '1.5', '105.00'],
    ],
  ],
];
/** Energy bills: typed amounts, no lines. */
const ENERGY = ['Stromrechnung', 'Gasrechnung', 'Wasser und Abwasser', 'Fernwärme'];

export async function seedBudgets(db: Db, sg: string, userId: number) {
  const { now, today, stamp, properties, firms } = await seedScope(db, sg, userId);
  const year = now.getUTCFullYear();
  const costGroups = new Map(
    (
      await db
        .select({ uuid: t.costGroup.uuid, code: t.costGroup.code })
        .from(t.costGroup)
        .where(eq(t.costGroup.settings_group_uuid, sg))
    ).map((c) => [c.code, c.uuid]),
  );
  const orders = await db
    .select({ uuid: t.order.uuid, property: t.order.property_uuid })
    .from(t.order)
    .where(eq(t.order.settings_group_uuid, sg));
  if (!properties.length || !firms.length) return { budgets: 0, bills: 0, expenses: 0 };

  const budgets: Record<string, unknown>[] = [];
  const bills: Record<string, unknown>[] = [];
  const expenses: Record<string, unknown>[] = [];
  /** property → budget name → { uuid, cost group } */
  const budgetOf = new Map<string, Map<string, { uuid: string; costGroup: string | null }>>();
  let n = 0;
  for (const [i, property] of properties.entries()) {
    const own = new Map<string, { uuid: string; costGroup: string | null }>();
    budgetOf.set(property.uuid, own);
    const scale = 60_000 + ((i * 37) % 20) * 10_000; // 60,000–250,000 a year for the maintenance budget
    const years = i < 10 ? [year, year - 1] : [year];
    for (const y of years)
      for (const [name, code, share, action] of y === year ? BUDGETS : BUDGETS.slice(0, 1)) {
        const uuid = crypto.randomUUID();
        const costGroup = code ? (costGroups.get(code) ?? null) : null;
        own.set(`${name} ${y}`, { uuid, costGroup });
        budgets.push({
          uuid,
          property_uuid: property.uuid,
          cost_group_uuid: costGroup,
          name: `${name} ${y}`,
          year: y,
          valid_from: `${y}-01-01`,
          valid_to: `${y}-12-31`,
          amount: (Math.max(20_000, Math.round((scale * share) / 1000) * 1000) * (y === year ? 1 : 0.95)).toFixed(2),
          currency: 'CHF',
          exceeded_action: i % 7 === 3 ? 'ignore' : action,
          description: null,
          ...stamp,
        });
      }

    for (let k = 0; k < BILLS_PER_PROPERTY; k++, n++) {
      const billDate = addDays(today, -BILL_AGES[(k + i) % BILL_AGES.length]! - (i % 5));
      const due = addDays(billDate, 30);
      const y = Number(billDate.slice(0, 4));
      const energy = k % 5 === 1;
      const budget = own.get(`${energy ? 'Energie' : k % 3 === 2 ? 'Reparaturen' : 'Unterhalt'} ${y}`) ?? null;
      const uuid = crypto.randomUUID();
      let title: string;
      let amount: string;
      // a bill with lines: their net, tax and payable totals; one without: its amount as it stands
      let totals: { net_total: string; tax_total: string; payable_total: string } | null = null;
      if (energy) {
        title = `${ENERGY[(i + k) % ENERGY.length]!} ${billDate.slice(5, 7)}/${y}`;
        amount = (1200 + ((n * 397) % 5300) + ((n * 13) % 100) / 100).toFixed(2);
      } else {
        const [work, items] = WORK[(n * 3 + i) % WORK.length]!;
        title = work;
        const count = Math.min(items.length, n % 7 === 3 ? 1 : 2 + ((n + i) % 3));
        const lines = items.slice(0, count).map(([text, quantity, price], j) => {
          // hours and areas vary a little from bill to bill, prices by up to ±12 %
          const q = quantity === '1' ? quantity : String(Number(quantity) + ((n + j) % 4));
          const unit_price = ((Number(price) * (88 + ((n * 13 + j * 7) % 25))) / 100).toFixed(2);
          const line = { title: text, quantity: q, unit_price, tax: TAX };
          return {
            ...line,
            total: lineTotal(line),
            uuid: crypto.randomUUID(),
            property_uuid: property.uuid,
            bill_uuid: uuid,
            cost_group_uuid: budget?.costGroup ?? null,
            ...stamp,
          };
        });
        // four fifths of the maintenance bills come with their lines; the others with the amount alone
        amount = sum(lines.map((l) => l.total));
        if (n % 5 !== 0) {
          expenses.push(...lines);
          totals = documentTotals(lines, 'CHF');
        }
      }
      const cancelled = n % 29 === 11;
      // most bills past their due date are paid a few days before it; some are still open (overdue)
      const paid = !cancelled && ((due < today && n % 6 !== 2) || (due >= today && n % 4 === 0));
      bills.push({
        uuid,
        property_uuid: property.uuid,
        title,
        number_external: `RE-${y}-${String(1000 + ((n * 7919) % 9000)).padStart(4, '0')}`,
        contact_uuid: firms[(n * 7 + i) % firms.length]!.uuid,
        budget_uuid: budget?.uuid ?? null,
        order_uuid: null,
        cost_group_uuid: budget?.costGroup ?? null,
        amount,
        ...(totals
          ? { net_total: totals.net_total, tax_total: totals.tax_total, payable_total: totals.payable_total }
          : billOwnTotals({ amount, tax: null, currency: 'CHF' })),
        currency: 'CHF',
        bill_date: billDate,
        due_date: due,
        paid_at: paid ? (due < today ? addDays(due, -(n % 9)) : addDays(billDate, 3)) : null,
        status: cancelled ? 'cancelled' : paid ? 'paid' : 'open',
        description: cancelled ? 'Doppelt erfasst, storniert.' : null,
        ...stamp,
      });
    }
  }
  // the bills' running numbers in the order they came in (docs/domain/fields.md, "Model settings")
  const numbers = await NumberPool.take(
    db,
    entities.bill,
    bills.map(() => ({ sg, changed: {} })),
  );
  for (const bill of [...bills].sort((x, y) => String(x.bill_date).localeCompare(String(y.bill_date))))
    bill.number_internal = await numbers.next(db, sg);
  await insertRows(db, t.budget, budgets);
  await insertRows(db, t.bill, bills);
  await insertRows(db, t.expense, expenses);
  // the demo orders draw on their property's maintenance budget, in one statement (the budgets' draw triggers run
  // once for it, docs/domain/calculations.md, "Budgets")
  const pairs = orders.flatMap((order) => {
    const budget = budgetOf.get(order.property)?.get(`Unterhalt ${year}`);
    return budget ? [sql`(${order.uuid}::uuid, ${budget.uuid}::uuid)`] : [];
  });
  if (pairs.length)
    await db.execute(sql`update ${t.order} set budget_uuid = v.budget
      from (values ${sql.join(pairs, sql`, `)}) v(uuid, budget) where ${t.order.uuid} = v.uuid`);
  return { budgets: budgets.length, bills: bills.length, expenses: expenses.length };
}
