// An order's and a bill's own discount (docs/domain/calculations.md, "Document totals"): a percentage or an amount
// off the lines' net, typed or picked from the discounts catalogue; the VAT shrinks in proportion, per rate too;
// the budget draws the discounted total, a discount taken back draws the difference (refused by a `stop` budget);
// a discount worth more than the lines warns and leaves a net of zero; a bill made of an order carries it, and so
// comes to the order's total; the migration gives the bills there are with lines and a discount their new amount.
// Worked by hand.
// @both-databases: the totals are written in SQL-backed hooks and the budget draws by triggers on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { post, workspace, type Rec, type Ws } from './planning-support';
import {
  available,
  createBudget,
  createOrder,
  ok,
  patch,
  postBill,
  postExpense,
  postOrderLine,
  record,
} from './budget-support';
import { databaseBefore } from './migrations';
import { documentTotals, lineTotal } from '../../src/domain/money';

let env: TestEnv;
let a: Ws;
let b: Ws;
const ids: Record<string, string> = {};

type Meta = { warnings?: { field: string; message: string }[] };

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env, { currency: 'CHF' });
  b = await workspace(env, { currency: 'CHF' });
  const discount = async (body: Record<string, unknown>) =>
    ok(await post(a.client, '/discounts', { settings_group_uuid: a.settingsGroup, ...body })).uuid as string;
  ids.tenPercent = await discount({ name: 'Rahmenvertrag', kind: 'percent', value: '10' });
  ids.fifty = await discount({ name: 'Kulanz', kind: 'amount', value: '50' });
  ids.foreign = ok(
    await post(b.client, '/discounts', { settings_group_uuid: b.settingsGroup, name: 'Fremd', value: '5' }),
  ).uuid;
});
afterAll(() => env.close());

/** 3 × 105.00 at 8.1 % (net 315.00, gross 340.52) and 4 × 12.50 at 3.8 % (net 50.00, gross 51.90): net 365.00, VAT
 * 27.42, gross 392.42. */
async function twoRates(ws: Ws, order: string) {
  ok(await postOrderLine(ws, order, { title: 'Monteur', quantity: '3', unit_price: '105', tax: '8.1' }));
  ok(await postOrderLine(ws, order, { title: 'Übernachtung', quantity: '4', unit_price: '12.5', tax: '3.8' }));
}

const totalsOf = async (kind: 'orders' | 'bills', uuid: string) =>
  json<{ data: Rec }>(await a.client.get(`/${kind}/${uuid}/totals`)).data;

