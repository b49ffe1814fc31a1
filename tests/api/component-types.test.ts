// The lifetime table (docs/domain/calculations.md, "Renewal figures"): a facility that picks a component type takes
// its lifetime and renewal group from it, unless it has its own; its own lifetime wins over the type's, the type's
// over the renewal group's default. The same on read, in the list's SQL sort and in the forecast's groups.
// @both-databases: the figures' SQL on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, json, type TestEnv } from './harness';
import { post, today, workspace, type Ws } from './planning-support';
import type { RenewalForecastReply } from '../../src/entities/analytics';

let env: TestEnv;
let a: Ws;
let b: Ws;
const Y = Number(today().slice(0, 4));
const ids: Record<string, string> = {};

/** A record of a settings group's catalogue, or (`facilities`) of its property. */
const created = async (ws: Ws, url: string, body: Record<string, unknown>) => {
  const scope = url === '/facilities' ? {} : { settings_group_uuid: ws.settingsGroup };
  const res = await post(ws.client, url, { ...scope, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.uuid as string;
};

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
  b = await workspace(env);
  ids.heating = await created(a, '/renewal-groups', {
    name: 'Heizung',
    default_lifetime: 25,
    default_unit_price: '400',
  });
  ids.air = await created(a, '/renewal-groups', { name: 'Lüftung', default_lifetime: 40, default_unit_price: '900' });
  ids.boiler = await created(a, '/component-types', {
    name: 'Gasheizkessel',
    lifetime: 18,
    renewal_group_uuid: ids.heating,
  });
  ids.foreign = await created(b, '/component-types', { name: 'Aufzug', lifetime: 30 });
  const facility = (name: string, body: Record<string, unknown>) =>
    created(a, '/facilities', { property_uuid: a.property, name, commissioning_year: Y - 10, quantity: '1', ...body });
  ids.typeOnly = await facility('Kessel nach Typ', { component_type_uuid: ids.boiler });
  ids.ownLifetime = await facility('Kessel mit eigener Lebensdauer', { component_type_uuid: ids.boiler, lifetime: 30 });
  ids.ownGroup = await facility('Kessel in der Lüftung', {
    component_type_uuid: ids.boiler,
    renewal_group_uuid: ids.air,
  });
  ids.none = await facility('Kessel ohne Typ', { renewal_group_uuid: ids.heating });
});
afterAll(() => env.close());

const read = async (name: string) =>
  json<{ data: Record<string, unknown> }>(await a.client.get(`/facilities/${ids[name]}`)).data;

describe('the lifetime table', () => {
  it('gives a facility without a lifetime its component type’s, and without a group the type’s group', async () => {
    // 18 years from the type (not the group's 25), the group's unit price through the type's group
    expect(await read('typeOnly')).toMatchObject({
      remaining_lifetime: 8,
      renewal_year: Y + 8,
      renewal_costs: '400.00',
    });
    // its own lifetime wins over the type's
    expect(await read('ownLifetime')).toMatchObject({ remaining_lifetime: 20, renewal_year: Y + 20 });
    // its own group's unit price, the type's lifetime before that group's default
    expect(await read('ownGroup')).toMatchObject({ remaining_lifetime: 8, renewal_costs: '900.00' });
    // no type: the group's default lifetime as before
    expect(await read('none')).toMatchObject({ remaining_lifetime: 15, renewal_year: Y + 15 });
  });

  it('sorts and filters the list in SQL by the same lifetimes', async () => {
    const res = await a.client.get(
      `/facilities?settings_group_uuid=${a.settingsGroup}&sort_by=remaining_lifetime&sort_descending=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = json<{ data: { name: string; remaining_lifetime: number }[] }>(res).data;
    expect(rows.map((r) => r.remaining_lifetime)).toEqual([20, 15, 8, 8]);
    expect(rows[0]!.name).toBe('Kessel mit eigener Lebensdauer');
    const due = await a.client.get(`/facilities?settings_group_uuid=${a.settingsGroup}&filter[renewal_year]=${Y + 8}`);
    expect(
      json<{ data: { uuid: string }[] }>(due)
        .data.map((r) => r.uuid)
        .sort(),
    ).toEqual([ids.typeOnly, ids.ownGroup].sort());
  });

  it('stacks the forecast by the type’s renewal group where the facility has none', async () => {
    const res = await a.client.get(
      `/renewal/forecast?settings_group_uuid=${a.settingsGroup}&from_year=${Y}&years=10&group_by=renewal_group`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const reply = json<{ data: RenewalForecastReply }>(res).data;
    expect(reply.years[8]!.groups).toEqual({ [ids.heating!]: '400.00', [ids.air!]: '900.00' });
  });

  it('refuses a component type of another workspace as an unknown one', async () => {
    const res = await post(a.client, '/facilities', {
      property_uuid: a.property,
      name: 'Fremder Typ',
      component_type_uuid: ids.foreign,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('component_type_uuid');
  });
});
