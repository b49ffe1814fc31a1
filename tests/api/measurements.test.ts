// Counters and their readings through the API (docs/domain/calculations.md, "Consumption and anomalies"): the
// consumption stored on write (cumulative or not, the factor, the first reading), the anomaly rule at 2.0× and
// 2.01× of the average and for negative consumption, an out-of-order reading slotting in, an edit, a move, an
// archive and a delete recomputing the readings after it, two readings at one moment refused, bulk and import
// computing the same, the reading's property following its counter, and 401/403/404; an imported reading's source
// (docs/spreadsheet-api.md, "Import"), a counter's consumption per month and year and per m² (docs/planning-api.md,
// "Counters and readings").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { post, workspace, type Rec, type Ws } from './planning-support';
import ExcelJS from 'exceljs';
import { upload, finished, xlsx } from './workbooks';
import { settingsGroupMembers } from '../../server/db/schema';

let env: TestEnv;
let a: Ws;
let b: Ws;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
});
afterAll(() => env.close());

let seq = 0;
async function makeCounter(ws: Ws, body: Record<string, unknown> = {}) {
  seq += 1;
  const res = await post(ws.client, '/counters', {
    property_uuid: ws.property,
    counter_id: `C-${seq}-${Math.random().toString(36).slice(2, 6)}`,
    name: `Meter ${seq}`,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const at = (month: number) => new Date(Date.UTC(2025, month - 1, 1, 6)).toISOString();

async function read(ws: Ws, counter: Rec, month: number, value: string, extra: Record<string, unknown> = {}) {
  return post(ws.client, '/measurements', {
    property_uuid: counter.property_uuid,
    counter_uuid: counter.uuid,
    measured_at: at(month),
    value,
    ...extra,
  });
}

/** The counter's live readings, oldest first: [value, consumption, status]. */
async function readings(ws: Ws, counter: Rec) {
  const res = await ws.client.get(
    `/measurements?filter[counter_uuid]=${counter.uuid}&sort_by=measured_at&per_page=100`,
  );
  expect(res.statusCode).toBe(200);
  return json<{ data: Rec[] }>(res).data.map((r) => [Number(r.value), r.consumption, r.status]);
}

describe('consumption and anomalies', () => {
  it('stores the consumption: difference × factor, none for the first reading', async () => {
    const c = await makeCounter(a, { factor: '2.5' });
    expect(c).toMatchObject({ factor: '2.5000', is_cumulative: true, status: 'active', medium: 'electricity' });
    const first = await read(a, c, 1, '100');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ consumption: null, status: 'valid', source: 'manual' });
    const second = await read(a, c, 2, '110.5');
    expect(second.body.data).toMatchObject({ consumption: '26.2500', status: 'valid' });
  });

  it('marks a consumption above twice the average of the six readings before: 2.0× is valid, 2.01× anomalous', async () => {
    const c = await makeCounter(a);
    // consumptions 10, 12, 8, 11, 9, 10 (average 10), then 20 (2.0×): valid
    for (const [m, v] of ['100', '110', '122', '130', '141', '150', '160', '180'].entries())
      expect((await read(a, c, m + 1, v)).status).toBe(201);
    const rows = await readings(a, c);
    expect(rows.at(-1)).toEqual([180, '20.0000', 'valid']);
    // the average of the six before the next: 12, 8, 11, 9, 10, 20 = 11.6667; 2.01 × 11.6667 = 23.45
    const next = await read(a, c, 9, '203.45');
    expect(next.body.data).toMatchObject({ consumption: '23.4500', status: 'anomalous' });
    const d = await makeCounter(a);
    for (const [m, v] of ['100', '110', '120', '130', '140', '150', '160'].entries()) await read(a, d, m + 1, v);
    expect((await read(a, d, 8, '180.1')).body.data).toMatchObject({ consumption: '20.1000', status: 'anomalous' });
  });

  it('marks negative consumption anomalous, also on the second reading', async () => {
    const c = await makeCounter(a);
    await read(a, c, 1, '500');
    const lower = await read(a, c, 2, '480');
    expect(lower.body.data).toMatchObject({ consumption: '-20.0000', status: 'anomalous' });
    // no average yet: a large first consumption is not anomalous
    const big = await makeCounter(a);
    await read(a, big, 1, '1');
    expect((await read(a, big, 2, '100000')).body.data).toMatchObject({ status: 'valid' });
  });

  it('takes the value × factor for a counter that does not count up', async () => {
    const c = await makeCounter(a, { is_cumulative: false, factor: '0.5', medium: 'water' });
    expect((await read(a, c, 1, '30')).body.data).toMatchObject({ consumption: '15.0000', status: 'valid' });
    expect((await read(a, c, 2, '30.2')).body.data).toMatchObject({ consumption: '15.1000', status: 'valid' });
    expect((await read(a, c, 3, '61')).body.data).toMatchObject({ consumption: '30.5000', status: 'anomalous' });
  });

  it('slots an out-of-order reading in and recomputes the readings after it', async () => {
    const c = await makeCounter(a);
    for (const [m, v] of [
      [1, '100'],
      [2, '110'],
      [4, '130'],
      [5, '140'],
    ] as const)
      await read(a, c, m, v);
    expect(await readings(a, c)).toEqual([
      [100, null, 'valid'],
      [110, '10.0000', 'valid'],
      [130, '20.0000', 'valid'],
      [140, '10.0000', 'valid'],
    ]);
    // March, late: 128 splits April's 20 into 18 and 2
    const late = await read(a, c, 3, '128');
    expect(late.body.data).toMatchObject({ consumption: '18.0000', status: 'valid' });
    expect(await readings(a, c)).toEqual([
      [100, null, 'valid'],
      [110, '10.0000', 'valid'],
      [128, '18.0000', 'valid'],
      [130, '2.0000', 'valid'],
      [140, '10.0000', 'valid'],
    ]);
    // a reading before the first: the old first gets its consumption
    await read(a, c, 0, '95');
    expect((await readings(a, c)).slice(0, 2)).toEqual([
      [95, null, 'valid'],
      [100, '5.0000', 'valid'],
    ]);
  });

  it('recomputes the next readings on an edit, a move, an archive, a restore and a delete', async () => {
    const c = await makeCounter(a);
    const made: Rec[] = [];
    for (const [m, v] of ['100', '110', '120', '130'].entries()) made.push((await read(a, c, m + 1, v)).body.data);
    // the second read too high: the third's consumption goes negative
    const edited = await a.client.patch(`/measurements/${made[1]!.uuid}`, { value: '125' });
    expect(edited.statusCode).toBe(200);
    expect(json<{ data: Rec }>(edited).data).toMatchObject({ consumption: '25.0000', status: 'valid' });
    expect((await readings(a, c)).slice(2)).toEqual([
      [120, '-5.0000', 'anomalous'],
      [130, '10.0000', 'valid'],
    ]);
    // archived: it no longer counts, the third follows the first again
    expect((await a.client.post(`/measurements/${made[1]!.uuid}/archive`)).statusCode).toBe(200);
    expect(await readings(a, c)).toEqual([
      [100, null, 'valid'],
      [120, '20.0000', 'valid'],
      [130, '10.0000', 'valid'],
    ]);
    expect((await a.client.post(`/measurements/${made[1]!.uuid}/restore`)).statusCode).toBe(200);
    expect((await readings(a, c)).map((r) => r[1])).toEqual([null, '25.0000', '-5.0000', '10.0000']);
    // moved after the last: the readings between follow the first, the moved one the last
    const moved = await a.client.patch(`/measurements/${made[1]!.uuid}`, { measured_at: at(6) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await readings(a, c)).toEqual([
      [100, null, 'valid'],
      [120, '20.0000', 'valid'],
      [130, '10.0000', 'valid'],
      [125, '-5.0000', 'anomalous'],
    ]);
    // deleted: the reading after the deleted first one becomes the first
    expect((await a.client.delete(`/measurements/${made[0]!.uuid}`)).statusCode).toBe(200);
    expect(await readings(a, c)).toEqual([
      [120, null, 'valid'],
      [130, '10.0000', 'valid'],
      [125, '-5.0000', 'anomalous'],
    ]);
    // a changed factor recomputes every reading of the counter
    const counter = await a.client.patch(`/counters/${c.uuid}`, { factor: '2' });
    expect(counter.statusCode).toBe(200);
    expect((await readings(a, c)).map((r) => r[1])).toEqual([null, '20.0000', '-10.0000']);
  });

  it('refuses two readings of one counter at the same moment (422 on measured_at)', async () => {
    const c = await makeCounter(a);
    await read(a, c, 1, '100');
    const second = await read(a, c, 2, '110');
    const same = await read(a, c, 1, '105');
    expect(same.status).toBe(422);
    expect(Object.keys(same.body.errors!)).toEqual(['measured_at']);
    // also when an edit moves a reading onto another's moment
    const move = await a.client.patch(`/measurements/${second.body.data.uuid}`, { measured_at: at(1) });
    expect(move.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(move).errors)).toEqual(['measured_at']);
    // another counter may read at that moment; an offset naming the same instant is the same moment
    const other = await makeCounter(a);
    expect((await read(a, other, 1, '1')).status).toBe(201);
    const offset = await post(a.client, '/measurements', {
      property_uuid: other.property_uuid,
      counter_uuid: other.uuid,
      measured_at: '2025-01-01T07:00:00+01:00',
      value: '2',
    });
    expect(offset.status).toBe(422);
    // the consumption is the server's: not writable
    const written = await read(a, other, 3, '5', { consumption: '1', status: 'anomalous' });
    expect(written.status).toBe(422);
  });

  it("computes consumption and anomalies in bulk and in imports, in the file's order or not", async () => {
    const c = await makeCounter(a);
    const row = (m: number, value: string) => ({
      property_uuid: a.property,
      counter_uuid: c.uuid,
      measured_at: at(m),
      value,
    });
    const bulk = await a.client.post('/measurements/bulk', { rows: [row(1, '100'), row(3, '120'), row(2, '110')] });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(await readings(a, c)).toEqual([
      [100, null, 'valid'],
      [110, '10.0000', 'valid'],
      [120, '10.0000', 'valid'],
    ]);
    // an import: two more months, the second a spike, and a row at a moment already read
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await a.client.get('/measurements/import-template')).rawPayload as never);
    const sheet = template.worksheets[0]!;
    const writable = ['property_uuid', 'counter_uuid', 'measured_at', 'value', 'source', 'comment'];
    const cells = (m: number, value: string): (string | null)[] => {
      const r = { ...row(m, value), source: 'import', comment: null } as Record<string, string | null>;
      return writable.map((n) => r[n] ?? null);
    };
    sheet.addRow(cells(5, '160'));
    sheet.addRow(cells(4, '130'));
    sheet.addRow(cells(2, '999'));
    sheet.addRow(cells(5, '170'));
    const file = Buffer.from(await template.xlsx.writeBuffer());
    const up = await upload(a.client, file, 'readings.xlsx', 'measurement');
    expect(up.statusCode).toBe(201);
    const job = json<{ data: { uuid: string } }>(up).data;
    const preview = json<{ data: { suggested_mapping: Record<string, string> } }>(
      await a.client.get(`/imports/${job.uuid}/preview`),
    ).data;
    const body = { settings_group_uuid: a.settingsGroup, mapping: preview.suggested_mapping };
    expect((await a.client.post(`/imports/${job.uuid}/run`, body)).statusCode).toBe(202);
    const done = await finished(a.client, job.uuid);
    expect(done.counts).toMatchObject({ created: 2, failed: 2 });
    expect(await readings(a, c)).toEqual([
      [100, null, 'valid'],
      [110, '10.0000', 'valid'],
      [120, '10.0000', 'valid'],
      [130, '10.0000', 'valid'],
      [160, '30.0000', 'anomalous'],
    ]);
  });
});

