// The catalogues order and bill lines pick, and the totals they make (docs/domain/calculations.md, "Document
// totals"; docs/domain/api.md, "Values filled from a picked record"): a tax rate's bounds and validity, an article
// filling a line's title, unit, price and tax, a discount its percentage or amount, a service rate a task's cost per
// hour; an order's net, VAT per rate, gross and payable total with several rates and discounts, worked by hand; a
// bill's without lines. The registry-driven files run the catalogues' CRUD, bulk, import and export.
// @both-databases: the totals, the fills and the overlap check in SQL on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { post, workspace, type Rec, type Ws } from './planning-support';
import { databaseBefore } from './migrations';
import { billOwnTotals, documentTotals, lineTotal } from '../../src/domain/money';

let env: TestEnv;
let a: Ws;
let b: Ws;
const ids: Record<string, string> = {};

const created = async (ws: Ws, url: string, body: Record<string, unknown>) => {
  const scope = ['/orders', '/order-lines', '/bills', '/expenses', '/tasks'].includes(url)
    ? { property_uuid: ws.property }
    : { settings_group_uuid: ws.settingsGroup };
  const res = await post(ws.client, url, { ...scope, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const read = async (url: string) => json<{ data: Rec }>(await a.client.get(url)).data;
const count = async (url: string) => json<{ data: Rec[] }>(await a.client.get(`${url}?per_page=500`)).data.length;

beforeAll(async () => {
  env = await createTestEnv();
  // in francs: its orders and bills are paid to 0.05
  a = await workspace(env, { currency: 'CHF' });
  b = await workspace(env, { currency: 'CHF' });
  ids.standard = (await created(a, '/taxes', { name: 'MWST Normalsatz', rate: '8.1', valid_from: '2024-01-01' })).uuid;
  ids.reduced = (await created(a, '/taxes', { name: 'MWST reduziert', rate: '2.6' })).uuid;
  ids.lodging = (await created(a, '/taxes', { name: 'MWST Beherbergung', rate: '3.8' })).uuid;
  ids.unit = (await created(a, '/units', { name: 'Stunde', symbol: 'h' })).uuid;
  ids.hour = (
    await created(a, '/articles', {
      number: 'A-100',
      title: 'Arbeitsstunde Monteur',
      unit_uuid: ids.unit,
      unit_price: '105.00',
      tax_uuid: ids.standard,
    })
  ).uuid;
  ids.filter = (await created(a, '/articles', { number: 'A-200', title: 'Filter F7', unit_price: '48.55' })).uuid;
  ids.tenPercent = (await created(a, '/discounts', { name: 'Rahmenvertrag', kind: 'percent', value: '10' })).uuid;
  ids.fifty = (await created(a, '/discounts', { name: 'Kulanz', kind: 'amount', value: '50' })).uuid;
  ids.foreignArticle = (await created(b, '/articles', { number: 'X-1', title: 'Fremd', unit_price: '1.00' })).uuid;
});
afterAll(() => env.close());

describe('tax rates', () => {
  it('refuses a rate above 100 % or below 0 %, and an end before the start', async () => {
    for (const rate of ['150', '-1']) {
      const res = await post(a.client, '/taxes', { settings_group_uuid: a.settingsGroup, name: 'X', rate });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors!)).toEqual(['rate']);
    }
    const res = await post(a.client, '/taxes', {
      settings_group_uuid: a.settingsGroup,
      name: 'Y',
      rate: '1',
      valid_from: '2025-01-01',
      valid_to: '2024-12-31',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!)).toEqual(['valid_to']);
  });

  it('refuses a second rate of one tax for an overlapping period, and takes one that follows it', async () => {
    const before = await count('/taxes');
    const overlapping = await post(a.client, '/taxes', {
      settings_group_uuid: a.settingsGroup,
      name: ' mwst normalsatz ',
      rate: '8.5',
      valid_from: '2030-01-01',
    });
    expect(overlapping.status).toBe(422);
    expect(overlapping.body.errors!.valid_from![0]).toContain('MWST Normalsatz');
    // the old rate, ending the day before the current one starts
    await created(a, '/taxes', {
      name: 'MWST Normalsatz',
      rate: '7.7',
      valid_from: '2018-01-01',
      valid_to: '2023-12-31',
    });
    // moving its end into the current rate's period overlaps
    const old = json<{ data: Rec[] }>(await a.client.get('/taxes?filter[rate]=7.7')).data[0]!;
    const moved = await a.client.patch(`/taxes/${old.uuid}`, { valid_to: '2024-06-30' });
    expect(moved.statusCode).toBe(422);
    expect(await count('/taxes')).toBe(before + 1);
  });
});

describe('a line picked from the catalogues', () => {
  let order: Rec;
  beforeAll(async () => {
    order = await created(a, '/orders', { title: 'Service Lüftung' });
  });

  it('takes an article’s title, unit, price and tax, and its own values win', async () => {
    const line = await created(a, '/order-lines', { order_uuid: order.uuid, article_uuid: ids.hour, quantity: '3' });
    expect(line).toMatchObject({
      title: 'Arbeitsstunde Monteur',
      unit_uuid: ids.unit,
      unit_price: '105.00',
      tax_uuid: ids.standard,
      tax: '8.100',
      total: '340.52', // 315.00 × 1.081 = 340.515
    });
    const own = await created(a, '/order-lines', {
      order_uuid: order.uuid,
      article_uuid: ids.hour,
      quantity: '1',
      title: 'Pikettstunde',
      unit_price: '150',
    });
    expect(own).toMatchObject({ title: 'Pikettstunde', unit_price: '150.00', tax: '8.100' });
    await a.client.delete(`/order-lines/${own.uuid}`);
  });

  it('takes the picked article’s values again when the line picks another', async () => {
    const line = await created(a, '/order-lines', { order_uuid: order.uuid, article_uuid: ids.hour, quantity: '1' });
    const res = await a.client.patch(`/order-lines/${line.uuid}`, { article_uuid: ids.filter });
    expect(res.statusCode, res.body).toBe(200);
    // the filter has no tax of its own: the line's tax goes with the article it left
    expect(json<{ data: Rec }>(res).data).toMatchObject({ title: 'Filter F7', unit_price: '48.55', tax_uuid: null });
    await a.client.delete(`/order-lines/${line.uuid}`);
  });

  it('refuses a new pick that would leave a required value empty (an article without a price)', async () => {
    const line = await created(a, '/order-lines', { order_uuid: order.uuid, article_uuid: ids.hour, quantity: '1' });
    const free = await created(a, '/articles', { number: 'A-999', title: 'Ohne Preis' });
    const res = await a.client.patch(`/order-lines/${line.uuid}`, { article_uuid: free.uuid });
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(res).errors).toEqual({ unit_price: ['Unit price is required.'] });
    expect(await read(`/order-lines/${line.uuid}`)).toMatchObject({ article_uuid: ids.hour, unit_price: '105.00' });
    await a.client.delete(`/order-lines/${line.uuid}`);
  });

  it('keeps its rate when the tax rate changes later (a change applies to new lines only)', async () => {
    const line = await created(a, '/order-lines', {
      order_uuid: order.uuid,
      title: 'Zuschlag',
      quantity: '1',
      unit_price: '5',
    });
    expect(line.tax).toBeNull();
    const res = await a.client.patch(`/order-lines/${line.uuid}`, { unit_price: '10', tax_uuid: ids.lodging });
    expect(json<{ data: Rec }>(res).data).toMatchObject({ tax: '3.800', total: '10.38' });
    await a.client.patch(`/taxes/${ids.lodging}`, { rate: '4.0' });
    expect(await read(`/order-lines/${line.uuid}`)).toMatchObject({ tax: '3.800', total: '10.38' });
    await a.client.patch(`/taxes/${ids.lodging}`, { rate: '3.8' });
    await a.client.delete(`/order-lines/${line.uuid}`);
  });

  it('is refused without a title or price when it picks no article, and with another workspace’s article', async () => {
    const before = await count('/order-lines');
    const bare = await post(a.client, '/order-lines', { property_uuid: a.property, order_uuid: order.uuid });
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.errors!).sort()).toEqual(['quantity', 'title', 'unit_price']);
    const foreign = await post(a.client, '/order-lines', {
      property_uuid: a.property,
      order_uuid: order.uuid,
      article_uuid: ids.foreignArticle,
      quantity: '1',
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors!)).toContain('article_uuid');
    expect(await count('/order-lines')).toBe(before);
  });

  it('fills the rows of a paste (bulk create) the same way, a row without article or title refused by name', async () => {
    const res = await a.client.post('/order-lines/bulk', {
      rows: [
        { property_uuid: a.property, order_uuid: order.uuid, article_uuid: ids.filter, quantity: '2' },
        { property_uuid: a.property, order_uuid: order.uuid, quantity: '1' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors).sort()).toEqual([
      'rows.1.title',
      'rows.1.unit_price',
    ]);
    const ok = await a.client.post('/order-lines/bulk', {
      rows: [{ property_uuid: a.property, order_uuid: order.uuid, article_uuid: ids.filter, quantity: '2' }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const made = json<{ data: Rec[] }>(
      await a.client.get(`/order-lines?filter[order_uuid]=${order.uuid}&filter[article_uuid]=${ids.filter}`),
    ).data;
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ title: 'Filter F7', unit_price: '48.55', total: '97.10' });
    await a.client.delete(`/order-lines/${made[0]!.uuid}`);
  });

  it('refuses a discount amount larger than the line', async () => {
    const res = await post(a.client, '/order-lines', {
      property_uuid: a.property,
      order_uuid: order.uuid,
      title: 'Klein',
      quantity: '1',
      unit_price: '20',
      discount_amount: '25',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors!)).toEqual(['discount_amount']);
  });
});

describe('an order’s totals', () => {
  it('gives net, VAT per rate, gross and the amount payable, worked by hand', async () => {
    const order = await created(a, '/orders', { title: 'Sanierung Bad' });
    const line = (body: Record<string, unknown>) => created(a, '/order-lines', { order_uuid: order.uuid, ...body });
    // 3 × 105.00 at 8.1 %: net 315.00, gross 340.515 → 340.52
    await line({ article_uuid: ids.hour, quantity: '3' });
    // 2 × 48.55 less 10 % at 2.6 %: net 87.39, gross 89.66214 → 89.66
    await line({ article_uuid: ids.filter, quantity: '2', discount_uuid: ids.tenPercent, tax_uuid: ids.reduced });
    // 1 × 200.00 less CHF 50 at 8.1 %: net 150.00, gross 162.15
    await line({
      title: 'Material',
      quantity: '1',
      unit_price: '200',
      discount_uuid: ids.fifty,
      tax_uuid: ids.standard,
    });
    // 4 × 12.50 at 3.8 %: net 50.00, gross 51.90
    await line({ title: 'Übernachtung', quantity: '4', unit_price: '12.5', tax_uuid: ids.lodging });
    const totals = await read(`/orders/${order.uuid}`);
    // net 315.00 + 87.39 + 150.00 + 50.00; gross 340.52 + 89.66 + 162.15 + 51.90; paid to 0.05 as a franc is
    expect(totals).toMatchObject({
      net_total: '602.39',
      tax_total: '41.84',
      total: '644.23',
      payable_total: '644.25',
    });
    const rates = json<{ data: { rates: unknown[] } }>(await a.client.get(`/orders/${order.uuid}/totals`)).data;
    expect(rates).toMatchObject({
      net_total: '602.39',
      tax_total: '41.84',
      total: '644.23',
      payable_total: '644.25',
      rates: [
        { rate: '2.6', net: '87.39', tax: '2.27' },
        { rate: '3.8', net: '50.00', tax: '1.90' },
        { rate: '8.1', net: '465.00', tax: '37.67' },
      ],
    });
    // a euro total is paid to the cent
    const eur = await a.client.patch(`/orders/${order.uuid}`, { currency: 'EUR' });
    expect(json<{ data: Rec }>(eur).data).toMatchObject({ total: '644.23', payable_total: '644.23' });
  });
});

describe('a bill’s totals', () => {
  it('splits an amount typed with its tax rate, and pays a franc total to 0.05', async () => {
    const bill = await created(a, '/bills', { title: 'Heizöl', amount: '108.10', tax: '8.1' });
    expect(bill).toMatchObject({ net_total: '100.00', tax_total: '8.10', payable_total: '108.10' });
    const res = await a.client.patch(`/bills/${bill.uuid}`, { amount: '10.02' });
    expect(json<{ data: Rec }>(res).data).toMatchObject({
      net_total: '9.27',
      tax_total: '0.75',
      payable_total: '10.00',
    });
  });

  it('pays the largest amount a bill holds rounded down, not past what it can store', async () => {
    const bill = await created(a, '/bills', { title: 'Gross', amount: '999999999999.99' });
    expect(bill.payable_total).toBe('999999999999.95');
  });

  it('takes its lines’ net and tax once it has lines, and its own split again without them', async () => {
    const bill = await created(a, '/bills', { title: 'Service', amount: '0' });
    const l1 = await created(a, '/expenses', { bill_uuid: bill.uuid, article_uuid: ids.hour, quantity: '2' });
    await created(a, '/expenses', { bill_uuid: bill.uuid, article_uuid: ids.filter, quantity: '1' });
    // 210.00 at 8.1 % → 227.01; 48.55 without tax
    expect(await read(`/bills/${bill.uuid}`)).toMatchObject({
      amount: '275.56',
      net_total: '258.55',
      tax_total: '17.01',
    });
    expect(l1.total).toBe('227.01');
  });
});

describe('a task costed at a service rate', () => {
  it('takes the rate’s cost per hour, and keeps its own', async () => {
    const rate = await created(a, '/service-rates', { name: 'Techniker', cost_per_hour: '105' });
    const task = await created(a, '/tasks', {
      title: 'Wartung',
      start_date: '2030-01-07',
      service_rate_uuid: rate.uuid,
      workload: '2',
    });
    expect(task.cost_per_hour).toBe('105.00');
    const own = await created(a, '/tasks', {
      title: 'Wartung Spezial',
      start_date: '2030-01-07',
      service_rate_uuid: rate.uuid,
      cost_per_hour: '130',
    });
    expect(own.cost_per_hour).toBe('130.00');
  });
});

describe('a task event costed at its own service rate', () => {
  it('takes the rate’s cost per hour, and the workload costs its hours at it', async () => {
    const month = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 1)).toISOString().slice(0, 7);
    const rate = await created(a, '/service-rates', { name: 'Spezialist', cost_per_hour: '150' });
    const task = await created(a, '/tasks', {
      title: 'Einmalige Prüfung',
      start_date: `${month}-10`,
      workload: '2',
      cost_per_hour: '100',
    });
    const [event] = json<{ data: Rec[] }>(await a.client.get(`/task-events?filter[task_uuid]=${task.uuid}`)).data;
    const url = `/tasks/workload?from=${month}&months=1&settings_group_uuid=${a.settingsGroup}`;
    const cost = async () => json<{ data: { cost: string }[] }>(await a.client.get(url)).data.map((r) => r.cost);
    expect(await cost()).toEqual(['200.00']); // 2 h × 100
    const res = await a.client.patch(`/task-events/${event!.uuid}`, { service_rate_uuid: rate.uuid });
    expect(json<{ data: Rec }>(res).data.cost_per_hour).toBe('150.00');
    expect(await cost()).toEqual(['300.00']); // 2 h × 150, the event's own
  });
});