describe('an order’s own discount', () => {
  it('takes 10 % off the net and the VAT in proportion, per rate too, and the amount payable follows', async () => {
    const order = await createOrder(a, { title: 'Sanierung' });
    await twoRates(a, order.uuid);
    expect(await record(a, `/orders/${order.uuid}`)).toMatchObject({
      net_total: '365.00',
      tax_total: '27.42',
      total: '392.42',
      discount_total: '0.00',
    });
    // picked from the catalogue: its percentage fills the order's discount
    const res = await patch(a, `/orders/${order.uuid}`, { discount_uuid: ids.tenPercent });
    // net 365.00 × 0.9 = 328.50; VAT 27.42 × 0.9 = 24.678 → 24.68; gross 353.18, paid to 0.05: 353.20
    expect(ok(res)).toMatchObject({
      discount: '10.000',
      discount_amount: null,
      discount_total: '36.50',
      net_total: '328.50',
      tax_total: '24.68',
      total: '353.18',
      payable_total: '353.20',
    });
    expect(await totalsOf('orders', order.uuid)).toMatchObject({
      subtotal: '365.00',
      discount_total: '36.50',
      net_total: '328.50',
      tax_total: '24.68',
      total: '353.18',
      rates: [
        // 50.00 × 0.9; 1.90 × 0.9 = 1.71
        { rate: '3.8', net: '45.00', tax: '1.71' },
        // 315.00 × 0.9; 25.52 × 0.9 = 22.968 → 22.97
        { rate: '8.1', net: '283.50', tax: '22.97' },
      ],
    });
  });

  it('takes an amount off the net; the rates share it to the cent and still add up', async () => {
    const order = await createOrder(a, { title: 'Kulanz' });
    await twoRates(a, order.uuid);
    const res = await patch(a, `/orders/${order.uuid}`, { discount_uuid: ids.fifty });
    // net 365.00 − 50.00 = 315.00; VAT 27.42 × 315/365 = 23.6638… → 23.66; gross 338.66, paid 338.65
    expect(ok(res)).toMatchObject({
      discount: null,
      discount_amount: '50.00',
      discount_total: '50.00',
      net_total: '315.00',
      tax_total: '23.66',
      total: '338.66',
      payable_total: '338.65',
    });
    const totals = await totalsOf('orders', order.uuid);
    // 50.00 × 315/365 = 43.150… → 43.15, 1.90 × 315/365 = 1.639… → 1.64; 315.00 × 315/365 = 271.849… → 271.85,
    // 25.52 × 315/365 = 22.024… → 22.02: 43.15 + 271.85 = 315.00 and 1.64 + 22.02 = 23.66
    expect(totals.rates).toEqual([
      { rate: '3.8', net: '43.15', tax: '1.64' },
      { rate: '8.1', net: '271.85', tax: '22.02' },
    ]);
    // a line written later is discounted too: + 1 × 100.00 at 8.1 % → net 465.00 − 50.00 = 415.00
    ok(await postOrderLine(a, order.uuid, { title: 'Ventil', quantity: '1', unit_price: '100', tax: '8.1' }));
    // VAT 27.42 + 8.10 = 35.52 × 415/465 = 31.700… → 31.70
    expect(await record(a, `/orders/${order.uuid}`)).toMatchObject({
      net_total: '415.00',
      tax_total: '31.70',
      total: '446.70',
    });
  });

  it('warns when the discount is worth more than the lines, and leaves a net of zero', async () => {
    const order = await createOrder(a, { title: 'Zu viel' });
    await twoRates(a, order.uuid);
    const res = await patch(a, `/orders/${order.uuid}`, { discount_amount: '400' });
    expect(ok(res)).toMatchObject({ net_total: '0.00', tax_total: '0.00', total: '0.00', discount_total: '365.00' });
    const warnings = (res.body.meta as Meta | undefined)?.warnings;
    expect(warnings?.map((w) => w.field)).toEqual(['discount_amount']);
    expect(warnings?.[0]?.message).toContain('365.00');
  });

  it('is refused out of its bounds, and with another workspace’s discount', async () => {
    const order = await createOrder(a, { title: 'Grenzen' });
    for (const [field, value] of [
      ['discount', '101'],
      ['discount', '-1'],
      ['discount_amount', '-5'],
      ['discount_uuid', ids.foreign],
    ] as const) {
      const res = await patch(a, `/orders/${order.uuid}`, { [field]: value });
      expect(res.status, `${field} ${value}`).toBe(422);
      expect(Object.keys(res.body.errors!)).toEqual([field]);
    }
    expect((await record(a, `/orders/${order.uuid}`)).discount).toBeNull();
  });

  it('draws the discounted total on its budget; taking the discount back is refused by a stop budget', async () => {
    const budget = await createBudget(a, { amount: '360.00', exceeded_action: 'stop' });
    const order = await createOrder(a, { title: 'Im Budget', budget_uuid: budget.uuid, discount: '10' });
    // 392.42 would be more than the budget; 353.18 is not
    await twoRates(a, order.uuid);
    expect(await available(a, budget.uuid)).toBe('6.82');
    const res = await patch(a, `/orders/${order.uuid}`, { discount: null });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!)).toEqual(['discount']);
    expect(res.body.errors!.discount![0]).toContain('6.82');
    expect(await record(a, `/orders/${order.uuid}`)).toMatchObject({ discount: '10.000', total: '353.18' });
    // more discount draws less, and is never refused
    ok(await patch(a, `/orders/${order.uuid}`, { discount: '20' }));
    // 365.00 × 0.8 = 292.00; 27.42 × 0.8 = 21.936 → 21.94: 313.94
    expect(await available(a, budget.uuid)).toBe('46.06');
  });

  it('carries over to the bill made of the order, which comes to the order’s total', async () => {
    const budget = await createBudget(a, { amount: '1000.00', exceeded_action: 'stop' });
    const order = await createOrder(a, { title: 'Verrechnet', budget_uuid: budget.uuid, discount_uuid: ids.fifty });
    await twoRates(a, order.uuid);
    expect(await available(a, budget.uuid)).toBe('661.34');
    ok(await post(a.client, `/orders/${order.uuid}/done`));
    const res = await post(a.client, `/orders/${order.uuid}/bill`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const bill = await record(a, `/bills/${(res.body.meta as { bill_uuid: string }).bill_uuid}`);
    expect(bill).toMatchObject({
      discount_uuid: ids.fifty,
      discount_amount: '50.00',
      discount_total: '50.00',
      amount: '338.66',
      net_total: '315.00',
      tax_total: '23.66',
      payable_total: '338.65',
    });
    expect(await available(a, budget.uuid)).toBe('661.34');
  });
});

