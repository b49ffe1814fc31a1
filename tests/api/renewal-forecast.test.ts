// The renewal forecast (docs/analytics-api.md, "Renewal forecast"): the yearly renewal costs of the facilities a
// list shows, against a fixture worked by hand (repeats every lifetime, an overdue facility in the first year, a
// typed renewal date, a renewal group's default lifetime and price, an excluded and an incomplete facility counted
// as skipped), indexed by the construction cost index the facility settings name (a missing year named), grouped (by
// renewal group, property and property group), filtered like the list, in tranches and under a budget cap; another workspace never counted;
// 401, 404 and 422 naming the parameter.
// @both-databases: decimals and dates through each driver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { post, today, workspace, type Ws } from './planning-support';
import type { RenewalForecastReply } from '../../src/entities/analytics';

let env: TestEnv;
let a: Ws;
let b: Ws;
let group: string;
const Y = Number(today().slice(0, 4));

const created = async (ws: Ws, url: string, body: Record<string, unknown>) => {
  const res = await post(ws.client, url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.uuid;
};
const facility = (ws: Ws, body: Record<string, unknown>) =>
  created(ws, '/facilities', { property_uuid: ws.property, ...body });

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
  group = await created(a, '/renewal-groups', {
    settings_group_uuid: a.settingsGroup,
    name: 'Heizung',
    default_lifetime: 25,
    default_unit_price: '400',
  });
  // the group's 25 years and 400 from Y − 20: Y + 5
  await facility(a, { name: 'Brenner', renewal_group_uuid: group, commissioning_year: Y - 20 });
  // 2 × 1,000 with 10 % dismantling, 20 years from Y − 16: Y + 4, 2,200
  await facility(a, {
    name: 'Kessel',
    renewal_group_uuid: group,
    lifetime: 20,
    commissioning_year: Y - 16,
    unit_price: '1000.00',
    quantity: '2',
    dismantling_cost_share: '10',
  });
  // 3 years from Y − 5: overdue, so in Y, then every 3 years
  await facility(a, { name: 'Filter', lifetime: 3, commissioning_year: Y - 5, unit_price: '500' });
  // a renewal date typed by hand, no lifetime: once
  await facility(a, { name: 'Pumpe', renewal_date: `${Y + 2}-06-30`, unit_price: '100' });
  await facility(a, {
    name: 'Alt',
    lifetime: 10,
    commissioning_year: Y - 1,
    unit_price: '900',
    excluded_from_renewal: true,
  });
  await facility(a, { name: 'Ohne Lebensdauer', unit_price: '50' });
  // another workspace's facility, due this year
  await facility(b, { name: 'Fremd', lifetime: 1, commissioning_year: Y - 3, unit_price: '7777' });
});
afterAll(() => env.close());