describe('catalogue rights', () => {
  it('answers 401 without a session and 404 for another workspace’s record', async () => {
    const anonymous = new Client(env.app);
    expect((await anonymous.get('/taxes')).statusCode).toBe(401);
    expect((await a.client.get(`/articles/${ids.foreignArticle}`)).statusCode).toBe(404);
    expect((await a.client.get(`/orders/${crypto.randomUUID()}/totals`)).statusCode).toBe(404);
  });
});

describe('the migration', () => {
  it('gives the orders and bills there are the totals the server computes', async () => {
    const { db, upTo } = await databaseBefore('0036');
    const sg = '11111111-1111-4111-8111-111111111111';
    const p = '22222222-2222-4222-8222-222222222222';
    const [chf, eur, typed, withLines] = [
      '33333333-3333-4333-8333-333333333331',
      '33333333-3333-4333-8333-333333333332',
      '44444444-4444-4444-8444-444444444441',
      '44444444-4444-4444-8444-444444444442',
    ];
    const lines = [
      { quantity: '3', unit_price: '105.00', discount: null, tax: '8.1' },
      { quantity: '2', unit_price: '48.55', discount: '10', tax: '2.6' },
    ];
    const values = (parent: string, column: string) =>
      lines
        .map(
          (l) =>
            `('${sg}', '${p}', '${parent}', 'Linie', ${l.quantity}, ${l.unit_price}, ${l.discount ?? 'null'}, ${l.tax},
              ${lineTotal(l)})`,
        )
        .join(', ')
        .replace(
          /^/,
          `(settings_group_uuid, property_uuid, ${column}, title, quantity, unit_price, discount, tax, total) values `,
        );
    await db.exec(`insert into settings_groups (uuid, name) values ('${sg}', 'Eins');
      insert into properties (uuid, settings_group_uuid, name) values ('${p}', '${sg}', 'Haus');
      insert into orders (uuid, settings_group_uuid, property_uuid, title, currency, total) values
        ('${chf}', '${sg}', '${p}', 'In Franken', 'CHF', 430.18), ('${eur}', '${sg}', '${p}', 'In Euro', 'EUR', 430.18);
      insert into order_lines ${values(chf, 'order_uuid')};
      insert into order_lines ${values(eur, 'order_uuid')};
      insert into bills (uuid, settings_group_uuid, property_uuid, title, amount, tax, currency) values
        ('${typed}', '${sg}', '${p}', 'Ohne Linien', 10.02, 8.1, 'CHF'),
        ('${withLines}', '${sg}', '${p}', 'Mit Linien', 430.18, null, 'CHF');
      insert into expenses ${values(withLines, 'bill_uuid')};`);
    await upTo('0037');
    const read = async (table: string, uuid: string) =>
      (
        await db.query<Record<string, string>>(
          `select net_total::text, tax_total::text, payable_total::text from ${table} where uuid = '${uuid}'`,
        )
      ).rows[0];
    const of = (currency: string) => {
      const { net_total, tax_total, payable_total } = documentTotals(lines, currency);
      return { net_total, tax_total, payable_total };
    };
    // 340.52 + 89.66 = 430.18; nets 315.00 + 87.39
    expect(of('CHF')).toEqual({ net_total: '402.39', tax_total: '27.79', payable_total: '430.20' });
    expect(await read('orders', chf)).toEqual(of('CHF'));
    expect(await read('orders', eur)).toEqual(of('EUR'));
    expect(await read('bills', withLines)).toEqual(of('CHF'));
    expect(await read('bills', typed)).toEqual(billOwnTotals({ amount: '10.02', tax: '8.1', currency: 'CHF' }));
    await db.close();
  }, 120_000);
});