describe('a bill’s own discount', () => {
  it('comes off the net of its lines; a typed amount must be the discounted one', async () => {
    const bill = ok(await postBill(a, { title: 'Service', amount: '0' }));
    ok(await postExpense(a, bill.uuid, { quantity: '3', unit_price: '105', tax: '8.1' }));
    ok(await postExpense(a, bill.uuid, { quantity: '4', unit_price: '12.5', tax: '3.8' }));
    expect((await record(a, `/bills/${bill.uuid}`)).amount).toBe('392.42');
    const res = await patch(a, `/bills/${bill.uuid}`, { discount: '10' });
    expect(ok(res)).toMatchObject({
      amount: '353.18',
      net_total: '328.50',
      tax_total: '24.68',
      discount_total: '36.50',
    });
    const wrong = await patch(a, `/bills/${bill.uuid}`, { amount: '392.42' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors!.amount![0]).toContain('353.18');
    expect((await totalsOf('bills', bill.uuid)).rates).toEqual([
      { rate: '3.8', net: '45.00', tax: '1.71' },
      { rate: '8.1', net: '283.50', tax: '22.97' },
    ]);
  });

  it('on a bill without lines only says what the typed amount included', async () => {
    const bill = ok(await postBill(a, { title: 'Pauschal', amount: '108.10', tax: '8.1', discount: '10' }));
    expect(bill).toMatchObject({ amount: '108.10', net_total: '100.00', tax_total: '8.10', discount_total: null });
  });
});

describe('document discount rights', () => {
  it('answers 401 without a session and 404 for another workspace’s order', async () => {
    const order = await createOrder(a, { title: 'Fremd' });
    expect((await b.client.patch(`/orders/${order.uuid}`, { discount: '5' })).statusCode).toBe(404);
    expect((await b.client.get(`/orders/${order.uuid}/totals`)).statusCode).toBe(404);
    expect((await new Client(env.app).patch(`/orders/${order.uuid}`, { discount: '5' })).statusCode).toBe(401);
    expect((await record(a, `/orders/${order.uuid}`)).discount).toBeNull();
  });
});

describe('the migration', () => {
  it('gives a bill with lines and a discount its discounted amount, as the server computes it', async () => {
    const { db, upTo } = await databaseBefore('0040');
    const sg = '11111111-1111-4111-8111-111111111111';
    const p = '22222222-2222-4222-8222-222222222222';
    const [discounted, plain] = ['44444444-4444-4444-8444-444444444441', '44444444-4444-4444-8444-444444444442'];
    const lines = [
      { quantity: '3', unit_price: '105.00', discount: null, tax: '8.1' },
      { quantity: '4', unit_price: '12.50', discount: null, tax: '3.8' },
    ];
    const values = (bill: string) =>
      lines
        .map((l) => `('${sg}', '${p}', '${bill}', 'Linie', ${l.quantity}, ${l.unit_price}, ${l.tax}, ${lineTotal(l)})`)
        .join(', ');
    const before = documentTotals(lines, 'CHF');
    await db.exec(`insert into settings_groups (uuid, name) values ('${sg}', 'Eins');
      insert into properties (uuid, settings_group_uuid, name) values ('${p}', '${sg}', 'Haus');
      insert into bills (uuid, settings_group_uuid, property_uuid, title, amount, net_total, tax_total, payable_total,
        discount, currency) values
        ('${discounted}', '${sg}', '${p}', 'Mit Rabatt', ${before.total}, ${before.net_total}, ${before.tax_total},
          ${before.payable_total}, 10, 'CHF'),
        ('${plain}', '${sg}', '${p}', 'Ohne Rabatt', ${before.total}, ${before.net_total}, ${before.tax_total},
          ${before.payable_total}, null, 'CHF');
      insert into expenses (settings_group_uuid, property_uuid, bill_uuid, title, quantity, unit_price, tax, total)
        values ${values(discounted)}, ${values(plain)};`);
    await upTo('0041');
    const read = async (uuid: string) =>
      (
        await db.query<Record<string, string | null>>(
          `select amount::text, net_total::text, tax_total::text, payable_total::text, discount_total::text
           from bills where uuid = '${uuid}'`,
        )
      ).rows[0];
    const after = (discount: string | null) => {
      const t = documentTotals(lines, 'CHF', undefined, { discount });
      return {
        amount: t.total,
        net_total: t.net_total,
        tax_total: t.tax_total,
        payable_total: t.payable_total,
        discount_total: t.discount_total,
      };
    };
    expect(after('10')).toMatchObject({ amount: '353.18', payable_total: '353.20' });
    expect(await read(discounted)).toEqual(after('10'));
    expect(await read(plain)).toEqual(after(null));
    await db.close();
  }, 120_000);
});
