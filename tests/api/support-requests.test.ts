// Support requests through the API (docs/domain/support-requests.md): a user's own requests (another user's is a 404
// exactly like a missing one, in every route and absent from the list), the superusers' list of all and their
// answer mailed to the requester in their language over a real SMTP server once committed, close and reopen, writing
// again on an answered request, the audit of each change, 401 signed out and the 422s of hostile input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoded, startSmtp, waitFor } from './smtp';
import { Client, createTestEnv, json, signedIn, signedInWithTwoFactor, type TestEnv } from './harness';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let env: TestEnv;
type Rec = Record<string, unknown> & { uuid: string; status: string; links: Record<string, string> };
type User = Awaited<ReturnType<typeof signedIn>>;
let anna: User;
let bert: User;
let operator: Awaited<ReturnType<typeof signedInWithTwoFactor>>;

const path = '/support-requests';
const data = (res: { json: () => unknown }) => (res.json() as { data: Rec }).data;

async function open(user: User, body: Record<string, unknown> = {}): Promise<Rec> {
  const res = await user.client.post(path, {
    subject: 'The export does not start',
    description: 'Clicking Export does nothing.',
    page: '/facilities?record=1',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return data(res);
}

beforeAll(async () => {
  smtp = await startSmtp();
  env = await createTestEnv({ smtpUrl: smtp.url });
  anna = await signedIn(env, { locale: 'de', first_name: 'Anna' });
  bert = await signedIn(env);
  operator = await signedInWithTwoFactor(env, { is_superuser: true, first_name: 'Olga', last_name: 'Operator' });
});
afterAll(async () => {
  await env.close();
  await smtp.close();
});

describe('support requests', () => {
  it('lets a user open one of their own, open and without a settings group', async () => {
    const rec = await open(anna);
    expect(rec).toMatchObject({
      subject: 'The export does not start',
      page: '/facilities?record=1',
      status: 'open',
      settings_group_uuid: null,
      answer: null,
      requester_name: `Anna ${anna.user.last_name}`,
    });
    expect(rec).not.toHaveProperty('user_id');
    expect(rec.links).toMatchObject({ update: expect.any(String), close: expect.any(String) });
    // answering is the operator's
    expect(rec.links.answer).toBeUndefined();
    expect((await anna.client.post(`${path}/${rec.uuid}/answer`, { answer: 'Self-service' })).statusCode).toBe(403);
  });

  it('answers another user’s request as a missing one (404), and leaves it out of their list', async () => {
    const rec = await open(anna);
    const missing = `${path}/00000000-0000-4000-8000-000000000000`;
    const foreign = await bert.client.get(`${path}/${rec.uuid}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe((await bert.client.get(missing)).body);
    expect((await bert.client.patch(`${path}/${rec.uuid}`, { subject: 'Mine now' })).statusCode).toBe(404);
    for (const action of ['close', 'reopen', 'archive'])
      expect((await bert.client.post(`${path}/${rec.uuid}/${action}`)).statusCode, action).toBe(404);
    expect((await bert.client.post(`${path}/${rec.uuid}/answer`, { answer: 'x' })).statusCode).toBe(404);
    expect((await bert.client.delete(`${path}/${rec.uuid}`)).statusCode).toBe(404);
    expect((await bert.client.get(`${path}/${rec.uuid}/history`)).statusCode).toBe(404);
    const listed = json<{ data: Rec[] }>(await bert.client.get(`${path}?per_page=500&archived=all`)).data;
    expect(listed.map((r) => r.uuid)).not.toContain(rec.uuid);
    expect(json<{ data: Rec[] }>(await bert.client.get(`${path}?filter[uuid]=${rec.uuid}`)).data).toEqual([]);
    expect(json<{ data: Rec }>(await anna.client.get(`${path}/${rec.uuid}`)).data.subject).toBe(rec.subject);
  });

  it('lists every request to a superuser, who answers: the requester gets the mail in their language', async () => {
    const rec = await open(anna, { subject: 'Wo ist der Export?' });
    const theirs = await open(bert);
    const all = json<{ data: Rec[] }>(await operator.client.get(`${path}?per_page=500`)).data;
    expect(all.map((r) => r.uuid)).toEqual(expect.arrayContaining([rec.uuid, theirs.uuid]));
    expect(all.find((r) => r.uuid === rec.uuid)!.requester_name).toBe(`Anna ${anna.user.last_name}`);
    const seen = json<{ data: Rec }>(await operator.client.get(`${path}/${rec.uuid}`)).data;
    expect(seen.links.answer).toBe(`/api/v1${path}/${rec.uuid}/answer`);

    // a superuser without confirmed 2FA sees only their own and answers nothing
    const bare = await signedIn(env, { is_superuser: true });
    expect((await bare.client.get(`${path}/${rec.uuid}`)).statusCode).toBe(404);

    const empty = await operator.client.post(`${path}/${rec.uuid}/answer`, { answer: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(empty).errors).toHaveProperty('answer');

    const before = smtp.received.length;
    const res = await operator.client.post(`${path}/${rec.uuid}/answer`, { answer: 'Unter Daten › Export.' });
    expect(res.statusCode, res.body).toBe(200);
    const answered = data(res);
    expect(answered).toMatchObject({
      status: 'answered',
      answer: 'Unter Daten › Export.',
      answered_by: 'Olga Operator',
    });
    expect(answered.answered_at).toEqual(expect.any(String));

    const mine = () => smtp.received.slice(before).filter((m) => m.includes(anna.user.email));
    await waitFor(() => mine().length === 1);
    const mail = decoded(mine()[0]!);
    expect(mail).toContain('Ihre Supportanfrage wurde beantwortet');
    expect(mail).toContain('Guten Tag Anna');
    expect(mail).toContain('Olga Operator hat Ihre Supportanfrage „Wo ist der Export?“ beantwortet.');
    expect(mail).toContain(`http://hauswerk.test/support-requests?record=${rec.uuid}`);

    // the requester reads the answer; the change is in the record's history as an update
    const read = json<{ data: Rec }>(await anna.client.get(`${path}/${rec.uuid}`)).data;
    expect(read).toMatchObject({ status: 'answered', answer: 'Unter Daten › Export.' });
    const history = json<{ data: { action: string; details: { changes?: Record<string, unknown> } }[] }>(
      await anna.client.get(`${path}/${rec.uuid}/history`),
    ).data;
    expect(history.map((h) => h.action)).toEqual(['support_request.update', 'support_request.create']);
    expect(history[0]!.details.changes).toMatchObject({ status: { old: 'open', new: 'answered' } });

    // the operator closes it; answering a closed request is a 422 on status
    const closed = data(await operator.client.post(`${path}/${rec.uuid}/close`));
    expect(closed.status).toBe('closed');
    expect(closed.links.answer).toBeUndefined();
    expect((await operator.client.post(`${path}/${rec.uuid}/answer`, { answer: 'Again' })).statusCode).toBe(422);
  });

  it('lets the requester write again on an answered request, close and reopen; a closed one is reopened first', async () => {
    const rec = await open(bert);
    expect(data(await operator.client.post(`${path}/${rec.uuid}/answer`, { answer: 'Try again.' })).status).toBe(
      'answered',
    );
    // the superuser answers, never edits what the requester wrote
    expect((await operator.client.patch(`${path}/${rec.uuid}`, { subject: 'Edited' })).statusCode).toBe(403);
    const again = await bert.client.patch(`${path}/${rec.uuid}`, { description: 'Still nothing happens.' });
    expect(again.statusCode, again.body).toBe(200);
    expect(data(again)).toMatchObject({ status: 'open', description: 'Still nothing happens.' });

    const closed = data(await bert.client.post(`${path}/${rec.uuid}/close`));
    expect(closed.status).toBe('closed');
    expect(closed.links.reopen).toBeDefined();
    expect((await bert.client.post(`${path}/${rec.uuid}/close`)).statusCode).toBe(422);
    const locked = await bert.client.patch(`${path}/${rec.uuid}`, { subject: 'One more thing' });
    expect(locked.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(locked).errors).toHaveProperty('status');
    expect(data(await bert.client.post(`${path}/${rec.uuid}/reopen`)).status).toBe('open');
    expect((await bert.client.post(`${path}/${rec.uuid}/reopen`)).statusCode).toBe(422);
    // the status moves by actions only
    expect((await bert.client.patch(`${path}/${rec.uuid}`, { status: 'closed' })).statusCode).toBe(422);
    expect((await bert.client.patch(`${path}/${rec.uuid}`, { answer: 'I answer myself' })).statusCode).toBe(422);
  });

  it('refuses hostile input with a 422 and writes nothing', async () => {
    const count = async () =>
      json<{ meta: { total: number } }>(await anna.client.get(`${path}?archived=all`)).meta.total;
    const before = await count();
    const errorsOf = async (body: Record<string, unknown>) => {
      const res = await anna.client.post(path, { subject: 'S', description: 'D', ...body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      return Object.keys(json<{ errors: Record<string, string[]> }>(res).errors);
    };
    expect(await errorsOf({ subject: undefined })).toEqual(['subject']);
    expect(await errorsOf({ subject: '' })).toEqual(['subject']);
    expect(await errorsOf({ subject: 'x'.repeat(201) })).toEqual(['subject']);
    expect(await errorsOf({ description: 'x'.repeat(20_001) })).toEqual(['description']);
    for (const page of ['https://evil.example/phish', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expect(await errorsOf({ page })).toEqual(['page']);
    expect(await errorsOf({ page: `/${'a'.repeat(500)}` })).toEqual(['page']);
    expect(await errorsOf({ settings_group_uuid: crypto.randomUUID(), user_id: 1 })).toContain('user_id');
    expect(await count()).toBe(before);
    // the longest description is kept whole
    expect((await open(anna, { description: 'y'.repeat(20_000) })).description).toHaveLength(20_000);
  });

  it('stores markup as the text it is', async () => {
    const script = '<script>alert("x")</script> & <b>bold</b>';
    const rec = await open(anna, { subject: '<img src=x onerror=alert(1)>', description: script });
    const read = json<{ data: Rec }>(await anna.client.get(`${path}/${rec.uuid}`)).data;
    expect(read.description).toBe(script);
    expect(read.subject).toBe('<img src=x onerror=alert(1)>');
  });

  it('answers 401 without a session', async () => {
    const anon = new Client(env.app);
    await anon.csrf();
    expect((await anon.get(path)).statusCode).toBe(401);
    expect((await anon.post(path, { subject: 'S', description: 'D' })).statusCode).toBe(401);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await anon.get(`${path}/${id}`)).statusCode).toBe(401);
    expect((await anon.post(`${path}/${id}/answer`, { answer: 'x' })).statusCode).toBe(401);
  });
});
