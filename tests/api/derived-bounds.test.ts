// Values at their bounds (docs/hostile-input.md): dates the database stores are checked against the years 1800 to
// 9999 at the edge, a list's cursor holds a real value of its sort field's type, and every value the server derives
// from inputs (contract and guarantee dates, line, order and bill totals, what a budget has drawn, a reading's
// consumption, a moved task series) is checked against its column before the write: a 422 naming the input that
// caused it, nothing written. Each of these once answered a 500.
// @both-databases: ranges the database enforces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsGroupMembers } from '../../server/db/schema';
import type { AnyEntity } from '../../src/entities/define';
import type { Field, FieldKind } from '../../src/entities/fields';
import { sortableFields } from '../../src/entities/list-rules';
import { entityList } from '../../src/entities/registry';
import { make, sampleValues, superuserContext, writerOf, type Context } from './factories';
import { createTestEnv, json, signedIn, type TestEnv } from './harness';
import { addDays, createTask, eventsOf, today, workspace, type Ws } from './planning-support';

let env: TestEnv;
let ws: Ws;
beforeAll(async () => {
  env = await createTestEnv();
  ws = await workspace(env);
});
afterAll(() => env.close());

type Rec = Record<string, unknown> & { uuid: string };
type Errors = { message: string; errors: Record<string, string[]> };

/** A 422 whose errors name exactly `fields`; returns the messages. */
function refused(res: { statusCode: number; body: string }, ...fields: string[]) {
  expect(res.statusCode, res.body).toBe(422);
  const body = JSON.parse(res.body) as Errors;
  expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
  return body.errors;
}

const created = async (url: string, body: Record<string, unknown>) => {
  const res = await ws.client.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: Rec }>(res).data;
};
const read = async (url: string) => json<{ data: Rec }>(await ws.client.get(url)).data;
const count = async (url: string) => json<{ meta: { total: number } }>(await ws.client.get(url)).meta.total;
const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const NIL = '00000000-0000-0000-0000-000000000000';

describe('the three requests that answered a 500', () => {
  it('a contract whose end date would pass 9999: a 422 on contract_duration, nothing written', async () => {
    const before = await count('/contracts?search=Bounds');
    const errors = refused(
      await ws.client.post('/contracts', {
        property_uuid: ws.property,
        title: 'Bounds',
        contract_start_date: '9999-12-01',
        contract_duration: 1200,
        notice_period: 120,
      }),
      'contract_duration',
    );
    expect(errors.contract_duration).toEqual([
      'Duration (months): with this value, Contract end would fall outside the years 1800 to 9999.',
    ]);
    expect(await count('/contracts?search=Bounds')).toBe(before);
  });

  it('a delegation dated in the year 0: a 422 on both dates, nothing written', async () => {
    const colleague = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: ws.settingsGroup, user_id: colleague.user.id, role: 'user' });
    const body = { settings_group_uuid: ws.settingsGroup, to_user_uuid: colleague.user.uuid };
    for (const [valid_from, valid_to] of [
      ['0000-01-01', '0000-01-02'],
      ['1799-12-31', '2026-01-01'],
      ['2026-01-01', '10000-01-01'],
      ['2026-02-30', '2026-03-01'],
    ]) {
      const res = await ws.client.post('/delegations', { ...body, valid_from, valid_to });
      expect(res.statusCode, res.body).toBe(422);
      const fields = Object.keys(json<Errors>(res).errors);
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.every((f) => f === 'valid_from' || f === 'valid_to')).toBe(true);
    }
    refused(
      await ws.client.post('/delegations', { ...body, valid_from: '0000-01-01', valid_to: '0000-01-02' }),
      'valid_from',
      'valid_to',
    );
    const listed = json<{ data: unknown[] }>(
      await ws.client.get(`/delegations?settings_group_uuid=${ws.settingsGroup}`),
    );
    expect(listed.data).toEqual([]);
    // the bounds themselves are days like any other
    const ok = await ws.client.post('/delegations', { ...body, valid_from: '1800-01-01', valid_to: '9999-12-31' });
    expect(ok.statusCode, ok.body).toBe(201);
    // removed again: one member's periods never overlap, and later tests of this file delegate in the same group
    const made = json<{ data: { uuid: string } }>(ok).data.uuid;
    expect((await ws.client.delete(`/delegations/${made}`)).statusCode).toBe(204);
  });

  it('a cursor holding an impossible day: a 422 on cursor', async () => {
    const cursor = enc({ v: '2024-02-31', u: NIL });
    refused(await ws.client.get(`/properties?sort_by=created_at&cursor=${cursor}`), 'cursor');
  });
});