describe('counters and their readings', () => {
  it('keeps counter numbers unique per settings group and checks the factor and interval', async () => {
    const c = await makeCounter(a, { counter_id: 'E-100' });
    expect(c.counter_id).toBe('E-100');
    const again = await post(a.client, '/counters', { property_uuid: a.property, counter_id: 'E-100', name: 'x' });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors!)).toEqual(['counter_id']);
    // another workspace may use the number
    expect(
      (await post(b.client, '/counters', { property_uuid: b.property, counter_id: 'E-100', name: 'x' })).status,
    ).toBe(201);
    for (const bad of [
      { factor: '0' },
      { factor: '-1' },
      { reading_interval: 0 },
      { reading_interval: 3661 },
      { medium: 'steam' },
    ]) {
      const res = await post(a.client, '/counters', {
        property_uuid: a.property,
        counter_id: `B-${Math.random()}`,
        name: 'x',
        ...bad,
      });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(res.body.errors!)).toEqual(Object.keys(bad));
    }
  });

  it("a reading takes its counter's property, also when the counter moves", async () => {
    const second = (
      await post(a.client, '/properties', { settings_group_uuid: a.settingsGroup, name: 'Bahnhofstrasse 2' })
    ).body.data.uuid;
    const c = await makeCounter(a);
    const other = await read(a, c, 1, '1', { property_uuid: second });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors!)).toContain('counter_uuid');
    const r = (await read(a, c, 1, '1')).body.data;
    expect((await a.client.patch(`/counters/${c.uuid}`, { property_uuid: second })).statusCode).toBe(200);
    expect(json<{ data: Rec }>(await a.client.get(`/measurements/${r.uuid}`)).data.property_uuid).toBe(second);
  });

  it("401 without a session, 403 for a reader, 404 and 422 for another workspace's counter and readings", async () => {
    const c = await makeCounter(a);
    const r = (await read(a, c, 1, '1')).body.data;
    const anonymous = new Client(env.app);
    expect((await anonymous.get('/measurements')).statusCode).toBe(401);
    expect((await anonymous.post('/measurements', {})).statusCode).toBe(401);
    expect((await b.client.get(`/counters/${c.uuid}`)).statusCode).toBe(404);
    expect((await b.client.get(`/measurements/${r.uuid}`)).statusCode).toBe(404);
    expect((await b.client.patch(`/measurements/${r.uuid}`, { value: '2' })).statusCode).toBe(404);
    expect((await b.client.delete(`/measurements/${r.uuid}`)).statusCode).toBe(404);
    const foreign = await post(b.client, '/measurements', {
      property_uuid: b.property,
      counter_uuid: c.uuid,
      measured_at: at(2),
      value: '1',
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors!)).toEqual(['counter_uuid']);
    // a member (not an admin) of workspace a reads and records readings but may not delete them
    const member = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: a.settingsGroup, user_id: member.user.id, role: 'user' });
    expect((await member.client.get(`/measurements/${r.uuid}`)).statusCode).toBe(200);
    expect((await member.client.delete(`/measurements/${r.uuid}`)).statusCode).toBe(403);
  });
});

