// Guarantees through the API (docs/domain/calculations.md, "Guarantee end date and reminders"; docs/domain/states.md,
// "Guarantees"): the end date stored on write (month ends, Feb 29, the facility's commissioning date as the default
// start, recomputed on change), the field limits, claim and its link, the daily job expiring guarantees and mailing
// each reminder stage once in the recipient's language over a real SMTP server, the stages setting of the settings
// group, following the property's archive, and 401/403/404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decoded, startSmtp, waitFor } from './smtp';
import { Client, createTestEnv, json, signedIn, type TestEnv } from './harness';
import { addDays, post, today, workspace, type Rec, type Ws } from './planning-support';
import { jobs } from '../../server/jobs/jobs';
import { runJobIfDue } from '../../server/jobs/scheduler';
import { jobRuns, settingsGroupMembers, users } from '../../server/db/schema';

let env: TestEnv;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: Ws;
let b: Ws;
let guarantor: string;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  a = await workspace(env);
  b = await workspace(env);
  guarantor = (
    await post(a.client, '/contacts', {
      settings_group_uuid: a.settingsGroup,
      kind: 'organisation',
      organisation: 'Wärme AG',
    })
  ).body.data.uuid;
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

async function createGuarantee(ws: Ws, body: Record<string, unknown> = {}) {
  const res = await post(ws.client, '/guarantees', {
    property_uuid: ws.property,
    title: 'Garantie Wärmepumpe',
    guarantor_uuid: guarantor,
    start_date: '2025-01-15',
    guarantee_duration: 24,
    ...body,
  });
  if (res.status !== 201) throw new Error(`guarantee: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const get = async (ws: Ws, path: string) => json<{ data: Rec }>(await ws.client.get(path)).data;
const job = () => jobs.find((j) => j.name === 'guarantee-deadlines')!;
/** Runs the daily job as on `day` (the job's last run forgotten, so it is due). */
async function runJobOn(day: string) {
  await env.database.db.delete(jobRuns).where(eq(jobRuns.name, 'guarantee-deadlines'));
  expect(await runJobIfDue(env.app.ctx, job(), jobs.indexOf(job()), new Date(`${day}T06:00:00Z`))).toBe(true);
}

describe('end date stored on write', () => {
  it('is start + duration months, clamped at month ends and on Feb 29', async () => {
    expect(await createGuarantee(a)).toMatchObject({
      start_date: '2025-01-15',
      end_date: '2027-01-15',
      status: 'active',
    });
    expect((await createGuarantee(a, { start_date: '2025-01-31', guarantee_duration: 1 })).end_date).toBe('2025-02-28');
    expect((await createGuarantee(a, { start_date: '2024-01-31', guarantee_duration: 1 })).end_date).toBe('2024-02-29');
    expect((await createGuarantee(a, { start_date: '2024-02-29', guarantee_duration: 12 })).end_date).toBe(
      '2025-02-28',
    );
  });

  it('starts on the facility commissioning date when no start is given', async () => {
    const pump = (
      await post(a.client, '/facilities', {
        property_uuid: a.property,
        name: 'Wärmepumpe',
        commissioning_date: '2024-05-31',
      })
    ).body.data;
    const g = await createGuarantee(a, { facility_uuid: pump.uuid, start_date: undefined, guarantee_duration: 60 });
    expect(g).toMatchObject({ start_date: '2024-05-31', end_date: '2029-05-31', facility_uuid: pump.uuid });
    // a start given wins over the facility's
    expect((await createGuarantee(a, { facility_uuid: pump.uuid, start_date: '2024-06-10' })).start_date).toBe(
      '2024-06-10',
    );
    // neither a start nor a facility with a commissioning date: the start is required
    const bare = (await post(a.client, '/facilities', { property_uuid: a.property, name: 'Tor' })).body.data;
    for (const extra of [{}, { facility_uuid: bare.uuid }]) {
      const res = await post(a.client, '/guarantees', {
        property_uuid: a.property,
        title: 'Ohne Start',
        guarantor_uuid: guarantor,
        guarantee_duration: 24,
        ...extra,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('start_date');
    }
  });

  it('recomputes the end date when the start or the duration changes', async () => {
    const g = await createGuarantee(a);
    let res = await a.client.patch(`/guarantees/${g.uuid}`, { guarantee_duration: 120 });
    expect(json<{ data: Rec }>(res).data.end_date).toBe('2035-01-15');
    res = await a.client.patch(`/guarantees/${g.uuid}`, { start_date: '2023-08-31' });
    expect(json<{ data: Rec }>(res).data.end_date).toBe('2033-08-31');
    res = await a.client.patch(`/guarantees/${g.uuid}`, { start_date: '2023-10-31', guarantee_duration: 4 });
    expect(json<{ data: Rec }>(res).data.end_date).toBe('2024-02-29');
    // sortable and filterable like any stored date
    const listed = json<{ data: Rec[] }>(
      await a.client.get('/guarantees?filter[end_date][from]=2024-02-29&filter[end_date][to]=2024-02-29'),
    ).data;
    expect(listed.map((r) => r.uuid)).toContain(g.uuid);
  });

  it('refuses durations outside 1…600, a negative amount and writes to the end date or status (422 naming the field)', async () => {
    for (const [field, value] of [
      ['guarantee_duration', 0],
      ['guarantee_duration', 10_000],
      ['guarantee_duration', 601],
      ['amount', '-1.00'],
    ] as const) {
      const res = await post(a.client, '/guarantees', {
        property_uuid: a.property,
        title: 'Falsch',
        guarantor_uuid: guarantor,
        start_date: '2025-01-01',
        guarantee_duration: 24,
        [field]: value,
      });
      expect(res.status, `${field} ${value}`).toBe(422);
      expect(Object.keys(res.body.errors!), `${field} ${value}`).toEqual([field]);
    }
    const g = await createGuarantee(a, { amount: '12500.00' });
    expect(g.amount).toBe('12500.00');
    for (const [field, value] of [
      ['end_date', '2030-01-01'],
      ['status', 'claimed'],
      ['guarantee_duration', 0],
      ['amount', '-0.05'],
    ] as const) {
      const res = await a.client.patch(`/guarantees/${g.uuid}`, { [field]: value });
      expect(res.statusCode, field).toBe(422);
      expect(json(res).errors, field).toHaveProperty(field);
    }
  });
});

describe('claim', () => {
  it('claims an active guarantee; the link is offered only while active', async () => {
    const g = await createGuarantee(a);
    expect(g.links.claim).toBe(`/api/v1/guarantees/${g.uuid}/claim`);
    const res = await post(a.client, `/guarantees/${g.uuid}/claim`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('claimed');
    expect(res.body.data.links.claim).toBeUndefined();
    const again = await post(a.client, `/guarantees/${g.uuid}/claim`);
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty('status');
  });
});

describe('the daily job', () => {
  it('expires active guarantees whose end date has passed, once', async () => {
    const ended = await createGuarantee(a, { start_date: '2020-01-10', guarantee_duration: 24 });
    const claimed = await createGuarantee(a, { start_date: '2020-01-10', guarantee_duration: 24 });
    await post(a.client, `/guarantees/${claimed.uuid}/claim`);
    const running = await createGuarantee(a, { start_date: today(), guarantee_duration: 24 });
    await runJobOn(today());
    expect((await get(a, `/guarantees/${ended.uuid}`)).status).toBe('expired');
    expect((await get(a, `/guarantees/${ended.uuid}`)).links.claim).toBeUndefined();
    expect((await get(a, `/guarantees/${claimed.uuid}`)).status).toBe('claimed');
    expect((await get(a, `/guarantees/${running.uuid}`)).status).toBe('active');
    // the end date moved to the future: runs again
    const res = await a.client.patch(`/guarantees/${ended.uuid}`, { guarantee_duration: 600 });
    expect(json<{ data: Rec }>(res).data.status).toBe('active');
    // the end day itself is still within the guarantee; the day after, it expires
    const endsToday = await createGuarantee(a, { start_date: addMonthsIso(today(), -12), guarantee_duration: 12 });
    await runJobOn(today());
    expect((await get(a, `/guarantees/${endsToday.uuid}`)).status).toBe('active');
    await runJobOn(addDays(today(), 1));
    expect((await get(a, `/guarantees/${endsToday.uuid}`)).status).toBe('expired');
    // runs once per day as a scheduled job
    expect(await runJobIfDue(env.app.ctx, job(), jobs.indexOf(job()))).toBe(false);
  });

  it('mails each reminder stage once to the creator, in their language', async () => {
    const ws = await workspace(env);
    const contact = (
      await post(ws.client, '/contacts', {
        settings_group_uuid: ws.settingsGroup,
        kind: 'organisation',
        organisation: 'Lift AG',
      })
    ).body.data.uuid;
    await env.database.db
      .update(users)
      .set({ locale: 'de-ch', date_format: 'DD.MM.YYYY' })
      .where(eq(users.id, ws.user.id));
    const g = json<{ data: Rec }>(
      await ws.client.post('/guarantees', {
        property_uuid: ws.property,
        title: 'Garantie Lift',
        guarantor_uuid: contact,
        start_date: '2026-01-31',
        guarantee_duration: 12,
      }),
    ).data;
    expect(g.end_date).toBe('2027-01-31');
    const mine = () => smtp.received.filter((m) => m.includes(ws.user.email));
    const expectMails = async (day: string, count: number) => {
      await runJobOn(day);
      await waitFor(() => mine().length === count);
      expect(mine()).toHaveLength(count);
    };
    await expectMails('2026-08-03', 0); // 181 days before
    await expectMails('2026-08-04', 1); // 180 days before
    const first = decoded(mine()[0]!);
    expect(first).toContain(
      'Die Garantie «Garantie Lift» für Seestrasse 1 (Garantiegeber: Lift AG) endet am 31.01.2027, in 180 Tagen.',
    );
    expect(first).toContain('Garantie öffnen');
    expect(mine()[0]).toContain(`http://hauswerk.test/guarantees/${g.uuid}`);
    await expectMails('2026-08-05', 1); // the same stage: not again
    await expectMails('2026-11-02', 2); // 90 days before
    await expectMails('2027-01-01', 3); // 30 days before
    await expectMails('2027-01-20', 3);
    // an English-speaking creator reads English; a guarantee entered late gets one mail for the nearest stage
    await env.database.db.update(users).set({ locale: 'en-us' }).where(eq(users.id, ws.user.id));
    await ws.client.post('/guarantees', {
      property_uuid: ws.property,
      title: 'Warranty roof',
      guarantor_uuid: contact,
      start_date: '2026-01-31',
      guarantee_duration: 12,
    });
    await expectMails('2027-01-20', 4);
    expect(decoded(mine()[3]!)).toContain('The guarantee “Warranty roof” of Seestrasse 1 (guarantor: Lift AG) ends on');
    expect(decoded(mine()[3]!)).toContain('in 11 days.');
    expect(decoded(mine()[3]!)).toContain('Open the guarantee');
    await expectMails('2027-01-21', 4);
  });

  it('reads the stages from the settings group, validated', async () => {
    const ws = await workspace(env);
    const sg = json<{ data: Record<string, unknown> }>(
      await ws.client.get(`/settings-groups/${ws.settingsGroup}`),
    ).data;
    expect(sg.guarantee_reminder_days).toEqual([180, 90, 30]);
    for (const bad of [[0], [3651], [1, 2, 3, 4, 5, 6], [30, 30], [1.5], 'soon']) {
      const res = await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, { guarantee_reminder_days: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(json<{ errors: Record<string, string[]> }>(res).errors)[0]).toMatch(
        /^guarantee_reminder_days/,
      );
    }
    let res = await ws.client.patch(`/settings-groups/${ws.settingsGroup}`, { guarantee_reminder_days: [7] });
    expect(json<{ data: Record<string, unknown> }>(res).data.guarantee_reminder_days).toEqual([7]);
    const contact = (
      await post(ws.client, '/contacts', {
        settings_group_uuid: ws.settingsGroup,
        kind: 'organisation',
        organisation: 'Dach AG',
      })
    ).body.data.uuid;
    await ws.client.post('/guarantees', {
      property_uuid: ws.property,
      title: 'Garantie Dach',
      guarantor_uuid: contact,
      start_date: '2026-03-10',
      guarantee_duration: 24,
    });
    const mine = () => smtp.received.filter((m) => m.includes(ws.user.email));
    await runJobOn('2028-01-10'); // 60 days before: no stage of this group
    await runJobOn('2028-03-03'); // 7 days before
    await waitFor(() => mine().length === 1);
    expect(mine()).toHaveLength(1);
    // a member may not change the settings
    const member = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: ws.settingsGroup, user_id: member.user.id, role: 'user' });
    res = await member.client.patch(`/settings-groups/${ws.settingsGroup}`, { guarantee_reminder_days: [1] });
    expect(res.statusCode).toBe(403);
  });
});

