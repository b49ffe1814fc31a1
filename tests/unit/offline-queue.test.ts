// The offline write queue (src/offline/queue.ts): order, merging, bulk runs, conflicts and failures, stops, and
// what survives a reload (a new queue on the same storage).
import { describe, expect, it } from 'vitest';
import {
  BULK_MIN,
  MemoryStorage,
  WriteQueue,
  bulkRowResult,
  refusedEdits,
  type RequestOp,
  type SendResult,
  type Sender,
  type UpdateOp,
} from '../../src/offline/queue';

const edit = (uuid: string, changes: Record<string, unknown>, model = 'facility', user = 'u1') => ({
  kind: 'update' as const,
  user,
  model,
  plural: `${model}s`,
  uuid,
  version: 'v1',
  changes,
});
const post = (path: string, user = 'u1') => ({ kind: 'request' as const, user, method: 'POST' as const, path });

/** Records what was sent, answering from `answer` (ok by default). */
function recorder(answer: (what: string) => SendResult = () => ({ ok: true })) {
  const sent: string[] = [];
  const sender: Sender = {
    update: async (op: UpdateOp) => {
      const what = `PATCH ${op.uuid} ${JSON.stringify(op.changes)} @${op.version}`;
      sent.push(what);
      return answer(what);
    },
    bulk: async (plural: string, ops: readonly UpdateOp[]) => {
      sent.push(`BULK ${plural} ${ops.map((o) => o.uuid).join(',')}`);
      return ops.map((o) => answer(`ROW ${o.uuid}`));
    },
    request: async (op: RequestOp) => {
      const what = `${op.method} ${op.path}`;
      sent.push(what);
      return answer(what);
    },
  };
  return { sent, sender };
}

