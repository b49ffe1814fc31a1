// The deadline calendar's API: task events, ticket and order due dates in one query over the caller's scope and
// the selected context, the undated tray, the cap; the per-user ICS feed parsed by ical.js; the facility archive
// cascade to related tasks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { addDays, createTask, post, today, workspace, type Rec, type Ws } from './planning-support';
import { pdf, uploadDocument } from './uploads';

let env: TestEnv;
let a: Ws;
let b: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
});
afterAll(() => env.close());

type Item = {
  id: string;
  kind: string;
  uuid: string;
  title: string;
  date: string | null;
  status: string;
  overdue: boolean;
  series: boolean;
  task_uuid?: string;
  field?: string;
  owner_uuid?: string;
  locked_reason?: string;
  links: Record<string, string>;
};
const items = async (ws: Ws, query: string) =>
  json<{ data: Item[]; meta: { truncated: boolean; limit: number } }>(await ws.client.get(`/calendar/events?${query}`));

describe('calendar events', () => {
  it('lists task events, tickets and orders of a period together, in the caller scope', async () => {
    const from = today();
    const to = addDays(today(), 30);
    const task = await createTask(a, { title: 'Filter change', repeat_type: 'weekly', start_date: from });
    const ticket = (
      await post(a.client, '/tickets', { property_uuid: a.property, subject: 'Boiler', due_date: addDays(from, 3) })
    ).body.data;
    const order = (
      await post(a.client, '/orders', { property_uuid: a.property, title: 'Pump', due_date: addDays(from, -2) })
    ).body.data;
    const res = await items(a, `from=${addDays(from, -5)}&to=${to}`);
    const kinds = new Set(res.data.map((i) => i.kind));
    expect(kinds).toEqual(new Set(['task_event', 'ticket', 'order']));
    const ev = res.data.find((i) => i.kind === 'task_event')!;
    expect(ev).toMatchObject({ title: 'Filter change', series: true, task_uuid: task.uuid, status: 'open' });
    expect(ev.links.reschedule).toBe(`/api/v1/task-events/${ev.uuid}/reschedule`);
    expect(res.data.find((i) => i.uuid === ticket.uuid)).toMatchObject({
      title: `${ticket.number} Boiler`,
      date: addDays(from, 3),
      overdue: false,
    });
    expect(res.data.find((i) => i.uuid === order.uuid)).toMatchObject({
      id: `order:${order.uuid}`,
      overdue: true,
      links: { self: `/api/v1/orders/${order.uuid}`, reschedule: `/api/v1/orders/${order.uuid}` },
    });
    const dates = res.data.map((i) => i.date!);
    expect([...dates].sort()).toEqual(dates);
    expect(res.meta).toEqual({ truncated: false, limit: 5000 });
    expect((await items(b, `from=${from}&to=${to}`)).data).toHaveLength(0);
  });

  it('honours kinds, the selected property and settings group', async () => {
    const ws = await workspace(env);
    const other = json<{ data: Rec }>(
      await ws.client.post('/properties', { settings_group_uuid: ws.settingsGroup, name: 'Other' }),
    ).data;
    await createTask(ws, { repeat_type: 'singular', start_date: today() });
    await post(ws.client, '/tickets', { property_uuid: other.uuid, subject: 'Elsewhere', due_date: today() });
    const q = `from=${today()}&to=${today()}`;
    expect((await items(ws, q)).data).toHaveLength(2);
    expect((await items(ws, `${q}&kinds[]=ticket`)).data.map((i) => i.title)).toEqual(['T-00001 Elsewhere']);
    expect((await items(ws, `${q}&property_uuids[]=${ws.property}`)).data.map((i) => i.kind)).toEqual(['task_event']);
    expect((await items(ws, `${q}&settings_group_uuid=${a.settingsGroup}`)).data).toHaveLength(0);
  });

  it('refuses bad periods and kinds with a 422', async () => {
    for (const q of [
      'from=2026-01-01',
      'from=2026-02-01&to=2026-01-01',
      'from=2026-01-01&to=2028-01-01',
      'from=2026-01-01&to=2026-01-31&kinds[]=contract',
      'from=2026-01-32&to=2026-02-01',
    ])
      expect((await a.client.get(`/calendar/events?${q}`)).statusCode, q).toBe(422);
  });

  it('caps the reply and says so', async () => {
    const ws = await workspace(env);
    await createTask(ws, { repeat_type: 'daily', start_date: today() });
    const res = await items(ws, `from=${today()}&to=${addDays(today(), 360)}`);
    expect(res.data.length).toBeLessThanOrEqual(5000);
    expect(res.meta.truncated).toBe(false);
    const { calendarItems } = await import('../../server/services/calendar.service');
    const access = {
      user: ws.user,
      roles: new Map([[ws.settingsGroup, 'admin' as const]]),
      groups: [ws.settingsGroup],
    };
    const capped = await calendarItems(
      env.app.ctx,
      access as never,
      { from: today(), to: addDays(today(), 360) },
      true,
      100,
    );
    expect(capped.data).toHaveLength(100);
    expect(capped.meta).toEqual({ truncated: true, limit: 100 });
  });

  it('the undated tray lists open tickets and orders without a due date', async () => {
    const ws = await workspace(env);
    const t = (await post(ws.client, '/tickets', { property_uuid: ws.property, subject: 'Someday' })).body.data;
    await post(ws.client, '/tickets', { property_uuid: ws.property, subject: 'Dated', due_date: today() });
    const done = (await post(ws.client, '/orders', { property_uuid: ws.property, title: 'Closed' })).body.data;
    await post(ws.client, `/orders/${done.uuid}/cancel`);
    const tray = json<{ data: Item[] }>(await ws.client.get('/calendar/undated')).data;
    expect(tray.map((i) => i.uuid)).toEqual([t.uuid]);
    expect(tray[0]!.date).toBeNull();
  });

  it('401 without a session', async () => {
    const anon = new Client(env.app);
    expect((await anon.get(`/calendar/events?from=${today()}&to=${today()}`)).statusCode).toBe(401);
    expect((await anon.get('/calendar/undated')).statusCode).toBe(401);
    expect((await anon.get('/user/calendar-feed')).statusCode).toBe(401);
    await anon.csrf();
    expect((await anon.post('/user/calendar-feed/reset')).statusCode).toBe(401);
  });
});