/** Imports readings (the header row first) with the given mapping; resolves with the finished job. */
async function importReadings(ws: Ws, rows: (string | null)[][], mapping: Record<string, string>) {
  const up = await upload(ws.client, await xlsx({ Readings: rows }), 'readings.xlsx', 'measurement');
  expect(up.statusCode, up.body).toBe(201);
  const job = json<{ data: { uuid: string } }>(up).data;
  const run = await ws.client.post(`/imports/${job.uuid}/run`, { settings_group_uuid: ws.settingsGroup, mapping });
  expect(run.statusCode, run.body).toBe(202);
  return finished(ws.client, job.uuid);
}

describe('imported readings', () => {
  it("take the source 'import' unless the file gives one", async () => {
    const c = await makeCounter(a);
    const base = { '0': 'counter_uuid', '1': 'measured_at', '2': 'value', '3': 'property_uuid' };
    const plain = await importReadings(
      a,
      [
        ['Counter', 'Measured at', 'Value', 'Property'],
        [c.uuid, at(1), '10', a.property],
        [c.uuid, at(2), '20', a.property],
      ],
      base,
    );
    expect(plain.counts).toMatchObject({ created: 2, failed: 0 });
    const withSource = await importReadings(
      a,
      [
        ['Counter', 'Measured at', 'Value', 'Property', 'Source'],
        [c.uuid, at(3), '30', a.property, 'manual'],
        [c.uuid, at(4), '40', a.property, null],
        [c.uuid, at(5), '50', a.property, 'notifier'],
      ],
      { ...base, '4': 'source' },
    );
    expect(withSource.counts).toMatchObject({ created: 3, failed: 0 });
    const res = await a.client.get(`/measurements?filter[counter_uuid]=${c.uuid}&sort_by=measured_at`);
    const sources = json<{ data: Rec[] }>(res).data.map((r) => [Number(r.value), r.source, r.consumption]);
    expect(sources).toEqual([
      [10, 'import', null],
      [20, 'import', '10.0000'],
      [30, 'manual', '10.0000'],
      [40, 'import', '10.0000'],
      [50, 'notifier', '10.0000'],
    ]);
    // a reading written through the API keeps its default
    expect((await read(a, c, 6, '60')).body.data.source).toBe('manual');
  });
});

