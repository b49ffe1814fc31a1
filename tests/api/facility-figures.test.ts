// A facility's renewal figures on every read (docs/domain/calculations.md, "Renewal figures"), against a table worked
// by hand: a renewal group's defaults, a dismantling share, an overdue facility, a typed renewal date, an excluded
// one, a grade-4 condition, a usage factor that shortens the lifetime (15 × 0.7 = 10.5 → 11 years, exactly), a leap
// day, and the construction cost index of the facility settings. Lists sort and filter by remaining lifetime, renewal
// year, age and status in SQL, to the same values as the read, and page through them by cursor.
// @both-databases: the figures' SQL on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, json, type TestEnv } from './harness';
import { post, today, workspace, type Ws } from './planning-support';

let env: TestEnv;
let a: Ws;
const Y = Number(today().slice(0, 4));
const uuids: Record<string, string> = {};

type Figures = Record<string, unknown>;
const created = async (url: string, body: Record<string, unknown>) => {
  const res = await post(a.client, url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.uuid as string;
};
const read = async (name: string): Promise<Figures> =>
  json<{ data: Figures }>(await a.client.get(`/facilities/${uuids[name]}`)).data;
const list = async (query: string) => {
  const res = await a.client.get(`/facilities?settings_group_uuid=${a.settingsGroup}&per_page=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Figures[]; meta: { next_cursor?: string } }>(res);
};

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  const group = await created('/renewal-groups', {
    settings_group_uuid: a.settingsGroup,
    name: 'Heizung',
    default_lifetime: 25,
    default_unit_price: '400',
  });
  const office = await created('/properties', {
    settings_group_uuid: a.settingsGroup,
    name: 'Büro',
    usage_factor: '0.7',
  });
  const make = async (name: string, body: Record<string, unknown>) => {
    uuids[name] = await created('/facilities', { property_uuid: a.property, name, ...body });
  };
  await make('Brenner', { renewal_group_uuid: group, commissioning_year: Y - 20 });
  await make('Kessel', {
    lifetime: 20,
    commissioning_year: Y - 16,
    unit_price: '1000.00',
    quantity: '2',
    dismantling_cost_share: '10',
  });
  await make('Filter', { lifetime: 3, commissioning_year: Y - 5, unit_price: '500' });
  await make('Pumpe', { renewal_date: `${Y + 2}-06-30`, unit_price: '100', commissioning_year: Y - 1, lifetime: 40 });
  await make('Alt', { lifetime: 10, commissioning_year: Y - 1, unit_price: '900', excluded_from_renewal: true });
  await make('Dach', { lifetime: 30, commissioning_year: Y - 2, condition: 4, unit_price: '10000' });
  await make('Lift', { property_uuid: office, lifetime: 15, commissioning_year: Y - 1 });
  await make('Schaltjahr', { lifetime: 6, commissioning_date: '2024-02-29' });
  await make('Leer', {});
});
afterAll(() => env.close());

describe('facility figures on read', () => {
  it('give age, remaining lifetime, renewal date and year, status, costs and time value', async () => {
    const pick = (f: Figures) => ({
      age: f.age,
      remaining_lifetime: f.remaining_lifetime,
      renewal_year: f.renewal_year,
      renewal_status: f.renewal_status,
      renewal_costs: f.renewal_costs,
      time_value: f.time_value,
    });
    // the group's 25 years and 400, 20 years old: 5 left, due within the default horizon of 5
    expect(pick(await read('Brenner'))).toEqual({
      age: 20,
      remaining_lifetime: 5,
      renewal_year: Y + 5,
      renewal_status: 'due',
      renewal_costs: '400.00',
      time_value: '80.00',
    });
    // 2 × 1,000 × 1.10; 4 of 20 years left
    expect(pick(await read('Kessel'))).toMatchObject({ remaining_lifetime: 4, renewal_costs: '2200.00' });
    expect((await read('Kessel')).time_value).toBe('440.00');
    // past its lifetime: immediate, renewal year when it fell due
    expect(pick(await read('Filter'))).toMatchObject({ age: 5, remaining_lifetime: 0, renewal_year: Y - 2 });
    expect((await read('Filter')).renewal_status).toBe('immediate');
    // a typed date wins and is marked
    const pumpe = await read('Pumpe');
    expect(pumpe).toMatchObject({
      renewal_date: `${Y + 2}-06-30`,
      renewal_date_manual: true,
      renewal_year: Y + 2,
      remaining_lifetime: 2,
    });
    // excluded: no figures, the stored values stay
    expect(pick(await read('Alt'))).toEqual({
      age: null,
      remaining_lifetime: null,
      renewal_year: null,
      renewal_status: null,
      renewal_costs: null,
      time_value: null,
    });
    // grade 4: immediate whatever its age, renewed this year
    expect(await read('Dach')).toMatchObject({ remaining_lifetime: 0, renewal_status: 'immediate', renewal_year: Y });
    // usage factor 0.7: 15 years are 10.5, rounded to 11; one year old
    expect(await read('Lift')).toMatchObject({ remaining_lifetime: 10, renewal_status: 'ok', renewal_year: Y + 10 });
    // 29 February + 6 years is 28 February (the computed date, not a typed one)
    expect(await read('Schaltjahr')).toMatchObject({ renewal_date: '2030-02-28', renewal_date_manual: false });
    expect(pick(await read('Leer'))).toMatchObject({ remaining_lifetime: null, renewal_status: null });
  });

  it('are indexed by the series the facility settings name', async () => {
    for (const [year, value] of [
      [Y - 1, '100'],
      [Y, '110'],
    ] as const)
      await created('/construction-cost-indexes', {
        settings_group_uuid: a.settingsGroup,
        series: 'BPI',
        year,
        value,
      });
    const patch = (values: Record<string, unknown>) =>
      a.client.patch(`/settings-groups/${a.settingsGroup}/model-settings/facility`, values);
    expect((await patch({ index_series: 'BPI', price_base_year: Y - 1 })).statusCode).toBe(200);
    // renewal in Y + 4, beyond the series' last year: at its last value, 110 ÷ 100
    expect(await read('Kessel')).toMatchObject({ index_factor: '1.1000', renewal_costs: '2420.00' });
    // a base year the series lacks: no costs rather than costs computed with 0
    expect((await patch({ price_base_year: Y - 5 })).statusCode).toBe(200);
    expect(await read('Kessel')).toMatchObject({ index_factor: null, renewal_costs: null });
    expect((await patch({ index_series: '' })).statusCode).toBe(200);
    expect(await read('Kessel')).toMatchObject({ index_factor: null, renewal_costs: '2200.00' });
  });
});

describe('lists sort and filter by the figures in SQL', () => {
  const order = (rows: Figures[]) => rows.map((r) => r.name);
  const byValue = (rows: Figures[], field: string, descending = false) =>
    [...rows]
      .sort((x, y) => {
        const a1 = x[field] as number | null;
        const b1 = y[field] as number | null;
        if (a1 === b1) return String(x.uuid) < String(y.uuid) === !descending ? -1 : 1;
        if (a1 === null) return 1; // nulls last either way
        if (b1 === null) return -1;
        return a1 < b1 === !descending ? -1 : 1;
      })
      .map((r) => r.name);

  it.each(['remaining_lifetime', 'renewal_year', 'age'])('sorted by %s as the read values order them', async (f) => {
    for (const descending of [false, true]) {
      const { data } = await list(`sort_by=${f}&sort_descending=${descending}`);
      expect(data).toHaveLength(9);
      expect(order(data), `${f} ${descending}`).toEqual(byValue(data, f, descending));
    }
  });

  it('pages through a sort by remaining lifetime by cursor, every facility once', async () => {
    const all = order((await list('sort_by=remaining_lifetime')).data);
    const seen: unknown[] = [];
    let cursor: string | undefined;
    do {
      const res = await a.client.get(
        `/facilities?settings_group_uuid=${a.settingsGroup}&per_page=2&sort_by=remaining_lifetime${
          cursor ? `&cursor=${cursor}` : ''
        }`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = json<{ data: Figures[]; meta: { next_cursor?: string } }>(res);
      seen.push(...order(page.data));
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('filters by remaining lifetime, renewal year and status', async () => {
    const names = async (q: string) => order((await list(`${q}&sort_by=name`)).data);
    expect(await names('filter[remaining_lifetime][to]=0')).toEqual(['Dach', 'Filter']);
    expect(await names(`filter[renewal_year]=${Y + 5}`)).toEqual(['Brenner']);
    expect(await names('filter[renewal_status]=due')).toEqual(['Brenner', 'Kessel', 'Pumpe', 'Schaltjahr']);
    expect(await names('filter[renewal_status]=immediate&filter[renewal_status]=ok')).toEqual([
      'Dach',
      'Filter',
      'Lift',
    ]);
  });

  it('refuses a figure that is not sortable and a bad filter value, naming it', async () => {
    const bad = await a.client.get(`/facilities?settings_group_uuid=${a.settingsGroup}&sort_by=time_value`);
    expect(bad.statusCode).toBe(422);
    const badFilter = await a.client.get(
      `/facilities?settings_group_uuid=${a.settingsGroup}&filter[remaining_lifetime][from]=soon`,
    );
    expect(badFilter.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(badFilter).errors)).toEqual([
      'filter.remaining_lifetime',
    ]);
  });
});

describe('the home tile of the renewals due', () => {
  it('counts the facilities due now or within the horizon and sums their renewal costs, as the list reads them', async () => {
    const res = await a.client.get(`/dashboard/tiles/renewals_due?settings_group_uuid=${a.settingsGroup}`);
    expect(res.statusCode, res.body).toBe(200);
    const tile = json<{ value: number; amount: string; model: string; filter: Record<string, unknown> }>(res);
    expect(tile).toMatchObject({ model: 'facility', filter: { renewal_status: ['immediate', 'due'] } });
    // the list the tile links to: the same facilities, whose costs add up to the tile's amount
    const listed = await list('filter[renewal_status][]=immediate&filter[renewal_status][]=due');
    expect(tile.value).toBe(listed.data.length);
    const cents = listed.data.reduce((sum, f) => sum + Math.round(Number(f.renewal_costs ?? 0) * 100), 0);
    expect(tile.amount).toBe((cents / 100).toFixed(2));
    // by hand: Brenner (due, 400.00), Kessel (due, 2,200.00), Filter (immediate, 500.00), Pumpe (due, 100.00), Dach
    // (immediate, 10,000.00), Schaltjahr (due, no unit price: counted, costs nothing); Alt is excluded, Lift is ok
    const names = listed.data.map((f) => f.name).sort();
    expect(names).toEqual(['Brenner', 'Dach', 'Filter', 'Kessel', 'Pumpe', 'Schaltjahr']);
    expect(tile.amount).toBe('13200.00');
  });
});

describe('the map’s renewal urgency', () => {
  it('colours each property by its facilities due now or within the horizon', async () => {
    const office = (await a.client.get(`/facilities/${uuids.Lift}`)).json().data.property_uuid as string;
    for (const uuid of [a.property, office])
      expect((await a.client.patch(`/properties/${uuid}`, { latitude: '47.1', longitude: '8.1' })).statusCode).toBe(
        200,
      );
    const res = await a.client.get(`/map/properties?settings_group_uuid=${a.settingsGroup}&kpi=renewals_due`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = json<{ rows: [string, string, number, number, number][] }>(res).rows;
    const value = Object.fromEntries(rows.map((r) => [r[0], r[4]]));
    // the six of the tile under the first property; the office's lift is ok
    expect(value).toEqual({ [a.property]: 6, [office]: 0 });
  });
});

describe('the portfolio’s condition', () => {
  it('gives the condition ratio and the facility condition index per property and in all', async () => {
    const res = await a.client.get(`/renewal/condition?settings_group_uuid=${a.settingsGroup}`);
    expect(res.statusCode, res.body).toBe(200);
    type Figures = Record<string, unknown>;
    const { data } = json<{ data: { total: Figures; properties: Figures[]; skipped_excluded: number } }>(res);
    // by hand: Brenner 400 (80 left), Kessel 2,200 (440), Filter 500 immediate, Pumpe 100 (2 of 40 years: 5),
    // Dach 10,000 immediate; Schaltjahr and Leer without costs; Alt excluded; Lift (the office's) without costs
    const first = {
      facilities: 7,
      without_costs: 2,
      replacement_value: '13200.00',
      time_value: '525.00',
      immediate_costs: '10500.00',
      condition_ratio: '3.98',
      fci: '79.55',
      band: 'critical',
    };
    expect(data.skipped_excluded).toBe(1);
    expect(data.total).toEqual({ ...first, facilities: 8, without_costs: 3 });
    expect(data.properties).toEqual([
      expect.objectContaining({ name: 'Büro', facilities: 1, replacement_value: '0.00', fci: null, band: null }),
      { property_uuid: a.property, name: 'Seestrasse 1', ...first },
    ]);
    // the selection and the list's filter narrow it as they narrow the list
    const office = json<{ data: { total: Figures } }>(
      await a.client.get(
        `/renewal/condition?settings_group_uuid=${a.settingsGroup}&property_uuids[]=${data.properties[0]!.property_uuid}`,
      ),
    ).data.total;
    expect(office).toMatchObject({ facilities: 1, replacement_value: '0.00' });
    const one = json<{ data: { total: Figures } }>(
      await a.client.get(
        `/renewal/condition?settings_group_uuid=${a.settingsGroup}&property_uuids[]=${a.property}&filter[renewal_status][]=due`,
      ),
    ).data.total;
    // Brenner, Kessel, Pumpe and Schaltjahr (due, without costs)
    expect(one).toMatchObject({ facilities: 4, without_costs: 1, replacement_value: '2700.00', fci: '0.00' });
    expect(one.band).toBe('good');
    // 404 for another settings group, 422 for a bad filter
    const other = await workspace(env);
    expect((await a.client.get(`/renewal/condition?settings_group_uuid=${other.settingsGroup}`)).statusCode).toBe(404);
    const bad = await a.client.get(
      `/renewal/condition?settings_group_uuid=${a.settingsGroup}&filter[remaining_lifetime][from]=x`,
    );
    expect(bad.statusCode).toBe(422);
  });
});

describe('the forecast’s drill-down: the facilities renewed in some years', () => {
  const renewing = async (from: number, to: number) =>
    (await list(`filter[renews_in][from]=${from}&filter[renews_in][to]=${to}`)).data.map((f) => f.name).sort();
  it('lists each facility in its renewal year (an overdue one this year) and every effective lifetime after', async () => {
    // this year: Filter (overdue since Y − 2), Dach (grade 4); Filter again every 3 years
    expect(await renewing(Y, Y)).toEqual(Y >= 2030 ? ['Dach', 'Filter', 'Schaltjahr'] : ['Dach', 'Filter']);
    // Schaltjahr's computed date is 28 February 2030, whichever year this is
    const leap = (year: number, names: string[]) => (year === 2030 ? [...names, 'Schaltjahr'].sort() : names);
    expect(await renewing(Y + 3, Y + 3)).toEqual(leap(Y + 3, ['Filter']));
    // Brenner and Kessel: Y + 5 (25 years) and Y + 4 (20 years); Pumpe's typed date Y + 2; Schaltjahr 2030
    expect(await renewing(Y + 4, Y + 4)).toEqual(leap(Y + 4, ['Kessel']));
    expect(await renewing(Y + 5, Y + 5)).toEqual(leap(Y + 5, ['Brenner']));
    // a tranche: any repetition inside it; Lift's 11 years from Y − 1 is Y + 10
    expect(await renewing(Y + 10, Y + 14)).toEqual(expect.arrayContaining(['Filter', 'Lift']));
    expect(await renewing(Y + 10, Y + 14)).not.toContain('Alt'); // excluded
    // the forecast's own year sums agree: this year's total is Filter's 500 and Dach's 10,000
    const forecast = json<{ data: { years: { year: number; total: string }[] } }>(
      await a.client.get(`/renewal/forecast?settings_group_uuid=${a.settingsGroup}&years=15`),
    ).data.years;
    expect(forecast.find((f) => f.year === Y)!.total).toBe('10500.00');
    expect(await renewing(Y + 1, Y)).toEqual([]);
    const bad = await a.client.get(
      `/facilities?settings_group_uuid=${a.settingsGroup}&filter[renews_in][from]=x&filter[renews_in][to]=${Y}`,
    );
    expect(bad.statusCode).toBe(422);
  });
});