describe('archive', () => {
  it('follows its property: archived with it, restored with it', async () => {
    const ws = await workspace(env);
    const contact = (
      await post(ws.client, '/contacts', {
        settings_group_uuid: ws.settingsGroup,
        kind: 'organisation',
        organisation: 'Bau AG',
      })
    ).body.data.uuid;
    const body = {
      property_uuid: ws.property,
      title: 'G',
      guarantor_uuid: contact,
      start_date: '2026-01-01',
      guarantee_duration: 24,
    };
    const kept = json<{ data: Rec }>(await ws.client.post('/guarantees', body)).data;
    const alone = json<{ data: Rec }>(await ws.client.post('/guarantees', body)).data;
    expect((await ws.client.post(`/guarantees/${alone.uuid}/archive`, {})).statusCode).toBe(200);
    expect((await ws.client.post(`/properties/${ws.property}/archive`, {})).statusCode).toBe(200);
    expect((await get(ws, `/guarantees/${kept.uuid}`)).archived_at).not.toBeNull();
    expect((await ws.client.post(`/properties/${ws.property}/restore`, {})).statusCode).toBe(200);
    expect((await get(ws, `/guarantees/${kept.uuid}`)).archived_at).toBeNull();
    expect((await get(ws, `/guarantees/${alone.uuid}`)).archived_at).not.toBeNull();
  });
});