describe('ICS feed', () => {
  it('serves the caller items to a standard parser; reset kills the old URL at once', async () => {
    const ws = await workspace(env);
    const task = await createTask(ws, {
      title: 'Filter change; roof, north',
      repeat_type: 'monthly',
      start_date: today(),
    });
    await post(ws.client, '/tickets', {
      property_uuid: ws.property,
      subject: 'Boiler broken',
      due_date: addDays(today(), 2),
    });
    const { url } = json<{ data: { url: string } }>(await ws.client.get('/user/calendar-feed')).data;
    expect(url).toMatch(/^http:\/\/hauswerk\.test\/api\/v1\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(json<{ data: { url: string } }>(await ws.client.get('/user/calendar-feed')).data.url).toBe(url);
    const path = new URL(url).pathname;
    const res = await new Client(env.app).get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const cal = new ICAL.Component(ICAL.parse(res.body));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.length).toBeGreaterThanOrEqual(13);
    const summaries = new Set(events.map((e) => e.summary));
    expect(summaries).toEqual(new Set(['Filter change; roof, north', 'T-00001 Boiler broken']));
    const ticket = events.find((e) => e.summary.startsWith('T-00001'))!;
    expect(ticket.startDate.isDate).toBe(true);
    expect(ticket.startDate.toString()).toBe(addDays(today(), 2));
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    const taskEvent = events.find((e) => e.summary.startsWith('Filter'))!;
    expect(String(taskEvent.component.getFirstPropertyValue('url'))).toBe(`http://hauswerk.test/tasks/${task.uuid}`);

    const reset = json<{ data: { url: string } }>(await ws.client.post('/user/calendar-feed/reset')).data.url;
    expect(reset).not.toBe(url);
    const old = await new Client(env.app).get(path);
    expect(old.statusCode).toBe(404);
    expect(old.body).toBe((await new Client(env.app).get(`/calendar-feed/${'C'.repeat(43)}.ics`)).body);
    expect((await new Client(env.app).get(new URL(reset).pathname)).statusCode).toBe(200);
    const other = await new Client(env.app).get(
      new URL(json<{ data: { url: string } }>(await b.client.get('/user/calendar-feed')).data.url).pathname,
    );
    expect(other.body).not.toContain('Boiler broken');
  });
});

