// Public pages of records (docs/domain/public-pages.md): an admin enables a record's page with chosen fields and
// documents, resets its link (the old one a 404 at once, for good) and disables it; the page shows the chosen fields
// only, labelled in the reader's language, and lets the chosen documents be downloaded; every public reply carries
// the public headers, and guessing tokens is rate-limited per IP.
// @both-databases: the token's lookup, the one-row-per-record upsert and the stored files follow the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestEnv, json, type TestEnv } from './harness';
import { memberOf, post, workspace, type Rec, type Ws } from './planning-support';
import { pdf, uploadDocument } from './uploads';

let env: TestEnv;
let a: Ws;
let ip = 0;

beforeAll(async () => {
  env = await createTestEnv();
  a = await workspace(env);
});
afterAll(() => env.close());

/** An auditor's browser: no session, its own address (the rate limits count per IP). */
const outsider = (lang = 'en-us') => {
  const c = new Client(env.app, { remoteAddress: `10.1.0.${++ip}` });
  return { c, get: (url: string) => c.request('GET', url, undefined, { 'accept-language': lang }) };
};

type Page = {
  model: string;
  title: string;
  fields: { name: string; label: string; value: string | null }[];
  attachments: { uuid: string; name: string; size: number | null; url: string }[];
};

async function facility(ws: Ws = a) {
  const res = await post(ws.client, '/facilities', {
    property_uuid: ws.property,
    name: 'Heizkessel Nord',
    manufacturer: 'Hoval',
    serial_number: 'SN-4711',
    purchase_price: '12500.50',
    purchase_date: '2021-03-15',
    safety_relevant: true,
    status: 'active',
    description: 'Im Keller, Raum 2',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function attach(ws: Ws, model: string, uuid: string, name: string) {
  const res = await uploadDocument(ws.client, { model_name: model, model_uuid: uuid }, { name, data: pdf(name) });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: Rec }>(res).data;
}

const enable = (ws: Ws, path: string, fields: string[], attachments: string[] = []) =>
  ws.client.post(`${path}/public-page`, { fields, attachments });

describe('a record’s public page', () => {
  it('enables, shows only the chosen fields, resets (the old link dead at once) and disables', async () => {
    const f = await facility();
    const path = `/facilities/${f.uuid}`;
    const off = json<{ data: Rec }>(await a.client.get(`${path}/public-page`)).data;
    expect(off).toEqual({ enabled: false, fields: [], attachments: [], created_at: null, reset_at: null });

    const made = await enable(a, path, ['name', 'manufacturer', 'purchase_price']);
    expect(made.statusCode, made.body).toBe(201);
    const { token, url } = json<{ token: string; url: string }>(made);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`/public/facilities/${token}`);

    // the settings never show the token
    const settings = await a.client.get(`${path}/public-page`);
    expect(json<{ data: Rec }>(settings).data).toMatchObject({
      enabled: true,
      fields: ['name', 'manufacturer', 'purchase_price'],
      attachments: [],
      reset_at: null,
    });
    expect(settings.body).not.toContain(token);

    const reader = outsider();
    const shown = await reader.get(`/public/facilities/${token}`);
    expect(shown.statusCode).toBe(200);
    const page = json<{ data: Page }>(shown).data;
    expect(page.model).toBe('facility');
    expect(page.title).toBe('Heizkessel Nord');
    expect(page.fields).toEqual([
      { name: 'name', label: 'Name', value: 'Heizkessel Nord' },
      { name: 'manufacturer', label: 'Manufacturer', value: 'Hoval' },
      { name: 'purchase_price', label: 'Purchase price', value: '12,500.50' },
    ]);
    // a field not chosen never appears in the JSON
    for (const hidden of ['SN-4711', 'serial_number', 'Raum 2', 'settings_group', 'property_uuid', f.uuid])
      expect(shown.body).not.toContain(hidden);

    // changing the fields keeps the link and answers no token
    const changed = await enable(a, path, ['name', 'serial_number', 'purchase_date', 'safety_relevant']);
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain('token');
    const de = json<{ data: Page }>(await outsider('de-CH').get(`/public/facilities/${token}`)).data;
    expect(de.fields).toEqual([
      { name: 'name', label: 'Name', value: 'Heizkessel Nord' },
      { name: 'serial_number', label: expect.any(String), value: 'SN-4711' },
      { name: 'purchase_date', label: expect.any(String), value: '15.03.2021' },
      { name: 'safety_relevant', label: expect.any(String), value: 'ja' },
    ]);
    expect(de.fields[3]!.label).not.toBe('safety_relevant');

    // reset: confirm it, then the old link is the same 404 as an unknown token, the new one works
    const unconfirmed = await a.client.post(`${path}/public-page/reset`, {});
    expect(unconfirmed.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(unconfirmed).errors)).toEqual(['confirm']);
    expect((await a.client.post(`${path}/public-page/reset`, { confirm: false })).statusCode).toBe(422);
    const reset = await a.client.post(`${path}/public-page/reset`, { confirm: true });
    expect(reset.statusCode).toBe(200);
    const fresh = json<{ token: string; url: string }>(reset);
    expect(fresh.token).not.toBe(token);
    expect(fresh.url).toBe(`/public/facilities/${fresh.token}`);
    const old = await reader.get(`/public/facilities/${token}`);
    expect(old.statusCode).toBe(404);
    const unknown = await reader.get(`/public/facilities/${'A'.repeat(43)}`);
    expect(old.body).toBe(unknown.body);
    expect((await reader.get(`/public/facilities/${fresh.token}`)).statusCode).toBe(200);
    expect(json<{ data: Rec }>(await a.client.get(`${path}/public-page`)).data.reset_at).toEqual(expect.any(String));
    // no way back: enabling again keeps the new link, the old stays dead
    expect((await enable(a, path, ['name'])).statusCode).toBe(200);
    expect((await reader.get(`/public/facilities/${token}`)).statusCode).toBe(404);

    // disable: the token is forgotten; enabling again makes another one
    expect((await a.client.delete(`${path}/public-page`)).statusCode).toBe(204);
    expect((await reader.get(`/public/facilities/${fresh.token}`)).statusCode).toBe(404);
    expect(json<{ data: Rec }>(await a.client.get(`${path}/public-page`)).data.enabled).toBe(false);
    expect((await a.client.post(`${path}/public-page/reset`, { confirm: true })).statusCode).toBe(409);
    const again = json<{ token: string }>(await enable(a, path, ['name']));
    expect(again.token).not.toBe(fresh.token);
    expect((await reader.get(`/public/facilities/${fresh.token}`)).statusCode).toBe(404);
    expect((await reader.get(`/public/facilities/${again.token}`)).statusCode).toBe(200);
  });

  it('every model with a page: property, contract, guarantee, document, ticket', async () => {
    const contact = (
      await post(a.client, '/contacts', {
        settings_group_uuid: a.settingsGroup,
        kind: 'organisation',
        organisation: 'Dach AG',
      })
    ).body.data;
    const records: [string, Record<string, unknown>, string][] = [
      ['properties', {}, 'name'],
      ['contracts', { property_uuid: a.property, title: 'Wartung Lift' }, 'title'],
      [
        'guarantees',
        {
          property_uuid: a.property,
          title: 'Dach',
          guarantor_uuid: contact.uuid,
          start_date: '2024-01-01',
          guarantee_duration: 24,
        },
        'title',
      ],
      ['tickets', { property_uuid: a.property, subject: 'Tür klemmt' }, 'subject'],
    ];
    for (const [plural, body, titleField] of records) {
      const made0 = plural === 'properties' ? null : await post(a.client, `/${plural}`, body);
      expect(made0?.status ?? 201, `${plural} ${JSON.stringify(made0?.body)}`).toBe(201);
      const uuid = made0 ? made0.body.data.uuid : a.property;
      const made = await a.client.post(`/${plural}/${uuid}/public-page`, { fields: [titleField] });
      expect(made.statusCode, `${plural} ${made.body}`).toBe(201);
      // the page's link in the app is the API's path below /api/v1
      const page = json<{ data: Page }>(await outsider().get(json<{ url: string }>(made).url)).data;
      expect(
        page.fields.map((x) => x.name),
        plural,
      ).toEqual([titleField]);
      // a token of one model is no page of another
      const other = plural === 'tickets' ? 'contracts' : 'tickets';
      expect((await outsider().get(`/public/${other}/${json<{ token: string }>(made).token}`)).statusCode).toBe(404);
    }
    // a document's page may offer its own file
    const doc = await attach(a, 'property', a.property, 'Grundriss.pdf');
    const made = await a.client.post(`/documents/${doc.uuid}/public-page`, {
      fields: ['title', 'category'],
      attachments: [doc.uuid],
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = json<{ token: string }>(made).token;
    const page = json<{ data: Page }>(await outsider().get(`/public/documents/${token}`)).data;
    expect(page.attachments.map((x) => x.name)).toEqual(['Grundriss.pdf']);
    const file = await outsider().get(page.attachments[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('%PDF');
  });

  it('offers the chosen documents only; another document is a 404', async () => {
    const f = await facility();
    const path = `/facilities/${f.uuid}`;
    const chosen = await attach(a, 'facility', f.uuid, 'Wartungsprotokoll.pdf');
    const notChosen = await attach(a, 'facility', f.uuid, 'Rechnung.pdf');
    const elsewhere = await attach(a, 'property', a.property, 'Mietvertrag.pdf');
    const made = await enable(a, path, ['name'], [chosen.uuid]);
    expect(made.statusCode, made.body).toBe(201);
    const token = json<{ token: string }>(made).token;
    const reader = outsider();
    const page = await reader.get(`/public/facilities/${token}`);
    const data = json<{ data: Page }>(page).data;
    expect(data.attachments).toEqual([
      {
        uuid: chosen.uuid,
        name: 'Wartungsprotokoll.pdf',
        title: expect.any(String),
        size: expect.any(Number),
        url: `/api/v1/public/facilities/${token}/documents/${chosen.uuid}`,
      },
    ]);
    expect(page.body).not.toContain(notChosen.uuid);
    expect(page.body).not.toContain('Rechnung');
    const file = await reader.get(data.attachments[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    for (const other of [notChosen.uuid, elsewhere.uuid, '00000000-0000-4000-8000-000000000000'])
      expect((await reader.get(`/public/facilities/${token}/documents/${other}`)).statusCode).toBe(404);
    expect((await reader.get(`/public/facilities/${token}/documents/not-a-uuid`)).statusCode).toBeLessThan(500);
    // a document detached from the record is no longer offered, though still chosen
    await a.client.post(`/documents/${chosen.uuid}/unlink`, { model_name: 'facility', model_uuid: f.uuid });
    expect(json<{ data: Page }>(await reader.get(`/public/facilities/${token}`)).data.attachments).toEqual([]);
    expect((await reader.get(`/public/facilities/${token}/documents/${chosen.uuid}`)).statusCode).toBe(404);
  });

  it('422 names the field or attachment at fault', async () => {
    const f = await facility();
    const path = `/facilities/${f.uuid}`;
    const other = await attach(a, 'property', a.property, 'Anderes.pdf');
    const errorsOf = async (body: unknown) => {
      const res = await a.client.post(`${path}/public-page`, body);
      expect(res.statusCode, res.body).toBe(422);
      return Object.keys(json<{ errors: Record<string, string[]> }>(res).errors);
    };
    expect(await errorsOf({ fields: ['name', 'nope'] })).toEqual(['fields.1']);
    expect(await errorsOf({ fields: ['settings_group_uuid'] })).toEqual(['fields.0']);
    expect(await errorsOf({ fields: ['created_by'] })).toEqual(['fields.0']);
    expect(await errorsOf({ fields: ['attributes'] })).toEqual(['fields.0']);
    expect(await errorsOf({ fields: ['__proto__'] })).toEqual(['fields.0']);
    expect(await errorsOf({ fields: ['name', 'manufacturer', 'name'] })).toEqual(['fields.2']);
    expect(await errorsOf({ fields: ['name'], attachments: [other.uuid] })).toEqual(['attachments.0']);
    expect(await errorsOf({ fields: ['name'], attachments: ['x'] })).toEqual(['attachments.0']);
    expect((await errorsOf({ fields: 'name' })).length).toBe(1);
    expect((await errorsOf({ fields: [], attachments: [], token: 'mine' })).length).toBe(1);
    // a document's hidden stored name is no field to share
    const doc = await attach(a, 'facility', f.uuid, 'Plan.pdf');
    const res = await a.client.post(`/documents/${doc.uuid}/public-page`, { fields: ['filename'] });
    expect(res.statusCode).toBe(422);
    // nothing was enabled
    expect(json<{ data: Rec }>(await a.client.get(`${path}/public-page`)).data.enabled).toBe(false);
  });

  it('401 signed out, 403 for a member who is no admin, 404 for another settings group', async () => {
    const f = await facility();
    const path = `/facilities/${f.uuid}/public-page`;
    const anonymous = new Client(env.app);
    await anonymous.csrf();
    expect((await anonymous.get(path)).statusCode).toBe(401);
    expect((await anonymous.post(path, { fields: ['name'] })).statusCode).toBe(401);
    const member = await memberOf(env, a);
    expect((await member.client.get(`/facilities/${f.uuid}`)).statusCode).toBe(200);
    expect((await member.client.get(path)).statusCode).toBe(403);
    expect((await member.client.post(path, { fields: ['name'] })).statusCode).toBe(403);
    expect((await member.client.post(`${path}/reset`, { confirm: true })).statusCode).toBe(403);
    expect((await member.client.delete(path)).statusCode).toBe(403);
    const b = await workspace(env);
    expect((await b.client.get(path)).statusCode).toBe(404);
    expect((await b.client.post(path, { fields: ['name'] })).statusCode).toBe(404);
    expect((await b.client.post(`${path}/reset`, { confirm: true })).statusCode).toBe(404);
    expect((await b.client.delete(path)).statusCode).toBe(404);
    expect((await a.client.get('/facilities/00000000-0000-4000-8000-000000000000/public-page')).statusCode).toBe(404);
    expect(json<{ data: Rec }>(await a.client.get(path)).data.enabled).toBe(false);
  });

  it('an archived or deleted record’s page is a 404; restored, it shows again', async () => {
    const f = await facility();
    const path = `/facilities/${f.uuid}`;
    const token = json<{ token: string }>(await enable(a, path, ['name'])).token;
    const reader = outsider();
    expect((await a.client.post(`${path}/archive`)).statusCode).toBe(200);
    expect((await reader.get(`/public/facilities/${token}`)).statusCode).toBe(404);
    // an archived record's page is not changed (as any record action), but may be looked at and disabled
    expect((await enable(a, path, ['name', 'model'])).statusCode).toBe(409);
    expect((await a.client.get(`${path}/public-page`)).statusCode).toBe(200);
    expect((await a.client.post(`${path}/restore`)).statusCode).toBe(200);
    expect((await reader.get(`/public/facilities/${token}`)).statusCode).toBe(200);
    expect((await a.client.delete(path)).statusCode).toBe(200);
    expect((await reader.get(`/public/facilities/${token}`)).statusCode).toBe(404);
  });

  it('every public reply carries the public headers, a 404 and a 429 too; guessing is rate-limited per IP', async () => {
    const f = await facility();
    const token = json<{ token: string }>(await enable(a, `/facilities/${f.uuid}`, ['name'])).token;
    const reader = outsider();
    const headersOk = (res: Awaited<ReturnType<typeof reader.get>>) => {
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers['x-robots-tag'])).toContain('noindex');
    };
    headersOk(await reader.get(`/public/facilities/${token}`));
    const codes: number[] = [];
    for (const wrong of [
      'short',
      `${token}x`,
      `${token.slice(0, 42)}!`,
      ...Array.from({ length: 9 }, (_, i) => `${'C'.repeat(42)}${i}`),
    ]) {
      const res = await reader.get(`/public/facilities/${encodeURIComponent(wrong)}`);
      headersOk(res);
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // the guesser waits, also for the right token; another address does not
    const blocked = await reader.get(`/public/facilities/${token}`);
    expect(blocked.statusCode).toBe(429);
    headersOk(blocked);
    expect((await outsider().get(`/public/facilities/${token}`)).statusCode).toBe(200);
  });
});