/** Values no column of the kind holds, and one it does (the cursor's sort value). */
const badValues = {
  text: () => ['a\u0000b', 5, true, { a: 1 }],
  long_text: () => ['\uD800', 5],
  email: () => ['a\u0000@b.c', 5],
  phone: () => ['\u0000', 5],
  enum: () => ['x\u0000', 5, false],
  int: () => [2_147_483_648, -2_147_483_649, 1.5, '5', 1e308, true],
  decimal: () => ['1e5', '123456789012345', '1.123456', 'NaN', 12.5, '--1'],
  money: () => ['9999999999999.99', '1.123', 1500],
  area: () => ['99999999999.25', '1.001'],
  percent: () => ['99999', '1.0001'],
  geo: () => ['1000', '1.1234567'],
  bool: () => ['true', 1, 'false'],
  date: () => ['2024-02-31', '0000-01-01', '10000-01-01', '2023-02-29', '2024-13-01', 20240101, '2024-02-03T00:00:00Z'],
  datetime: () => ['2024-02-31T00:00:00Z', '0000-01-01T00:00:00Z', '2024-06-01T24:00:00Z', '2024-06-01', 1],
  ref: () => ['not-a-uuid', 'g0000000-0000-4000-8000-000000000000', 5],
  // never sorted by: no cursor value fits
  refs: () => [[], ['00000000-0000-4000-8000-000000000000'], 'x'],
  enums: () => [[], ['x'], 'x'],
  json: () => [{}, [], 'x'],
} satisfies { [K in FieldKind]: () => unknown[] };
const instants = ['2024-02-31T10:00:00.000Z', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '2024-02-30', 5];

// a cursor holds an instant as ISO 8601, whatever form the field travels in (`stamp`)
const goodValue = (field: Field) =>
  field.kind === 'ref'
    ? NIL
    : field.kind === 'datetime'
      ? '2026-03-15T10:00:00.000Z'
      : sampleValues[field.kind](field, 1);

describe('cursors hold a real value of the sort field, on every model', () => {
  it.each(entityList.map((e) => [e.name, e] as const))('%s', async (_name, entity: AnyEntity) => {
    const path = `/${entity.plural}`;
    // a superusers' table is listed by a superuser (the account mails' templates by nobody else)
    const own: Context = { client: ws.client, settingsGroup: ws.settingsGroup, made: new Map() };
    const { client } =
      entity.access === 'superusers' ? writerOf(entity, own, await superuserContext(env, ws.settingsGroup)) : own;
    for (const sortBy of sortableFields(entity)) {
      const field = Object.hasOwn(entity.fields, sortBy) ? entity.fields[sortBy]! : undefined;
      const bad = field ? badValues[field.kind]() : instants;
      // sorted by the default field, the cursor also holds the values of the default sort's next fields
      const then =
        sortBy === entity.defaultSort?.field && entity.defaultSort.then?.length
          ? { t: entity.defaultSort.then.map((name) => goodValue(entity.fields[name]!)) }
          : {};
      for (const v of bad) {
        const res = await client.get(`${path}?sort_by=${sortBy}&cursor=${enc({ v, u: NIL, ...then })}`);
        expect(res.statusCode, `${entity.name} ${sortBy} ${JSON.stringify(v)}: ${res.body}`).toBe(422);
        expect(Object.keys(json<Errors>(res).errors)).toEqual(['cursor']);
      }
      const good = field ? goodValue(field) : '2026-03-15T10:00:00.000Z';
      const fine = await client.get(`${path}?sort_by=${sortBy}&cursor=${enc({ v: good, u: NIL, ...then })}`);
      expect(fine.statusCode, `${entity.name} ${sortBy} ${JSON.stringify(good)}: ${fine.body}`).toBe(200);
      const badUuid = await client.get(`${path}?sort_by=${sortBy}&cursor=${enc({ v: good, u: 'x', ...then })}`);
      expect(badUuid.statusCode).toBe(422);
    }
  });

  it('the cursors the lists hand out are taken back, for every model and sort field', async () => {
    const ctx: Context = { client: ws.client, settingsGroup: ws.settingsGroup, made: new Map() };
    // a superusers' table is written and listed whole by a superuser
    const superuser = await superuserContext(env, ws.settingsGroup);
    for (const entity of entityList) {
      const w = writerOf(entity, ctx, superuser);
      await make(w, entity);
      await make(w, entity);
      for (const sortBy of sortableFields(entity)) {
        const url = `/${entity.plural}?per_page=1&sort_by=${sortBy}`;
        const first = json<{ meta: { next_cursor?: string } }>(await w.client.get(url));
        expect(first.meta.next_cursor, `${entity.name} ${sortBy}`).toBeDefined();
        const next = await w.client.get(`${url}&cursor=${first.meta.next_cursor}`);
        expect(next.statusCode, `${entity.name} ${sortBy}: ${next.body}`).toBe(200);
      }
    }
  }, 120_000);
});