describe('imports across chunks', () => {
  it('computes every reading of a file larger than a chunk, two counters interleaved', async () => {
    const one = await makeCounter(a);
    const two = await makeCounter(a);
    // 300 readings each, hourly, 10 a step; a spike of 100 on the first counter's 150th, a drop on the second's 200th
    const rows: (string | null)[][] = [['Counter', 'Measured at', 'Value', 'Property']];
    const value = { [one.uuid]: 0, [two.uuid]: 1000 };
    for (let i = 0; i < 600; i++) {
      const c = i % 2 ? two : one;
      const j = Math.floor(i / 2);
      const step = j === 0 ? 0 : c === one && j === 150 ? 100 : c === two && j === 200 ? -5 : 10;
      value[c.uuid] = value[c.uuid]! + step;
      rows.push([
        c.uuid,
        new Date(Date.UTC(2024, 0, 1) + j * 3_600_000).toISOString(),
        String(value[c.uuid]),
        a.property,
      ]);
    }
    const job = await importReadings(a, rows, {
      '0': 'counter_uuid',
      '1': 'measured_at',
      '2': 'value',
      '3': 'property_uuid',
    });
    expect(job.counts).toMatchObject({ created: 600, failed: 0 });
    for (const [c, odd] of [
      [one, [150, '100.0000']],
      [two, [200, '-5.0000']],
    ] as const) {
      const list = json<{ data: Rec[] }>(
        await a.client.get(`/measurements?filter[counter_uuid]=${c.uuid}&sort_by=measured_at&per_page=500`),
      ).data;
      expect(list).toHaveLength(300);
      expect(list[0]).toMatchObject({ consumption: null, status: 'valid', source: 'import' });
      const anomalous = list.flatMap((r, j) => (r.status === 'anomalous' ? [[j, r.consumption]] : []));
      expect(anomalous).toEqual([odd]);
      expect(list.filter((r, j) => j > 0 && j !== odd[0] && r.consumption !== '10.0000')).toEqual([]);
    }
  });
});