describe('access', () => {
  it('answers 401 signed out, 404 for another workspace, 403 for a member deleting', async () => {
    const g = await createGuarantee(a);
    const anon = new Client(env.app);
    expect((await anon.get(`/guarantees/${g.uuid}`)).statusCode).toBe(401);
    expect((await anon.post(`/guarantees/${g.uuid}/claim`, {})).statusCode).toBe(401);
    expect((await b.client.get(`/guarantees/${g.uuid}`)).statusCode).toBe(404);
    expect((await b.client.post(`/guarantees/${g.uuid}/claim`, {})).statusCode).toBe(404);
    expect((await b.client.patch(`/guarantees/${g.uuid}`, { title: 'Mine' })).statusCode).toBe(404);
    const theirs = await post(b.client, '/guarantees', {
      property_uuid: b.property,
      title: 'Sneaky',
      guarantor_uuid: guarantor,
      start_date: '2025-01-01',
      guarantee_duration: 12,
    });
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors).toHaveProperty('guarantor_uuid');
    const member = await signedIn(env);
    await env.database.db
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: a.settingsGroup, user_id: member.user.id, role: 'user' });
    const seen = json<{ data: Rec }>(await member.client.get(`/guarantees/${g.uuid}`)).data;
    expect(seen.links.delete).toBeUndefined();
    expect(seen.links.claim).toBeDefined();
    expect((await member.client.delete(`/guarantees/${g.uuid}`)).statusCode).toBe(403);
    expect((await member.client.post(`/guarantees/${g.uuid}/claim`, {})).statusCode).toBe(200);
    expect((await get(a, `/guarantees/${g.uuid}`)).status).toBe('claimed');
  });
});

function addMonthsIso(iso: string, months: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}