describe('derived values at their bounds: a 422 naming the input, nothing written', () => {
  const contract = (body: Record<string, unknown>) =>
    ws.client.post('/contracts', { property_uuid: ws.property, title: 'Edge', ...body });

  it('contract dates: the end date, the latest cancellation date and a duration from a given end date', async () => {
    const before = await count('/contracts?search=Edge');
    refused(await contract({ contract_start_date: '9990-01-01', contract_duration: 1200 }), 'contract_duration');
    // the start is the input the write sets when the duration is the record's already
    const kept = await created('/contracts', {
      property_uuid: ws.property,
      title: 'Kept',
      contract_start_date: '9899-01-01',
      contract_duration: 1200,
    });
    const moved = await ws.client.patch(`/contracts/${kept.uuid}`, { contract_start_date: '9900-01-01' });
    expect(refused(moved, 'contract_start_date').contract_start_date).toEqual([
      'Contract start: with this value, Contract end would fall outside the years 1800 to 9999.',
    ]);
    expect((await read(`/contracts/${kept.uuid}`)).contract_start_date).toBe('9899-01-01');
    // end − notice before the year 1800
    const early = await contract({ contract_start_date: '1800-01-01', contract_duration: 1, notice_period: 120 });
    expect(refused(early, 'notice_period').notice_period).toEqual([
      'Notice period (months): with this value, Latest cancellation date would fall outside the years 1800 to 9999.',
    ]);
    // a given end date makes the duration: more than 1,200 months is more than the duration holds
    const long = await contract({
      contract_start_date: '1800-01-01',
      contract_duration: 1,
      contract_end_date: '9999-01-01',
    });
    expect(refused(long, 'contract_end_date').contract_end_date).toEqual([
      'Contract end: with this value, Duration (months) would be too large to store (at most 1200).',
    ]);
    expect(await count('/contracts?search=Edge')).toBe(before);
    // the last storable day is fine
    const last = await contract({ contract_start_date: '9899-12-31', contract_duration: 1200, notice_period: 120 });
    expect(last.statusCode, last.body).toBe(201);
    expect(json<{ data: Rec }>(last).data).toMatchObject({
      contract_end_date: '9999-12-31',
      latest_cancellation_date: '9989-12-29', // a Sunday rolled back to the Friday
    });
  });

  it('a bulk update gets the same check, per row', async () => {
    const row = await created('/contracts', {
      property_uuid: ws.property,
      title: 'Bulk edge',
      contract_start_date: '9999-01-01',
      contract_duration: 1,
    });
    const res = await ws.client.patch('/contracts', { rows: [{ uuid: row.uuid, contract_duration: 1200 }] });
    refused(res, 'rows.0.contract_duration');
    expect((await read(`/contracts/${row.uuid}`)).contract_duration).toBe(1);
  });

  it('extending a contract past 9999: a 422 on extension_period, no extension recorded', async () => {
    const c = await created('/contracts', {
      property_uuid: ws.property,
      title: 'Extend edge',
      contract_start_date: '9998-07-01',
      contract_duration: 12,
      notice_period: 3,
    });
    const res = await ws.client.post(`/contracts/${c.uuid}/extend`, { extension_period: 120 });
    expect(refused(res, 'extension_period').extension_period).toEqual([
      'Extension period (months): with this value, Contract end would fall outside the years 1800 to 9999.',
    ]);
    const after = await read(`/contracts/${c.uuid}`);
    expect(after).toMatchObject({ contract_end_date: '9999-07-01', status: 'active', contract_duration: 12 });
    expect(json<{ data: unknown[] }>(await ws.client.get(`/contracts/${c.uuid}/extensions`)).data).toEqual([]);
    expect((await ws.client.post(`/contracts/${c.uuid}/extend`, { extension_period: 5 })).statusCode).toBe(200);
  });

  it('a guarantee ending after 9999: a 422 on guarantee_duration', async () => {
    const guarantor = await created('/contacts', { settings_group_uuid: ws.settingsGroup, last_name: 'Garant' });
    const body = { property_uuid: ws.property, title: 'G edge', guarantor_uuid: guarantor.uuid };
    const before = await count('/guarantees?search=G%20edge');
    const errors = refused(
      await ws.client.post('/guarantees', { ...body, start_date: '9999-01-01', guarantee_duration: 600 }),
      'guarantee_duration',
    );
    expect(errors.guarantee_duration).toEqual([
      'Duration (months): with this value, End date would fall outside the years 1800 to 9999.',
    ]);
    expect(await count('/guarantees?search=G%20edge')).toBe(before);
    const g = await created('/guarantees', { ...body, start_date: '9999-01-01', guarantee_duration: 11 });
    expect(g.end_date).toBe('9999-12-01');
    refused(await ws.client.patch(`/guarantees/${g.uuid}`, { start_date: '9999-06-01' }), 'start_date');
    expect((await read(`/guarantees/${g.uuid}`)).start_date).toBe('9999-01-01');
  });

  it('order lines: the line total and the order total, on the input the write sets', async () => {
    const order = await created('/orders', { property_uuid: ws.property, title: 'Totals' });
    const line = { property_uuid: ws.property, order_uuid: order.uuid, title: 'L' };
    const huge = await ws.client.post('/order-lines', { ...line, quantity: '9999999999', unit_price: '99999.99' });
    expect(refused(huge, 'quantity').quantity).toEqual([
      'Quantity: with this value, Total would be too large to store (at most 999999999999.99).',
    ]);
    // a tax of 100 % doubles a total that fits without it
    refused(
      await ws.client.post('/order-lines', { ...line, quantity: '1', unit_price: '999999999999.99', tax: '100' }),
      'quantity',
    );
    const first = await created('/order-lines', { ...line, quantity: '9000000', unit_price: '99999.99' });
    // each line fits, their sum does not: the second line is refused, the order keeps its total
    const second = await ws.client.post('/order-lines', { ...line, quantity: '9000000', unit_price: '99999.99' });
    expect(refused(second, 'quantity').quantity).toEqual([
      'Quantity: with this value, Total (Order) would be too large to store (at most 999999999999.99).',
    ]);
    const small = await created('/order-lines', { ...line, quantity: '1', unit_price: '1' });
    // raising only the price names the price
    refused(await ws.client.patch(`/order-lines/${small.uuid}`, { unit_price: '999999999999.99' }), 'unit_price');
    expect((await read(`/order-lines/${small.uuid}`)).unit_price).toBe('1.00');
    expect((await read(`/orders/${order.uuid}`)).total).toBe('899999910001.00');
    expect(await count(`/order-lines?filter[order_uuid]=${order.uuid}`)).toBe(2);
    expect(first.total).toBe('899999910000.00');
  });

  it('expense lines: the bill amount, on the input the write sets', async () => {
    const bill = await created('/bills', { property_uuid: ws.property, title: 'Sum', amount: '0' });
    const line = { property_uuid: ws.property, bill_uuid: bill.uuid, title: 'E' };
    await created('/expenses', { ...line, quantity: '9000000', unit_price: '99999.99' });
    const second = await ws.client.post('/expenses', { ...line, quantity: '9000000', unit_price: '99999.99' });
    expect(refused(second, 'quantity').quantity).toEqual([
      'Quantity: with this value, Amount (Bill) would be too large to store (at most 999999999999.99).',
    ]);
    expect((await read(`/bills/${bill.uuid}`)).amount).toBe('899999910000.00');
    expect(await count(`/expenses?filter[bill_uuid]=${bill.uuid}`)).toBe(1);
  });

  it('what a budget has drawn stays within a money column, whatever its action', async () => {
    const budget = await created('/budgets', {
      property_uuid: ws.property,
      name: 'Edge budget',
      amount: '0',
      exceeded_action: 'ignore',
    });
    const orderOn = async () =>
      (await created('/orders', { property_uuid: ws.property, title: 'Drawing', budget_uuid: budget.uuid })).uuid;
    const line = (order: string) => ({
      property_uuid: ws.property,
      order_uuid: order,
      title: 'L',
      quantity: '9000000',
      unit_price: '99999.99',
    });
    await created('/order-lines', line(await orderOn()));
    const second = await orderOn();
    const res = await ws.client.post('/order-lines', line(second));
    expect(refused(res, 'unit_price').unit_price).toEqual([
      'Unit price: with this value, amount drawn on the budget would be too large to store (at most 999999999999.99).',
    ]);
    expect(await count(`/order-lines?filter[order_uuid]=${second}`)).toBe(0);
    const listed = await ws.client.get('/budgets?search=Edge%20budget');
    expect(listed.statusCode).toBe(200);
    expect(json<{ data: Rec[] }>(listed).data[0]!.available_amount).toBe('-899999910000.00');
  });

  it("a reading's consumption too large: a 422 on the reading's value, or on the counter's factor", async () => {
    const counter = await created('/counters', {
      property_uuid: ws.property,
      counter_id: 'EDGE-1',
      name: 'Edge meter',
      is_cumulative: true,
    });
    const reading = (at: string, value: string) =>
      ws.client.post('/measurements', {
        property_uuid: ws.property,
        counter_uuid: counter.uuid,
        measured_at: at,
        value,
      });
    expect((await reading('2026-01-01T00:00:00Z', '-9999999999.9999')).statusCode).toBe(201);
    const res = await reading('2026-02-01T00:00:00Z', '9999999999.9999');
    expect(refused(res, 'value').value).toEqual([
      'Value: with this value, Consumption would be too large to store (at most 9999999999.9999).',
    ]);
    expect(await count(`/measurements?filter[counter_uuid]=${counter.uuid}`)).toBe(1);
    expect((await reading('2026-02-01T00:00:00Z', '-9999999899.9999')).statusCode).toBe(201);
    // consumption 100 × a factor of a thousand million does not fit either
    const factor = await ws.client.patch(`/counters/${counter.uuid}`, { factor: '1000000000' });
    expect(refused(factor, 'factor').factor).toEqual([
      'Factor: with this value, Consumption (Measurement) would be too large to store (at most 9999999999.9999).',
    ]);
    expect((await read(`/counters/${counter.uuid}`)).factor).toBe('1.0000');
  });

  it('a task series moved past the years a task may have: a 422 on due_date, nothing moved', async () => {
    const task = await createTask(ws, { start_date: addDays(today(), 3), repeat_type: 'weekly', interval: 1 });
    const events = await eventsOf(ws, task.uuid);
    for (const [event, scope] of [
      [events[0]!, 'all'],
      [events[1]!, 'following'],
    ] as const) {
      const res = await ws.client.post(`/task-events/${event.uuid}/reschedule`, { due_date: '9999-12-31', scope });
      expect(refused(res, 'due_date').due_date).toEqual([
        'Due date: with this value, Start date (Task) would not be valid.',
      ]);
    }
    expect((await read(`/tasks/${task.uuid}`)).start_date).toBe(task.start_date);
    expect((await eventsOf(ws, task.uuid)).map((e) => e.due_date)).toEqual(events.map((e) => e.due_date));
  });
});