describe('consumption per period and per m²', () => {
  const when = (iso: string) => new Date(`${iso}Z`).toISOString();
  async function counterWithReadings(ws: Ws, area: string | null) {
    const property = (
      await post(ws.client, '/properties', {
        settings_group_uuid: ws.settingsGroup,
        name: `Haus ${Math.random().toString(36).slice(2, 6)}`,
        energy_reference_area: area,
      })
    ).body.data.uuid;
    const c = await makeCounter(ws, { property_uuid: property });
    for (const [moment, value] of [
      ['2025-01-01T06:00', '100'],
      ['2025-01-31T23:30', '110'], // January in UTC
      ['2025-02-10T06:00', '130.5'],
      ['2025-02-20T06:00', '145'],
      ['2025-03-05T06:00', '200'],
      ['2026-01-05T06:00', '201.25'],
    ] as const)
      expect((await read(ws, { ...c, property_uuid: property }, 1, value, { measured_at: when(moment) })).status).toBe(
        201,
      );
    return c;
  }
  const consumption = (ws: Ws, c: Rec, query = '') => ws.client.get(`/counters/${c.uuid}/consumption${query}`);

  it('sums the consumption of each month and year, and divides it by the energy reference area', async () => {
    const c = await counterWithReadings(a, '1000');
    expect(c.links.consumption).toBe(`/api/v1/counters/${c.uuid}/consumption`);
    const months = await consumption(a, c, '?period=month');
    expect(months.statusCode, months.body).toBe(200);
    expect(json(months)).toEqual({
      data: [
        { period: '2025-01', consumption: '10.0000', per_m2: '0.0100', readings: 1 },
        { period: '2025-02', consumption: '35.0000', per_m2: '0.0350', readings: 2 },
        { period: '2025-03', consumption: '55.0000', per_m2: '0.0550', readings: 1 },
        { period: '2026-01', consumption: '1.2500', per_m2: '0.0013', readings: 1 },
      ],
      meta: { period: 'month', energy_reference_area: '1000.00' },
    });
    const years = json<{ data: Rec[] }>(await consumption(a, c, '?period=year')).data;
    expect(years).toEqual([
      { period: '2025', consumption: '100.0000', per_m2: '0.1000', readings: 4 },
      { period: '2026', consumption: '1.2500', per_m2: '0.0013', readings: 1 },
    ]);
    // month is the default; from and to are whole days, both included
    const range = json<{ data: Rec[] }>(await consumption(a, c, '?from=2025-02-10&to=2025-02-10')).data;
    expect(range).toEqual([{ period: '2025-02', consumption: '20.5000', per_m2: '0.0205', readings: 1 }]);
    expect(json<{ data: Rec[] }>(await consumption(a, c, '?from=2025-03-06&to=2025-12-31')).data).toEqual([]);
  });

  it('rounds per m² half away from zero to four places, and leaves it out without an area', async () => {
    const thirds = await counterWithReadings(a, '3');
    const rows = json<{ data: Rec[] }>(await consumption(a, thirds, '?period=month')).data;
    expect(rows.map((r) => r.per_m2)).toEqual(['3.3333', '11.6667', '18.3333', '0.4167']);
    const none = await counterWithReadings(a, null);
    const reply = json<{ data: Rec[]; meta: Rec }>(await consumption(a, none, '?period=year'));
    expect(reply.meta.energy_reference_area).toBeNull();
    expect(reply.data.map((r) => [r.consumption, r.per_m2])).toEqual([
      ['100.0000', null],
      ['1.2500', null],
    ]);
  });

  it("leaves out archived readings and readings without a consumption; 404 for another workspace's counter, 401, 422", async () => {
    const c = await counterWithReadings(a, '1000');
    const list = json<{ data: Rec[] }>(
      await a.client.get(`/measurements?filter[counter_uuid]=${c.uuid}&sort_by=measured_at`),
    ).data;
    expect((await a.client.post(`/measurements/${list.at(-1)!.uuid}/archive`, {})).statusCode).toBe(200);
    const years = json<{ data: Rec[] }>(await consumption(a, c, '?period=year')).data;
    expect(years.map((r) => r.period)).toEqual(['2025']);
    // the widest days a date field takes
    expect((await consumption(a, c, '?from=1800-01-01&to=9999-12-31&period=year')).statusCode).toBe(200);
    expect((await consumption(b, c)).statusCode).toBe(404);
    expect((await new Client(env.app).get(`/counters/${c.uuid}/consumption`)).statusCode).toBe(401);
    for (const [query, field] of [
      ['?period=week', 'period'],
      ['?from=2025-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2025-03-01&to=2025-02-01', 'to'],
    ]) {
      const res = await consumption(a, c, query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(json<{ errors: Rec }>(res).errors), query).toEqual([field]);
    }
  });
});