/** One record of every record date kind in `ws`, dated within the next 90 days. */
async function recordDates(ws: Ws, label = 'A') {
  const created = async (url: string, body: Record<string, unknown>) => {
    const res = await post(ws.client, url, body);
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const contact = await created('/contacts', { settings_group_uuid: ws.settingsGroup, last_name: 'Zwicky' });
  const partition = await created('/partitions', { property_uuid: ws.property, name: `Wohnung ${label}` });
  const contract = await created('/contracts', {
    property_uuid: ws.property,
    title: `Lift ${label}`,
    contract_start_date: addDays(today(), -300),
    contract_end_date: addDays(today(), 80),
    notice_period: 1,
  });
  const guarantee = await created('/guarantees', {
    property_uuid: ws.property,
    title: `Garantie ${label}`,
    guarantor_uuid: contact.uuid,
    start_date: addDays(today(), -700),
    guarantee_duration: 24,
  });
  const counter = await created('/counters', {
    property_uuid: ws.property,
    counter_id: `E-${label}`,
    name: 'Strom',
    next_verification_date: addDays(today(), 10),
  });
  const tenancy = await created('/tenancies', {
    property_uuid: ws.property,
    partition_uuid: partition.uuid,
    contact_uuid: contact.uuid,
    start_date: addDays(today(), -100),
    end_date: addDays(today(), 20),
  });
  const facility = await created('/facilities', {
    property_uuid: ws.property,
    name: `Heizung ${label}`,
    renewal_date: addDays(today(), 30),
  });
  const upload = await uploadDocument(
    ws.client,
    { model_name: 'property', model_uuid: ws.property, valid_to: addDays(today(), 40) },
    { name: `plan-${label}.pdf`, data: pdf(label) },
  );
  const document = json<{ data: Rec | Rec[] }>(upload).data;
  return {
    contract,
    guarantee,
    counter,
    tenancy,
    facility,
    partition,
    document: (Array.isArray(document) ? document[0] : document)!,
  };
}

describe('record dates in the calendar', () => {
  it('lists every record date kind of the period, in the caller scope, with its link and whether it moves', async () => {
    const ws = await workspace(env);
    const other = await workspace(env);
    const r = await recordDates(ws);
    await recordDates(other, 'B');
    expect(r.guarantee.end_date! > today()).toBe(true);
    const res = await items(ws, `from=${addDays(today(), -10)}&to=${addDays(today(), 90)}`);
    const byKind = new Map(res.data.map((i) => [i.kind, i]));
    expect([...byKind.keys()].sort()).toEqual([
      'contract_cancellation',
      'contract_end',
      'counter_verification',
      'document_valid_to',
      'facility_renewal',
      'guarantee_end',
      'tenancy_end',
    ]);
    expect(res.data).toHaveLength(7);
    expect(byKind.get('contract_end')).toMatchObject({
      uuid: r.contract.uuid,
      title: 'Lift A',
      date: addDays(today(), 80),
      field: 'contract_end_date',
      overdue: false,
      links: { self: `/api/v1/contracts/${r.contract.uuid}`, reschedule: `/api/v1/contracts/${r.contract.uuid}` },
    });
    const cancellation = byKind.get('contract_cancellation')!;
    expect(cancellation).toMatchObject({
      date: r.contract.latest_cancellation_date,
      locked_reason: 'computed_cancellation',
    });
    expect(cancellation.links.reschedule).toBeUndefined();
    const guarantee = byKind.get('guarantee_end')!;
    expect(guarantee).toMatchObject({
      uuid: r.guarantee.uuid,
      date: r.guarantee.end_date,
      locked_reason: 'computed_guarantee_end',
    });
    expect(guarantee.links.reschedule).toBeUndefined();
    expect(byKind.get('counter_verification')).toMatchObject({ title: 'E-A Strom', date: addDays(today(), 10) });
    expect(byKind.get('tenancy_end')).toMatchObject({
      title: 'Wohnung A – Zwicky',
      owner_uuid: r.partition.uuid,
      links: { reschedule: `/api/v1/tenancies/${r.tenancy.uuid}` },
    });
    expect(byKind.get('document_valid_to')).toMatchObject({ uuid: r.document.uuid, date: addDays(today(), 40) });
    expect(byKind.get('facility_renewal')).toMatchObject({ title: 'Heizung A', date: addDays(today(), 30) });
    // out of range, another kind only, another workspace, archived
    expect((await items(ws, `from=${addDays(today(), 100)}&to=${addDays(today(), 200)}`)).data).toHaveLength(0);
    const only = await items(ws, `from=${today()}&to=${addDays(today(), 90)}&kinds[]=guarantee_end`);
    expect(only.data.map((i) => i.uuid)).toEqual([r.guarantee.uuid]);
    expect(
      (await items(ws, `from=${today()}&to=${addDays(today(), 90)}&settings_group_uuid=${other.settingsGroup}`)).data,
    ).toHaveLength(0);
    expect(res.data.some((i) => i.title.endsWith('B'))).toBe(false);
    expect((await ws.client.post(`/facilities/${r.facility.uuid}/archive`)).statusCode).toBe(200);
    const after = await items(ws, `from=${addDays(today(), -10)}&to=${addDays(today(), 90)}`);
    expect(after.data.map((i) => i.kind)).not.toContain('facility_renewal');
  });

  it('moves a movable date by PATCH with If-Match; a computed one offers no move and refuses the write', async () => {
    const ws = await workspace(env);
    const r = await recordDates(ws);
    const current = json<{ data: Rec }>(await ws.client.get(`/counters/${r.counter.uuid}`)).data;
    const moved = await ws.client.request(
      'PATCH',
      `/counters/${r.counter.uuid}`,
      { next_verification_date: addDays(today(), 12) },
      { 'If-Match': `"${String(current.updated_at)}"` },
    );
    expect(moved.statusCode).toBe(200);
    const q = `from=${today()}&to=${addDays(today(), 90)}&kinds[]=counter_verification`;
    expect((await items(ws, q)).data[0]!.date).toBe(addDays(today(), 12));
    const g = json<{ data: Rec }>(await ws.client.get(`/guarantees/${r.guarantee.uuid}`)).data;
    await ws.client.request(
      'PATCH',
      `/guarantees/${r.guarantee.uuid}`,
      { end_date: addDays(today(), 5) },
      { 'If-Match': `"${String(g.updated_at)}"` },
    );
    expect(json<{ data: Rec }>(await ws.client.get(`/guarantees/${r.guarantee.uuid}`)).data.end_date).toBe(
      r.guarantee.end_date,
    );
  });

  it('the ICS feed holds the record dates', async () => {
    const ws = await workspace(env);
    const r = await recordDates(ws, 'C');
    const { url } = json<{ data: { url: string } }>(await ws.client.get('/user/calendar-feed')).data;
    const res = await new Client(env.app).get(new URL(url).pathname);
    const cal = new ICAL.Component(ICAL.parse(res.body));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const categories = new Set(events.map((e) => String(e.component.getFirstPropertyValue('categories'))));
    expect(categories).toEqual(
      new Set([
        'CONTRACT_CANCELLATION',
        'CONTRACT_END',
        'GUARANTEE_END',
        'COUNTER_VERIFICATION',
        'TENANCY_END',
        'DOCUMENT_VALID_TO',
        'FACILITY_RENEWAL',
      ]),
    );
    const guarantee = events.find((e) => e.summary === 'Garantie C')!;
    expect(guarantee.startDate.toString()).toBe(r.guarantee.end_date);
    expect(String(guarantee.component.getFirstPropertyValue('url'))).toBe(
      `http://hauswerk.test/guarantees/${r.guarantee.uuid}`,
    );
    const tenancy = events.find((e) => e.summary === 'Wohnung C – Zwicky')!;
    expect(String(tenancy.component.getFirstPropertyValue('url'))).toBe(
      `http://hauswerk.test/partitions/${r.partition.uuid}`,
    );
  });
});

describe('bill due dates in the calendar', () => {
  // only open bills: a paid or cancelled bill's due date is no deadline any more (docs/domain/planning.md)
  it('lists open bills by due date (overdue before today), moves one by PATCH, leaves paid and cancelled ones out', async () => {
    const ws = await workspace(env);
    const other = await workspace(env);
    const bill = async (w: Ws, title: string, due: string) => {
      const res = await post(w.client, '/bills', { property_uuid: w.property, title, amount: '120.00', due_date: due });
      if (res.status !== 201) throw new Error(`bill: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    const open = await bill(ws, 'Heizöl', addDays(today(), 5));
    const late = await bill(ws, 'Strom', addDays(today(), -3));
    const paid = await bill(ws, 'Wasser', addDays(today(), 6));
    const cancelled = await bill(ws, 'Lift', addDays(today(), 7));
    await bill(other, 'Elsewhere', addDays(today(), 5));
    expect((await post(ws.client, `/bills/${paid.uuid}/pay`)).status).toBe(200);
    expect((await post(ws.client, `/bills/${cancelled.uuid}/cancel`)).status).toBe(200);
    const q = `from=${addDays(today(), -10)}&to=${addDays(today(), 30)}`;
    const res = await items(ws, q);
    expect(res.data.map((i) => i.uuid)).toEqual([late.uuid, open.uuid]);
    expect(res.data.find((i) => i.uuid === open.uuid)).toEqual(
      expect.objectContaining({
        id: `bill_due:${open.uuid}`,
        kind: 'bill_due',
        title: 'Heizöl',
        date: addDays(today(), 5),
        status: 'open',
        field: 'due_date',
        overdue: false,
        links: { self: `/api/v1/bills/${open.uuid}`, reschedule: `/api/v1/bills/${open.uuid}` },
      }),
    );
    expect(res.data.find((i) => i.uuid === open.uuid)!.locked_reason).toBeUndefined();
    expect(res.data.find((i) => i.uuid === late.uuid)).toMatchObject({ kind: 'bill_due', overdue: true });
    expect((await items(ws, `${q}&kinds[]=ticket`)).data).toHaveLength(0);
    // moved like any movable date: PATCH of its field with If-Match
    const current = json<{ data: Rec }>(await ws.client.get(`/bills/${open.uuid}`)).data;
    const moved = await ws.client.request(
      'PATCH',
      `/bills/${open.uuid}`,
      { due_date: addDays(today(), 9) },
      { 'If-Match': `"${String(current.updated_at)}"` },
    );
    expect(moved.statusCode).toBe(200);
    const after = await items(ws, `${q}&kinds[]=bill_due`);
    expect(after.data.map((i) => [i.uuid, i.date])).toEqual([
      [late.uuid, addDays(today(), -3)],
      [open.uuid, addDays(today(), 9)],
    ]);
    // paying the late one takes it off the calendar; reopening the cancelled one brings it back
    expect((await post(ws.client, `/bills/${late.uuid}/pay`)).status).toBe(200);
    expect((await post(ws.client, `/bills/${cancelled.uuid}/reopen`)).status).toBe(200);
    expect((await items(ws, `${q}&kinds[]=bill_due`)).data.map((i) => i.uuid)).toEqual([cancelled.uuid, open.uuid]);
    // and in the ICS feed, as BILL_DUE opening the bills screen
    const { url } = json<{ data: { url: string } }>(await ws.client.get('/user/calendar-feed')).data;
    const cal = new ICAL.Component(ICAL.parse((await new Client(env.app).get(new URL(url).pathname)).body));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const heating = events.find((e) => e.summary === 'Heizöl')!;
    expect(String(heating.component.getFirstPropertyValue('categories'))).toBe('BILL_DUE');
    expect(heating.startDate.toString()).toBe(addDays(today(), 9));
    expect(String(heating.component.getFirstPropertyValue('url'))).toBe(`http://hauswerk.test/bills/${open.uuid}`);
    expect(events.map((e) => e.summary).sort()).toEqual(['Heizöl', 'Lift']);
  });
});

describe('facility archive cascade', () => {
  it('lists active tasks of the facility and its sub-facilities and archives the chosen ones together', async () => {
    const root = (await post(a.client, '/facilities', { property_uuid: a.property, name: 'Heating' })).body.data;
    const child = (
      await post(a.client, '/facilities', {
        property_uuid: a.property,
        name: 'Boiler',
        parent_facility_uuid: root.uuid,
      })
    ).body.data;
    const t1 = await createTask(a, {
      title: 'Service heating',
      facility_uuid: root.uuid,
      repeat_type: 'monthly',
      start_date: today(),
    });
    const t2 = await createTask(a, {
      title: 'Clean boiler',
      facility_uuid: child.uuid,
      repeat_type: 'monthly',
      start_date: today(),
    });
    const unrelated = await createTask(a, { title: 'Roof', repeat_type: 'monthly', start_date: today() });
    const related = json<{ data: Rec[] }>(await a.client.get(`/facilities/${root.uuid}/related-tasks`)).data;
    expect(related.map((t) => t.title).sort()).toEqual(['Clean boiler', 'Service heating']);
    const bad = await post(a.client, `/facilities/${root.uuid}/archive`, { task_uuids: [unrelated.uuid] });
    expect(bad.status).toBe(422);
    expect(json<{ data: Rec }>(await a.client.get(`/facilities/${root.uuid}`)).data.archived_at).toBeNull();
    const res = await post(a.client, `/facilities/${root.uuid}/archive`, { task_uuids: [t2.uuid] });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ affected: 2, tasks_archived: 1 });
    expect(json<{ data: Rec }>(await a.client.get(`/tasks/${t2.uuid}`)).data.archived_at).not.toBeNull();
    expect(json<{ data: Rec }>(await a.client.get(`/tasks/${t1.uuid}`)).data.archived_at).toBeNull();
    const plain = (await post(a.client, '/facilities', { property_uuid: a.property, name: 'Lift' })).body.data;
    expect((await a.client.post(`/facilities/${plain.uuid}/archive`)).statusCode).toBe(200);
    expect((await b.client.get(`/facilities/${root.uuid}/related-tasks`)).statusCode).toBe(404);
    expect((await b.client.post(`/facilities/${plain.uuid}/archive`, {})).statusCode).toBe(404);
    expect((await new Client(env.app).get(`/facilities/${root.uuid}/related-tasks`)).statusCode).toBe(401);
  });
});