const forecast = async (c: Client, query: string) => {
  const res = await c.get(`/renewal/forecast?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: RenewalForecastReply }>(res).data;
};
const totals = (reply: RenewalForecastReply) =>
  Object.fromEntries(reply.years.filter((y) => y.total !== '0.00').map((y) => [y.year, y.total]));

describe('renewal forecast', () => {
  it('sums each year the renewals of the facilities the list shows, repeating every lifetime', async () => {
    const reply = await forecast(a.client, `settings_group_uuid=${a.settingsGroup}`);
    expect(reply.years).toHaveLength(10);
    expect(reply.years[0]!.year).toBe(Y);
    expect(totals(reply)).toEqual({
      [Y]: '500.00',
      [Y + 2]: '100.00',
      [Y + 3]: '500.00',
      [Y + 4]: '2200.00',
      [Y + 5]: '400.00',
      [Y + 6]: '500.00',
      [Y + 9]: '500.00',
    });
    expect(reply.years[4]!.groups).toEqual({ [group]: '2200.00' });
    expect(reply.years[0]!.groups).toEqual({ '': '500.00' });
    expect(reply).toMatchObject({ skipped_excluded: 1, skipped_incomplete: 1, missing_index_years: [] });
  });

  it('groups by property, takes the list filter, starts where asked and sums into tranches', async () => {
    const byProperty = await forecast(a.client, `settings_group_uuid=${a.settingsGroup}&group_by=property&years=5`);
    expect(byProperty.years[4]!.groups).toEqual({ [a.property]: '2200.00' });
    const filtered = await forecast(
      a.client,
      `settings_group_uuid=${a.settingsGroup}&filter[renewal_group_uuid]=${group}`,
    );
    expect(totals(filtered)).toEqual({ [Y + 4]: '2200.00', [Y + 5]: '400.00' });
    expect(filtered).toMatchObject({ skipped_excluded: 0, skipped_incomplete: 0 });
    const later = await forecast(a.client, `settings_group_uuid=${a.settingsGroup}&from_year=${Y + 3}&years=5`);
    expect(totals(later)).toEqual({ [Y + 3]: '500.00', [Y + 4]: '2200.00', [Y + 5]: '400.00', [Y + 6]: '500.00' });
    const tranches = await forecast(a.client, `settings_group_uuid=${a.settingsGroup}&smoothing=tranches&years=10`);
    expect(tranches.years.map((t) => [t.year, t.total])).toEqual([
      [Y, '3300.00'],
      [Y + 5, '1400.00'],
    ]);
  });

  it('holds the years under a budget cap without losing any amount', async () => {
    const reply = await forecast(
      a.client,
      `settings_group_uuid=${a.settingsGroup}&smoothing=budget_cap&budget_cap=550&years=10`,
    );
    expect(reply.years.every((y) => Number(y.total) <= 550 || y.total === '2200.00')).toBe(true);
    const spent = reply.years.reduce((s, y) => s + Number(y.total), 0);
    expect(spent + Number(reply.years.at(-1)!.backlog)).toBe(4700);
    // the typed Y + 2 renewal of 100 still fits beside nothing else that year
    expect(reply.years[2]!.total).toBe('100.00');
  });

  it('never defers a safety-relevant renewal under the cap', async () => {
    const c = await workspace(env);
    const due = { lifetime: 10, commissioning_year: Y - 10 };
    await facility(c, { name: 'Sprinkler', ...due, unit_price: '400', safety_relevant: true });
    await facility(c, { name: 'Storen', ...due, unit_price: '200' });
    await facility(c, { name: 'Markise', ...due, unit_price: '200' });
    const reply = await forecast(
      c.client,
      `settings_group_uuid=${c.settingsGroup}&smoothing=budget_cap&budget_cap=300&years=5`,
    );
    expect(reply.years.slice(0, 3).map((y) => [y.total, y.deferred, y.backlog])).toEqual([
      ['400.00', '400.00', '400.00'],
      ['200.00', '0.00', '200.00'],
      ['200.00', '0.00', '0.00'],
    ]);
  });

  it('groups by property group: each property in its group, the others without one', async () => {
    const c = await workspace(env);
    const west = await created(c, '/renewal-property-groups', { settings_group_uuid: c.settingsGroup, name: 'West' });
    const grouped = await created(c, '/properties', {
      settings_group_uuid: c.settingsGroup,
      name: 'Weststrasse 2',
      property_group_uuid: west,
    });
    const due = { lifetime: 10, commissioning_year: Y - 10 };
    await created(c, '/facilities', { property_uuid: grouped, name: 'Lift', ...due, unit_price: '100' });
    await created(c, '/facilities', { property_uuid: grouped, name: 'Tor', ...due, unit_price: '200' });
    await facility(c, { name: 'Storen', ...due, unit_price: '50' });
    const reply = await forecast(c.client, `settings_group_uuid=${c.settingsGroup}&group_by=property_group&years=5`);
    expect(reply.years[0]!.groups).toEqual({ [west]: '300.00', '': '50.00' });
    // the properties of a group, as the chart's bar asks for them
    const listed = json<{ data: { uuid: string }[] }>(
      await c.client.get(`/properties?settings_group_uuid=${c.settingsGroup}&filter[property_group_uuid]=${west}`),
    ).data;
    expect(listed.map((p) => p.uuid)).toEqual([grouped]);
    // another workspace's group is not one a property can join
    const res = await b.client.patch(`/properties/${b.property}`, { property_group_uuid: west });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors)).toContain('property_group_uuid');
  });

  it('indexes the costs by the series and price base year of the facility settings, naming the years it lacks', async () => {
    const d = await workspace(env);
    const value = (series: string, year: number, v: string) =>
      post(d.client, '/construction-cost-indexes', { settings_group_uuid: d.settingsGroup, series, year, value: v });
    const base = await value('BKI Wohnbau', Y - 2, '100');
    expect(base.status, JSON.stringify(base.body)).toBe(201);
    expect((await value('BKI Wohnbau', Y, '110.5')).status).toBe(201);
    // one value per series and year (any case), a value above 0, a year from 1800
    const twice = await value(' bki wohnbau ', Y, '111');
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors!)).toEqual(['year']);
    expect((await value('BKI Wohnbau', Y + 1, '0')).body.errors).toHaveProperty('value');
    expect((await value('BKI Wohnbau', 1700, '90')).body.errors).toHaveProperty('year');
    expect((await value('BKI Gewerbe', Y, '108')).status).toBe(201);
    // a series' years in order, also when the list is sorted by the series by name (as the grid asks)
    const listed = json<{ data: { series: string; year: number }[] }>(
      await d.client.get(`/construction-cost-indexes?settings_group_uuid=${d.settingsGroup}&sort_by=series`),
    ).data;
    expect(listed.map((r) => `${r.series} ${r.year}`)).toEqual([
      `BKI Gewerbe ${Y}`,
      `BKI Wohnbau ${Y - 2}`,
      `BKI Wohnbau ${Y}`,
    ]);

    const due = { lifetime: 10, unit_price: '1000' };
    await facility(d, { name: 'Lift', commissioning_year: Y - 10, ...due });
    await facility(d, { name: 'Tor', commissioning_year: Y - 7, ...due });
    const url = `settings_group_uuid=${d.settingsGroup}&years=5`;
    // not indexed until the settings name a series
    expect(totals(await forecast(d.client, url))).toEqual({ [Y]: '1000.00', [Y + 3]: '1000.00' });
    const settings = await d.client.patch(`/settings-groups/${d.settingsGroup}/model-settings/facility`, {
      index_series: 'BKI Wohnbau',
      price_base_year: Y - 2,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // this year at 110.5 ÷ 100; a later renewal at the series' last year, never a guess beyond it
    const indexed = await forecast(d.client, url);
    expect(totals(indexed)).toEqual({ [Y]: '1105.00', [Y + 3]: '1105.00' });
    expect(indexed.missing_index_years).toEqual([]);
    // the base year's value gone: named, and the costs left out rather than computed with 0
    expect((await d.client.delete(`/construction-cost-indexes/${base.body.data.uuid}`)).statusCode).toBe(200);
    const gap = await forecast(d.client, url);
    expect(gap).toMatchObject({ missing_index_years: [Y - 2], skipped_incomplete: 2 });
    expect(totals(gap)).toEqual({});
  });

  it("shortens the lifetimes by the property's usage factor, from 0.1 to 1", async () => {
    const e = await workspace(env);
    const heavy = await created(e, '/properties', {
      settings_group_uuid: e.settingsGroup,
      name: 'Werkhof',
      usage_factor: '0.5',
    });
    // 20 years, 12 old: due in 8 years as a residence, overdue under heavy use (10 years), then every 10
    const boiler = { lifetime: 20, commissioning_year: Y - 12, unit_price: '300' };
    await facility(e, { name: 'Wohnen', ...boiler });
    await created(e, '/facilities', { property_uuid: heavy, name: 'Werkhof', ...boiler });
    const reply = await forecast(e.client, `settings_group_uuid=${e.settingsGroup}&group_by=property&years=15`);
    expect(totals(reply)).toEqual({ [Y]: '300.00', [Y + 8]: '300.00', [Y + 10]: '300.00' });
    expect(reply.years[0]!.groups).toEqual({ [heavy]: '300.00' });
    for (const factor of ['3', '0', '-0.5', 'viel']) {
      const res = await e.client.patch(`/properties/${heavy}`, { usage_factor: factor });
      expect(res.statusCode, factor).toBe(422);
      expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors)).toEqual(['usage_factor']);
    }
  });

  it('draws a budget line: an amount per year, or a share of the indexed insurance value', async () => {
    const f = await workspace(env);
    await created(f, '/properties', {
      settings_group_uuid: f.settingsGroup,
      name: 'Indexiert',
      insurance_value_new: '1000000',
      insurance_index_base: '100',
    });
    await created(f, '/properties', {
      settings_group_uuid: f.settingsGroup,
      name: 'Ohne Basis',
      insurance_value_new: '500000',
    });
    const url = `settings_group_uuid=${f.settingsGroup}`;
    expect((await forecast(f.client, url)).budget_line).toBeNull();
    expect((await forecast(f.client, `${url}&budget_amount=5000`)).budget_line).toBe('5000.00');
    // 1 % of 1,500,000 as stored; then with the index at 120 the first property's value is 1,200,000
    expect((await forecast(f.client, `${url}&budget_percent=1`)).budget_line).toBe('15000.00');
    await post(f.client, '/construction-cost-indexes', {
      settings_group_uuid: f.settingsGroup,
      series: 'S',
      year: Y,
      value: '120',
    });
    await f.client.patch(`/settings-groups/${f.settingsGroup}/model-settings/facility`, { index_series: 'S' });
    expect((await forecast(f.client, `${url}&budget_percent=1`)).budget_line).toBe('17000.00');
    for (const [query, field] of [
      ['budget_amount=100&budget_percent=1', 'budget_percent'],
      ['budget_percent=0', 'budget_percent'],
      ['budget_percent=101', 'budget_percent'],
      ['budget_amount=0', 'budget_amount'],
    ]) {
      const res = await f.client.get(`/renewal/forecast?${url}&${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors), query).toEqual([field]);
    }
  });

  it('refuses bad parameters with a 422 naming them', async () => {
    for (const [query, field] of [
      ['years=4', 'years'],
      ['years=51', 'years'],
      ['years=zehn', 'years'],
      ['from_year=1200', 'from_year'],
      ['group_by=canton', 'group_by'],
      ['smoothing=budget_cap', 'budget_cap'],
      ['smoothing=budget_cap&budget_cap=0', 'budget_cap'],
      ['smoothing=budget_cap&budget_cap=-5', 'budget_cap'],
      ['filter[lifetime]=lang', 'filter.lifetime'],
      ['horizon=5', 'horizon'],
    ]) {
      const res = await a.client.get(`/renewal/forecast?settings_group_uuid=${a.settingsGroup}&${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors), query).toContain(field);
    }
  });

  it('answers 401 signed out and 404 for another workspace', async () => {
    const anonymous = new Client(env.app);
    expect((await anonymous.get(`/renewal/forecast?settings_group_uuid=${a.settingsGroup}`)).statusCode).toBe(401);
    expect((await b.client.get(`/renewal/forecast?settings_group_uuid=${a.settingsGroup}`)).statusCode).toBe(404);
    const own = await forecast(b.client, `settings_group_uuid=${b.settingsGroup}`);
    expect(totals(own)).toEqual(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [Y + i, '7777.00'])));
  });
});