describe('offline write queue', () => {
  it('sends changes in the order they were made', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    await queue.add(edit('a', { name: 'A' }));
    await queue.add(post('task-events/1/done'));
    await queue.add(edit('b', { name: 'B' }));
    const { sent, sender } = recorder();
    const summary = await queue.replay('u1', sender);
    expect(sent).toEqual(['PATCH a {"name":"A"} @v1', 'POST task-events/1/done', 'PATCH b {"name":"B"} @v1']);
    expect(summary).toMatchObject({ sent: 3, conflicts: 0, failed: 0, stopped: null });
    expect(queue.list()).toEqual([]);
  });

  it('merges edits of one record into the first, keeping its place and the version first seen', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    await queue.add(edit('a', { name: 'A1', city: 'Bern' }));
    await queue.add(post('task-events/1/done'));
    await queue.add({ ...edit('a', { name: 'A2' }), version: 'v-later' });
    expect(queue.list()).toHaveLength(2);
    const { sent, sender } = recorder();
    await queue.replay('u1', sender);
    expect(sent).toEqual(['PATCH a {"name":"A2","city":"Bern"} @v1', 'POST task-events/1/done']);
  });

  it('sends a run of edits of one model as one bulk request, and small runs one by one', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    for (let i = 0; i < BULK_MIN; i++) await queue.add(edit(`f${i}`, { name: i }));
    await queue.add(edit('c1', { name: 'x' }, 'contact'));
    const { sent, sender } = recorder();
    await queue.replay('u1', sender);
    expect(sent).toEqual([`BULK facilitys f0,f1,f2,f3,f4`, 'PATCH c1 {"name":"x"} @v1']);
  });

  it('holds a conflict with the server record; later changes of that record wait, others go on', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    await queue.add(edit('a', { name: 'mine' }));
    await queue.add(post('facilities/a/comments'));
    await queue.add({ ...post('task-events/9/done'), model: 'task_event', uuid: '9' });
    const { sent, sender } = recorder((what) =>
      what.startsWith('PATCH a')
        ? { ok: false, status: 409, theirs: { uuid: 'a', name: 'theirs', updated_at: 'v2' } }
        : { ok: true },
    );
    const summary = await queue.replay('u1', sender);
    expect(summary).toMatchObject({ sent: 2, conflicts: 1 });
    expect(sent).toEqual(['PATCH a {"name":"mine"} @v1', 'POST facilities/a/comments', 'POST task-events/9/done']);
    const [held] = queue.list();
    expect(held).toMatchObject({ status: 'conflict', theirs: { name: 'theirs' } });
    // mine chosen: sent again with the server's version
    await queue.resolve(held!.id, { name: 'mine' }, 'v2');
    const again = recorder();
    await queue.replay('u1', again.sender);
    expect(again.sent).toEqual(['PATCH a {"name":"mine"} @v2']);
    expect(queue.list()).toEqual([]);
  });

  it('drops a conflict when theirs is chosen for every field', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    await queue.add(edit('a', { name: 'mine' }));
    await queue.replay('u1', recorder(() => ({ ok: false, status: 409, theirs: { name: 'theirs' } })).sender);
    await queue.resolve(queue.list()[0]!.id, { name: 'theirs' }, 'v2');
    expect(queue.list()).toEqual([]);
  });

  it('keeps a 422 and a deleted record as failed with the reason, and removes them on request', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    await queue.add(edit('a', { name: '' }));
    await queue.add(edit('gone', { name: 'x' }));
    const { sender } = recorder((what) =>
      what.includes(' a ')
        ? { ok: false, status: 422, message: 'Check', errors: { name: ['Required'] } }
        : { ok: false, status: 404, message: 'Deleted' },
    );
    const summary = await queue.replay('u1', sender);
    expect(summary).toMatchObject({ sent: 0, failed: 2 });
    expect(queue.list().map((o) => [o.status, o.message, o.errors])).toEqual([
      ['failed', 'Check', { name: ['Required'] }],
      ['failed', 'Deleted', undefined],
    ]);
    await queue.remove(queue.list()[1]!.id);
    expect(queue.list()).toHaveLength(1);
  });

  it('stops on a lost connection or an ended session and continues from there', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    await queue.add(post('one'));
    await queue.add(post('two'));
    let calls = 0;
    const summary = await queue.replay(
      'u1',
      recorder(() => (++calls === 2 ? { ok: false, status: 401 } : { ok: true })).sender,
    );
    expect(summary).toMatchObject({ sent: 1, stopped: 'session' });
    expect(queue.list().map((o) => (o as RequestOp).path)).toEqual(['two']);
    const thrown: Sender = {
      update: () => Promise.reject(new Error('offline')),
      bulk: () => Promise.reject(new Error('offline')),
      request: () => Promise.reject(new Error('offline')),
    };
    expect(await queue.replay('u1', thrown)).toMatchObject({ sent: 0, stopped: 'network' });
    const { sent, sender } = recorder();
    await queue.replay('u1', sender);
    expect(sent).toEqual(['POST two']);
  });

  it('survives a reload (a new queue on the same storage) with its order and ids', async () => {
    const storage = new MemoryStorage();
    const first = new WriteQueue(storage);
    await first.add(post('one'));
    await first.add(edit('a', { name: 'A' }));
    const reloaded = new WriteQueue(storage);
    await reloaded.load();
    await reloaded.add(post('three'));
    const { sent, sender } = recorder();
    await reloaded.replay('u1', sender);
    expect(sent).toEqual(['POST one', 'PATCH a {"name":"A"} @v1', 'POST three']);
  });

  it("never sends another user's changes", async () => {
    const queue = new WriteQueue(new MemoryStorage());
    await queue.add(post('mine'));
    await queue.add(post('theirs', 'u2'));
    const { sent, sender } = recorder();
    await queue.replay('u1', sender);
    expect(sent).toEqual(['POST mine']);
    expect(queue.list('u2')).toHaveLength(1);
  });

  it('shows a refused edit at its cells with the value typed, and editing the field again replaces it', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    await queue.add(edit('a', { construction_year: 3000, city: 'Thun' }, 'property'));
    // a bulk row refused: the same shape as a single 422
    const row = bulkRowResult({ status: 'invalid', errors: { construction_year: ['At most 2200.'] } }, 'Deleted');
    await queue.replay('u1', recorder(() => row).sender);
    expect(refusedEdits(queue.list())).toEqual([
      { model: 'property', uuid: 'a', field: 'construction_year', value: 3000, message: 'At most 2200.' },
      { model: 'property', uuid: 'a', field: 'city', value: 'Thun', message: 'At most 2200.' },
    ]);
    await queue.dropRefused('u1', 'property', 'a', ['construction_year']);
    expect(queue.list()).toMatchObject([{ status: 'failed', changes: { city: 'Thun' } }]);
    await queue.dropRefused('u1', 'property', 'a', ['city']);
    expect(queue.list()).toEqual([]);
    // a deleted record is not a refused value
    expect(bulkRowResult(undefined, 'Deleted')).toEqual({ ok: false, status: 404, message: 'Deleted' });
  });

  it('merges an edit of a record created offline into its create, and tries a refused create again with it', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    const created = await queue.add({ ...post('tickets'), body: { subject: '' }, model: 'ticket', create: true });
    expect(created.uuid).toBe(`offline-${created.id}`);
    await queue.replay('u1', recorder(() => ({ ok: false, status: 422, errors: { subject: ['Required'] } })).sender);
    await queue.add(edit(created.uuid!, { subject: 'Leak' }, 'ticket'));
    expect(queue.list()).toMatchObject([{ status: 'pending', body: { subject: 'Leak' }, errors: undefined }]);
    const { sent, sender } = recorder(() => ({ ok: true, record: { uuid: 'real-1' } }));
    await queue.replay('u1', sender);
    expect(sent).toEqual(['POST tickets']);
  });

  it("sends a new record's comment and transition after it with the server's uuid, kept across a reload", async () => {
    const storage = new MemoryStorage();
    const queue = new WriteQueue(storage);
    const created = await queue.add({ ...post('tickets'), body: { subject: 'Leak' }, model: 'ticket', create: true });
    const temp = created.uuid!;
    await queue.add({ ...post(`tickets/${temp}/comments`), model: 'ticket', uuid: temp });
    await queue.add({ ...post(`tickets/${temp}/start`), model: 'ticket', uuid: temp });
    await queue.add({ ...post('measurements'), model: 'measurement', create: true });
    // the create is saved, then the connection goes
    let calls = 0;
    const first = await queue.replay(
      'u1',
      recorder(() => (++calls === 1 ? { ok: true, record: { uuid: 'real-1' } } : { ok: false, status: 0 })).sender,
    );
    expect(first).toMatchObject({ sent: 1, stopped: 'network' });
    const reloaded = new WriteQueue(storage);
    await reloaded.load();
    expect(reloaded.list().map((o) => [(o as RequestOp).path, o.uuid])).toEqual([
      ['tickets/real-1/comments', 'real-1'],
      ['tickets/real-1/start', 'real-1'],
      ['measurements', expect.stringMatching(/^offline-\d+$/)],
    ]);
    const { sent, sender } = recorder((what) => ({ ok: true, record: { uuid: what } }));
    await reloaded.replay('u1', sender);
    expect(sent).toEqual(['POST tickets/real-1/comments', 'POST tickets/real-1/start', 'POST measurements']);
    expect(reloaded.list()).toEqual([]);
  });

  it('holds the changes of a record created offline while its create is refused', async () => {
    const queue = new WriteQueue(new MemoryStorage());
    const created = await queue.add({ ...post('tickets'), body: {}, model: 'ticket', create: true });
    await queue.add({ ...post(`tickets/${created.uuid}/comments`), model: 'ticket', uuid: created.uuid });
    await queue.add(post('task-events/1/done'));
    const { sent, sender } = recorder((what) =>
      what === 'POST tickets' ? { ok: false, status: 422, message: 'Check' } : { ok: true },
    );
    const summary = await queue.replay('u1', sender);
    expect(sent).toEqual(['POST tickets', 'POST task-events/1/done']);
    expect(summary).toMatchObject({ sent: 1, failed: 1 });
    expect(queue.list().map((o) => o.status)).toEqual(['failed', 'pending']);
  });
});
