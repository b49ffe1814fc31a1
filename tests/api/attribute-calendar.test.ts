// Date attributes in the deadline calendar (docs/domain/attributes.md, "In the deadline calendar"): an attribute of
// type date with `calendar` on is a kind of its own, `attribute:<uuid>`, beside the static kinds; its entries are the
// records of its settings group the caller's list would show, holding a day of the period; a move is a PATCH of
// `attributes: {<key>: day}` with If-Match that keeps the other values. A setting off, an archived attribute and
// another settings group show nothing of it; the setting on another type is a 422.
// @both-databases: the jsonb value read and compared as a day in SQL on each database.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { addDays, memberOf, post, today, workspace, type Rec, type Ws } from './planning-support';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
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
  model?: string;
  field?: string;
  property_uuid: string | null;
  links: Record<string, string>;
};

const attribute = async (w: Ws, body: Record<string, unknown>) => {
  const res = await post(w.client, '/attributes', {
    settings_group_uuid: w.settingsGroup,
    model: 'facility',
    type: 'date',
    labels: { 'en-us': 'Inspection', de: 'Inspektion' },
    ...body,
  });
  if (res.status !== 201) throw new Error(`attribute: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const facility = async (w: Ws, name: string, attributes: Record<string, unknown>, property = w.property) => {
  const res = await post(w.client, '/facilities', { property_uuid: property, name, attributes });
  if (res.status !== 201) throw new Error(`facility: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const items = async (c: Client, query: string) => {
  const res = await c.get(`/calendar/events?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Item[] }>(res).data;
};
const period = () => `from=${addDays(today(), -10)}&to=${addDays(today(), 60)}`;

describe('date attributes in the deadline calendar', () => {
  it("lists a calendar date attribute's dates as its own kind for a member, in the caller's scope", async () => {
    const ws = await workspace(env);
    const shown = await attribute(ws, { key: 'inspection', calendar: true });
    await attribute(ws, { key: 'delivered', labels: { 'en-us': 'Delivered' } }); // setting off
    const heating = await facility(ws, 'Heating', { inspection: addDays(today(), 5), delivered: addDays(today(), 6) });
    await facility(ws, 'Lift', { inspection: addDays(today(), 90) }); // after the period
    await facility(ws, 'Pump', {}); // none
    const kind = `attribute:${shown.uuid}`;

    // a member of the settings group reads the definition and sees the entry
    const member = await memberOf(env, ws);
    const defs = json<{ data: Rec[] }>(await member.client.get('/attribute-definitions')).data;
    expect(defs.find((d) => d.key === 'inspection')).toMatchObject({ calendar: true, type: 'date' });
    expect(defs.find((d) => d.key === 'delivered')).toMatchObject({ calendar: false });
    const all = await items(member.client, period());
    expect(all.filter((i) => i.kind.startsWith('attribute:'))).toEqual([
      expect.objectContaining({
        id: `${kind}:${heating.uuid}`,
        kind,
        uuid: heating.uuid,
        title: 'Heating',
        date: addDays(today(), 5),
        overdue: false,
        model: 'facility',
        field: 'attributes.inspection',
        property_uuid: ws.property,
        links: { self: `/api/v1/facilities/${heating.uuid}`, reschedule: `/api/v1/facilities/${heating.uuid}` },
      }),
    ]);
    // asked for by kind alone, and left out when the kinds asked for leave it out
    expect((await items(member.client, `${period()}&kinds[]=${kind}`)).map((i) => i.uuid)).toEqual([heating.uuid]);
    expect(await items(member.client, `${period()}&kinds[]=facility_renewal`)).toEqual([]);
    // the selected property narrows it as it narrows the facilities' list
    const other = json<{ data: Rec }>(
      await ws.client.post('/properties', { settings_group_uuid: ws.settingsGroup, name: 'Other' }),
    ).data;
    const away = await facility(ws, 'Away', { inspection: addDays(today(), 7) }, other.uuid);
    const onOther = await items(member.client, `${period()}&kinds[]=${kind}&property_uuids[]=${other.uuid}`);
    expect(onOther.map((i) => i.uuid)).toEqual([away.uuid]);

    // a user of another settings group sees nothing of it, also when asking for its kind
    const stranger = await workspace(env);
    expect(await items(stranger.client, `${period()}&kinds[]=${kind}`)).toEqual([]);
    expect((await items(stranger.client, period())).some((i) => i.kind === kind)).toBe(false);
    // a selected settings group that is not the attribute's leaves it out
    expect(await items(ws.client, `${period()}&kinds[]=${kind}&settings_group_uuid=${stranger.settingsGroup}`)).toEqual(
      [],
    );

    // an archived record is not listed, as in its list
    expect((await ws.client.post(`/facilities/${away.uuid}/archive`)).statusCode).toBe(200);
    expect((await items(ws.client, `${period()}&kinds[]=${kind}`)).map((i) => i.uuid)).toEqual([heating.uuid]);

    // the ICS feed holds it, linked to the facility's page
    const { url } = json<{ data: { url: string } }>(await member.client.get('/user/calendar-feed')).data;
    const cal = new ICAL.Component(ICAL.parse((await new Client(env.app).get(new URL(url).pathname)).body));
    const event = cal
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => String(e.component.getFirstPropertyValue('categories')) === 'ATTRIBUTE_INSPECTION')!;
    expect(event.summary).toBe('Heating');
    expect(event.startDate.toString()).toBe(addDays(today(), 5));
    expect(String(event.component.getFirstPropertyValue('url'))).toBe(
      `http://hauswerk.test/facilities/${heating.uuid}`,
    );
  });

  it('shows nothing of an attribute with the setting off, and takes the kind away when it is archived', async () => {
    const ws = await workspace(env);
    const attr = await attribute(ws, { key: 'inspection' });
    const kind = `attribute:${attr.uuid}`;
    await facility(ws, 'Heating', { inspection: addDays(today(), 5) });
    expect((await items(ws.client, period())).some((i) => i.kind.startsWith('attribute:'))).toBe(false);
    expect(await items(ws.client, `${period()}&kinds[]=${kind}`)).toEqual([]);

    // switched on, it shows; archived, it goes (the values stay); restored, it is back
    const on = await ws.client.patch(`/attributes/${attr.uuid}`, { calendar: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await items(ws.client, period())).filter((i) => i.kind === kind)).toHaveLength(1);
    expect((await ws.client.post(`/attributes/${attr.uuid}/archive`)).statusCode).toBe(200);
    expect((await items(ws.client, period())).some((i) => i.kind === kind)).toBe(false);
    expect(await items(ws.client, `${period()}&kinds[]=${kind}`)).toEqual([]);
    expect(json<{ data: Rec[] }>(await ws.client.get('/attribute-definitions')).data).toEqual([]);
    expect((await ws.client.post(`/attributes/${attr.uuid}/restore`)).statusCode).toBe(200);
    expect((await items(ws.client, period())).filter((i) => i.kind === kind)).toHaveLength(1);
  });

  it("a move patches the attribute's value with If-Match and keeps the record's other values", async () => {
    const ws = await workspace(env);
    const attr = await attribute(ws, { key: 'inspection', calendar: true });
    await attribute(ws, { key: 'note', type: 'text', labels: { 'en-us': 'Note' } });
    const heating = await facility(ws, 'Heating', { inspection: addDays(today(), 5), note: 'north side' });
    const kind = `attribute:${attr.uuid}`;
    const [entry] = await items(ws.client, `${period()}&kinds[]=${kind}`);
    const current = json<{ data: Rec }>(await ws.client.get(`/facilities/${heating.uuid}`)).data;
    const move = (version: unknown) =>
      ws.client.request(
        'PATCH',
        entry!.links.reschedule!.replace('/api/v1', ''),
        { attributes: { inspection: addDays(today(), 12) } },
        { 'If-Match': `"${String(version)}"` },
      );
    const moved = await move(current.updated_at);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<{ data: Rec }>(moved).data.attributes).toEqual({
      inspection: addDays(today(), 12),
      note: 'north side',
    });
    expect((await items(ws.client, `${period()}&kinds[]=${kind}`)).map((i) => i.date)).toEqual([addDays(today(), 12)]);
    // a stale version is refused, not overwritten
    expect((await move(current.updated_at)).statusCode).toBe(409);
    // cleared, the record leaves the calendar
    const cleared = await ws.client.patch(`/facilities/${heating.uuid}`, { attributes: { inspection: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await items(ws.client, `${period()}&kinds[]=${kind}`)).toEqual([]);
  });

  it('refuses the setting on an attribute that is not a date, and a bad kind, with a 422', async () => {
    const ws = await workspace(env);
    const text = await post(ws.client, '/attributes', {
      settings_group_uuid: ws.settingsGroup,
      model: 'facility',
      key: 'code',
      type: 'text',
      calendar: true,
      labels: { 'en-us': 'Code' },
    });
    expect(text.status).toBe(422);
    expect(Object.keys(text.body.errors!)).toEqual(['calendar']);
    expect(text.body.errors!.calendar).toEqual(['Only a date attribute can be shown in the calendar.']);
    // a date attribute in the calendar changed to text keeps the setting only as a 422
    const date = await attribute(ws, { key: 'inspection', calendar: true });
    const changed = await ws.client.patch(`/attributes/${date.uuid}`, { type: 'text' });
    expect(changed.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(changed).errors)).toEqual(['calendar']);
    const both = await ws.client.patch(`/attributes/${date.uuid}`, { type: 'text', calendar: false });
    expect(both.statusCode, both.body).toBe(200);
    for (const kind of ['attribute:nope', 'attribute:', `attributes:${date.uuid}`])
      expect((await ws.client.get(`/calendar/events?${period()}&kinds[]=${kind}`)).statusCode, kind).toBe(422);
  });
});
